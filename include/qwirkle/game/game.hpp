// qwirkle — the tile game's flow: seeded bag, dealing, opening, turns, refill, end, winners, history.
//
// A state machine over RULES.md §2 and, when the rule set (or the configuration) brings them in, the
// mini-expansions of §3: special tiles in the bag, action tiles (draw three, take a tile) used at
// the start of a turn. Every action is checked first; an illegal one is refused with the rule it
// breaks and the state stays exactly as it was. The same configuration (seed included) and the same
// actions give the same game on every platform (see rng.hpp).
#pragma once

#include <algorithm>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "../board/board.hpp"
#include "../rules/legality.hpp"
#include "../rules/movegen.hpp"
#include "../rules/opening.hpp"
#include "../rules/scoring.hpp"
#include "../rules/take.hpp"
#include "action.hpp"
#include "rng.hpp"

namespace qwirkle {

/// How a game is set up.
struct game_config {
    int players = 2;
    std::uint64_t seed = 0;
    int hand_size = 0;      ///< 0: the rule set's size for this many players
    std::vector<int> ages;  ///< optional, one per seat: the youngest tied player opens
    /// Mini-expansions chosen at run time (masks of action_tile bits); when absent, the rule set's
    /// special_tiles / starting_actions.
    std::optional<unsigned> special_tiles;
    std::optional<unsigned> starting_actions;
};

/// Why and how a game ended.
enum class game_end : std::uint8_t {
    running,
    last_tile,  ///< a player placed their last tile with nothing left to draw (+ end bonus)
    stalemate,  ///< a full round of passes: nobody could place or exchange
};

/// One turn as it happened.
template <ruleset R = standard_rules>
struct basic_turn {
    int player = 0;
    basic_action<R> action;
    int score = 0;  ///< points of the placement (0 otherwise)
    int bonus = 0;  ///< end bonus earned by this turn
    unsigned revealed = 0;  ///< special tiles drawn (and shown) during this action: action_tile bits
};

/// What one player may know: no other hand, no bag order.
template <ruleset R, int Radius>
struct basic_observation {
    using tile_type = tile_t<R>;
    int player = 0;          ///< whose view this is
    int current_player = 0;  ///< whose turn it is
    bool over = false;
    const basic_board<R, Radius>* board = nullptr;  ///< the shared board (valid while the game lives)
    basic_tile_multiset<tile_type> hand;            ///< this player's tiles
    std::vector<int> scores;
    std::vector<int> hand_sizes;  ///< every player's number of tiles
    int bag_size = 0;
    int hand_limit = 6;  ///< the hand size of this game (refills stop there; exchanges give back at most this)
    /// Tiles this player has not seen: in the bag or in other hands (all copies minus the board
    /// minus the own hand).
    basic_tile_multiset<tile_type> unseen;
    int opening_size = 0;  ///< the group size the opening must place; 0 once the game has opened
    int turn = 0;          ///< actions played so far
    /// Mini-expansions (public): per player the action tiles held and those already used; whether
    /// the current player has used one this turn; the cell a tile was taken from this turn; the
    /// special tiles still hidden in the bag.
    std::vector<unsigned> actions_held;
    std::vector<unsigned> actions_used;
    bool action_this_turn = false;
    std::optional<cell> forbidden;
    unsigned specials_in_bag = 0;

    /// The move generator's options for this position (opening size, forbidden cell).
    movegen_options move_options() const noexcept {
        movegen_options m;
        m.opening_size = opening_size;
        m.forbidden = forbidden;
        return m;
    }
    /// May this player exchange now (it is their turn, the game has opened, the bag holds a tile)?
    bool can_exchange() const noexcept { return !over && player == current_player && opening_size == 0 && bag_size > 0; }
    int players() const noexcept { return static_cast<int>(scores.size()); }
};

template <ruleset R = standard_rules, int Radius = rules_traits<R>::reach>
class basic_game {
public:
    using rules_type = R;
    using tile_type = tile_t<R>;
    using board_type = basic_board<R, Radius>;
    using hand_type = basic_tile_multiset<tile_type>;
    using move_type = basic_move<R>;
    using action_type = basic_action<R>;
    using error_type = basic_action_error<R>;
    using turn_type = basic_turn<R>;
    using observation_type = basic_observation<R, Radius>;
    static constexpr int piece_count = rules_traits<R>::piece_count;
    /// Bag entries from special_code up are the special tiles: special_code + k for action bit k.
    static constexpr int special_code = tile_type::kinds;

