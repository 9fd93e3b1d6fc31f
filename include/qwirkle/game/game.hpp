// SPDX-License-Identifier: MIT
/// @file
/// The tile game with its history: a `basic_state` (state.hpp) plus the configuration it
/// started from and every turn played, for records, replay and undo.
///
/// Both `basic_game` and `basic_state` model `game_state`: a game for people and tools (records,
/// undo by replay, so that every query after an undo answers exactly as on a game replayed from
/// scratch), a state for search (cheap copies, undo records).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "state.hpp"

namespace qwirkle {

/// One turn as it happened.
template <ruleset R = standard_rules>
struct basic_turn {
    /// The seat that played the turn (0 .. players − 1).
    int player = 0;
    /// The action played.
    basic_action<R> action;
    int score = 0;  ///< points of the placement (0 otherwise)
    int bonus = 0;  ///< end bonus earned by this turn
    unsigned revealed = 0;  ///< special tiles drawn (and shown) during this action: action_tile bits
};

/// The tile game with its history: a basic_state plus the configuration it started from and every turn played.
/// For people and tools: records (actions()), replay(), undo(); every query answers exactly as on the game replayed from scratch.
/// Copy state() to search. `Radius` bounds the board (unlimited_radius: no bound).
template <ruleset R = standard_rules, int Radius = unlimited_radius>
class basic_game {
public:
    /// The rule set (core/ruleset.hpp).
    using rules_type = R;
    /// The state without history (state.hpp).
    using state_type = basic_state<R, Radius>;
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
    /// One entry of history().
    using turn_type = basic_turn<R>;
    /// What one player may know (observe()).
    using observation_type = basic_observation<R, Radius>;
    /// The rule set's largest number of seats.
    static constexpr int max_players = R::max_players;
    /// Tiles in a full set (special tiles not counted), e.g. 108 for the standard game.
    static constexpr int piece_count = rules_traits<R>::piece_count;
    template <class T>
    /// One `T` per seat.
    using per_seat = seat_array<T, max_players>;

    /// Why a configuration cannot start a game (empty string: it can).
    static std::string validate(const game_config& c) { return state_type::validate(c); }

    /// A game for `players` players with the rule set's hand size, from `seed`.
    explicit basic_game(int players = 2, std::uint64_t seed = 0) : basic_game(game_config{players, seed, 0, {}, {}, {}}) {}
    /// Shuffles the bag, deals the hands in seat order and finds the opening player.
    /// Throws std::invalid_argument when validate(c) is not empty.
    explicit basic_game(game_config c) : config_(std::move(c)), state_(config_) {}

    // ---- the game_state interface ----------------------------------------------------------------
    /// The number of seats, fixed at the start.
    int players() const noexcept { return state_.players(); }
    /// The seat to act, or no_player once the game is over.
    int current_player() const noexcept { return state_.current_player(); }
    /// Whether the game is over (end_reason() says why).
    bool is_terminal() const noexcept { return state_.is_terminal(); }
    /// Every legal action of the player to act, in for_each_legal_action() order; empty once terminal.
    std::vector<action_type> legal_actions() const { return state_.legal_actions(); }
    /// Calls visit(const action_type&) for every legal action of the player to act (see basic_state::for_each_legal_action()).
    template <class Visitor>
    void for_each_legal_action(Visitor&& visit) const { state_.for_each_legal_action(visit); }
    /// Per seat, the share of the win once terminal (1/k for each of k tied winners); 0 before.
    per_seat<double> returns() const noexcept { return state_.returns(); }
    /// What `player` may know; empty for a seat outside 0 .. players() − 1.
    std::optional<observation_type> observe(int player) const { return state_.observe(player); }
    /// Would this action be legal now for the player to act? Nothing changes; the error names the rule broken.
    error_type check(const action_type& a) const { return state_.check(a); }
    /// As check(a) for `player`, refused with action_rule::not_your_turn when it is not their turn.
    error_type check(int player, const action_type& a) const { return state_.check(player, a); }
    /// Plays the action for the player to act if it is legal; otherwise changes nothing.
    error_type apply(const action_type& a) {
        action_effect effect;
        const int player = state_.current_player();
        return record(player, a, state_.apply(a, effect), effect);
    }
    /// Plays the action for `player`, refusing (and changing nothing) when it is not their turn.
    error_type apply(int player, const action_type& a) {
        action_effect effect;
        return record(player, a, state_.apply(player, a, effect), effect);
    }
    /// Places the move's tiles for the player to act (apply() of a placement).
    error_type place(const move_type& m) { return apply(action_type::place(m)); }
    /// Swaps these tiles with the bag for the player to act (apply() of an exchange).
    error_type exchange(const hand_type& tiles) { return apply(action_type::exchange(tiles)); }
    /// Passes for the player to act; legal only when they can neither place nor exchange (docs/rules.md §2.5).
    error_type pass() { return apply(action_type::pass()); }

