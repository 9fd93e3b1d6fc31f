// SPDX-License-Identifier: MIT
/// @file
/// A stable 64-bit integer for every card-game action (the card-game counterpart of
/// game/action_code.hpp): for action masks, replay buffers and the bindings.
///
/// A turn's code names what makes two legal actions different (docs/rules.md §4, and
/// `for_each_outcome` in game.hpp): the cards played and the Qwirkles the turn leaves on the table,
/// as a count per group (each colour, then each shape); the arrangement of the other rows is
/// irrelevant, since any later turn may rearrange them. Layout, least significant bits first:
///
/// @code{.unparsed}
///   bit 0       1: cannot play (the whole code is 1); 0: a turn
///   turn        the rank of the played multiset among all multisets of at most max_code_cards
///               cards (combinatorial number system: sizes in increasing order, then the sorted
///               card indices; code_rank_bits bits, 30 for standard cards), then 2 bits per group:
///               the Qwirkles of colour 0 .. colours-1, then of shape 0 .. shapes-1
/// @endcode
///
/// A code names a turn only together with a state: `decode_action(game, code)` answers the legal
/// action of that state with this code, or nothing. Distinct legal actions of a state have distinct
/// codes (the tests check it on thousands of states).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>

#include "../game/action_code.hpp"
#include "game.hpp"

namespace qwirkle::cards {

/// A card-game action as an integer (see the layout above).
using action_code = std::uint64_t;

namespace detail {
/// C(n, k) for the small arguments of card codes (n ≤ 73, k ≤ 15: fits 64 bits).
constexpr std::uint64_t choose(int n, int k) noexcept {
    if (k < 0 || n < k) return 0;
    std::uint64_t c = 1;
    for (int i = 0; i < k; ++i) c = c * static_cast<std::uint64_t>(n - i) / static_cast<std::uint64_t>(i + 1);
    return c;
}
/// The number of multisets of fewer than `n` cards of `kinds` kinds (the rank offset of size n).
constexpr std::uint64_t multisets_below(int kinds, int n) noexcept {
    std::uint64_t total = 0;
    for (int k = 0; k < n; ++k) total += choose(kinds + k - 1, k);
    return total;
}
constexpr int bits_for(std::uint64_t n) noexcept {
    int b = 0;
    while (b < 64 && (std::uint64_t{1} << b) < n) ++b;
    return b;
}
/// The most cards of edition R a code can hold: the hand size, lowered until the code fits 64 bits.
template <card_ruleset R>
constexpr int max_code_cards() noexcept {
    int h = std::min(R::hand_size, 15);
    while (h > 0 && 1 + bits_for(multisets_below(card_traits<R>::kinds, h + 1)) + 2 * (R::colours + R::shapes) > 64) --h;
    return h;
}
}  // namespace detail

/// The most cards a turn's code holds for edition R (9 with standard cards: a whole hand; 0 when
/// the edition's groups alone do not fit a code).
template <card_ruleset R>
inline constexpr int max_code_cards = detail::max_code_cards<R>();

/// Bits of the played-cards rank in codes of edition R (30 for standard cards).
template <card_ruleset R>
inline constexpr int code_rank_bits = detail::bits_for(detail::multisets_below(card_traits<R>::kinds, max_code_cards<R> + 1));

/// The code of an action, or nothing when it has none (more than max_code_cards cards played, or
/// an edition whose codes cannot hold its groups).
template <card_ruleset R>
std::optional<action_code> encode_action(const basic_action<R>& a) {
    if (a.is_cannot_play()) return action_code{1};
    constexpr int kinds = card_traits<R>::kinds;
    const int n = a.turn.played.size();
    if (n > max_code_cards<R> || 1 + code_rank_bits<R> + 2 * (R::colours + R::shapes) > 64) return std::nullopt;
    std::uint64_t rank = detail::multisets_below(kinds, n);
    int i = 1;
    a.turn.played.for_each([&](card_t<R> x) {  // ascending index: b_i = a_i + i - 1 strictly increasing
        rank += detail::choose(x.index() + i - 1, i);
        ++i;
    });
    action_code c = rank << 1;
    std::array<int, R::colours + R::shapes> groups{};
    for (const auto& r : a.turn.result.rows) {
        if (!r.is_qwirkle()) continue;
        const int g = r.kind() == row_kind::colour ? r[0].colour() : R::colours + r[0].shape();
        ++groups[static_cast<std::size_t>(g)];
    }
    int shift = 1 + code_rank_bits<R>;
    for (const int q : groups) {
        if (q > 3) return std::nullopt;  // (copies ≤ 3: never)
        c |= static_cast<action_code>(q) << shift;
        shift += 2;
    }
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
    constexpr int kinds = card_traits<R>::kinds;
    if ((code & 1) || code_rank_bits<R> >= 63) return {};
    std::uint64_t rank = (code >> 1) & ((std::uint64_t{1} << code_rank_bits<R>) - 1);
    int n = 0;
    while (n < max_code_cards<R> && detail::multisets_below(kinds, n + 1) <= rank) ++n;
    rank -= detail::multisets_below(kinds, n);
    if (rank >= detail::choose(kinds + n - 1, n)) return {};
    std::array<int, 16> index{};
    for (int i = n; i >= 1; --i) {  // the largest b with C(b, i) <= rank
        int b = i - 1;
        while (detail::choose(b + 1, i) <= rank) ++b;
        rank -= detail::choose(b, i);
        index[static_cast<std::size_t>(i)] = b - (i - 1);
    }
    cards_t<R> out;
    for (int i = 1; i <= n; ++i) {
        const auto x = card_t<R>::from_index(index[static_cast<std::size_t>(i)]);
        if (!x) return {};
        out.add(*x);
    }
    return out;
}

/// The Qwirkles a turn's code says it leaves on the table, in all groups.
template <card_ruleset R>
constexpr int code_qwirkles(action_code code) noexcept {
    if (code & 1) return 0;
    int total = 0;
    for (int g = 0; g < R::colours + R::shapes; ++g) {
        const int shift = 1 + code_rank_bits<R> + 2 * g;
        if (shift + 2 <= 64) total += static_cast<int>((code >> shift) & 3);
    }
    return total;
}

}  // namespace qwirkle::cards
