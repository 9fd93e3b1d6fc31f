// SPDX-License-Identifier: MIT
/// @file
/// A row on the table of the card game (docs/rules.md §4.3): 3 to 6 different cards sharing the
/// colour (shapes all different) or the shape (colours all different). A row of 6 (every card of its
/// colour or shape) is a Qwirkle (§4.6).
#pragma once

#include <array>
#include <cstdint>
#include <initializer_list>

#include "rules.hpp"

namespace qwirkle::cards {

/// Why a row is not valid (or `ok`), docs/rules.md §4.3.
enum class row_status : std::uint8_t {
    ok,         ///< a valid row
    too_short,  ///< fewer than min_row cards (3)
    duplicate,  ///< the same card twice
    mixed,      ///< neither one colour nor one shape
};

/// A short English text for a row status ("valid row" for `ok`), for error messages; "?" for a value
/// outside the enumeration. The texts quote the standard minimum of 3 cards.
constexpr const char* describe(row_status s) noexcept {
    switch (s) {
        case row_status::ok: return "valid row";
        case row_status::too_short: return "row too short (a row holds at least 3 cards)";
        case row_status::duplicate: return "the same card twice in a row";
        case row_status::mixed: return "mixed row (cards must share the colour or the shape)";
    }
    return "?";
}

/// The group a valid row belongs to.
enum class row_kind : std::uint8_t { colour /**< one colour, the shapes all different */,
                                     shape /**< one shape, the colours all different */ };

/// The cards of one row, in the order given. Fixed capacity (every kind once, plus room for the
/// duplicates of a malformed row), so rows work in constant expressions.
template <card_ruleset R = standard_rules>
class basic_row {
public:
    using card_type = card_t<R>;  ///< the card of the rule set
    /// Most cards a row object holds: one of each kind (36). A valid row holds at most max(colours,
    /// shapes) (6); the room beyond lets a malformed row (duplicates, mixed cards) be stored and checked.
    static constexpr int capacity = card_traits<R>::kinds;

    /// An empty row (not valid: too short).
    constexpr basic_row() = default;
    /// These cards, in this order, unchecked (status() tells whether they form a row). Precondition: at
    /// most `capacity` cards.
    constexpr basic_row(std::initializer_list<card_type> cs) noexcept {
        for (card_type c : cs) push_back(c);
    }
    /// The cards of a set, in index order.
    constexpr explicit basic_row(basic_tile_set<card_type> s) noexcept {
        for (card_type c : s) push_back(c);
    }

    /// Number of cards, 0 .. `capacity` (duplicates counted).
    constexpr int size() const noexcept { return size_; }
    /// No card at all.
    constexpr bool empty() const noexcept { return size_ == 0; }
    /// `capacity` cards: push_back() must not be called.
    constexpr bool full() const noexcept { return size_ == capacity; }
    /// Appends a card, unchecked. Precondition: !full().
    constexpr void push_back(card_type c) noexcept { cards_[static_cast<std::size_t>(size_++)] = c; }
    /// The `i`-th card in the order given. Precondition: 0 ≤ i < size().
    constexpr card_type operator[](int i) const noexcept { return cards_[static_cast<std::size_t>(i)]; }
    /// The first card (iteration in the order given).
    constexpr const card_type* begin() const noexcept { return cards_.data(); }
    /// Past the last card.
    constexpr const card_type* end() const noexcept { return cards_.data() + size_; }

    /// The cards as a set (duplicates collapse).
    constexpr basic_tile_set<card_type> set() const noexcept {
        basic_tile_set<card_type> s;
        for (card_type c : *this) s.insert(c);
        return s;
    }
    /// `ok`, or why these cards are not a row (docs/rules.md §4.3): check_row() with the rule set's
    /// `min_row`.
    constexpr row_status status() const noexcept;
    /// Is this a valid row: `min_row` (3) to 6 different cards sharing the colour or the shape?
    constexpr bool valid() const noexcept { return status() == row_status::ok; }
    /// A valid row of every card of its colour (all shapes) or of its shape (all colours).
    constexpr bool is_qwirkle() const noexcept {
        return valid() && (size_ == (kind() == row_kind::colour ? R::shapes : R::colours));
    }
    /// Precondition: valid(). A row of one card... is never valid, so the kind is always defined.
    constexpr row_kind kind() const noexcept {
        return cards_[0].colour() == cards_[1].colour() ? row_kind::colour : row_kind::shape;
    }

    /// Same cards, any order.
    friend constexpr bool same_cards(const basic_row& a, const basic_row& b) noexcept {
        if (a.size_ != b.size_) return false;
        basic_tile_multiset<card_type> m;
        for (card_type c : a) m.add(c);
        for (card_type c : b)
            if (!m.remove(c)) return false;
        return true;
    }
    /// The same cards in the same order (same_cards() ignores the order).
    friend constexpr bool operator==(const basic_row& a, const basic_row& b) noexcept {
        if (a.size_ != b.size_) return false;
        for (int i = 0; i < a.size_; ++i)
            if (a[i] != b[i]) return false;
        return true;
    }

private:
    std::array<card_type, static_cast<std::size_t>(capacity)> cards_{};
    int size_ = 0;
};

/// A row of the standard card game.
using row = basic_row<>;

/// Validity of a sequence of cards as one row (docs/rules.md §4.3): a mixed row is reported before a
/// duplicate, a duplicate before a short row.
template <class Card>
constexpr row_status check_row(const Card* first, const Card* last, int min_row = 3) noexcept {
    const auto n = last - first;
    if (n >= 2) {
        bool same_colour = true, same_shape = true;
        for (const Card* p = first + 1; p != last; ++p) {
            same_colour = same_colour && p->colour() == first->colour();
            same_shape = same_shape && p->shape() == first->shape();
        }
        if (!same_colour && !same_shape) return row_status::mixed;
        std::uint64_t seen = 0;
        for (const Card* p = first; p != last; ++p) {
            if ((seen >> p->index()) & 1u) return row_status::duplicate;
            seen |= std::uint64_t{1} << p->index();
        }
    }
    if (n < min_row) return row_status::too_short;
    return row_status::ok;
}

template <card_ruleset R>
constexpr row_status basic_row<R>::status() const noexcept {
    return check_row(begin(), end(), R::min_row);
}

}  // namespace qwirkle::cards
