// SPDX-License-Identifier: MIT
// qwirkle — the bot interface of both games: a bot sees one player's observation and a seeded random
// source, and returns an action. One interface per observation type, so that one driver serves both
// games (`basic_bot` for the tile game, `cards::basic_card_bot` for the card game are this).
#pragma once

#include <string>

#include "../core/game_state.hpp"
#include "../game/rng.hpp"

namespace qwirkle {

template <class Observation>
class bot_interface {
public:
    using observation_type = Observation;
    using action_type = typename Observation::action_type;

    virtual ~bot_interface() = default;
    virtual std::string name() const = 0;
    /// A legal action for the observing player, whose turn it is. Uses only `view` and `random`.
    virtual action_type choose(const observation_type& view, rng& random) = 0;
};

/// The bots that can play a game state.
template <game_state G>
using bot_for = bot_interface<typename G::observation_type>;

}  // namespace qwirkle
