// SPDX-License-Identifier: MIT
/// @file
/// A stable 64-bit integer for every card-game action (the card-game counterpart of
/// game/action_code.hpp): for action masks, replay buffers and the bindings.
///
/// A turn's code names what the rules care about: the cards played and the number of Qwirkles the
/// turn forms (the arrangement of the rest of the table is irrelevant: any later turn may rearrange
/// it). Layout, least significant bits first (standard cards: 6 bits per card):
///
/// @code{.unparsed}
///   bit 0       1: cannot play (the whole code is 1); 0: a turn
///   turn        Qwirkles formed (3 bits), number of cards played (4 bits), then the cards played by
///               ascending index (card index = colour × shapes + shape, card_bits each)
/// @endcode
///
/// A code names a turn only together with a state: `decode_action(game, code)` answers the legal
/// action of that state with this code (the first in the generator's order), or nothing. Today's
/// generator gives one turn per playable part of the hand, so the legal codes of a state are
/// distinct (the tests check it for thousands of states); two turns playing the same cards with the
/// same number of Qwirkles would share a code.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>

#include "../game/action_code.hpp"
#include "game.hpp"

namespace qwirkle::cards {

/// A card-game action as an integer (see the layout above).
using action_code = std::uint64_t;

/// Bits per card index in codes of edition R.
template <card_ruleset R>
inline constexpr int code_card_bits = qwirkle::detail::bit_width_for(card_traits<R>::kinds);

/// The most cards a turn's code holds for edition R (9 with standard cards: a whole hand).
template <card_ruleset R>
inline constexpr int max_code_cards = std::min(15, (64 - 1 - 3 - 4) / code_card_bits<R>);

/// The code of an action, or nothing when it has none (more than max_code_cards cards played, or
/// more than 7 Qwirkles formed).
template <card_ruleset R>
std::optional<action_code> encode_action(const basic_action<R>& a) {
    if (a.is_cannot_play()) return action_code{1};
    const int n = a.turn.played.size();
    const int q = a.turn.qwirkles();
    if (n > max_code_cards<R> || q > 7) return std::nullopt;
    action_code c = (static_cast<action_code>(q) << 1) | (static_cast<action_code>(n) << 4);
    int shift = 8;
    a.turn.played.for_each([&](card_t<R> x) {  // ascending index
        c |= static_cast<action_code>(x.index()) << shift;
        shift += code_card_bits<R>;
    });
    return c;
}

/// The legal action of `g` whose code is `code`, or nothing when no legal action has it.
template <card_ruleset R>
std::optional<basic_action<R>> decode_action(const basic_game<R>& g, action_code code) {
    std::optional<basic_action<R>> found;
    g.for_each_legal_action([&](const basic_action<R>& a) {
        if (!found && encode_action(a) == code) found = a;
    });
    return found;
}

/// The cards a turn's code says are played (empty for cannot-play and for malformed codes).
template <card_ruleset R>
cards_t<R> code_cards(action_code code) {
    cards_t<R> out;
    if (code & 1) return out;
    const int n = static_cast<int>((code >> 4) & 15);
    int shift = 8;
    for (int i = 0; i < n && shift + code_card_bits<R> <= 64; ++i, shift += code_card_bits<R>) {
        const auto x = card_t<R>::from_index(static_cast<int>((code >> shift) & ((action_code{1} << code_card_bits<R>) - 1)));
        if (!x) return {};
        out.add(*x);
    }
    return out;
}

/// The number of Qwirkles a turn's code says it forms.
constexpr int code_qwirkles(action_code code) noexcept { return (code & 1) ? 0 : static_cast<int>((code >> 1) & 7); }

}  // namespace qwirkle::cards
