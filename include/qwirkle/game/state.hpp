// SPDX-License-Identifier: MIT
/// @file
/// The tile game's state as a value: board, bag, hands, scores, action tiles, whose turn.
///
/// `basic_state` is the whole game without its history: copying it clones the game (a board copy
/// plus about 600 bytes, no heap allocation), `apply` and `undo` with an undo record change it in
/// place, `observe` returns a value. It models `game_state` (core/game_state.hpp), so search, learning
/// agents and bindings can work on it directly; `basic_game` (game.hpp) adds the configuration and the
/// history on top of it.
///
/// A state machine over docs/rules.md §2 and, when the rule set (or the configuration)
/// brings them in, the mini-expansions: special tiles in the bag, action tiles (draw three, take a
/// tile) used at the start of a turn. Every action is checked first; an illegal one is refused with
/// the rule it breaks and the state stays exactly as it was. The same configuration (seed included)
/// and the same actions give the same game on every platform (see rng.hpp).
#pragma once

#include <algorithm>
#include <bit>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "../board/board.hpp"
#include "../core/game_state.hpp"
#include "../core/seat_array.hpp"
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
    /// Number of seats, within the rule set's R::min_players .. R::max_players (checked by validate()).
    int players = 2;
    /// Seed of the bag shuffle and of every later draw (rng.hpp): the same seed and actions give the same game everywhere.
    std::uint64_t seed = 0;
    int hand_size = 0;      ///< 0: the rule set's size for this many players
    std::vector<int> ages;  ///< optional, one per seat: the youngest tied player opens
    /// Mini-expansions chosen at run time (masks of action_tile bits); when absent, the rule set's
    /// special_tiles / starting_actions.
    std::optional<unsigned> special_tiles;
    /// Action tiles every player holds from the start (action_tile bits); when absent, the rule set's starting_actions.
    std::optional<unsigned> starting_actions;
};

/// Why and how a game ended.
enum class game_end : std::uint8_t {
    running,    ///< the game goes on
    last_tile,  ///< a player placed their last tile with nothing left to draw (+ end bonus)
    stalemate,  ///< nobody can ever place again: a full round of passes, or (tiles still in the bag)
                ///< no tile outside the board fits anywhere and no take-a-tile action can change that
};

/// What one player may know: no other hand, no bag order. A value: it owns its board and stays
/// valid after the game is gone; two states that differ only in what this player cannot see give
/// equal observations.
template <ruleset R, int Radius>
struct basic_observation {
    /// The rule set (core/ruleset.hpp).
    using rules_type = R;
    /// The rule set's tile type.
    using tile_type = tile_t<R>;
    /// The board type (board/board.hpp).
    using board_type = basic_board<R, Radius>;
    /// A hand, the bag contents or the unseen tiles: a multiset of tiles.
    using hand_type = basic_tile_multiset<tile_type>;
    /// An action of this rule set (action.hpp).
    using action_type = basic_action<R>;
    /// Upper bound on seats: the size of the per-seat arrays.
    static constexpr int max_players = R::max_players;

    /// An empty view. (User-provided on purpose: value-initialising an observation, as
    /// `std::optional`'s in-place construction does, would otherwise zero all ~40 KB of it — the
    /// board's lists too, which are read only up to their sizes — before constructing it: that
    /// memset was 91% of observe()'s instructions and about half its time.)
    constexpr basic_observation() noexcept {}
    /// A view whose board is a copy of `b`, the rest as an empty view. (Copying the board into a
    /// view built empty would first fill the empty board's 4 KB table for nothing.)
    constexpr explicit basic_observation(const board_type& b) noexcept : board(b) {}

    int player = 0;          ///< whose view this is
    int current_player = 0;  ///< whose turn it is (no_player once terminal)
    /// Whether the game is over.
    bool terminal = false;
    board_type board;        ///< the tiles on the table (a copy: every rules function takes it)
    hand_type hand;          ///< this player's tiles
    /// Every player's score, by seat.
    seat_array<int, max_players> scores;
    seat_array<int, max_players> hand_sizes;  ///< every player's number of tiles
    /// Pieces left in the bag, special tiles included.
    int bag_size = 0;
    int hand_limit = 6;  ///< the hand size of this game (refills stop there; exchanges give back at most this)
    /// Tiles this player has not seen: in the bag or in other hands (all copies minus the board
    /// minus the own hand).
    hand_type unseen;
    int opening_size = 0;  ///< the group size the opening must place; 0 once the game has opened
    int turn = 0;          ///< actions played so far
    int passes = 0;        ///< passes in a row just before this turn (a full round of them ends the game)
    /// Mini-expansions (public): per player the action tiles held and those already used; whether
    /// the current player has used one this turn; the cell a tile was taken from this turn; the
    /// special tiles still hidden in the bag.
    seat_array<unsigned, max_players> actions_held;
    /// Per seat, the action tiles already used (action_tile bits).
    seat_array<unsigned, max_players> actions_used;
    /// Whether the current player has used an action tile this turn (docs/rules.md §3).
    bool action_this_turn = false;
    /// The cell a tile was taken from this turn (nothing may be placed there until the turn ends).
    std::optional<cell> forbidden;
    /// Special tiles still hidden in the bag (action_tile bits).
    unsigned specials_in_bag = 0;

    /// The move generator's options for this position (opening size, forbidden cell).
    movegen_options move_options() const noexcept {
        movegen_options m;
        m.opening_size = opening_size;
        m.forbidden = forbidden;
        return m;
    }
    /// May this player exchange now (it is their turn, the game has opened, the bag holds a tile)?
    bool can_exchange() const noexcept { return !terminal && player == current_player && opening_size == 0 && bag_size > 0; }
    /// Can this player still use this action tile now (their turn, its start, held and unused)?
    bool can_use(action_tile a) const noexcept {
        const bool mine = player >= 0 && player < actions_held.size();
        return !terminal && player == current_player && opening_size == 0 && !action_this_turn && board.size() > 1 && mine &&
               (actions_held[player] & ~actions_used[player] & action_bit(a));
    }
    /// The number of seats in the game.
    int players() const noexcept { return scores.size(); }
    /// Equal when every field is equal (same view of the same position).
    friend bool operator==(const basic_observation&, const basic_observation&) = default;
};

