// SPDX-License-Identifier: MIT
/// @file
/// The one interface both games model: the vocabulary of OpenSpiel (current_player,
/// legal_actions, apply, is_terminal, returns, per-player observations; copy = clone).
///
/// `qwirkle::game` (and `basic_game`, `basic_state` of every rule set) and `qwirkle::cards::game`
/// (every edition) model `game_state`, so that one driver, one tournament runner, one terminal
/// loop and the Python and web bindings serve both games.
#pragma once

#include <concepts>
#include <optional>
#include <ranges>
#include <string>

namespace qwirkle {

/// What `current_player()` answers once the game is over.
inline constexpr int no_player = -1;

/// The verdict on an action: ok, or which rule it breaks, in words.
template <class E>
concept action_verdict = requires(const E& e) {
    { e.ok() } -> std::convertible_to<bool>;
    { e.describe() } -> std::convertible_to<std::string>;
};

/// A game state in OpenSpiel's vocabulary.
///
/// - `players()`: the number of seats; seats are 0 .. players() − 1, in turn order.
/// - `current_player()`: the seat to act, `no_player` once terminal.
/// - `legal_actions()`: every legal action of the player to act (a range of `action_type`); empty
///   once terminal.
/// - `apply(action)` plays it for the player to act; `apply(player, action)` also refuses
///   ("not your turn") when `player` is not the one to act. A refused action changes nothing.
/// - `returns()`: per seat, the share of the win once terminal (1/k for each of k tied winners,
///   0 for the others); all 0 while the game runs.
/// - `observe(player)`: what that player may know, as a value that owns everything it shows and
///   holds no hidden information; empty for a seat outside 0 .. players() − 1.
/// - copying a state clones it.
template <class G>
concept game_state = std::copyable<G> && requires(G& g, const G& cg, const typename G::action_type& a, int p) {
    typename G::action_type;
    typename G::observation_type;
    typename G::error_type;
    requires action_verdict<typename G::error_type>;
    { cg.players() } -> std::convertible_to<int>;
    { cg.current_player() } -> std::convertible_to<int>;
    { cg.is_terminal() } -> std::convertible_to<bool>;
    { cg.legal_actions() } -> std::ranges::range;
    { g.apply(a) } -> std::same_as<typename G::error_type>;
    { g.apply(p, a) } -> std::same_as<typename G::error_type>;
    { cg.returns() } -> std::ranges::range;
    { cg.observe(p) } -> std::same_as<std::optional<typename G::observation_type>>;
};

}  // namespace qwirkle
