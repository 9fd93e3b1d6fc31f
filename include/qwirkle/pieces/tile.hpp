// SPDX-License-Identifier: MIT
/// @file
/// The piece type shared by the tile game and the card game.
#pragma once

#include <compare>
#include <optional>
#include <cstdint>
#include <string_view>

#include "../core/ruleset.hpp"

namespace qwirkle {

/// Colour letters in index order: the standard six `R O Y G B P` (red, orange, yellow, green, blue,
/// purple), then further letters for rule sets with more colours.
inline constexpr std::string_view colour_letters = "ROYGBPWKACDEFHIJLMNQSTUVXZ";
/// Shape names of the standard set, digit 1..6.
inline constexpr std::string_view shape_names[] = {"circle", "cross", "diamond", "square", "star", "clover"};
/// Colour names of the standard set, in index order (letters R O Y G B P).
inline constexpr std::string_view colour_names[] = {"red", "orange", "yellow", "green", "blue", "purple"};

template <int Colours, int Shapes>
struct basic_tile;

namespace detail {
/// The piece with index `i`, unchecked: only for indices the caller has proved in range (bits of a
/// piece mask, loops bounded by `kinds`). Everything else goes through `from_index` or `make`.
template <class Tile>
constexpr Tile tile_at(int i) noexcept;
}  // namespace detail

/// A piece: one colour and one shape. Tiles (tile game) and cards (card game) share this type.
/// Stored as one byte, `index = colour * Shapes + shape`, so sets of pieces are bitmasks.
///
/// Nothing out of range can be built: `make(colour, shape)` and `from_index(i)` return an empty
/// optional outside the rule set's range; the two-integer constructor is `consteval` (a tile
/// written in the source, checked by the compiler); the default tile is the first piece.
template <int Colours, int Shapes>
struct basic_tile {
    static_assert(Colours >= 2 && Shapes >= 2 && Colours * Shapes <= 64, "piece sets are 64-bit masks");
    static_assert(Colours <= 26 && Shapes <= 9, "notation: one letter per colour, one digit per shape");

    /// Number of colours, 2 .. 26 (one letter each).
    static constexpr int colours = Colours;
    /// Number of shapes, 2 .. 9 (one digit each).
    static constexpr int shapes = Shapes;
    /// Number of distinct pieces, at most 64 (pieces index bits of a mask).
    static constexpr int kinds = Colours * Shapes;

    /// The first piece (colour 0, shape 0: R1).
    constexpr basic_tile() = default;
    /// A piece named in the source: out of range does not compile.
    consteval basic_tile(int colour, int shape) : index_(checked(colour, shape)) {}

    /// The piece of this colour and shape, if both are in range.
    static constexpr std::optional<basic_tile> make(int colour, int shape) noexcept {
        if (!valid(colour, shape)) return std::nullopt;
        return detail::tile_at<basic_tile>(colour * Shapes + shape);
    }
    /// The piece with this index (colour × Shapes + shape), if in range.
    static constexpr std::optional<basic_tile> from_index(int i) noexcept {
        if (i < 0 || i >= kinds) return std::nullopt;
        return detail::tile_at<basic_tile>(i);
    }
    /// Whether 0 ≤ colour < Colours and 0 ≤ shape < Shapes.
    static constexpr bool valid(int colour, int shape) noexcept {
        return colour >= 0 && colour < Colours && shape >= 0 && shape < Shapes;
    }

    /// colour × Shapes + shape, in 0 .. kinds − 1.
    constexpr int index() const noexcept { return index_; }
    /// The colour, 0 .. Colours − 1 (0 is red).
    constexpr int colour() const noexcept { return index_ / Shapes; }
    /// The shape, 0 .. Shapes − 1 (written as the digit shape + 1).
    constexpr int shape() const noexcept { return index_ % Shapes; }
    /// The colour's letter in the notation (colour_letters, upper case).
    constexpr char colour_letter() const noexcept { return colour_letters[static_cast<std::size_t>(colour())]; }
    /// The shape's digit in the notation, '1' .. '9'.
    constexpr char shape_digit() const noexcept { return static_cast<char>('1' + shape()); }

    /// The same colour and shape.
    friend constexpr bool operator==(basic_tile, basic_tile) = default;
    /// Ordered by index (colour, then shape).
    friend constexpr auto operator<=>(basic_tile, basic_tile) = default;

private:
    static consteval std::uint8_t checked(int colour, int shape) {
        if (!valid(colour, shape)) throw "tile: colour or shape out of range";
        return static_cast<std::uint8_t>(colour * Shapes + shape);
    }
    template <class Tile>
    friend constexpr Tile detail::tile_at(int i) noexcept;

    std::uint8_t index_ = 0;
};

namespace detail {
template <class Tile>
constexpr Tile tile_at(int i) noexcept {
    Tile t;
    t.index_ = static_cast<std::uint8_t>(i);
    return t;
}
}  // namespace detail

/// The standard 6 × 6 piece.
using tile = basic_tile<6, 6>;

/// The piece type of a rule set.
template <ruleset R>
using tile_t = basic_tile<R::colours, R::shapes>;

/// Do two pieces share colour or shape (and differ): can they stand next to each other in a line?
template <int C, int S>
constexpr bool compatible(basic_tile<C, S> a, basic_tile<C, S> b) noexcept {
    return a != b && (a.colour() == b.colour() || a.shape() == b.shape());
}

namespace literals {
/// `"R1"_t` — a standard tile from its notation, checked at compile time.
consteval tile operator""_t(const char* s, std::size_t n) {
    if (n != 2) throw "a tile is a colour letter and a shape digit";
    const auto c = colour_letters.substr(0, 6).find(s[0] >= 'a' && s[0] <= 'z' ? char(s[0] - 32) : s[0]);
    if (c == std::string_view::npos) throw "colour must be one of R O Y G B P";
    if (s[1] < '1' || s[1] > '6') throw "shape must be a digit 1-6";
    return tile(static_cast<int>(c), s[1] - '1');
}
}  // namespace literals

}  // namespace qwirkle
