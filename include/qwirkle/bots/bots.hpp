// SPDX-License-Identifier: MIT
/// @file
/// Every tile-game bot, and a factory by name.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "bot.hpp"
#include "expert.hpp"
#include "monte_carlo.hpp"
#include "tactician.hpp"

namespace qwirkle {

/// The names make_bot knows.
inline constexpr std::string_view bot_names[] = {"random", "greedy", "tactician", "monte-carlo", "expert"};

/// The names make_bot knows, as one line for messages: "random, greedy, ...".
inline std::string bot_names_text() { return names_text(bot_names); }

/// A bot by name (see bot_names), or nullptr.
template <ruleset R = standard_rules, int Radius = unlimited_radius>
std::unique_ptr<basic_bot<R, Radius>> make_bot(std::string_view name) {
    if (name == "random") return std::make_unique<basic_random_bot<R, Radius>>();
    if (name == "greedy") return std::make_unique<basic_greedy_bot<R, Radius>>();
    if (name == "tactician") return std::make_unique<basic_tactician_bot<R, Radius>>();
    if (name == "monte-carlo" || name == "mc") return std::make_unique<basic_monte_carlo_bot<R, Radius>>();
    if (name == "expert") return std::make_unique<basic_expert_bot<R, Radius>>();
    return nullptr;
}

}  // namespace qwirkle
