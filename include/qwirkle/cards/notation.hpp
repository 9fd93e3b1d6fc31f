// SPDX-License-Identifier: MIT
/// @file
/// Text notation of the card game: a row is its cards space-separated (`R1 R2 R3`), a
/// tableau its rows separated by `/` (`R1 R2 R3 / G4 B4 Y4`; empty text is the empty table), a hand its
/// cards space-separated, a position `<tableau> | <hand>`. Errors are values: where and why.
#pragma once

#include <string>
#include <string_view>

#include "../notation/text.hpp"
#include "tableau.hpp"

namespace qwirkle::cards {

/// A table and the hand of the player to move.
template <card_ruleset R = standard_rules>
struct basic_position {
    basic_tableau<R> table;  ///< the rows on the table (docs/rules.md §4.3)
    cards_t<R> hand;         ///< the cards of the player to move (at most `hand_size`)
};
/// A position of the standard card game.
using position = basic_position<>;

/// A row as text: its cards in row order, space-separated (`R1 R2 R3`); empty text for an empty row.
/// `parse_row` reads it back.
template <card_ruleset R>
std::string to_string(const basic_row<R>& r) {
    std::string s;
    for (auto c : r) {
        if (!s.empty()) s += ' ';
        s += qwirkle::to_string(c);
    }
    return s;
}

/// A tableau as text: its rows in order, separated by ` / ` (`R1 R2 R3 / G4 B4 Y4`); empty text
/// for the empty table. `parse_tableau` reads it back.
template <card_ruleset R>
std::string to_string(const basic_tableau<R>& t) {
    std::string s;
    for (const auto& r : t.rows) {
        if (!s.empty()) s += " / ";
        s += to_string(r);
    }
    return s;
}

/// A position as text: `<tableau> | <hand>` (`| <hand>` for the empty table), the hand's cards
/// space-separated. `parse_position` reads it back.
template <card_ruleset R>
std::string to_string(const basic_position<R>& p) {
    std::string s = to_string(p.table);
    s += s.empty() ? "| " : " | ";
    return s + qwirkle::to_string(p.hand);
}

/// One row's cards (validity is not checked here: see `basic_row::status`).
template <card_ruleset R = standard_rules>
parse_result<basic_row<R>> parse_row(std::string_view s, std::size_t base = 0) {
    basic_row<R> r;
    for (const token& tk : split_tokens(s, base)) {
        auto c = parse_tile<card_t<R>>(tk.text, tk.column);
        if (!c) return c.error();
        if (r.full()) return parse_error{tk.column, std::string(tk.text), "too many cards in one row"};
        r.push_back(*c);
    }
    if (r.empty()) return parse_error{base, "", "empty row"};
    return r;
}

/// Rows separated by `/`. With `check_rows`, an invalid row is an error naming the row.
template <card_ruleset R = standard_rules>
parse_result<basic_tableau<R>> parse_tableau(std::string_view s, std::size_t base = 0, bool check_rows = true) {
    basic_tableau<R> t;
    if (split_tokens(s).empty()) return t;
    std::size_t start = 0;
    for (;;) {
        const std::size_t slash = s.find('/', start);
        const std::string_view part = s.substr(start, slash == std::string_view::npos ? s.npos : slash - start);
        auto r = parse_row<R>(part, base + start);
        if (!r) return r.error();
        if (check_rows && !r->valid()) {
            const auto first = split_tokens(part, base + start).front();
            return parse_error{first.column, to_string(*r),
                               "row " + std::to_string(t.rows.size() + 1) + ": " + describe(r->status())};
        }
        t.rows.push_back(*r);
        if (slash == std::string_view::npos) break;
        start = slash + 1;
    }
    return t;
}

/// `<tableau> | <hand>`: rows must be valid, no card may occur more than `copies` times in all, and
/// the hand holds 0 to `hand_size` (9) cards. An empty hand is the late game: the pile is out and the
/// player has played every card; no turn exists (a turn plays at least one card).
template <card_ruleset R = standard_rules>
parse_result<basic_position<R>> parse_position(std::string_view s, std::size_t base = 0) {
    const std::size_t bar = s.find('|');
    if (bar == std::string_view::npos) return parse_error{base + s.size(), "", "missing '|' between tableau and hand"};
    if (s.find('|', bar + 1) != std::string_view::npos)
        return parse_error{base + s.find('|', bar + 1), "|", "more than one '|'"};
    auto t = parse_tableau<R>(s.substr(0, bar), base);
    if (!t) return t.error();
    basic_position<R> p;
    p.table = std::move(t).value();
    auto all = p.table.contents();
    for (int i = 0; i < card_traits<R>::kinds; ++i) {
        const auto c = qwirkle::detail::tile_at<card_t<R>>(i);
        if (all.count(c) > R::copies)
            return parse_error{base, qwirkle::to_string(c),
                               "more than " + std::to_string(R::copies) + " copies of " + qwirkle::to_string(c) +
                                   " on the table"};
    }
    for (const token& tk : split_tokens(s.substr(bar + 1), base + bar + 1)) {
        auto c = parse_tile<card_t<R>>(tk.text, tk.column);
        if (!c) return c.error();
        if (p.hand.size() == R::hand_size)
            return parse_error{tk.column, std::string(tk.text),
                               "a hand holds at most " + std::to_string(R::hand_size) + " cards (both editions deal " +
                                   std::to_string(R::hand_size) + ")"};
        p.hand.add(*c);
        all.add(*c);
        if (all.count(*c) > R::copies)
            return parse_error{tk.column, std::string(tk.text),
                               "more than " + std::to_string(R::copies) + " copies of " + qwirkle::to_string(*c) +
                                   " (table and hand together)"};
    }
    return p;
}

}  // namespace qwirkle::cards
