// SPDX-License-Identifier: MIT
// qwirkle — cells, placements and placement moves.
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
    int x = 0;
    int y = 0;
    friend constexpr bool operator==(cell, cell) = default;
    friend constexpr auto operator<=>(cell, cell) = default;
};

/// The two directions a line runs in.
enum class axis : std::uint8_t { row, column };  ///< row: x varies; column: y varies

/// One tile put on one cell.
template <class Tile>
struct basic_placement {
    cell at;
    Tile tile;
    friend constexpr bool operator==(const basic_placement&, const basic_placement&) = default;
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
    using tile_type = tile_t<Rules>;
    using placement = basic_placement<tile_type>;
    static constexpr int capacity = rules_traits<Rules>::max_line;

    constexpr basic_move() = default;
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
    constexpr void pop_back() noexcept {
        if (size_ > 0) --size_;
    }
    constexpr void clear() noexcept {
        size_ = 0;
        overflowed_ = false;
    }
    /// Was it given more placements than it holds? (Then no rule accepts it.)
    constexpr bool overflowed() const noexcept { return overflowed_; }
    constexpr int size() const noexcept { return size_; }
    constexpr bool empty() const noexcept { return size_ == 0; }
    constexpr const placement& operator[](int i) const noexcept { return items_[static_cast<std::size_t>(i)]; }
    constexpr const placement* begin() const noexcept { return items_.data(); }
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
    basic_move<Rules> move;
    int score = 0;
};

using placement = basic_placement<tile>;
using move = basic_move<>;
using scored_move = basic_scored_move<>;

}  // namespace qwirkle