    // ---- state -----------------------------------------------------------------------------------
    /// The game without its history: copy it to search from here.
    const state_type& state() const noexcept { return state_; }
    /// The configuration the game started from.
    const game_config& config() const noexcept { return config_; }
    /// The hand size of this game: hands are refilled up to it.
    int hand_size() const noexcept { return state_.hand_size(); }
    /// Why the game ended; game_end::running while it goes on.
    game_end end_reason() const noexcept { return state_.end_reason(); }
    /// The tiles on the table.
    const board_type& board() const noexcept { return state_.board(); }
    /// A player's tiles (an empty hand for a seat outside 0 .. players() − 1).
    const hand_type& hand(int player) const noexcept { return state_.hand(player); }
    /// A player's score (0 for a seat outside 0 .. players() − 1).
    int score(int player) const noexcept { return state_.score(player); }
    /// Every player's score, by seat.
    const per_seat<int>& scores() const noexcept { return state_.scores(); }
    /// Pieces in the bag, special tiles included.
    int bag_size() const noexcept { return state_.bag_size(); }
    /// The tiles in the bag, special tiles left out (hidden information: for tests and tools, not bots).
    hand_type bag_contents() const noexcept { return state_.bag_contents(); }
    /// The players with the highest score (several on a tie); empty while the game runs.
    std::vector<int> winners() const { return state_.winners(); }
    /// The special tiles in play (action_tile bits).
    unsigned special_tiles() const noexcept { return state_.special_tiles(); }
    /// The special tiles already drawn, shown and set aside (action_tile bits).
    unsigned specials_revealed() const noexcept { return state_.specials_revealed(); }
    /// Action tiles a player holds, won or given at the start (action_tile bits; 0 for a seat outside the game).
    unsigned actions_held(int player) const noexcept { return state_.actions_held(player); }
    /// Action tiles a player has already used (action_tile bits; 0 for a seat outside the game).
    unsigned actions_used(int player) const noexcept { return state_.actions_used(player); }
    /// Can the current player use this action tile now (held, unused, at the start of the turn, after the opening)?
    bool can_use(action_tile a) const noexcept { return state_.can_use(a); }
    /// Has the current player used an action tile this turn (so the turn's main action is due)?
    bool action_this_turn() const noexcept { return state_.action_this_turn(); }
    /// The cell a tile was taken from this turn (no tile may go back there before the turn ends).
    std::optional<cell> forbidden_cell() const noexcept { return state_.forbidden_cell(); }
    /// The number of tiles the opening must place; 0 once the first tiles are down.
    int opening_size() const noexcept { return state_.opening_size(); }
    /// The move generator's options for this position: the opening size and the forbidden cell.
    movegen_options move_options() const noexcept { return state_.move_options(); }
    /// Calls visit(const move&, int score) for every legal placement of the current player.
    template <class Visitor>
    void for_each_legal_move(Visitor&& visit) const { state_.for_each_legal_move(visit); }
    /// A highest-scoring legal placement of the current player (the first generated among
    /// equals), if there is one: the greedy player's move.
    std::optional<basic_scored_move<R>> best_move() const { return state_.best_move(); }
    /// Every legal placement of the current player with its score, in for_each_legal_move() order.
    std::vector<basic_scored_move<R>> legal_moves() const { return state_.legal_moves(); }
    /// Whether the current player has at least one legal placement.
    bool can_place() const noexcept { return state_.can_place(); }
    /// Whether the current player may exchange: the game runs, has opened, and the bag holds a piece.
    bool can_exchange() const noexcept { return state_.can_exchange(); }
    /// Calls visit(const hand_type&) for every distinct part of the current hand that may be exchanged now, smallest first.
    template <class Visitor>
    void for_each_exchange(Visitor&& visit) const { state_.for_each_exchange(visit); }
    /// Every turn played so far, in order.
    const std::vector<turn_type>& history() const noexcept { return history_; }

    // ---- replay, undo --------------------------------------------------------------------------
    /// The game obtained by playing `actions` from the start of a game set up by `c`. On the first
    /// illegal action, returns nothing and reports which one and why.
    struct replay_result {
        /// The replayed game; empty when the configuration or an action was refused.
        std::optional<basic_game> game;
        std::size_t failed_at = 0;  ///< index of the refused action
        /// Why the action at failed_at was refused (ok() when every action was legal).
        error_type error;
        std::string config_error;   ///< why the configuration cannot start a game (then no action ran)
    };
    /// Plays `actions` from the start of a game set up by `c`; see replay_result for the outcome.
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
    /// Takes back the last action (by replaying the others from the start, so that the game is
    /// exactly the one the remaining record gives). False when no action was played.
    bool undo() {
        if (history_.empty()) return false;
        auto acts = actions();
        acts.pop_back();
        *this = std::move(*replay(config_, acts).game);
        return true;
    }

    /// Equal when the states are equal (configuration and history are not compared).
    friend bool operator==(const basic_game& a, const basic_game& b) noexcept { return a.state_ == b.state_; }

private:
    error_type record(int player, const action_type& a, const error_type& e, const action_effect& effect) {
        if (e.ok()) history_.push_back(turn_type{player, a, effect.score, effect.bonus, effect.revealed});
        return e;
    }

    game_config config_;
    state_type state_;
    std::vector<turn_type> history_;
};

/// The standard game with its history (standard_rules, unbounded board).
using game = basic_game<>;
/// An action of the standard game.
using action = basic_action<>;
/// A player's view of the standard game.
using observation = basic_observation<standard_rules, unlimited_radius>;

}  // namespace qwirkle