/// The hand once a move's tiles have left it (nothing is drawn yet). Tiles the hand does not hold
/// are ignored.
template <class Tile, ruleset R>
constexpr basic_tile_multiset<Tile> hand_after(basic_tile_multiset<Tile> hand, const basic_move<R>& m) noexcept {
    for (const auto& p : m) hand.remove(p.tile);
    return hand;
}

/// What an applied action did (for histories and tools).
struct action_effect {
    int score = 0;          ///< points of the placement (0 otherwise)
    int bonus = 0;          ///< end bonus earned
    unsigned revealed = 0;  ///< special tiles drawn (and shown) during the action: action_tile bits
};

namespace detail {
struct state_access;
}

/// The tile game's state without history: board, bag, hands, scores, action tiles, whose turn.
/// Models game_state; copy it to search, apply() / undo() with an undo record to change it in place.
/// `Radius` bounds the board (unlimited_radius: no bound). Rules: docs/rules.md §2 (tile game) and §3 (mini-expansions).
template <ruleset R = standard_rules, int Radius = unlimited_radius>
class basic_state {
public:
    /// The rule set (core/ruleset.hpp).
    using rules_type = R;
    /// The rule set's tile type.
    using tile_type = tile_t<R>;
    /// The board type (board/board.hpp).
    using board_type = basic_board<R, Radius>;
    /// A hand or the bag contents: a multiset of tiles.
    using hand_type = basic_tile_multiset<tile_type>;
    /// A placement: tiles and cells (board/move.hpp).
    using move_type = basic_move<R>;
    /// An action: place, exchange, pass or an action tile (action.hpp).
    using action_type = basic_action<R>;
    /// Why an action is refused (ok() when it is legal).
    using error_type = basic_action_error<R>;
    /// What one player may know (observe()).
    using observation_type = basic_observation<R, Radius>;
    /// The rule set's largest number of seats.
    static constexpr int max_players = R::max_players;
    /// Tiles in a full set (special tiles not counted), e.g. 108 for the standard game.
    static constexpr int piece_count = rules_traits<R>::piece_count;
    /// Bag entries from special_code up are the special tiles: special_code + k for action bit k.
    static constexpr int special_code = tile_type::kinds;
    template <class T>
    /// One `T` per seat.
    using per_seat = seat_array<T, max_players>;

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
        // The opening starts at the origin and runs right or down: on a board limited to |x|, |y| ≤
        // Radius it holds at most Radius + 1 tiles, and a hand may be dealt a group of up to
        // min(hand size, line length) that the first player must place whole (and may do nothing
        // else): such a game could never start.
        if (const int group = std::min(h, rules_traits<R>::max_line);
            R::opening == opening_rule::largest_group && board_type::limited && group > Radius + 1)
            return "an opening of up to " + std::to_string(group) + " tiles does not fit a board of radius " +
                   std::to_string(Radius) + " (hand size at most " + std::to_string(Radius + 1) + ")";
        if (!c.ages.empty() && static_cast<int>(c.ages.size()) != c.players) return "give one age per player, or none";
        return {};
    }

    /// A game for `players` players with the rule set's hand size, from `seed`.
    /// Throws std::invalid_argument when the player count is outside the rule set's range.
    explicit basic_state(int players = 2, std::uint64_t seed = 0) : basic_state(game_config{players, seed, 0, {}, {}, {}}) {}

    /// Shuffles the bag, deals the hands in seat order and finds the opening player.
    /// Throws std::invalid_argument when validate(c) is not empty.
    explicit basic_state(const game_config& c) {
        if (auto why = validate(c); !why.empty()) throw std::invalid_argument("qwirkle::game: " + why);
        s_.random = rng(c.seed);
        s_.players = c.players;
        s_.hand_size = c.hand_size ? c.hand_size : R::hand_size(c.players);
        s_.specials = c.special_tiles.value_or(rules_traits<R>::special_tiles);
        const unsigned starting = c.starting_actions.value_or(rules_traits<R>::starting_actions);
        for (int i = 0; i < piece_count; ++i) s_.bag[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(i % tile_type::kinds);
        s_.bag_size = piece_count;
        for (int k = 0; k < action_tile_kinds; ++k)
            if (s_.specials & (1u << k)) s_.bag[static_cast<std::size_t>(s_.bag_size++)] = static_cast<std::uint8_t>(special_code + k);
        s_.random.shuffle(s_.bag.begin(), s_.bag.begin() + s_.bag_size);
        s_.hands = per_seat<hand_type>(c.players);
        s_.scores = per_seat<int>(c.players, 0);
        s_.held = per_seat<unsigned>(c.players, starting);
        s_.used = per_seat<unsigned>(c.players, 0u);
        for (int p = 0; p < c.players; ++p) draw(s_.hands[p], s_.hand_size);
        if constexpr (R::opening == opening_rule::largest_group) {
            const auto younger = [&c](int a, int b) {
                if (c.ages.empty()) return a < b;
                const int age_a = c.ages[static_cast<std::size_t>(a)], age_b = c.ages[static_cast<std::size_t>(b)];
                return age_a != age_b ? age_a < age_b : a < b;
            };
            int best = -1;
            for (int p = 0; p < c.players; ++p) {
                const int g = largest_group(s_.hands[p]);
                if (g > best || (g == best && younger(p, s_.current))) {
                    best = g;
                    s_.current = p;
                }
            }
            s_.opening_size = best;
        }
    }

    // ---- the game_state interface ----------------------------------------------------------------
    /// The number of seats, fixed at the start.
    int players() const noexcept { return s_.players; }
    /// The seat to act, or no_player once the game is over.
    int current_player() const noexcept { return is_terminal() ? no_player : s_.current; }
    /// Whether the game is over (end_reason() says why).
    bool is_terminal() const noexcept { return s_.end != game_end::running; }
    /// Per seat, the share of the win once terminal (1/k for each of k tied winners); 0 before.
    per_seat<double> returns() const noexcept {
        per_seat<double> r(players(), 0.0);
        if (!is_terminal()) return r;
        const int top = *std::max_element(s_.scores.begin(), s_.scores.end());
        int n = 0;
        for (int p = 0; p < players(); ++p) n += s_.scores[p] == top;
        for (int p = 0; p < players(); ++p)
            if (s_.scores[p] == top) r[p] = 1.0 / n;
        return r;
    }
    /// What `player` may know; empty for a seat outside 0 .. players() − 1.
    std::optional<observation_type> observe(int player) const {
        if (!valid_seat(player)) return std::nullopt;
        return observe_seat(player);  // (built where the caller's result goes: see observe_seat)
    }

private:
    /// How many tiles of each kind lie on `b` (by tile index): what observe() takes from every
    /// copy for the unseen tiles, and determinize() checks an observation's unseen tiles against.
    static std::array<std::uint8_t, static_cast<std::size_t>(tile_type::kinds)> placed_per_kind(const board_type& b) noexcept {
        static_assert(board_type::capacity <= 255, "a kind's count fits a byte");
        std::array<std::uint8_t, static_cast<std::size_t>(tile_type::kinds)> placed{};
        b.for_each_tile([&](cell, tile_type t) { ++placed[static_cast<std::size_t>(t.index())]; });
        return placed;
    }
    /// observe() for a seat in the game. One return, of one named object, so that the compiler
    /// builds it in the caller's result: with observe()'s `return std::nullopt` beside it, GCC
    /// 12 and Clang 14 built it apart and then copied all of it there, its board too; without
    /// that copy observe() takes 0.69× the time (329 → 228 ns) and 0.65× the instructions.
    std::optional<observation_type> observe_seat(int player) const {
        std::optional<observation_type> out(std::in_place, board_);
        observation_type& o = *out;
        o.player = player;
        o.current_player = current_player();
        o.terminal = is_terminal();
        o.hand = s_.hands[player];
        o.scores = s_.scores;
        o.hand_sizes = per_seat<int>(players(), 0);
        for (int p = 0; p < players(); ++p) o.hand_sizes[p] = s_.hands[p].size();
        o.bag_size = s_.bag_size;
        o.hand_limit = s_.hand_size;
        // Every copy, less the board's tiles (counted per kind first: one removal a kind) and the hand.
        const auto placed = placed_per_kind(board_);
        o.unseen = hand_type::full(R::copies);
        for (int i = 0; i < tile_type::kinds; ++i)
            if (placed[static_cast<std::size_t>(i)]) o.unseen.remove(detail::tile_at<tile_type>(i), placed[static_cast<std::size_t>(i)]);
        o.unseen -= o.hand;
        o.opening_size = s_.opening_size;
        o.turn = s_.turn;
        o.passes = s_.passes;
        o.actions_held = s_.held;
        o.actions_used = s_.used;
        o.action_this_turn = s_.action_this_turn;
        o.forbidden = s_.forbidden;
        o.specials_in_bag = s_.specials & ~s_.revealed;
        return out;
    }

public:
    /// Calls visit(const action_type&) for every legal action of the player to act: the action
    /// tiles they may use now (draw three, then take a tile per target), every placement (in the
    /// move generator's order), every exchange (each distinct part of the hand the bag can
    /// replace, smallest first), and pass when it is legal.
    template <class Visitor>
    void for_each_legal_action(Visitor&& visit) const {
        if (is_terminal()) return;
        if (can_use(action_tile::draw_three)) visit(action_type::draw_three());
        if (can_use(action_tile::take_tile)) {
            std::array<cell, static_cast<std::size_t>(piece_count)> targets{};
            const auto end = take_targets(board_, targets.begin());
            for (auto it = targets.begin(); it != end; ++it) visit(action_type::take_tile(*it));
        }
        bool placed = false;
        for_each_legal_move([&](const move_type& m, int) {
            placed = true;
            visit(action_type::place(m));
        });
        if (can_exchange()) {
            for_each_exchange([&](const hand_type& give) { visit(action_type::exchange(give)); });
        } else if (!placed && s_.opening_size == 0) {
            visit(action_type::pass());  // the bag is empty and nothing can be placed
        }
    }
    /// Every legal action of the player to act, in for_each_legal_action() order; empty once terminal.
    std::vector<action_type> legal_actions() const {
        std::vector<action_type> v;
        for_each_legal_action([&](const action_type& a) { v.push_back(a); });
        return v;
    }

    // ---- state -----------------------------------------------------------------------------------
    /// The hand size of this game: hands are refilled up to it (docs/rules.md §2.5).
    int hand_size() const noexcept { return s_.hand_size; }
    /// Why the game ended; game_end::running while it goes on.
    game_end end_reason() const noexcept { return s_.end; }
    /// The tiles on the table.
    const board_type& board() const noexcept { return board_; }
    /// A player's tiles (an empty hand for a seat outside 0 .. players() − 1).
    const hand_type& hand(int player) const noexcept {
        static constexpr hand_type none{};
        return valid_seat(player) ? s_.hands[player] : none;
    }
    /// A player's score (0 for a seat outside 0 .. players() − 1).
    int score(int player) const noexcept { return valid_seat(player) ? s_.scores[player] : 0; }
    /// Every player's score, by seat.
    const per_seat<int>& scores() const noexcept { return s_.scores; }
    /// Pieces in the bag, special tiles included.
    int bag_size() const noexcept { return s_.bag_size; }
    /// The tiles in the bag, special tiles left out (hidden information: for tests and tools, not bots).
    hand_type bag_contents() const noexcept {
        hand_type m;
        for (int i = 0; i < s_.bag_size; ++i)
            if (s_.bag[static_cast<std::size_t>(i)] < special_code) m.add(detail::tile_at<tile_type>(s_.bag[static_cast<std::size_t>(i)]));
        return m;
    }
    /// Actions played so far (action tiles count as actions).
    int turn() const noexcept { return s_.turn; }
    /// The players with the highest score (several on a tie); empty while the game runs.
    std::vector<int> winners() const {
        std::vector<int> w;
        if (!is_terminal()) return w;
        const int top = *std::max_element(s_.scores.begin(), s_.scores.end());
        for (int p = 0; p < players(); ++p)
            if (s_.scores[p] == top) w.push_back(p);
        return w;
    }

    // ---- mini-expansions ---------------------------------------------------------------------------
    /// The special tiles in play (action_tile bits) and those already drawn, shown and boxed.
    unsigned special_tiles() const noexcept { return s_.specials; }
    /// The special tiles already drawn, shown and set aside (action_tile bits).
    unsigned specials_revealed() const noexcept { return s_.revealed; }
    /// Action tiles a player holds (won or given at the start) and those already used (0 for a
    /// seat outside the game).
    unsigned actions_held(int player) const noexcept { return valid_seat(player) ? s_.held[player] : 0u; }
    /// Action tiles a player has already used (action_tile bits; 0 for a seat outside the game).
    unsigned actions_used(int player) const noexcept { return valid_seat(player) ? s_.used[player] : 0u; }
    /// Can the current player still use this action tile now?
    bool can_use(action_tile a) const noexcept {
        const unsigned b = action_bit(a);
        return !is_terminal() && s_.opening_size == 0 && !board_.empty() && !s_.action_this_turn &&
               (s_.held[s_.current] & ~s_.used[s_.current] & b);
    }
    /// Has the current player used an action tile this turn (so the turn's main action is due)?
    bool action_this_turn() const noexcept { return s_.action_this_turn; }
    /// The cell a tile was taken from this turn (no tile may go back there before the turn ends).
    std::optional<cell> forbidden_cell() const noexcept { return s_.forbidden; }
    /// The number of tiles the opening must place; 0 once the first tiles are down.
    int opening_size() const noexcept { return s_.opening_size; }

    // ---- what the current player may do --------------------------------------------------------
    /// The move generator's options for this position: the opening size and the forbidden cell.
    movegen_options move_options() const noexcept {
        movegen_options o;
        o.opening_size = s_.opening_size;
        o.forbidden = s_.forbidden;
        return o;
    }
    /// Calls visit(const move&, int score) for every legal placement of the current player.
    template <class Visitor>
    void for_each_legal_move(Visitor&& visit) const {
        if (!is_terminal()) for_each_move(board_, s_.hands[s_.current], visit, move_options());
    }
    /// A highest-scoring legal placement of the current player (the first generated among
    /// equals), if there is one: the greedy player's move.
    std::optional<basic_scored_move<R>> best_move() const {
        if (is_terminal()) return std::nullopt;
        return qwirkle::best_move(board_, s_.hands[s_.current], move_options());
    }
    /// Every legal placement of the current player with its score, in for_each_legal_move() order.
    std::vector<basic_scored_move<R>> legal_moves() const {
        std::vector<basic_scored_move<R>> v;
        for_each_legal_move([&](const move_type& m, int s) { v.push_back({m, s}); });
        return v;
    }
    /// Whether the current player has at least one legal placement.
    bool can_place() const noexcept { return !is_terminal() && count_moves(board_, s_.hands[s_.current], move_options()).moves > 0; }
    /// Whether the current player may exchange: the game runs, has opened, and the bag holds a piece.
    bool can_exchange() const noexcept { return !is_terminal() && s_.opening_size == 0 && s_.bag_size > 0; }
    /// Calls visit(const hand_type&) for every distinct part of the current hand that may be
    /// exchanged now (1 to min(hand size limit, bag size) tiles), smallest first.
    template <class Visitor>
    void for_each_exchange(Visitor&& visit) const {
        if (!can_exchange()) return;
        const hand_type& h = s_.hands[s_.current];
        std::array<tile_type, 64> kinds{};
        std::array<int, 64> most{};
        int n = 0;
        for (const tile_type t : h.distinct()) {
            kinds[static_cast<std::size_t>(n)] = t;
            most[static_cast<std::size_t>(n++)] = h.count(t);
        }
        // rest[k]: the tiles of kinds k .. n − 1, so that no branch is entered that cannot reach
        // its size (the walk once visited every prefix of every size, most of them dead ends).
        std::array<int, 65> rest{};
        for (int k = n - 1; k >= 0; --k) rest[static_cast<std::size_t>(k)] = rest[static_cast<std::size_t>(k) + 1] + most[static_cast<std::size_t>(k)];
        const int limit = std::min({h.size(), s_.hand_size, s_.bag_size});
        hand_type give;  // built along the walk: a kind's copies added on the way down, taken off on the way back
        for (int size = 1; size <= limit; ++size) {
            // Every vector of counts (c_k ≤ most_k) with this sum, in lexicographic order.
            const auto rec = [&](auto&& self, int k, int left) -> void {
                if (left > rest[static_cast<std::size_t>(k)]) return;
                if (k == n) {
                    visit(static_cast<const hand_type&>(give));
                    return;
                }
                const tile_type t = kinds[static_cast<std::size_t>(k)];
                for (int c = std::min(left, most[static_cast<std::size_t>(k)]); c >= 0; --c) {
                    if (c > 0) give.add(t, c);
                    self(self, k + 1, left - c);
                    if (c > 0) give.remove(t, c);
                }
            };
            rec(rec, 0, size);
        }
    }

    // ---- actions -------------------------------------------------------------------------------
    /// Would this action be legal now for the player to act? (Nothing changes.)
    error_type check(const action_type& a) const { return check(a, nullptr); }
    /// The same for a caller who says whose turn they think it is: refuses `not_your_turn`
    /// (naming the seat to act) when `player` is not that seat.
    error_type check(int player, const action_type& a) const { return check(player, a, nullptr); }

    /// Plays the action for the player to act if it is legal; otherwise changes nothing.
    error_type apply(const action_type& a) { return apply(a, static_cast<action_effect*>(nullptr)); }
    /// Plays the action for `player`, refusing (and changing nothing) when it is not their turn.
    error_type apply(int player, const action_type& a) { return apply(player, a, static_cast<action_effect*>(nullptr)); }
    /// Plays the action and reports what it did (score, bonus, special tiles revealed).
    error_type apply(const action_type& a, action_effect& effect) { return apply(a, &effect); }
    /// Plays the action for `player` and reports what it did; refuses (changing nothing) when it is not their turn.
    error_type apply(int player, const action_type& a, action_effect& effect) { return apply(player, a, &effect); }
    /// Places the move's tiles for the player to act (apply() of a placement).
    error_type place(const move_type& m) { return apply(action_type::place(m)); }
    /// Swaps these tiles with the bag for the player to act (apply() of an exchange).
    error_type exchange(const hand_type& tiles) { return apply(action_type::exchange(tiles)); }
    /// Passes for the player to act; legal only when nothing can be placed or exchanged.
    error_type pass() { return apply(action_type::pass()); }

private:
    // apply = check + apply_checked, the placement's score from its check (which reads the lines
    // it makes anyway) when the board's anchor data gave it, else -1 (worked out by apply_checked).
    error_type apply(const action_type& a, action_effect* effect) {
        int score = -1;
        const error_type e = check(a, &score);  // (before score is read)
        return apply_checked(e, a, effect, score);
    }
    error_type apply(int player, const action_type& a, action_effect* effect) {
        int score = -1;
        const error_type e = check(player, a, &score);  // (before score is read)
        return apply_checked(e, a, effect, score);
    }
    error_type check(int player, const action_type& a, int* score) const {
        if (!is_terminal() && player != s_.current) {
            error_type e;
            e.rule = action_rule::not_your_turn;
            e.count = s_.current;
            return e;
        }
        return check(a, score);
    }
    error_type check(const action_type& a, int* score) const {
        error_type e;
        const auto refuse = [&](action_rule r, int count = 0) {
            e.rule = r;
            e.count = count;
            return e;
        };
        if (is_terminal()) return refuse(action_rule::game_over);
        const hand_type& h = s_.hands[s_.current];
        switch (a.kind) {
            case action_kind::draw_three:
            case action_kind::take_tile: {
                const unsigned b = action_bit(a.kind == action_kind::draw_three ? action_tile::draw_three : action_tile::take_tile);
                if (!(s_.held[s_.current] & b)) return refuse(action_rule::action_not_held);
                if (s_.used[s_.current] & b) return refuse(action_rule::action_already_used);
                if (s_.opening_size > 0 || board_.empty()) return refuse(action_rule::action_in_opening);
                if (s_.action_this_turn) return refuse(action_rule::one_action_per_turn);
                if (a.kind == action_kind::take_tile) {
                    e.take = check_take(board_, a.at);
                    if (e.take != take_rule::ok) return refuse(action_rule::take_refused);
                }
                return e;
            }
            case action_kind::place: {
                placement_context ctx;
                ctx.opening_size = s_.opening_size;
                ctx.forbidden = s_.forbidden;
                e.placement = detail::check_placement(board_, h, a.move, ctx, score);
                if (!e.placement.ok()) e.rule = action_rule::illegal_placement;
                return e;
            }
            case action_kind::exchange: {
                if (s_.opening_size > 0) return refuse(action_rule::opening_must_place);
                if (a.tiles.empty()) return refuse(action_rule::exchange_nothing);
                if (a.tiles.size() > s_.hand_size) return refuse(action_rule::exchange_too_many, s_.hand_size);
                bool missing = false;
                a.tiles.for_each([&](tile_type t) {
                    if (!missing && a.tiles.count(t) > h.count(t)) {
                        missing = true;
                        e.tile = t;
                    }
                });
                if (missing) return refuse(action_rule::exchange_not_in_hand);
                if (a.tiles.size() > s_.bag_size) return refuse(action_rule::exchange_bag_too_small, s_.bag_size);
                return e;
            }
            case action_kind::pass:
                if (s_.opening_size > 0) return refuse(action_rule::opening_must_place);
                if (s_.bag_size > 0 || can_place()) return refuse(action_rule::pass_not_allowed);
                return e;
        }
        return e;
    }

public:

    // ---- undo without history ----------------------------------------------------------------------
private:
    struct core;  // (defined below; declared here so that undo_record can name it: Clang looks it up at once)

public:
    /// What `undo` needs to take an action back: the state before it, but for the board, and the
    /// board change. Fixed size, no allocation.
    class undo_record {
        friend class basic_state;
        typename basic_state::core before_{};
        typename board_type::mark mark_{};  ///< the board before, to rewind to
        action_kind kind_ = action_kind::pass;
        move_type move_{};
        cell taken_at_{};
        tile_type taken_{};
        bool valid_ = false;
    };
    /// Plays the action like apply and, when it is legal, fills `undo` so that undo(undo) restores
    /// this state: same tiles, hands, bag order, scores and random stream, and (but after taking a
    /// tile, or when the board cannot rewind so far: see basic_board::rewind) the same board
    /// down to the order in which moves are generated. (Otherwise the moves of the restored state
    /// come in an order of their own; every query answers the same as a set.)
    error_type apply(const action_type& a, undo_record& undo) {
        int score = -1;
        const error_type e = check(a, &score);
        if (!e.ok()) return e;
        undo.before_ = s_;
        undo.mark_ = board_.current_mark();
        undo.kind_ = a.kind;
        undo.move_ = a.move;
        undo.taken_at_ = a.at;
        if (a.kind == action_kind::take_tile) undo.taken_ = *board_.at(a.at);
        undo.valid_ = true;
        return apply_checked(e, a, nullptr, score);
    }
    /// Takes back the action recorded in `u` (which must be the last one applied). False, changing
    /// nothing, for a record that holds no action.
    bool undo(undo_record& u) noexcept {
        if (!u.valid_) return false;
        if (u.kind_ == action_kind::place && !board_.rewind(u.mark_)) board_.undo(u.move_);
        if (u.kind_ == action_kind::take_tile) board_.place(u.taken_at_, u.taken_);
        s_ = u.before_;
        u.valid_ = false;
        return true;
    }

    /// A state `player` cannot tell from this one (a determinisation, for search over hidden
    /// information): the other hands and the bag dealt again at random from the tiles this player
    /// has not seen, every hand keeping its size and the special tiles still hidden staying in the
    /// bag at random places; the random stream that will shuffle the bag later is drawn anew too.
    /// observe(player) gives the same observation on both. Unchanged for a seat outside the game.
    basic_state redeal_hidden(int player, rng& random) const {
        basic_state d = *this;
        if (!valid_seat(player)) return d;
        std::array<std::uint8_t, static_cast<std::size_t>(piece_count + action_tile_kinds)> pool{};
        int n = 0;
        for (int p = 0; p < players(); ++p)
            if (p != player) s_.hands[p].for_each([&](tile_type t) { pool[static_cast<std::size_t>(n++)] = static_cast<std::uint8_t>(t.index()); });
        for (int i = 0; i < s_.bag_size; ++i) {
            const std::uint8_t x = s_.bag[static_cast<std::size_t>(i)];
            if (x < special_code) pool[static_cast<std::size_t>(n++)] = x;
        }
        random.shuffle(pool.begin(), pool.begin() + n);
        int next = 0;
        for (int p = 0; p < players(); ++p) {
            if (p == player) continue;
            hand_type h;
            for (int k = 0; k < s_.hands[p].size(); ++k) h.add(detail::tile_at<tile_type>(pool[static_cast<std::size_t>(next++)]));
            d.s_.hands[p] = h;
        }
        int b = 0;
        for (; next < n; ++next) d.s_.bag[static_cast<std::size_t>(b++)] = pool[static_cast<std::size_t>(next)];
        for (int i = 0; i < s_.bag_size; ++i)
            if (s_.bag[static_cast<std::size_t>(i)] >= special_code) d.s_.bag[static_cast<std::size_t>(b++)] = s_.bag[static_cast<std::size_t>(i)];
        random.shuffle(d.s_.bag.begin(), d.s_.bag.begin() + b);
        d.s_.random = rng(random.next());
        return d;
    }

    /// A state consistent with what an observation shows (a determinisation from the observer's
    /// side, for search over hidden information): the observer's hand, the board, scores, hand
    /// sizes, action tiles, whose turn; the tiles the observer has not seen dealt at random into the
    /// other hands and the bag, the special tiles still hidden put into the bag at random places.
    /// observe(o.player) on the result equals `o`. Empty when the observation cannot come from a
    /// game of this rule set (sizes that do not add up or below 0, a player count, a seat or a hand
    /// size it does not allow, tiles on the board, in the hand and unseen that are not every copy
    /// of every tile once).
    static std::optional<basic_state> determinize(const observation_type& o, rng& random) {
        return determinize(o, random, {});
    }
    /// The same, with the hands of some other seats known (from inference over what they played,
    /// say): `known[p]`, when `known` has an entry for seat p (not the observer's) that is not
    /// empty, is dealt to p as it is; the other unseen tiles are dealt at random to the other seats
    /// and the bag. Empty also when a known hand has not `o.hand_sizes[p]` tiles or the known hands
    /// together are not among the unseen tiles. An empty `known` gives exactly determinize(o, random).
    static std::optional<basic_state> determinize(const observation_type& o, rng& random, std::span<const hand_type> known) {
        return determinize(o, random, known, known_hands::required);
    }
    /// What determinize does with a known hand the observation rules out (not `o.hand_sizes[p]`
    /// tiles, or not among the unseen tiles with the known hands before it).
    enum class known_hands {
        required,  ///< refuse: no state
        if_possible  ///< deal that seat at random, as if its hand were not known
    };
    /// The same, choosing what a known hand the observation rules out does (`if_possible`: an
    /// inference that guessed wrong still gives a state, with that seat dealt at random; the random
    /// stream is then the same as if its hand had not been given).
    static std::optional<basic_state> determinize(const observation_type& o, rng& random, std::span<const hand_type> known,
                                                  known_hands policy) {
        const int n = o.scores.size();
        if (n < R::min_players || n > R::max_players || o.player < 0 || o.player >= n || o.hand_sizes.size() != n ||
            o.actions_held.size() != n || o.actions_used.size() != n)
            return std::nullopt;
        // (a seat to act that is no seat: the state would index its hands with it; counts below 0)
        if ((!o.terminal && (o.current_player < 0 || o.current_player >= n)) || o.turn < 0 || o.passes < 0 || o.opening_size < 0)
            return std::nullopt;
        int others = 0;
        for (int p = 0; p < n; ++p) {
            if (o.hand_sizes[p] < 0) return std::nullopt;
            if (p != o.player) others += o.hand_sizes[p];
        }
        const int specials_hidden = std::popcount(o.specials_in_bag);
        if (o.hand.size() != o.hand_sizes[o.player] || others + o.bag_size - specials_hidden != o.unseen.size() || o.bag_size < specials_hidden)
            return std::nullopt;
        // Every copy of every tile once: on the board, in the hand or unseen (as observe() counts
        // them; else the state would deal tiles the game does not have, and show another view).
        const auto placed = placed_per_kind(o.board);
        for (int i = 0; i < tile_type::kinds; ++i) {
            const tile_type t = detail::tile_at<tile_type>(i);
            if (placed[static_cast<std::size_t>(i)] + o.hand.count(t) + o.unseen.count(t) != R::copies) return std::nullopt;
        }
        // (a hand size no game of this rule set has, for these players: 0 too, which a config
        // reads as the rule set's own, and an observation never shows)
        if (o.hand_limit < 1 || !validate(game_config{n, 0, o.hand_limit, {}, 0u, 0u}).empty()) return std::nullopt;
        per_seat<bool> use_known(n);  // the seats dealt the hand given for them
        hand_type dealt = o.unseen;  // what is dealt at random
        for (int p = 0; p < n; ++p) {
            if (p == o.player || static_cast<std::size_t>(p) >= known.size() || known[static_cast<std::size_t>(p)].empty()) continue;
            const hand_type& h = known[static_cast<std::size_t>(p)];
            if (h.size() != o.hand_sizes[p] || !dealt.includes(h)) {
                if (policy == known_hands::required) return std::nullopt;
                continue;
            }
            use_known[p] = true;
            dealt -= h;
        }
        random.next();  // (the draw that once seeded a throw-away deal: kept, so that a seed gives the same states)
        return dealt_state(o, random, known, use_known, dealt);  // (built where the caller's result goes)
    }

private:
    /// determinize() once the observation has been checked and the known hands chosen: deals
    /// `dealt` at random to the seats not known, the rest into the bag. One return, of one named
    /// object, so that the compiler builds the state in the caller's result (as observe_seat():
    /// with determinize()'s `return std::nullopt` beside it, and the state returned as a
    /// `basic_state` into an optional, the state was built in a local and then copied, its board
    /// too).
    static std::optional<basic_state> dealt_state(const observation_type& o, rng& random, std::span<const hand_type> known,
                                                  const per_seat<bool>& use_known, const hand_type& dealt) {
        const int n = o.scores.size();
        const auto is_known = [&](int p) { return use_known[p]; };
        std::optional<basic_state> out(std::in_place, blank{}, o.board);
        basic_state& d = *out;
        core& c = d.s_;
        c.hands = per_seat<hand_type>(n);
        std::array<std::uint8_t, static_cast<std::size_t>(piece_count)> pool{};
        int k = 0;
        dealt.for_each([&](tile_type t) { pool[static_cast<std::size_t>(k++)] = static_cast<std::uint8_t>(t.index()); });
        random.shuffle(pool.begin(), pool.begin() + k);
        int next = 0;
        for (int p = 0; p < n; ++p) {
            hand_type h;
            if (p == o.player) h = o.hand;
            else if (is_known(p)) h = known[static_cast<std::size_t>(p)];
            else
                for (int i = 0; i < o.hand_sizes[p]; ++i) h.add(detail::tile_at<tile_type>(pool[static_cast<std::size_t>(next++)]));
            c.hands[p] = h;
        }
        c.bag_size = 0;
        for (; next < k; ++next) c.bag[static_cast<std::size_t>(c.bag_size++)] = pool[static_cast<std::size_t>(next)];
        for (int b = 0; b < action_tile_kinds; ++b)
            if (o.specials_in_bag & (1u << b)) c.bag[static_cast<std::size_t>(c.bag_size++)] = static_cast<std::uint8_t>(special_code + b);
        random.shuffle(c.bag.begin(), c.bag.begin() + c.bag_size);
        c.random = rng(random.next());
        c.specials = o.specials_in_bag;  // (special tiles already boxed are no longer in play)
        c.revealed = 0;
        c.held = o.actions_held;
        c.used = o.actions_used;
        c.scores = o.scores;
        c.forbidden = o.forbidden;
        c.action_this_turn = o.action_this_turn;
        c.players = n;
        c.hand_size = o.hand_limit;
        c.current = o.terminal ? 0 : o.current_player;
        c.opening_size = o.opening_size;
        c.passes = o.passes;
        c.turn = o.turn;
        c.end = o.terminal ? game_end::stalemate : game_end::running;
        return out;
    }

public:

    /// The same tiles on the same cells and the same hands, bag (in order), scores, random stream
    /// and turn: the two states play on identically.
    friend bool operator==(const basic_state& a, const basic_state& b) noexcept {
        return a.board_ == b.board_ && a.s_ == b.s_;
    }

private:
    friend struct detail::state_access;
    struct blank {
        explicit blank() = default;  // (so that no one outside can make one from `{}`)
    };

public:
    /// A state with this board and nothing else set yet (determinize() fills in the rest). Public
    /// so that std::optional can build one in place; its first parameter's type is private.
    basic_state(blank, const board_type& b) : board_(b) {}

private:

    /// Everything but the board: trivially copyable.
    struct core {
        rng random{};
        std::array<std::uint8_t, static_cast<std::size_t>(piece_count + action_tile_kinds)> bag{};  ///< drawn from the back
        int bag_size = 0;
        unsigned specials = 0;  ///< special tiles in play
        unsigned revealed = 0;  ///< special tiles drawn so far
        per_seat<unsigned> held;  ///< per player: action tiles held
        per_seat<unsigned> used;  ///< per player: action tiles used
        per_seat<hand_type> hands;
        per_seat<int> scores;
        std::optional<cell> forbidden;  ///< where a tile was taken this turn
        bool action_this_turn = false;  ///< the current player used an action tile this turn
        int players = 2;
        int hand_size = 6;
        int current = 0;
        int opening_size = 0;
        int passes = 0;
        int turn = 0;
        game_end end = game_end::running;
        friend bool operator==(const core& a, const core& b) noexcept {
            if (a.bag_size != b.bag_size) return false;
            for (int i = 0; i < a.bag_size; ++i)
                if (a.bag[static_cast<std::size_t>(i)] != b.bag[static_cast<std::size_t>(i)]) return false;
            return a.random == b.random && a.specials == b.specials && a.revealed == b.revealed && a.held == b.held &&
                   a.used == b.used && a.hands == b.hands && a.scores == b.scores && a.forbidden == b.forbidden &&
                   a.action_this_turn == b.action_this_turn && a.players == b.players && a.hand_size == b.hand_size &&
                   a.current == b.current && a.opening_size == b.opening_size && a.passes == b.passes && a.turn == b.turn &&
                   a.end == b.end;
        }
    };

    bool valid_seat(int p) const noexcept { return p >= 0 && p < s_.players; }

    /// Plays `a` when `e` (its check) is ok; `score`: the placement's score when the caller knows it
    /// (else it is worked out).
    error_type apply_checked(const error_type& e, const action_type& a, action_effect* effect, int score = -1) {
        if (!e.ok()) return e;
        action_effect t;
        hand_type& h = s_.hands[s_.current];
        const unsigned revealed_before = s_.revealed;
        ++s_.turn;
        switch (a.kind) {
            case action_kind::draw_three:
            case action_kind::take_tile: {
                const auto which = a.kind == action_kind::draw_three ? action_tile::draw_three : action_tile::take_tile;
                s_.used[s_.current] |= action_bit(which);
                s_.action_this_turn = true;
                if (a.kind == action_kind::draw_three) {
                    draw(h, 3);
                } else {
                    h.add(*board_.at(a.at));
                    board_.remove(a.at);
                    s_.forbidden = a.at;
                }
                t.revealed = s_.revealed & ~revealed_before;
                if (effect) *effect = t;
                return e;  // the same player now plays the turn's main action
            }
            case action_kind::place: {
                t.score = score >= 0 ? score : score_placement(board_, a.move);
                board_.place(a.move);
                for (const auto& p : a.move) h.remove(p.tile);
                s_.opening_size = 0;
                s_.passes = 0;
                draw(h, s_.hand_size - h.size());
                if (h.empty()) {  // the last tile placed, and nothing left to draw
                    t.bonus = R::end_bonus;
                    s_.end = game_end::last_tile;
                }
                break;
            }
            case action_kind::exchange: {
                h -= a.tiles;
                // The new tiles are drawn before the old ones go back. When special tiles drawn on the
                // way leave the bag without enough tiles for the rest, the old ones go in first and the
                // rest is drawn from the mixed bag (docs/rules.md, section 6): the hand keeps its size.
                const int missing = draw(h, a.tiles.size());
                a.tiles.for_each([&](tile_type x) { s_.bag[static_cast<std::size_t>(s_.bag_size++)] = static_cast<std::uint8_t>(x.index()); });
                s_.random.shuffle(s_.bag.begin(), s_.bag.begin() + s_.bag_size);
                draw(h, missing);
                s_.passes = 0;
                break;
            }
            case action_kind::pass:
                if (++s_.passes >= players()) s_.end = game_end::stalemate;
                break;
        }
        s_.scores[s_.current] += t.score + t.bonus;
        t.revealed = s_.revealed & ~revealed_before;
        s_.action_this_turn = false;
        s_.forbidden.reset();
        if (!is_terminal() && s_.bag_size > 0 && blocked()) s_.end = game_end::stalemate;
        if (!is_terminal()) s_.current = (s_.current + 1) % players();
        if (effect) *effect = t;
        return e;
    }

    /// With tiles still in the bag, can no placement ever happen again? True when no tile off the
    /// board (in a hand or in the bag) fits any cell next to the board, and no take-a-tile action
    /// can change the board: none is held unused or still to come from its special tile in the bag,
    /// or no tile on the board may be taken (every one lies in a complete line: the board cannot
    /// change, so none ever will). Placements are then impossible for good, and only exchanges would
    /// remain, forever.
    bool blocked() const noexcept {
        if (board_.empty()) return false;
        detail::mask64 held = 0;
        for (int p = 0; p < players(); ++p) held |= s_.hands[p].distinct().bits();
        detail::mask64 fits = 0;
        for (const auto f : board_.anchor_fits()) {
            if (f & held) return false;  // the usual case, at once: a hand holds a tile that fits
            fits |= f;
        }
        detail::mask64 outside = 0;  // kinds not all on the board
        std::array<std::uint8_t, static_cast<std::size_t>(tile_type::kinds)> on_board{};
        board_.for_each_tile([&](cell, tile_type t) { ++on_board[static_cast<std::size_t>(t.index())]; });
        for (int k = 0; k < tile_type::kinds; ++k)
            if (on_board[static_cast<std::size_t>(k)] < R::copies) outside |= detail::bit(k);
        if ((fits & outside) != 0) return false;
        const unsigned take = action_bit(action_tile::take_tile);
        bool take_ahead = ((s_.specials & ~s_.revealed) & take) != 0;
        for (int p = 0; p < players(); ++p) take_ahead = take_ahead || (s_.held[p] & ~s_.used[p] & take) != 0;
        if (!take_ahead) return true;
        std::array<cell, static_cast<std::size_t>(piece_count)> targets{};
        return take_targets(board_, targets.begin()) == targets.begin();
    }

    /// Draws n tiles from the bag (fewer if it runs out). A special tile drawn is shown, goes back
    /// to the box, every player receives its action tile, and a replacement is drawn. Returns how
    /// many tiles the bag could not supply.
    int draw(hand_type& h, int n) noexcept {
        while (n > 0 && s_.bag_size > 0) {
            const std::uint8_t x = s_.bag[static_cast<std::size_t>(--s_.bag_size)];
            if (x >= special_code) {
                const unsigned b = 1u << (x - special_code);
                s_.revealed |= b;
                for (auto& held : s_.held) held |= b;
                continue;
            }
            h.add(detail::tile_at<tile_type>(x));
            --n;
        }
        return n;
    }

    board_type board_;
    core s_;
};

/// The standard game's state (standard_rules, unbounded board).
using state = basic_state<>;

namespace detail {
/// For the library's own search only: plays an action that the state's move generation produced
/// for the player to act in this very state (a placement from for_each_legal_move, with the score
/// it reported; -1 for the other actions, known to be legal there), without checking it again. apply() is what
/// everything else uses. With QWIRKLE_CHECK_GENERATED defined (the search tests) the check runs
/// anyway and a refused action throws std::logic_error.
struct state_access {
    template <ruleset R, int Radius>
    static void apply_generated(basic_state<R, Radius>& s, const basic_action<R>& a, int score) {
#ifdef QWIRKLE_CHECK_GENERATED
        const auto e = s.check(a);
        if (!e.ok()) throw std::logic_error("qwirkle: a generated action was illegal: " + e.describe());
        if (score >= 0 && a.kind == action_kind::place && score != score_placement(s.board(), a.move))
            throw std::logic_error("qwirkle: a generated placement came with the wrong score");
#endif
        s.apply_checked(typename basic_state<R, Radius>::error_type{}, a, nullptr, score);
    }
};
}  // namespace detail

}  // namespace qwirkle
