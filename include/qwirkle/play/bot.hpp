// SPDX-License-Identifier: MIT
/// @file
/// The bot interface of both games: a bot sees one player's observation and a seeded random
/// source, and returns an action. One interface per observation type, so that one driver serves both
/// games (`basic_bot` for the tile game, `cards::basic_card_bot` for the card game are this).
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "../core/game_state.hpp"
#include "../game/rng.hpp"

namespace qwirkle {

/// A player program: given one player's observation and a random source, it picks an action.
/// Implementations must be deterministic given `view` and the state of `random`, so that seeded
/// games replay exactly.
template <class Observation>
class bot_interface {
public:
    using observation_type = Observation;  ///< what the bot sees (one player's view)
    using action_type = typename Observation::action_type;  ///< what it returns

    virtual ~bot_interface() = default;
    /// A short name for logs and tournament tables (e.g. "greedy").
    virtual std::string name() const = 0;
    /// A legal action for the observing player, whose turn it is. Uses only `view` and `random`.
    virtual action_type choose(const observation_type& view, rng& random) = 0;
};

/// A list of names as one line for messages: "random, greedy, ..." (or with another separator,
/// as "random|greedy|..." for a usage text).
inline std::string names_text(std::span<const std::string_view> names, std::string_view separator = ", ") {
    std::string s;
    for (const auto name : names) s.append(s.empty() ? std::string_view{} : separator).append(name);
    return s;
}

/// The bots that can play a game state.
template <game_state G>
using bot_for = bot_interface<typename G::observation_type>;

}  // namespace qwirkle
