// SPDX-License-Identifier: MIT
/// @file
/// Text notation of pieces, shared by the tile game and the card game.
///
/// A piece is a colour letter (`R O Y G B P` for the standard six) followed by a shape digit
/// (`1`–`6`), case-insensitive: `R1` is the red circle. Parsers report errors as values: the
/// offending token, its 0-based column in the input line, and why it was rejected.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "../pieces/tile.hpp"
#include "../pieces/tile_set.hpp"

namespace qwirkle {

/// Where and why a text was rejected.
struct parse_error {
    std::size_t column = 0;  ///< 0-based offset of the offending token in the parsed text
    std::string token;       ///< the offending token (may be empty at end of input)
    std::string message;     ///< why
    std::size_t line = 0;    ///< 1-based line in a multi-line text; 0 for a single line

    /// `column 7, token "X9": unknown colour 'X'` (1-based column; `line 3, column 7, ...` in a text)
    std::string describe() const {
        std::string s = (line ? "line " + std::to_string(line) + ", " : std::string()) + "column " + std::to_string(column + 1);
        if (!token.empty()) s += ", token \"" + token + "\"";
        return s + ": " + message;
    }
};

/// A value or the reason the text was rejected.
template <class T>
class parse_result {
public:
    /// A success holding `value`.
    parse_result(T value) : value_(std::move(value)) {}
    /// A failure: the text was rejected for reason `e`.
    parse_result(parse_error e) : error_(std::move(e)) {}
    /// Whether the text was accepted (same as ok()).
    explicit operator bool() const noexcept { return value_.has_value(); }
    /// Whether the text was accepted and a value is held.
    bool ok() const noexcept { return value_.has_value(); }
    /// The parsed value (precondition: ok()).
    const T& value() const& { return *value_; }
    /// The parsed value (precondition: ok()).
    T& value() & { return *value_; }
    /// The parsed value, moved out (precondition: ok()).
    T&& value() && { return std::move(*value_); }
    /// The parsed value (precondition: ok()).
    const T& operator*() const& { return *value_; }
    /// Member access to the parsed value (precondition: ok()).
    const T* operator->() const { return &*value_; }
    /// Why the text was rejected (meaningful only when !ok()).
    const parse_error& error() const { return error_; }

private:
    std::optional<T> value_;
    parse_error error_;
};

/// A whitespace-separated word and its column.
struct token {
    /// The word (a view into the text that was split: valid as long as that text is).
    std::string_view text;
    /// 0-based offset of the word's first character, `base` included.
    std::size_t column = 0;
};

/// Splits on spaces and tabs; `base` is added to every column (the offset of `s` in its line).
inline std::vector<token> split_tokens(std::string_view s, std::size_t base = 0) {
    std::vector<token> out;
    std::size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n')) ++i;
        const std::size_t start = i;
        while (i < s.size() && !(s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n')) ++i;
        if (i > start) out.push_back({s.substr(start, i - start), base + start});
    }
    return out;
}

namespace detail {
constexpr char upper(char c) noexcept { return (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c; }
}  // namespace detail

/// Parses one piece (`R1`, `g6`). Returns the reason on failure, with `column` as given.
template <class Tile = tile>
parse_result<Tile> parse_tile(std::string_view s, std::size_t column = 0) {
    const auto fail = [&](std::string why) { return parse_error{column, std::string(s), std::move(why)}; };
    if (s.size() != 2) return fail("a piece is a colour letter and a shape digit, like R1");
    const auto letters = colour_letters.substr(0, Tile::colours);
    const auto c = letters.find(detail::upper(s[0]));
    if (c == std::string_view::npos)
        return fail(std::string("unknown colour '") + s[0] + "' (expected one of " + std::string(letters) + ")");
    if (s[1] < '1' || s[1] >= '1' + Tile::shapes)
        return fail(std::string("unknown shape '") + s[1] + "' (expected a digit 1-" +
                    std::to_string(Tile::shapes) + ")");
    return *Tile::make(static_cast<int>(c), s[1] - '1');  // both checked above
}

/// `R1`.
template <int C, int S>
std::string to_string(basic_tile<C, S> t) {
    return std::string{t.colour_letter(), t.shape_digit()};
}

/// A multiset holds at most this many copies of one piece (its counts are bytes).
inline constexpr int max_copies_in_text = 255;

/// Space-separated pieces into a multiset (duplicates allowed, up to max_copies_in_text of each).
template <class Tile = tile>
parse_result<basic_tile_multiset<Tile>> parse_tiles(std::string_view s, std::size_t base = 0) {
    basic_tile_multiset<Tile> m;
    for (const token& tk : split_tokens(s, base)) {
        auto t = parse_tile<Tile>(tk.text, tk.column);
        if (!t) return t.error();
        if (m.count(*t) == max_copies_in_text)
            return parse_error{tk.column, std::string(tk.text),
                               "more than " + std::to_string(max_copies_in_text) + " copies of " + to_string(*t)};
        m.add(*t);
    }
    return m;
}

/// Pieces of a multiset, space-separated, in index order (`R1 R1 G4`).
template <class Tile>
std::string to_string(const basic_tile_multiset<Tile>& m) {
    std::string s;
    m.for_each([&](Tile t) {
        if (!s.empty()) s += ' ';
        s += to_string(t);
    });
    return s;
}

}  // namespace qwirkle
