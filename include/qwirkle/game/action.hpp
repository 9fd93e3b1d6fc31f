// SPDX-License-Identifier: MIT
/// @file
/// A turn's action in the tile game: place, exchange or pass; with the mini-expansions, an
/// action tile (draw three, take a tile) may come first in the same turn.
#pragma once

#include <cstdint>
#include <string>

#include "../board/move.hpp"
#include "../pieces/tile_set.hpp"
#include "../rules/legality.hpp"
#include "../rules/take.hpp"

namespace qwirkle {

/// What a turn's action is (docs/rules.md §2.5; the action tiles: §3).
enum class action_kind : std::uint8_t {
    place,       ///< put tiles from the hand on the board (`move`)
    exchange,    ///< give tiles back to the bag and draw as many (`tiles`)
    pass,        ///< do nothing: only when the player can neither place nor exchange
    draw_three,  ///< action tile: draw 3 extra tiles, then play the turn
    take_tile,   ///< action tile: take the tile on `at` into the hand, then play the turn
};

/// Is this the use of an action tile (which leaves the turn to the same player)?
constexpr bool is_action_tile(action_kind k) noexcept { return k == action_kind::draw_three || k == action_kind::take_tile; }

/// One action of the tile game: a placement, an exchange, a pass or the use of an action tile.
/// Only the field that `kind` names is meaningful; build one with place(), exchange(), pass(),
/// draw_three() or take_tile().
template <ruleset R = standard_rules>
struct basic_action {
    /// Which action this is.
    action_kind kind = action_kind::pass;
    basic_move<R> move;                         ///< for place
    basic_tile_multiset<tile_t<R>> tiles;       ///< for exchange: the tiles given back
    cell at{};                                  ///< for take_tile: the cell emptied

    /// A pass.
    constexpr basic_action() = default;
    /// The action of this kind with these fields (those `k` does not use are ignored).
    constexpr basic_action(action_kind k, const basic_move<R>& m, const basic_tile_multiset<tile_t<R>>& t, cell c) noexcept
        : kind(k), move(m), tiles(t), at(c) {}
    /// Actions of rule sets with the same pieces and line length are interchangeable.
    template <ruleset R2>
        requires(!std::is_same_v<R2, R> && std::is_same_v<tile_t<R2>, tile_t<R>> &&
                 rules_traits<R2>::max_line == rules_traits<R>::max_line)
    constexpr basic_action(const basic_action<R2>& o) noexcept : kind(o.kind), move(o.move), tiles(o.tiles), at(o.at) {}

    /// Place the move's tiles.
    static constexpr basic_action place(const basic_move<R>& m) noexcept { return {action_kind::place, m, {}, {}}; }
    /// Give these tiles back to the bag and draw as many.
    static constexpr basic_action exchange(const basic_tile_multiset<tile_t<R>>& t) noexcept {
        return {action_kind::exchange, {}, t, {}};
    }
    /// Pass (legal only when the player can neither place nor exchange).
    static constexpr basic_action pass() noexcept { return {}; }
    /// Use the draw-three action tile: draw 3 extra tiles, then play the turn.
    static constexpr basic_action draw_three() noexcept { return {action_kind::draw_three, {}, {}, {}}; }
    /// Use the take-a-tile action tile on cell `c`: the tile there goes into the hand, then the turn is played.
    static constexpr basic_action take_tile(cell c) noexcept { return {action_kind::take_tile, {}, {}, c}; }
    /// Equal when every field is equal (also those the kind does not use).
    friend constexpr bool operator==(const basic_action&, const basic_action&) = default;
};

/// Why an action was refused.
enum class action_rule : std::uint8_t {
    ok,                     ///< the action is legal
    game_over,              ///< the game has ended
    illegal_placement,      ///< see the placement error
    opening_must_place,     ///< the first turn must place the largest group
    exchange_nothing,       ///< an exchange gives back at least one tile
    exchange_too_many,      ///< more tiles than a hand holds
    exchange_not_in_hand,   ///< the hand lacks a tile given back
    exchange_bag_too_small, ///< the bag holds fewer tiles than given back
    pass_not_allowed,       ///< passing is allowed only when neither placing nor exchanging is
    action_not_held,        ///< the player has no such action tile (not in play, or not yet won)
    action_already_used,    ///< each action tile serves once per game
    one_action_per_turn,    ///< an action tile only at the start of the turn: one per turn
    action_in_opening,      ///< no action tile on the opening turn
    take_refused,           ///< see the take rule
    not_your_turn,          ///< apply(player, action) for a player who is not the one to act
};

/// A short English sentence naming the rule ("ok" for action_rule::ok, "?" for a value out of range).
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
        case action_rule::action_not_held: return "the player holds no such action tile";
        case action_rule::action_already_used: return "that action tile was already used";
        case action_rule::one_action_per_turn: return "only one action tile per turn, at its start";
        case action_rule::action_in_opening: return "no action tile on the opening turn";
        case action_rule::take_refused: return "that tile cannot be taken";
        case action_rule::not_your_turn: return "not your turn";
    }
    return "?";
}

/// The verdict on an action: ok, or the rule broken (with the placement error for placements).
template <ruleset R = standard_rules>
struct basic_action_error {
    action_rule rule = action_rule::ok;  ///< the rule broken (ok: the action is legal)
    basic_placement_error<tile_t<R>> placement{};  ///< illegal_placement: the placement rule broken and where
    tile_t<R> tile{};  ///< exchange_not_in_hand: which tile
    int count = 0;     ///< exchange_too_many / bag_too_small: the limit; not_your_turn: the seat to act
    take_rule take = take_rule::ok;  ///< take_refused: why

    /// Whether the action is legal.
    constexpr bool ok() const noexcept { return rule == action_rule::ok; }
    /// The verdict in English: the rule's name with its details (the tile, the limit, the seat to act).
    std::string describe() const {
        switch (rule) {
            case action_rule::illegal_placement: return placement.describe();
            case action_rule::take_refused: return std::string(rule_name(rule)) + ": " + rule_name(take);
            case action_rule::exchange_not_in_hand:
                return std::string(rule_name(rule)) + ": " + std::string{tile.colour_letter(), tile.shape_digit()};
            case action_rule::exchange_too_many:
            case action_rule::exchange_bag_too_small:
                return std::string(rule_name(rule)) + " (" + std::to_string(count) + ")";
            case action_rule::not_your_turn:
                return std::string(rule_name(rule)) + " (seat " + std::to_string(count) + " is to play)";
            default: return rule_name(rule);
        }
    }
};

}  // namespace qwirkle
