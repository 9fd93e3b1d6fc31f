// SPDX-License-Identifier: MIT
/// @file
/// Playing a game to its end with bots, for either game: which seat erred, with which
/// action and which rule, when a bot's action is refused.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include "bot.hpp"

namespace qwirkle {

/// A bot's action that the game refused: the game stops there, unchanged by it.
template <game_state G>
struct bot_fault {
    int seat = 0;                    ///< the seat whose bot chose the action
    std::string bot;                 ///< the bot's name
    typename G::action_type action;  ///< what it chose
    typename G::error_type error;    ///< the rule it breaks
    /// `seat N (NAME): ` and the error's description.
    std::string describe() const { return "seat " + std::to_string(seat) + " (" + bot + "): " + error.describe(); }
};

/// How play_game() ended: finished, or stopped by a refused action or a safety limit.
template <game_state G>
struct play_result {
    bool finished = false;  ///< the game reached its end
    int actions = 0;        ///< actions applied
    /// The game stopped because a bot's action was refused...
    std::optional<bot_fault<G>> fault;
    /// ...or because a seat had no bot, or after `max_actions` actions (a safety net: every game
    /// of the library ends by its rules long before).
    std::string stopped;
    /// Whether the game reached its end.
    explicit operator bool() const noexcept { return finished; }
    /// One line: `finished after N actions`, or `stopped: ` and the reason.
    std::string describe() const {
        if (finished) return "finished after " + std::to_string(actions) + " actions";
        if (fault) return "stopped: " + fault->describe();
        return "stopped: " + stopped;
    }
};

/// Plays a game to its end, seat p choosing through seats[p] with its own random stream (derived
/// from `seed`). Stops at the first refused action (reported in `fault`, the game unchanged by it).
template <game_state G>
play_result<G> play_game(G& g, std::type_identity_t<std::span<bot_for<G>* const>> seats, std::uint64_t seed,
                         int max_actions = 1'000'000) {
    play_result<G> r;
    if (static_cast<int>(seats.size()) < g.players()) {
        r.stopped = "a bot for each of the " + std::to_string(g.players()) + " seats is needed";
        return r;
    }
    for (int p = 0; p < g.players(); ++p)
        if (!seats[static_cast<std::size_t>(p)]) {
            r.stopped = "seat " + std::to_string(p) + " has no bot";
            return r;
        }
    std::vector<rng> streams;
    rng root(seed);
    for (int p = 0; p < g.players(); ++p) streams.emplace_back(root.fork());
    while (!g.is_terminal()) {
        if (r.actions >= max_actions) {
            r.stopped = "no end after " + std::to_string(max_actions) + " actions";
            return r;
        }
        const int p = g.current_player();
        auto* bot = seats[static_cast<std::size_t>(p)];
        const auto a = bot->choose(*g.observe(p), streams[static_cast<std::size_t>(p)]);
        auto e = g.apply(p, a);
        if (!e.ok()) {
            r.fault = bot_fault<G>{p, bot->name(), a, std::move(e)};
            return r;
        }
        ++r.actions;
    }
    r.finished = true;
    return r;
}

}  // namespace qwirkle
