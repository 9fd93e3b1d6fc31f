// SPDX-License-Identifier: MIT
/// @file
/// The card game's flow (docs/rules.md §4) for 2–4 players, the edition as the rule set:
/// deal 9 each (redeal while nobody holds a group of 3), the start player and first turn per edition,
/// turns with Qwirkle collection and refill to 9, the "cannot play" rule per edition, the final round
/// after the last card is drawn, winners with ties. Seeded and deterministic; per-player observations;
/// an illegal action is rejected with the reason and leaves the state unchanged.
///
/// Decisions where the rulebooks are silent (documented in the README):
/// - without ages, seat order is age order, seat 0 the youngest (as in the tile game): the youngest tied
///   player is the earliest tied seat, the oldest the latest;
/// - 999 Games: the first turn is any legal turn (it may lay more than one row);
/// - a player may declare "cannot play" only when no legal play exists (the solver decides exactly);
/// - Schmidt redraw with a short pile: the pile is empty only for a moment (the old hand is shuffled back
///   in), so it does not start the final round;
/// - a full round in which nobody plays a card (everyone stuck) ends the game.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "../core/game_state.hpp"
#include "../core/seat_array.hpp"
#include "../game/rng.hpp"
#include "solver.hpp"

namespace qwirkle::cards {

/// The largest group of different cards sharing the colour or the shape in a hand (identical cards count
/// once): its size.
template <card_ruleset R>
constexpr int largest_group_size(const cards_t<R>& hand) {
    using set_type = basic_tile_set<card_t<R>>;
    const set_type d = hand.distinct();
    int best = 0;
    for (int c = 0; c < R::colours; ++c) best = std::max(best, (d & set_type::of_colour(c)).size());
    for (int s = 0; s < R::shapes; ++s) best = std::max(best, (d & set_type::of_shape(s)).size());
    return best;
}

/// Every group of the largest size in a hand (colour groups first), as sets of cards.
template <card_ruleset R>
std::vector<basic_tile_set<card_t<R>>> largest_groups(const cards_t<R>& hand) {
    using set_type = basic_tile_set<card_t<R>>;
    const set_type d = hand.distinct();
    const int n = largest_group_size<R>(hand);
    std::vector<set_type> out;
    for (int c = 0; c < R::colours; ++c)
        if ((d & set_type::of_colour(c)).size() == n) out.push_back(d & set_type::of_colour(c));
    for (int s = 0; s < R::shapes; ++s)
        if ((d & set_type::of_shape(s)).size() == n) out.push_back(d & set_type::of_shape(s));
    return out;
}

/// Calls visit(const basic_turn<R>&) once per distinct outcome of a turn: per playable part of the
/// hand, one turn for every distinct set of Qwirkles the resulting table can hold.
///
/// Two turns have the same outcome when they play the same cards and leave the same rows of 6 on the
/// table (which the player then takes): the rest of the arrangement does not matter to the rules,
/// since any later turn may rearrange the table freely. So the outcomes of a part are the Qwirkle
/// counts per group (a colour Qwirkle is the one row of all cards of its colour, likewise a shape
/// Qwirkle) that some arrangement holds exactly, every other row keeping 3 to 5 cards; the Qwirkles
/// need not be the most possible (a player may prefer to leave the cards on the table). Each turn's
/// table lists the rows colour group by colour group, then shape by shape.
template <card_ruleset R, class Visitor>
void for_each_outcome(const basic_tableau<R>& table, const cards_t<R>& hand, Visitor&& visit) {
    using card_type = card_t<R>;
    constexpr int C = R::colours, S = R::shapes;
    std::vector<cards_t<R>> parts;
    playable_subsets(table, hand, std::back_inserter(parts));
    if (parts.empty()) return;
    const cards_t<R> on_table = table.contents();
    detail::outcome_search<R> search;
    auto& solver = detail::solver_instance<R>();
    for (const auto& part : parts) {
        typename detail::outcome_search<R>::counts all{};
        for (int i = 0; i < C * S; ++i) {
            const auto c = qwirkle::detail::tile_at<card_type>(i);
            all[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(on_table.count(c) + part.count(c));
        }
        // The first arrangement of the search that tries the most Qwirkles first: when it holds
        // none, no arrangement holds one, and the one outcome is any arrangement — this one,
        // the one arrange(table, part) gives.
        const int qwirkles = solver.first_arrangement(all, 0);
        if (qwirkles < 0) continue;  // (not arrangeable: no part playable_subsets lists)
        if (qwirkles == 0) {
            visit(static_cast<const basic_turn<R>&>(basic_turn<R>{part, solver.found_rows(all)}));
            continue;
        }
        search.run(all, [&](const auto& x, const auto& q, const auto& r) {
            basic_turn<R> t{part, {}};
            std::array<card_type, (C > S ? C : S)> kinds{};
            std::array<std::uint8_t, (C > S ? C : S)> n{};
            for (int c = 0; c < C; ++c) {
                for (int s = 0; s < S; ++s)
                    kinds[static_cast<std::size_t>(s)] = qwirkle::detail::tile_at<card_type>(c * S + s), n[static_cast<std::size_t>(s)] = x[static_cast<std::size_t>(c * S + s)];
                detail::deal_group_exact<R>(kinds.data(), n.data(), S, q[static_cast<std::size_t>(c)], r[static_cast<std::size_t>(c)], t.result.rows);
            }
            for (int s = 0; s < S; ++s) {
                for (int c = 0; c < C; ++c)
                    kinds[static_cast<std::size_t>(c)] = qwirkle::detail::tile_at<card_type>(c * S + s),
                    n[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(all[static_cast<std::size_t>(c * S + s)] - x[static_cast<std::size_t>(c * S + s)]);
                detail::deal_group_exact<R>(kinds.data(), n.data(), C, q[static_cast<std::size_t>(C + s)], r[static_cast<std::size_t>(C + s)], t.result.rows);
            }
            visit(static_cast<const basic_turn<R>&>(t));
        });
    }
}

/// A card-game action: a turn (the cards played and the whole resulting table), or the
/// declaration that no legal play exists.
template <card_ruleset R = standard_rules>
struct basic_action {
    /// The two kinds of action.
    enum class kind_type : std::uint8_t { play /**< a turn (docs/rules.md §4.5), held in `turn` */, cannot_play /**< the declaration that no legal play exists (§4.8) */ };
    kind_type kind = kind_type::play;  ///< which kind of action this is
    basic_turn<R> turn;  ///< for play

    /// The action that plays turn `t` (its legality is checked when it is applied, not here).
    static basic_action play(basic_turn<R> t) { return {kind_type::play, std::move(t)}; }
    /// The declaration that the player to act cannot play (docs/rules.md §4.8).
    static basic_action cannot_play() { return {kind_type::cannot_play, {}}; }
    /// Is this the cannot-play declaration?
    bool is_cannot_play() const noexcept { return kind == kind_type::cannot_play; }
    /// The same kind; for plays also the same cards played and the same resulting table, its rows
    /// compared as sets of cards in any order (`same_layout`): turns with the same outcome are equal.
    friend bool operator==(const basic_action& a, const basic_action& b) {
        return a.kind == b.kind && (a.kind == kind_type::cannot_play || (a.turn.played == b.turn.played && same_layout(a.turn.result, b.turn.result)));
    }
};

/// Why an action was rejected (or `ok`).
enum class action_error : std::uint8_t {
    ok,                ///< the action is legal
    game_over,         ///< the game has ended
    illegal_turn,      ///< the turn breaks a rule of `check_turn` (see `turn`)
    opening_group,     ///< Schmidt: the first turn lays exactly one largest group as one row
    play_exists,       ///< "cannot play" declared while a legal play exists (it must be made)
    not_your_turn,     ///< apply(player, action) for a player who is not the one to act
};

/// The answer of `basic_game::check` and `basic_game::apply`: whether the action is legal and, if
/// not, why (with the turn's own verdict, or the seat to act, where that says more).
template <card_ruleset R = standard_rules>
struct basic_action_verdict {
    action_error error = action_error::ok;  ///< why the action was rejected, or `ok`
    basic_turn_verdict<R> turn;  ///< for illegal_turn
    int seat = 0;                ///< for not_your_turn: the seat to act
    /// True when the action is legal (`error` is `ok`).
    explicit operator bool() const noexcept { return error == action_error::ok; }
    /// True when the action is legal (`error` is `ok`).
    bool ok() const noexcept { return error == action_error::ok; }
    /// The verdict in words: "ok", or the rule broken (for an illegal turn, with the turn
    /// verdict's own description; for not_your_turn, with the seat to act).
    std::string describe() const {
        switch (error) {
            case action_error::ok: return "ok";
            case action_error::game_over: return "the game is over";
            case action_error::illegal_turn: return "illegal turn: " + turn.describe();
            case action_error::opening_group:
                return "the first turn lays exactly one largest group of the hand as a single row";
            case action_error::play_exists: return "a legal play exists, so it must be made";
            case action_error::not_your_turn: return "not your turn (seat " + std::to_string(seat) + " is to play)";
        }
        return "?";
    }
};

/// One entry of the public history.
template <card_ruleset R = standard_rules>
struct basic_history_entry {
    /// What happened.
    enum class kind : std::uint8_t { play /**< a turn was played */, redraw /**< Schmidt: cannot play; a new hand of 9 was drawn (docs/rules.md §4.8) */, pass /**< cannot play, and the turn ended without a card played */ };
    kind what = kind::play;  ///< what the player did
    int player = 0;          ///< the seat that acted
    basic_turn<R> turn;  ///< for play: cards played and the resulting table (before Qwirkles were taken)
    int qwirkles = 0;    ///< Qwirkles taken
    int drawn = 0;       ///< cards drawn afterwards (refill), or the new hand's size (redraw)
};

/// What one player may know: their own hand, everything on the table, sizes of the other hands and of
/// the pile, everyone's collected Qwirkles (open to all), whose turn it is.
template <card_ruleset R = standard_rules>
struct basic_observation {
    using rules_type = R;                ///< the edition (the card rule set)
    using action_type = basic_action<R>; ///< the actions of the game observed
    int player = 0;                      ///< the seat observing
    int current_player = no_player;      ///< the seat to act; `no_player` once the game is over
    bool terminal = false;               ///< the game is over (`basic_game::is_terminal`)
    bool opening = false;                ///< the start player's first turn is still to come
    bool final_round = false;            ///< the pile is out: the final round is on (or was played)
    int final_turns_left = 0;            ///< turns left in the final round (`basic_game::final_turns_left`)
    cards_t<R> hand;                     ///< the observer's own cards (0 to `hand_size`)
    basic_tableau<R> table;              ///< every row on the table
    int pile_size = 0;                   ///< the cards left in the pile (their order is hidden)
    std::vector<int> hand_sizes;         ///< per seat, how many cards the hand holds
    std::vector<std::vector<basic_row<R>>> collected;  ///< per seat, the Qwirkles collected (open to all, §4.6)
    int idle_turns = 0;  ///< turns in a row that ended without a card played (everyone saw them; a full round ends the game)
    /// The number of players (one hand size per seat).
    int players() const noexcept { return static_cast<int>(hand_sizes.size()); }
    /// Every field equal: the same player sees the same thing.
    friend bool operator==(const basic_observation&, const basic_observation&) = default;
};

/// A game of Qwirkle Cards (docs/rules.md §4) for `R::min_players` to `R::max_players` (2–4)
/// players, the edition being the rule set R (`schmidt_rules`, the default, or `games999_rules`):
/// the deal and start (§4.2, §4.4), turns with Qwirkles taken and the hand refilled (§4.5–4.7),
/// cannot-play per edition (§4.8), the final round and the winners (§4.9), with the library's
/// decisions listed in the file description. Seeded and deterministic; an illegal action is
/// rejected with its reason and changes nothing. It models the `game_state` concept.
template <card_ruleset R = standard_rules>
class basic_game {
public:
    using card_type = card_t<R>;                    ///< a card of the edition
    using turn_type = basic_turn<R>;                ///< a turn: the cards played and the resulting table
    using verdict = basic_action_verdict<R>;        ///< what check and apply return
    using history_entry = basic_history_entry<R>;   ///< one entry of `history()`
    using observation = basic_observation<R>;       ///< what one player may know
    using observation_type = basic_observation<R>;  ///< the same (the name the `game_state` concept uses)
    using action_type = basic_action<R>;            ///< a turn or the cannot-play declaration
    using error_type = basic_action_verdict<R>;     ///< the verdict (the name the `game_state` concept uses)
    static constexpr int max_players = R::max_players;  ///< the most players the edition allows (4)

    /// Why these settings cannot start a game (empty: they can).
    static std::string validate(int players, const std::vector<int>& ages = {}) {
        if (players < R::min_players || players > R::max_players)
            return "players must be " + std::to_string(R::min_players) + " to " + std::to_string(R::max_players);
        if (!ages.empty() && ages.size() != static_cast<std::size_t>(players)) return "give one age per player, or none";
        return {};
    }

    /// `ages` (optional, one per seat) decide ties for the start; without them seat 0 is the youngest.
    /// Throws std::invalid_argument when validate(players, ages) is not empty.
    explicit basic_game(int players, std::uint64_t seed, std::vector<int> ages = {})
        : players_(players), rng_(seed), ages_(std::move(ages)) {
        if (const auto why = validate(players_, ages_); !why.empty())
            throw std::invalid_argument("qwirkle::cards::game: " + why);
        if (ages_.size() != static_cast<std::size_t>(players_)) {
            ages_.resize(static_cast<std::size_t>(players_));
            for (int p = 0; p < players_; ++p) ages_[static_cast<std::size_t>(p)] = p;
        }
        hands_.resize(static_cast<std::size_t>(players_));
        collected_.resize(static_cast<std::size_t>(players_));
        deal();
    }

    // ---- queries ---------------------------------------------------------------------------
    /// The number of players, as given to the constructor.
    int players() const noexcept { return players_; }
    /// The player to act, or no_player once the game is over.
    int current_player() const noexcept { return terminal_ ? no_player : current_; }
    /// Is the game over? It ends when the final round has been played (docs/rules.md §4.9), or
    /// after a full round of turns in which nobody played a card (everyone stuck).
    bool is_terminal() const noexcept { return terminal_; }
    /// The start player's first turn is still to come (Schmidt: it must be a largest group).
    bool opening() const noexcept { return opening_; }
    /// The pile is empty and every player has one turn left (counted in `final_turns_left`).
    bool final_round() const noexcept { return final_turns_left_ > 0 || (terminal_ && pile_.empty()); }
    /// Turns still to be played in the final round: once the turn that draws the last card ends,
    /// one per player (docs/rules.md §4.9), counting down; 0 before the pile runs out and after
    /// the final round. (A game ended early by a round without a card played keeps its count.)
    int final_turns_left() const noexcept { return final_turns_left_; }
    /// The rows on the table (Qwirkles already taken off).
    const basic_tableau<R>& table() const noexcept { return table_; }
    /// A player's cards (an empty hand for a seat outside 0 .. players() − 1).
    const cards_t<R>& hand(int p) const noexcept {
        static const cards_t<R> none{};
        return valid_seat(p) ? hands_[static_cast<std::size_t>(p)] : none;
    }
    /// The number of cards left in the pile.
    int pile_size() const noexcept { return static_cast<int>(pile_.size()); }
    /// Pile contents (for invariant checks; not part of any observation).
    cards_t<R> pile_contents() const {
        cards_t<R> m;
        for (card_type c : pile_) m.add(c);
        return m;
    }
    /// A player's Qwirkles (none for a seat outside the game).
    const std::vector<basic_row<R>>& collected(int p) const noexcept {
        static const std::vector<basic_row<R>> none{};
        return valid_seat(p) ? collected_[static_cast<std::size_t>(p)] : none;
    }
    /// How many Qwirkles a player has collected (0 for a seat outside the game): what decides the winner.
    int qwirkles(int p) const { return static_cast<int>(collected(p).size()); }
    /// How many times the cards were reshuffled and dealt again because nobody held a group of 3.
    int redeals() const noexcept { return redeals_; }
    /// The seat that started: the largest group, ties per edition (docs/rules.md §4.4).
    int start_player() const noexcept { return start_; }
    /// The public history: every play, redraw and pass, in order.
    const std::vector<history_entry>& history() const noexcept { return history_; }
    /// Players with the most Qwirkles (several on a tie); empty while the game runs.
    std::vector<int> winners() const {
        std::vector<int> w;
        if (!terminal_) return w;
        int best = -1;
        for (int p = 0; p < players_; ++p) best = std::max(best, qwirkles(p));
        for (int p = 0; p < players_; ++p)
            if (qwirkles(p) == best) w.push_back(p);
        return w;
    }
    /// Per seat, the share of the win once terminal (1/k for each of k tied winners); 0 before
    /// (OpenSpiel's `returns`).
    seat_array<double, max_players> returns() const {
        seat_array<double, max_players> r(players_, 0.0);
        const auto w = winners();
        for (int p : w) r[p] = 1.0 / static_cast<double>(w.size());
        return r;
    }
    /// Can the player to act play any card? (exact)
    bool can_play() const { return !terminal_ && cards::can_play(table_, hands_[static_cast<std::size_t>(current_)]); }

    /// What `player` may know; empty for a seat outside 0 .. players() − 1.
    std::optional<observation> observe(int player) const {
        if (!valid_seat(player)) return std::nullopt;
        observation o;
        o.player = player;
        o.current_player = current_player();
        o.terminal = terminal_;
        o.opening = opening_;
        o.final_round = final_round();
        o.final_turns_left = final_turns_left_;
        o.hand = hand(player);
        o.table = table_;
        o.pile_size = pile_size();
        for (int p = 0; p < players_; ++p) o.hand_sizes.push_back(hand(p).size());
        o.collected = collected_;
        o.idle_turns = idle_turns_;
        return o;
    }

    /// Calls visit(const action_type&) for every legal action of the player to act: one turn per
    /// distinct resulting table — the cards played and the Qwirkles the turn forms (the
    /// arrangement of the rest does not matter to the rules: any later turn may rearrange the
    /// table) — or, when no play exists, cannot-play. Schmidt's opening: each largest group as
    /// the first row.
    template <class Visitor>
    void for_each_legal_action(Visitor&& visit) const {
        if (terminal_) return;
        const auto& h = hands_[static_cast<std::size_t>(current_)];
        if (opening_ && R::first_turn == first_turn_rule::largest_group) {
            for (const auto& group : largest_groups<R>(h)) {
                basic_turn<R> t;
                for (const auto c : group) t.played.add(c);
                t.result = table_;
                t.result.rows.push_back(basic_row<R>(group));
                visit(action_type::play(std::move(t)));
            }
            return;
        }
        bool any = false;
        for_each_outcome(table_, h, [&](const basic_turn<R>& t) {
            any = true;
            visit(action_type::play(t));
        });
        if (!any) visit(action_type::cannot_play());
    }
    /// The actions `for_each_legal_action` visits, in the same order (empty once the game is over).
    std::vector<action_type> legal_actions() const {
        std::vector<action_type> v;
        for_each_legal_action([&](const action_type& a) { v.push_back(a); });
        return v;
    }

    // ---- rules ---------------------------------------------------------------------------------
    /// Would this turn be accepted now? (no state change)
    verdict check(const turn_type& t) const {
        verdict v;
        if (terminal_) {
            v.error = action_error::game_over;
            return v;
        }
        v.turn = check_turn(table_, hands_[static_cast<std::size_t>(current_)], t);
        if (!v.turn) {
            v.error = action_error::illegal_turn;
            return v;
        }
        if (opening_ && R::first_turn == first_turn_rule::largest_group) {
            const auto& h = hands_[static_cast<std::size_t>(current_)];
            const bool one_row = t.result.rows.size() == 1;
            const bool largest = t.played.size() == largest_group_size<R>(h) && t.played.distinct().size() == t.played.size();
            if (!one_row || !largest) v.error = action_error::opening_group;
        }
        return v;
    }

    /// A game `player` cannot tell from this one (a determinisation, for search over hidden
    /// information): the other hands and the pile dealt again at random from the cards this player
    /// has not seen, every hand keeping its size; the random stream of later redraws is drawn anew.
    /// observe(player) gives the same observation on both. Unchanged for a seat outside the game.
    basic_game redeal_hidden(int player, rng& random) const {
        basic_game d = *this;
        if (!valid_seat(player)) return d;
        std::vector<card_type> pool(pile_);
        for (int p = 0; p < players_; ++p)
            if (p != player) hands_[static_cast<std::size_t>(p)].for_each([&](card_type c) { pool.push_back(c); });
        random.shuffle(pool.begin(), pool.end());
        std::size_t next = 0;
        for (int p = 0; p < players_; ++p) {
            if (p == player) continue;
            cards_t<R> h;
            for (int k = 0; k < hands_[static_cast<std::size_t>(p)].size(); ++k) h.add(pool[next++]);
            d.hands_[static_cast<std::size_t>(p)] = h;
        }
        d.pile_.assign(pool.begin() + static_cast<std::ptrdiff_t>(next), pool.end());
        d.rng_ = rng(random.next());
        return d;
    }

    /// A game consistent with what an observation shows (a determinisation from the observer's
    /// side, for search over hidden information): the observer's hand, the table, everyone's
    /// Qwirkles, the hand sizes, whose turn, the opening, the final round and the turns without a
    /// card; the cards the observer has not seen dealt at random into the other hands and the pile,
    /// and a new random stream for later redraws. observe(o.player) on the result equals `o`.
    /// Before the opening turn of another player, the deal is made again (up to 1,000 times) until
    /// that player holds a largest group of at least 3 cards, as the real deal guarantees.
    /// Empty when the observation cannot come from a game of this edition (an invalid table, more
    /// copies of a card than the game has, sizes that do not add up).
    static std::optional<basic_game> determinize(const observation& o, rng& random) {
        const int n = o.players();
        if (!validate(n).empty() || o.player < 0 || o.player >= n || o.collected.size() != static_cast<std::size_t>(n) ||
            !o.table.valid() || o.hand.size() != o.hand_sizes[static_cast<std::size_t>(o.player)] || o.pile_size < 0 ||
            (!o.terminal && (o.current_player < 0 || o.current_player >= n)) || o.idle_turns < 0 || o.final_turns_left < 0)
            return std::nullopt;
        std::array<int, card_traits<R>::kinds> seen{};
        const auto see = [&](card_type c) { ++seen[static_cast<std::size_t>(c.index())]; };
        o.table.contents().for_each(see);
        o.hand.for_each(see);
        for (const auto& rows : o.collected)
            for (const auto& r : rows)
                for (const card_type c : r) see(c);
        std::vector<card_type> pool;
        for (int i = 0; i < card_traits<R>::kinds; ++i) {
            if (seen[static_cast<std::size_t>(i)] > R::copies) return std::nullopt;
            for (int k = seen[static_cast<std::size_t>(i)]; k < R::copies; ++k) pool.push_back(qwirkle::detail::tile_at<card_type>(i));
        }
        std::size_t others = 0;
        for (int p = 0; p < n; ++p) {
            const int h = o.hand_sizes[static_cast<std::size_t>(p)];
            if (h < 0 || h > R::hand_size) return std::nullopt;
            if (p != o.player) others += static_cast<std::size_t>(h);
        }
        if (others + static_cast<std::size_t>(o.pile_size) != pool.size()) return std::nullopt;
        basic_game d(n, random.next());
        std::size_t next = 0;
        // Before the opening turn everyone knows that the start player holds a largest group of at
        // least 3 (the deal makes sure of it): deal again until the start player's hand does.
        const bool start_hidden = o.opening && !o.terminal && o.current_player != o.player;
        for (int attempt = 0; attempt < 1000; ++attempt) {
            random.shuffle(pool.begin(), pool.end());
            next = 0;
            for (int p = 0; p < n; ++p) {
                cards_t<R> h;
                if (p == o.player) h = o.hand;
                else
                    for (int k = 0; k < o.hand_sizes[static_cast<std::size_t>(p)]; ++k) h.add(pool[next++]);
                d.hands_[static_cast<std::size_t>(p)] = h;
            }
            if (!start_hidden) break;
            const int start = largest_group_size<R>(d.hands_[static_cast<std::size_t>(o.current_player)]);
            bool largest = start >= R::min_row;
            for (int p = 0; p < n && largest; ++p) largest = largest_group_size<R>(d.hands_[static_cast<std::size_t>(p)]) <= start;
            if (largest) break;
        }
        d.pile_.assign(pool.begin() + static_cast<std::ptrdiff_t>(next), pool.end());
        d.table_ = o.table;
        d.collected_ = o.collected;
        d.history_.clear();
        d.current_ = o.terminal ? 0 : o.current_player;
        d.redeals_ = 0;
        d.final_turns_left_ = o.final_turns_left;
        d.idle_turns_ = o.idle_turns;
        d.opening_ = o.opening;
        d.terminal_ = o.terminal;
        d.rng_ = rng(random.next());
        return d;
    }

    /// Would this action be accepted now, for the player to act? (no state change)
    verdict check(const action_type& a) const {
        if (!a.is_cannot_play()) return check(a.turn);
        verdict v;
        if (terminal_) v.error = action_error::game_over;
        else if (can_play()) v.error = action_error::play_exists;
        return v;
    }
    /// The same for a caller who says whose turn they think it is.
    verdict check(int player, const action_type& a) const {
        if (!terminal_ && player != current_) {
            verdict v;
            v.error = action_error::not_your_turn;
            v.seat = current_;
            return v;
        }
        return check(a);
    }

    /// Plays the action for the player to act if it is legal; otherwise changes nothing.
    ///
    /// A turn: the table becomes the result, its Qwirkles go to the player, the hand is refilled
    /// to 9 and the next player is up. Cannot-play (allowed only when no legal play exists):
    /// Schmidt, with cards in the pile, the hand is replaced (9 new cards, the old ones shuffled
    /// into the pile) and, if a play now exists, the same player goes on; otherwise, and in the
    /// 999 edition or with an empty pile, the turn ends without a card played.
    verdict apply(const action_type& a) {
        verdict v = check(a);
        if (!v) return v;
        if (a.is_cannot_play()) declare_cannot_play();
        else play_turn(a.turn);
        return v;
    }
    /// Plays the action for `player`, refusing (and changing nothing) when it is not their turn.
    verdict apply(int player, const action_type& a) {
        verdict v = check(player, a);
        if (!v) return v;
        return apply(a);
    }
    /// apply(action::play(t)): plays a turn for the player to act.
    verdict play(const turn_type& t) { return apply(action_type::play(t)); }
    /// apply(action::cannot_play()): declares that the player to act cannot play.
    verdict cannot_play() { return apply(action_type::cannot_play()); }

    /// The same cards in the same places (hands, pile in order, table as rows in any order,
    /// collected Qwirkles), the same random stream and turn: the two games play on identically.
    /// The history is not compared.
    friend bool operator==(const basic_game& a, const basic_game& b) {
        return a.players_ == b.players_ && a.rng_ == b.rng_ && a.ages_ == b.ages_ && a.pile_ == b.pile_ && a.hands_ == b.hands_ &&
               same_layout(a.table_, b.table_) && a.collected_ == b.collected_ && a.current_ == b.current_ &&
               a.start_ == b.start_ && a.redeals_ == b.redeals_ && a.final_turns_left_ == b.final_turns_left_ &&
               a.idle_turns_ == b.idle_turns_ && a.opening_ == b.opening_ && a.terminal_ == b.terminal_;
    }

private:
    bool valid_seat(int p) const noexcept { return p >= 0 && p < players_; }

    void play_turn(const turn_type& t) {
        const int p = current_;
        auto& h = hands_[static_cast<std::size_t>(p)];
        h -= t.played;
        table_ = t.result;
        auto taken = table_.take_qwirkles();
        history_entry e{history_entry::kind::play, p, t, static_cast<int>(taken.size()), 0};
        for (auto& r : taken) collected_[static_cast<std::size_t>(p)].push_back(r);
        e.drawn = refill(p);
        history_.push_back(std::move(e));
        opening_ = false;
        idle_turns_ = 0;
        end_turn();
    }

    void declare_cannot_play() {
        const int p = current_;
        if (R::cannot_play == cannot_play_rule::redraw && !pile_.empty()) {
            redraw(p);
            history_.push_back(history_entry{history_entry::kind::redraw, p, {}, 0, hand(p).size()});
            if (can_play()) return;  // the turn goes on
        } else {
            history_.push_back(history_entry{history_entry::kind::pass, p, {}, 0, 0});
        }
        ++idle_turns_;
        end_turn();
    }

    int players_;
    rng rng_;
    std::vector<int> ages_;
    std::vector<card_type> pile_;  // drawn from the back
    std::vector<cards_t<R>> hands_;
    basic_tableau<R> table_;
    std::vector<std::vector<basic_row<R>>> collected_;
    std::vector<history_entry> history_;
    int current_ = 0, start_ = 0, redeals_ = 0;
    int final_turns_left_ = 0;
    int idle_turns_ = 0;  // consecutive turns without a card played
    bool opening_ = true;
    bool terminal_ = false;

    void deal() {
        for (;;) {
            pile_.clear();
            for (int i = 0; i < card_traits<R>::kinds; ++i)
                for (int k = 0; k < R::copies; ++k) pile_.push_back(qwirkle::detail::tile_at<card_type>(i));
            rng_.shuffle(pile_.begin(), pile_.end());
            for (auto& h : hands_) h = cards_t<R>{};
            for (int p = 0; p < players_; ++p) refill(p);
            int best = 0;
            for (int p = 0; p < players_; ++p) best = std::max(best, largest_group_size<R>(hand(p)));
            if (best >= R::min_row) break;
            ++redeals_;
        }
        final_turns_left_ = 0;
        int best = -1;
        for (int p = 0; p < players_; ++p) {
            const int g = largest_group_size<R>(hand(p));
            const int a = ages_[static_cast<std::size_t>(p)], ab = best < 0 ? 0 : ages_[static_cast<std::size_t>(start_)];
            const bool wins_tie = R::start_tie == start_tie_rule::youngest ? a < ab : a > ab;
            if (g > best || (g == best && wins_tie)) best = g, start_ = p;
        }
        current_ = start_;
    }

    /// Draws up to the hand size while the pile has cards; the draw that empties the pile starts the
    /// final round. Returns the number of cards drawn.
    int refill(int p) {
        auto& h = hands_[static_cast<std::size_t>(p)];
        int n = 0;
        const bool had_cards = !pile_.empty();
        while (h.size() < R::hand_size && !pile_.empty()) {
            h.add(pile_.back());
            pile_.pop_back();
            ++n;
        }
        if (had_cards && pile_.empty()) final_turns_left_ = players_ + 1;  // +1: the turn now ending
        return n;
    }

    void redraw(int p) {
        auto& h = hands_[static_cast<std::size_t>(p)];
        const cards_t<R> old = h;
        h = cards_t<R>{};
        while (h.size() < R::hand_size && !pile_.empty()) {
            h.add(pile_.back());
            pile_.pop_back();
        }
        old.for_each([&](card_type c) { pile_.push_back(c); });
        rng_.shuffle(pile_.begin(), pile_.end());
        while (h.size() < R::hand_size && !pile_.empty()) {
            h.add(pile_.back());
            pile_.pop_back();
        }
    }

    void end_turn() {
        if (final_turns_left_ > 0 && --final_turns_left_ == 0) {
            terminal_ = true;
            return;
        }
        if (idle_turns_ >= players_) {
            terminal_ = true;
            return;
        }
        current_ = (current_ + 1) % players_;
    }
};

using game = basic_game<>;               ///< a game of the standard (Schmidt) edition
using observation = basic_observation<>; ///< an observation of the standard edition
using action = basic_action<>;           ///< an action of the standard edition

}  // namespace qwirkle::cards