    /// Why a configuration cannot start a game (empty string: it can).
    static std::string validate(const game_config& c) {
        if (const char* why = check_expansions(c.special_tiles.value_or(rules_traits<R>::special_tiles),
                                               c.starting_actions.value_or(rules_traits<R>::starting_actions));
            why[0])
            return why;
        if (c.players < R::min_players || c.players > R::max_players)
            return "players must be " + std::to_string(R::min_players) + " to " + std::to_string(R::max_players);
        const int h = c.hand_size ? c.hand_size : R::hand_size(c.players);
        if (h < 1 || h > 64) return "hand size must be 1 to 64";
        if (h * c.players > piece_count) return "not enough tiles to deal the hands";
        if (!c.ages.empty() && static_cast<int>(c.ages.size()) != c.players) return "give one age per player, or none";
        return {};
    }

    /// A game for `players` players with the rule set's hand size, from `seed`.
    explicit basic_game(int players = 2, std::uint64_t seed = 0) : basic_game(game_config{players, seed, 0, {}, {}, {}}) {}

    /// Shuffles the bag, deals the hands in seat order and finds the opening player.
    /// Throws std::invalid_argument when validate(c) is not empty.
    explicit basic_game(game_config c) : config_(std::move(c)), rng_(config_.seed) {
        if (auto why = validate(config_); !why.empty()) throw std::invalid_argument("qwirkle::game: " + why);
        hand_size_ = config_.hand_size ? config_.hand_size : R::hand_size(config_.players);
        specials_ = config_.special_tiles.value_or(rules_traits<R>::special_tiles);
        const unsigned starting = config_.starting_actions.value_or(rules_traits<R>::starting_actions);
        for (int i = 0; i < piece_count; ++i) bag_[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(i % tile_type::kinds);
        bag_size_ = piece_count;
        for (int k = 0; k < action_tile_kinds; ++k)
            if (specials_ & (1u << k)) bag_[static_cast<std::size_t>(bag_size_++)] = static_cast<std::uint8_t>(special_code + k);
        rng_.shuffle(bag_.begin(), bag_.begin() + bag_size_);
        hands_.resize(static_cast<std::size_t>(config_.players));
        scores_.assign(static_cast<std::size_t>(config_.players), 0);
        held_.assign(static_cast<std::size_t>(config_.players), starting);
        used_.assign(static_cast<std::size_t>(config_.players), 0u);
        for (auto& h : hands_) draw(h, hand_size_);
        if constexpr (R::opening == opening_rule::largest_group) {
            int best = -1;
            for (int p = 0; p < config_.players; ++p) {
                const int g = largest_group(hands_[static_cast<std::size_t>(p)]);
                if (g > best || (g == best && younger(p, current_))) {
                    best = g;
                    current_ = p;
                }
            }
            opening_size_ = best;
        }
    }

    // ---- state ---------------------------------------------------------------------------------
    const game_config& config() const noexcept { return config_; }
    int players() const noexcept { return config_.players; }
    int hand_size() const noexcept { return hand_size_; }
    int current_player() const noexcept { return current_; }
    bool is_over() const noexcept { return end_ != game_end::running; }
    game_end end_reason() const noexcept { return end_; }
    const board_type& board() const noexcept { return board_; }
    const hand_type& hand(int player) const { return hands_.at(static_cast<std::size_t>(player)); }
    int score(int player) const { return scores_.at(static_cast<std::size_t>(player)); }
    std::span<const int> scores() const noexcept { return scores_; }
    /// Pieces in the bag, special tiles included.
    int bag_size() const noexcept { return bag_size_; }
    /// The tiles in the bag, special tiles left out (hidden information: for tests and tools, not bots).
    hand_type bag_contents() const {
        hand_type m;
        for (int i = 0; i < bag_size_; ++i)
            if (bag_[static_cast<std::size_t>(i)] < special_code) m.add(tile_type::from_index(bag_[static_cast<std::size_t>(i)]));
        return m;
    }
    // ---- mini-expansions -------------------------------------------------------------------------
    /// The special tiles in play (action_tile bits) and those already drawn, shown and boxed.
    unsigned special_tiles() const noexcept { return specials_; }
    unsigned specials_revealed() const noexcept { return revealed_; }
    /// Action tiles a player holds (won or given at the start) and those already used.
    unsigned actions_held(int player) const { return held_.at(static_cast<std::size_t>(player)); }
    unsigned actions_used(int player) const { return used_.at(static_cast<std::size_t>(player)); }
    /// Can the current player still use this action tile now?
    bool can_use(action_tile a) const noexcept {
        const unsigned b = action_bit(a);
        return !is_over() && opening_size_ == 0 && !board_.empty() && !action_this_turn_ &&
               (held_[static_cast<std::size_t>(current_)] & ~used_[static_cast<std::size_t>(current_)] & b);
    }
    /// Has the current player used an action tile this turn (so the turn's main action is due)?
    bool action_this_turn() const noexcept { return action_this_turn_; }
    /// The cell a tile was taken from this turn (no tile may go back there before the turn ends).
    std::optional<cell> forbidden_cell() const noexcept { return forbidden_; }
    /// The number of tiles the opening must place; 0 once the first tiles are down.
    int opening_size() const noexcept { return opening_size_; }
    const std::vector<turn_type>& history() const noexcept { return history_; }

    /// The players with the highest score (several on a tie); empty while the game runs.
    std::vector<int> winners() const {
        std::vector<int> w;
        if (!is_over()) return w;
        const int top = *std::max_element(scores_.begin(), scores_.end());
        for (int p = 0; p < players(); ++p)
            if (scores_[static_cast<std::size_t>(p)] == top) w.push_back(p);
        return w;
    }

    // ---- what the current player may do --------------------------------------------------------
    movegen_options move_options() const noexcept {
        movegen_options o;
        o.opening_size = opening_size_;
        o.forbidden = forbidden_;
        return o;
    }
    /// Calls visit(const move&, int score) for every legal placement of the current player.
    template <class Visitor>
    void for_each_legal_move(Visitor&& visit) const {
        if (!is_over()) for_each_move(board_, hand(current_), visit, move_options());
    }
    std::vector<basic_scored_move<R>> legal_moves() const {
        std::vector<basic_scored_move<R>> v;
        for_each_legal_move([&](const move_type& m, int s) { v.push_back({m, s}); });
        return v;
    }
    bool can_place() const { return !is_over() && count_moves(board_, hand(current_), move_options()).moves > 0; }
    bool can_exchange() const noexcept { return !is_over() && opening_size_ == 0 && bag_size_ > 0; }

    // ---- actions -------------------------------------------------------------------------------
    /// Would this action be legal now? (Nothing changes.)
    error_type check(const action_type& a) const {
        error_type e;
        const auto refuse = [&](action_rule r, int count = 0) {
            e.rule = r;
            e.count = count;
            return e;
        };
        if (is_over()) return refuse(action_rule::game_over);
        const hand_type& h = hand(current_);
        switch (a.kind) {
            case action_kind::draw_three:
            case action_kind::take_tile: {
                const unsigned b = action_bit(a.kind == action_kind::draw_three ? action_tile::draw_three : action_tile::take_tile);
                if (!(held_[static_cast<std::size_t>(current_)] & b)) return refuse(action_rule::action_not_held);
                if (used_[static_cast<std::size_t>(current_)] & b) return refuse(action_rule::action_already_used);
                if (opening_size_ > 0 || board_.empty()) return refuse(action_rule::action_in_opening);
                if (action_this_turn_) return refuse(action_rule::one_action_per_turn);
                if (a.kind == action_kind::take_tile) {
                    e.take = check_take(board_, a.at);
                    if (e.take != take_rule::ok) return refuse(action_rule::take_refused);
                }
                return e;
            }
            case action_kind::place: {
                placement_context ctx;
                ctx.opening_size = opening_size_;
                ctx.forbidden = forbidden_;
                e.placement = check_placement(board_, h, a.move, ctx);
                if (!e.placement.ok()) e.rule = action_rule::illegal_placement;
                return e;
            }
            case action_kind::exchange: {
                if (opening_size_ > 0) return refuse(action_rule::opening_must_place);
                if (a.tiles.empty()) return refuse(action_rule::exchange_nothing);
                if (a.tiles.size() > hand_size_) return refuse(action_rule::exchange_too_many, hand_size_);
                bool missing = false;
                a.tiles.for_each([&](tile_type t) {
                    if (!missing && a.tiles.count(t) > h.count(t)) {
                        missing = true;
                        e.tile = t;
                    }
                });
                if (missing) return refuse(action_rule::exchange_not_in_hand);
                if (a.tiles.size() > bag_size_) return refuse(action_rule::exchange_bag_too_small, bag_size_);
                return e;
            }
            case action_kind::pass:
                if (opening_size_ > 0) return refuse(action_rule::opening_must_place);
                if (bag_size_ > 0 || can_place()) return refuse(action_rule::pass_not_allowed);
                return e;
        }
        return e;
    }

    /// Plays the action for the current player if it is legal; otherwise changes nothing.
    error_type apply(const action_type& a) {
        const error_type e = check(a);
        if (!e.ok()) return e;
        turn_type t{current_, a, 0, 0, 0};
        hand_type& h = hands_[static_cast<std::size_t>(current_)];
        const unsigned revealed_before = revealed_;
        switch (a.kind) {
            case action_kind::draw_three:
            case action_kind::take_tile: {
                const auto which = a.kind == action_kind::draw_three ? action_tile::draw_three : action_tile::take_tile;
                used_[static_cast<std::size_t>(current_)] |= action_bit(which);
                action_this_turn_ = true;
                if (a.kind == action_kind::draw_three) {
                    draw(h, 3);
                } else {
                    h.add(*board_.at(a.at));
                    board_.remove(a.at);
                    forbidden_ = a.at;
                }
                t.revealed = revealed_ & ~revealed_before;
                history_.push_back(t);
                return e;  // the same player now plays the turn's main action
            }
            case action_kind::place: {
                t.score = score_placement(board_, a.move);
                board_.place(a.move);
                for (const auto& p : a.move) h.remove(p.tile);
                opening_size_ = 0;
                passes_ = 0;
                draw(h, hand_size_ - h.size());
                if (h.empty()) {  // the last tile placed, and nothing left to draw
                    t.bonus = R::end_bonus;
                    end_ = game_end::last_tile;
                }
                break;
            }
            case action_kind::exchange: {
                h -= a.tiles;
                draw(h, a.tiles.size());
                a.tiles.for_each([&](tile_type x) { bag_[static_cast<std::size_t>(bag_size_++)] = x.index; });
                rng_.shuffle(bag_.begin(), bag_.begin() + bag_size_);
                passes_ = 0;
                break;
            }
            case action_kind::pass:
                if (++passes_ >= players()) end_ = game_end::stalemate;
                break;
        }
        scores_[static_cast<std::size_t>(current_)] += t.score + t.bonus;
        t.revealed = revealed_ & ~revealed_before;
        history_.push_back(t);
        action_this_turn_ = false;
        forbidden_.reset();
        if (!is_over()) current_ = (current_ + 1) % players();
        return e;
    }
    error_type place(const move_type& m) { return apply(action_type::place(m)); }
    error_type exchange(const hand_type& tiles) { return apply(action_type::exchange(tiles)); }
    error_type pass() { return apply(action_type::pass()); }

    // ---- views, replay -------------------------------------------------------------------------
    /// What `player` may know (see basic_observation).
    observation_type observe(int player) const {
        observation_type o;
        o.player = player;
        o.current_player = current_;
        o.over = is_over();
        o.board = &board_;
        o.hand = hand(player);
        o.scores = scores_;
        for (const auto& h : hands_) o.hand_sizes.push_back(h.size());
        o.bag_size = bag_size_;
        o.hand_limit = hand_size_;
        o.unseen = hand_type::full(R::copies);
        board_.for_each_tile([&](cell, tile_type t) { o.unseen.remove(t); });
        o.unseen -= o.hand;
        o.opening_size = opening_size_;
        o.turn = static_cast<int>(history_.size());
        o.actions_held = held_;
        o.actions_used = used_;
        o.action_this_turn = action_this_turn_;
        o.forbidden = forbidden_;
        o.specials_in_bag = specials_ & ~revealed_;
        return o;
    }

    /// The game obtained by playing `actions` from the start of a game set up by `c`. On the first
    /// illegal action, returns nothing and reports which one and why.
    struct replay_result {
        std::optional<basic_game> game;
        std::size_t failed_at = 0;  ///< index of the refused action
        error_type error;
        std::string config_error;   ///< why the configuration cannot start a game (then no action ran)
    };
    static replay_result replay(const game_config& c, std::span<const action_type> actions) {
        replay_result r;
        r.config_error = validate(c);
        if (!r.config_error.empty()) return r;
        r.game.emplace(c);
        for (std::size_t i = 0; i < actions.size(); ++i) {
            r.error = r.game->apply(actions[i]);
            if (!r.error.ok()) {
                r.game.reset();
                r.failed_at = i;
                return r;
            }
        }
        return r;
    }
    /// The actions played so far, for replay.
    std::vector<action_type> actions() const {
        std::vector<action_type> v;
        for (const auto& t : history_) v.push_back(t.action);
        return v;
    }
    /// Takes back the last turn (by replaying the others). False when no turn was played.
    bool undo() {
        if (history_.empty()) return false;
        auto acts = actions();
        acts.pop_back();
        *this = std::move(*replay(config_, acts).game);
        return true;
    }

private:
    bool younger(int a, int b) const {
        if (config_.ages.empty()) return a < b;
        const int age_a = config_.ages[static_cast<std::size_t>(a)], age_b = config_.ages[static_cast<std::size_t>(b)];
        return age_a != age_b ? age_a < age_b : a < b;
    }
    /// Draws n tiles from the bag (fewer if it runs out). A special tile drawn is shown, goes back
    /// to the box, every player receives its action tile, and a replacement is drawn.
    void draw(hand_type& h, int n) {
        while (n > 0 && bag_size_ > 0) {
            const std::uint8_t x = bag_[static_cast<std::size_t>(--bag_size_)];
            if (x >= special_code) {
                const unsigned b = 1u << (x - special_code);
                revealed_ |= b;
                for (auto& held : held_) held |= b;
                continue;
            }
            h.add(tile_type::from_index(x));
            --n;
        }
    }

    game_config config_;
    rng rng_;
    board_type board_;
    /// Bag: tile indices, and special tiles as special_code + action bit; drawn from the back.
    std::array<std::uint8_t, static_cast<std::size_t>(piece_count + action_tile_kinds)> bag_{};
    int bag_size_ = 0;
    unsigned specials_ = 0;          ///< special tiles in play
    unsigned revealed_ = 0;          ///< special tiles drawn so far
    std::vector<unsigned> held_;     ///< per player: action tiles held
    std::vector<unsigned> used_;     ///< per player: action tiles used
    bool action_this_turn_ = false;  ///< the current player used an action tile this turn
    std::optional<cell> forbidden_;  ///< where a tile was taken this turn
    std::vector<hand_type> hands_;
    std::vector<int> scores_;
    std::vector<turn_type> history_;
    int hand_size_ = 6;
    int current_ = 0;
    int opening_size_ = 0;
    int passes_ = 0;
    game_end end_ = game_end::running;
};

using game = basic_game<>;
using action = basic_action<>;
using observation = basic_observation<standard_rules, rules_traits<standard_rules>::reach>;

}  // namespace qwirkle
