// SPDX-License-Identifier: MIT
// qwirkle — the tile game with its history: a `basic_state` (state.hpp) plus the configuration it
// started from and every turn played, for records, replay and undo.
//
// Both `basic_game` and `basic_state` model `game_state`: a game for people and tools (records,
// undo by replay, so that every query after an undo answers exactly as on a game replayed from
// scratch), a state for search (cheap copies, undo records).
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
    int player = 0;
    basic_action<R> action;
    int score = 0;  ///< points of the placement (0 otherwise)
    int bonus = 0;  ///< end bonus earned by this turn
    unsigned revealed = 0;  ///< special tiles drawn (and shown) during this action: action_tile bits
};

template <ruleset R = standard_rules, int Radius = unlimited_radius>
class basic_game {
public:
    using rules_type = R;
    using state_type = basic_state<R, Radius>;
    using tile_type = tile_t<R>;
    using board_type = basic_board<R, Radius>;
    using hand_type = basic_tile_multiset<tile_type>;
    using move_type = basic_move<R>;
    using action_type = basic_action<R>;
    using error_type = basic_action_error<R>;
    using turn_type = basic_turn<R>;
    using observation_type = basic_observation<R, Radius>;
    static constexpr int max_players = R::max_players;
    static constexpr int piece_count = rules_traits<R>::piece_count;
    template <class T>
    using per_seat = seat_array<T, max_players>;

    /// Why a configuration cannot start a game (empty string: it can).
    static std::string validate(const game_config& c) { return state_type::validate(c); }

    /// A game for `players` players with the rule set's hand size, from `seed`.
    explicit basic_game(int players = 2, std::uint64_t seed = 0) : basic_game(game_config{players, seed, 0, {}, {}, {}}) {}
    /// Shuffles the bag, deals the hands in seat order and finds the opening player.
    /// Throws std::invalid_argument when validate(c) is not empty.
    explicit basic_game(game_config c) : config_(std::move(c)), state_(config_) {}

    // ---- the game_state interface ----------------------------------------------------------------
    int players() const noexcept { return state_.players(); }
    int current_player() const noexcept { return state_.current_player(); }
    bool is_terminal() const noexcept { return state_.is_terminal(); }
    std::vector<action_type> legal_actions() const { return state_.legal_actions(); }
    template <class Visitor>
    void for_each_legal_action(Visitor&& visit) const { state_.for_each_legal_action(visit); }
    per_seat<double> returns() const noexcept { return state_.returns(); }
    std::optional<observation_type> observe(int player) const { return state_.observe(player); }
    error_type check(const action_type& a) const { return state_.check(a); }
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
    error_type place(const move_type& m) { return apply(action_type::place(m)); }
    error_type exchange(const hand_type& tiles) { return apply(action_type::exchange(tiles)); }
    error_type pass() { return apply(action_type::pass()); }

    // ---- state -----------------------------------------------------------------------------------
    /// The game without its history: copy it to search from here.
    const state_type& state() const noexcept { return state_; }
    const game_config& config() const noexcept { return config_; }
    int hand_size() const noexcept { return state_.hand_size(); }
    game_end end_reason() const noexcept { return state_.end_reason(); }
    const board_type& board() const noexcept { return state_.board(); }
    const hand_type& hand(int player) const noexcept { return state_.hand(player); }
    int score(int player) const noexcept { return state_.score(player); }
    const per_seat<int>& scores() const noexcept { return state_.scores(); }
    int bag_size() const noexcept { return state_.bag_size(); }
    hand_type bag_contents() const noexcept { return state_.bag_contents(); }
    std::vector<int> winners() const { return state_.winners(); }
    unsigned special_tiles() const noexcept { return state_.special_tiles(); }
    unsigned specials_revealed() const noexcept { return state_.specials_revealed(); }
    unsigned actions_held(int player) const noexcept { return state_.actions_held(player); }
    unsigned actions_used(int player) const noexcept { return state_.actions_used(player); }
    bool can_use(action_tile a) const noexcept { return state_.can_use(a); }
    bool action_this_turn() const noexcept { return state_.action_this_turn(); }
    std::optional<cell> forbidden_cell() const noexcept { return state_.forbidden_cell(); }
    int opening_size() const noexcept { return state_.opening_size(); }
    movegen_options move_options() const noexcept { return state_.move_options(); }
    template <class Visitor>
    void for_each_legal_move(Visitor&& visit) const { state_.for_each_legal_move(visit); }
    std::vector<basic_scored_move<R>> legal_moves() const { return state_.legal_moves(); }
    bool can_place() const noexcept { return state_.can_place(); }
    bool can_exchange() const noexcept { return state_.can_exchange(); }
    template <class Visitor>
    void for_each_exchange(Visitor&& visit) const { state_.for_each_exchange(visit); }
    const std::vector<turn_type>& history() const noexcept { return history_; }

    // ---- replay, undo --------------------------------------------------------------------------
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
    /// Takes back the last action (by replaying the others from the start, so that the game is
    /// exactly the one the remaining record gives). False when no action was played.
    bool undo() {
        if (history_.empty()) return false;
        auto acts = actions();
        acts.pop_back();
        *this = std::move(*replay(config_, acts).game);
        return true;
    }

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

using game = basic_game<>;
using action = basic_action<>;
using observation = basic_observation<standard_rules, unlimited_radius>;

}  // namespace qwirkle
