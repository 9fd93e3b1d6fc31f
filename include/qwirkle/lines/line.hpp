// SPDX-License-Identifier: MIT
/// @file
/// Lines: validity of a run of pieces, as a span or as a bitmask with a length.
///
/// A line of two or more pieces is valid when all share the colour and the shapes all differ, or all
/// share the shape and the colours all differ (docs/rules.md §2). Its length is then at most the number of
/// shapes (colour line) or colours (shape line). A line of 0 or 1 piece is always valid.
#pragma once

#include <cstdint>
#include <span>

#include "../core/bits.hpp"
#include "../pieces/tile_set.hpp"

namespace qwirkle {

/// Why a run of pieces is not a valid line.
enum class line_fault : std::uint8_t {
    none,       ///< valid
    too_long,   ///< more pieces than a line can hold
    duplicate,  ///< shares colour (or shape) but a piece appears twice
    mixed,      ///< neither all one colour nor all one shape
};

/// What a valid line of 2+ pieces has in common.
enum class line_kind : std::uint8_t {
    single,  ///< fewer than 2 pieces: not a line yet, either kind is still possible
    colour,  ///< every piece has the same colour (the shapes differ)
    shape    ///< every piece has the same shape (the colours differ)
};

namespace detail {

/// Tables of per-colour and per-shape masks for a piece type.
template <class Tile>
struct line_masks {
    using set = basic_tile_set<Tile>;
    static constexpr auto colour = [] {
        std::array<mask64, Tile::colours> m{};
        for (int c = 0; c < Tile::colours; ++c) m[static_cast<std::size_t>(c)] = set::of_colour(c).bits();
        return m;
    }();
    static constexpr auto shape = [] {
        std::array<mask64, Tile::shapes> m{};
        for (int s = 0; s < Tile::shapes; ++s) m[static_cast<std::size_t>(s)] = set::of_shape(s).bits();
        return m;
    }();
    /// Pieces that may stand next to piece i in a line: same colour or same shape, not i itself.
    /// (For a valid line L and a piece t that extends it, the pieces that extend L and t together
    /// are extensions(L) & partners[t]: the move generator's step from an anchor's masks.)
    static constexpr auto partners = [] {
        std::array<mask64, Tile::kinds> m{};
        for (int i = 0; i < Tile::kinds; ++i) {
            const Tile t = detail::tile_at<Tile>(i);
            m[static_cast<std::size_t>(i)] = (colour[static_cast<std::size_t>(t.colour())] |
                                              shape[static_cast<std::size_t>(t.shape())]) & ~bit(i);
        }
        return m;
    }();
    /// Per piece: the mask of its colour, and of its shape. Indexed by any bit of a mask64 and by 64
    /// (std::countr_zero of the empty mask): past the last piece, every piece (extensions_of_distinct
    /// reads them without branching).
    static constexpr auto colour_of = [] {
        std::array<mask64, 65> m{};
        m.fill(low_bits(Tile::kinds));
        for (int i = 0; i < Tile::kinds; ++i) m[static_cast<std::size_t>(i)] = colour[static_cast<std::size_t>(detail::tile_at<Tile>(i).colour())];
        return m;
    }();
    static constexpr auto shape_of = [] {
        std::array<mask64, 65> m{};
        m.fill(low_bits(Tile::kinds));
        for (int i = 0; i < Tile::kinds; ++i) m[static_cast<std::size_t>(i)] = shape[static_cast<std::size_t>(detail::tile_at<Tile>(i).shape())];
        return m;
    }();
};

/// line_extensions for a line known to hold `length` distinct pieces (no popcount: the hot path).
/// Without branches: which of them would be taken depends on the line, so on fresh positions move
/// generation lost about as much time to their mispredictions as to its instructions. A line of
/// one piece keeps both its colour and its shape (so it gets its partners); the empty line, with no
/// lowest piece (index 64), gets the tables' last entry: every piece.
template <class Tile>
QWIRKLE_ALWAYS_INLINE constexpr mask64 extensions_of_distinct(mask64 line, [[maybe_unused]] int length) noexcept {
    using M = line_masks<Tile>;
    const auto first = static_cast<std::size_t>(std::countr_zero(line));
    const mask64 c = M::colour_of[first], s = M::shape_of[first];
    const mask64 keep_c = mask64{0} - static_cast<mask64>((line & ~c) == 0);  // (arithmetic: GCC turns `?:` into a branch)
    const mask64 keep_s = mask64{0} - static_cast<mask64>((line & ~s) == 0);
    return ((c & keep_c) | (s & keep_s)) & ~line;
}

/// line_points for a valid line of `length` distinct pieces (the hot path).
template <class Tile>
QWIRKLE_ALWAYS_INLINE constexpr int points_of_valid(mask64 line, int length, int qwirkle_bonus) noexcept {
    if (length < 2) return 0;
    if constexpr (Tile::colours == Tile::shapes) {
        return length + (length == Tile::colours ? qwirkle_bonus : 0);
    } else {
        const bool colour_line = (line & ~line_masks<Tile>::colour_of[static_cast<std::size_t>(lowest_bit(line))]) == 0;
        return length + (length == (colour_line ? Tile::shapes : Tile::colours) ? qwirkle_bonus : 0);
    }
}

}  // namespace detail

/// Pieces that can be added to a line holding the pieces of `line` (`length` of them, so a
/// duplicate shows as length > popcount): every piece that keeps it valid; 0 if it is not valid.
/// The empty line accepts every piece.
template <class Tile>
constexpr detail::mask64 line_extensions(detail::mask64 line, int length) noexcept {
    if (detail::popcount(line) != length) return 0;
    return detail::extensions_of_distinct<Tile>(line, length);
}

/// Is the line of `length` pieces with piece set `line` valid?
template <class Tile>
constexpr bool valid_line(detail::mask64 line, int length) noexcept {
    if (length <= 1) return true;
    if (line == 0) return false;  // a length of 2 or more with no pieces is not a line
    return line_extensions<Tile>(line & ~detail::bit(detail::lowest_bit(line)), length - 1) >> detail::lowest_bit(line) & 1u;
}

/// What the pieces of a valid line of 2+ have in common (colour or shape); `single` below 2.
template <class Tile>
constexpr line_kind kind_of_line(detail::mask64 line) noexcept {
    if (detail::popcount(line) < 2) return line_kind::single;
    const Tile first = detail::tile_at<Tile>(detail::lowest_bit(line));
    return (line & ~detail::line_masks<Tile>::colour[static_cast<std::size_t>(first.colour())]) == 0
               ? line_kind::colour
               : line_kind::shape;
}

/// Does a valid line with these pieces hold every piece it can (a Qwirkle)?
template <class Tile>
constexpr bool complete_line(detail::mask64 line, int length) noexcept {
    if (length < 2) return false;
    return kind_of_line<Tile>(line) == line_kind::colour ? length == Tile::shapes : length == Tile::colours;
}

/// Validity of a run of pieces given in order, with the reason when invalid.
template <class Tile>
constexpr line_fault check_line(std::span<const Tile> pieces) noexcept {
    const auto n = pieces.size();
    if (n <= 1) return line_fault::none;
    bool same_colour = true, same_shape = true;
    detail::mask64 seen = 0;
    bool duplicate = false;
    for (const Tile t : pieces) {
        same_colour = same_colour && t.colour() == pieces[0].colour();
        same_shape = same_shape && t.shape() == pieces[0].shape();
        duplicate = duplicate || ((seen >> t.index()) & 1u);
        seen |= detail::bit(t.index());
    }
    // A line of one colour and one shape is the same piece repeated.
    if (!same_colour && !same_shape) return line_fault::mixed;
    const auto limit = static_cast<std::size_t>(same_colour && !same_shape ? Tile::shapes
                                                : same_shape && !same_colour ? Tile::colours
                                                : Tile::colours > Tile::shapes ? Tile::colours : Tile::shapes);
    if (n > limit) return line_fault::too_long;
    if (duplicate) return line_fault::duplicate;
    return line_fault::none;
}

/// Whether these pieces, in any order, may form one line: check_line() finds no fault (docs/rules.md §2.3).
template <class Tile>
constexpr bool valid_line(std::span<const Tile> pieces) noexcept {
    return check_line(pieces) == line_fault::none;
}

/// Points a line of `length` scores when a move adds to it: its length if 2 or more, plus the
/// Qwirkle bonus when complete; 0 for a lone piece.
template <class Tile>
constexpr int line_points(detail::mask64 line, int length, int qwirkle_bonus) noexcept {
    if (length < 2) return 0;
    return length + (complete_line<Tile>(line, length) ? qwirkle_bonus : 0);
}

}  // namespace qwirkle
