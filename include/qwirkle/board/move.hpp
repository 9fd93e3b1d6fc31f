// SPDX-License-Identifier: MIT
/// @file
/// Cells, placements and placement moves.
#pragma once

#include <array>
#include <compare>
#include <cstdint>
#include <optional>
#include <type_traits>

#include "../core/ruleset.hpp"
#include "../pieces/tile.hpp"

namespace qwirkle {

/// A board cell. x grows to the right, y grows downward; the first tile of a game lies at 0,0.
struct cell {
    /// Column: grows to the right (any int; the first tile lies at x = 0).
    int x = 0;
    /// Row: grows downward (any int; the first tile lies at y = 0).
    int y = 0;
    /// Same x and same y.
    friend constexpr bool operator==(cell, cell) = default;
    /// Ordered by x, then by y (a canonical order for sorting moves).
    friend constexpr auto operator<=>(cell, cell) = default;
};

/// The two directions a line runs in.
enum class axis : std::uint8_t {
    row,     ///< along a row: x varies, y is fixed
    column   ///< along a column: y varies, x is fixed
};

/// One tile put on one cell.
template <class Tile>
struct basic_placement {
    /// Where the tile goes.
    cell at;
    /// The tile put there.
    Tile tile;
    /// Same cell and same tile.
    friend constexpr bool operator==(const basic_placement&, const basic_placement&) = default;
    /// Ordered by cell, then by tile.
    friend constexpr auto operator<=>(const basic_placement&, const basic_placement&) = default;
};

/// A placement move: the tiles put on the board in one turn (at most one line's worth).
/// Fixed capacity, no allocation; the order of the placements does not matter to the rules.
/// Nothing is dropped silently: a move given more placements than a line holds is *overflowed*
/// (it keeps the first `capacity`, and every legality check refuses it: `too_many_tiles`);
/// `make` returns no move at all instead.
template <ruleset Rules = standard_rules>
class basic_move {
public:
    /// The rule set's tile type.
    using tile_type = tile_t<Rules>;
    /// One (cell, tile) pair of the move.
    using placement = basic_placement<tile_type>;
    /// The most tiles a move can hold: the length of a full line (6 in the standard game).
    static constexpr int capacity = rules_traits<Rules>::max_line;

    constexpr basic_move() = default;
    /// The move of these placements; more than `capacity` make it overflowed() (see make()).
    constexpr basic_move(std::initializer_list<placement> ps) noexcept {
        for (const auto& p : ps) push_back(p);
    }
    /// The move of these placements, or none when there are more than `capacity`.
    static constexpr std::optional<basic_move> make(std::initializer_list<placement> ps) noexcept {
        basic_move m(ps);
        if (m.overflowed()) return std::nullopt;
        return m;
    }
    /// Moves of rule sets with the same pieces and line length are interchangeable.
    template <ruleset R2>
        requires(!std::is_same_v<R2, Rules> && std::is_same_v<tile_t<R2>, tile_type> &&
                 rules_traits<R2>::max_line == rules_traits<Rules>::max_line)
    constexpr basic_move(const basic_move<R2>& o) noexcept {
        for (const auto& p : o) push_back(p);
        overflowed_ = o.overflowed();
    }

    /// Adds a placement; false when the move already holds `capacity` (it is then overflowed).
    constexpr bool push_back(placement p) noexcept {
        if (size_ >= capacity) {
            overflowed_ = true;
            return false;
        }
        items_[static_cast<std::size_t>(size_++)] = p;
        return true;
    }
    /// Removes the last placement (no effect on an empty move; an overflowed move stays overflowed).
    constexpr void pop_back() noexcept {
        if (size_ > 0) --size_;
    }
    /// Empties the move and clears the overflowed flag.
    constexpr void clear() noexcept {
        size_ = 0;
        overflowed_ = false;
    }
    /// Was it given more placements than it holds? (Then no rule accepts it.)
    constexpr bool overflowed() const noexcept { return overflowed_; }
    /// The number of placements, 0 .. capacity.
    constexpr int size() const noexcept { return size_; }
    /// Whether the move holds no placement.
    constexpr bool empty() const noexcept { return size_ == 0; }
    /// The i-th placement, in the order given (precondition: 0 ≤ i < size()).
    constexpr const placement& operator[](int i) const noexcept { return items_[static_cast<std::size_t>(i)]; }
    /// The first placement.
    constexpr const placement* begin() const noexcept { return items_.data(); }
    /// Past the last placement.
    constexpr const placement* end() const noexcept { return items_.data() + size_; }

    /// The same set of (cell, tile) pairs, whatever the order.
    constexpr bool same_as(const basic_move& o) const noexcept {
        if (o.size_ != size_) return false;
        for (int i = 0; i < size_; ++i) {
            bool found = false;
            for (int j = 0; j < size_ && !found; ++j) found = items_[static_cast<std::size_t>(i)] == o.items_[static_cast<std::size_t>(j)];
            if (!found) return false;
        }
        return true;
    }
    /// Placements sorted by cell: a canonical form for comparing and printing.
    constexpr basic_move sorted() const noexcept {
        basic_move m = *this;
        for (int i = 1; i < m.size_; ++i)
            for (int j = i; j > 0 && m.items_[static_cast<std::size_t>(j)].at < m.items_[static_cast<std::size_t>(j - 1)].at; --j) {
                auto t = m.items_[static_cast<std::size_t>(j)];
                m.items_[static_cast<std::size_t>(j)] = m.items_[static_cast<std::size_t>(j - 1)];
                m.items_[static_cast<std::size_t>(j - 1)] = t;
            }
        return m;
    }
    /// The same placements in the same order, and the same overflowed flag (same_as() ignores the order).
    friend constexpr bool operator==(const basic_move& a, const basic_move& b) noexcept {
        if (a.size_ != b.size_ || a.overflowed_ != b.overflowed_) return false;
        for (int i = 0; i < a.size_; ++i)
            if (!(a.items_[static_cast<std::size_t>(i)] == b.items_[static_cast<std::size_t>(i)])) return false;
        return true;
    }

private:
    std::array<placement, static_cast<std::size_t>(capacity)> items_{};
    int size_ = 0;
    bool overflowed_ = false;
};

/// A move with its score, as the move generator produces it.
template <ruleset Rules = standard_rules>
struct basic_scored_move {
    /// The placement move.
    basic_move<Rules> move;
    /// Its points under docs/rules.md §2.6 (lines scored, qwirkle bonus included; no end bonus).
    int score = 0;
};

/// A placement of a standard tile.
using placement = basic_placement<tile>;
/// A placement move of the standard game.
using move = basic_move<>;
/// A standard move with its score.
using scored_move = basic_scored_move<>;

}  // namespace qwirkle
