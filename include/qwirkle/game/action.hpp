// qwirkle — a turn's action in the tile game: place, exchange or pass.
#pragma once

#include <cstdint>
#include <string>

#include "../board/move.hpp"
#include "../pieces/tile_set.hpp"
#include "../rules/legality.hpp"

namespace qwirkle {

enum class action_kind : std::uint8_t { place, exchange, pass };

template <ruleset R = standard_rules>
struct basic_action {
    action_kind kind = action_kind::pass;
    basic_move<R> move;                         ///< for place
    basic_tile_multiset<tile_t<R>> tiles;       ///< for exchange: the tiles given back

    static constexpr basic_action place(const basic_move<R>& m) noexcept { return {action_kind::place, m, {}}; }
    static constexpr basic_action exchange(const basic_tile_multiset<tile_t<R>>& t) noexcept {
        return {action_kind::exchange, {}, t};
    }
    static constexpr basic_action pass() noexcept { return {}; }
    friend constexpr bool operator==(const basic_action&, const basic_action&) = default;
};

/// Why an action was refused.
enum class action_rule : std::uint8_t {
    ok,
    game_over,              ///< the game has ended
    illegal_placement,      ///< see the placement error
    opening_must_place,     ///< the first turn must place the largest group
    exchange_nothing,       ///< an exchange gives back at least one tile
    exchange_too_many,      ///< more tiles than a hand holds
    exchange_not_in_hand,   ///< the hand lacks a tile given back
    exchange_bag_too_small, ///< the bag holds fewer tiles than given back
    pass_not_allowed,       ///< passing is allowed only when neither placing nor exchanging is
};

constexpr const char* rule_name(action_rule r) noexcept {
    switch (r) {
        case action_rule::ok: return "ok";
        case action_rule::game_over: return "the game is over";
        case action_rule::illegal_placement: return "illegal placement";
        case action_rule::opening_must_place: return "the first turn must place the largest group";
        case action_rule::exchange_nothing: return "an exchange gives back at least one tile";
        case action_rule::exchange_too_many: return "cannot exchange more tiles than a hand holds";
        case action_rule::exchange_not_in_hand: return "exchanged tile not in hand";
        case action_rule::exchange_bag_too_small: return "the bag holds fewer tiles than that";
        case action_rule::pass_not_allowed: return "cannot pass while a placement or an exchange is possible";
    }
    return "?";
}

/// The verdict on an action: ok, or the rule broken (with the placement error for placements).
template <ruleset R = standard_rules>
struct basic_action_error {
    action_rule rule = action_rule::ok;
    basic_placement_error<tile_t<R>> placement{};
    tile_t<R> tile{};  ///< exchange_not_in_hand: which tile
    int count = 0;     ///< exchange_too_many / bag_too_small: the limit

    constexpr bool ok() const noexcept { return rule == action_rule::ok; }
    std::string describe() const {
        switch (rule) {
            case action_rule::illegal_placement: return placement.describe();
            case action_rule::exchange_not_in_hand:
                return std::string(rule_name(rule)) + ": " + std::string{tile.colour_letter(), tile.shape_digit()};
            case action_rule::exchange_too_many:
            case action_rule::exchange_bag_too_small:
                return std::string(rule_name(rule)) + " (" + std::to_string(count) + ")";
            default: return rule_name(rule);
        }
    }
};

}  // namespace qwirkle
