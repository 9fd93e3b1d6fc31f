// SPDX-License-Identifier: MIT
/// @file
/// The tableau of the card game: the rows on the table (docs/rules.md §4.3, §4.5).
#pragma once

#include <vector>

#include "row.hpp"

namespace qwirkle::cards {

/// The rows on the table, in the order laid out. The order of rows and of cards within a row carries no
/// meaning (cards may be moved freely during a turn); `same_layout` compares two tableaus that way.
template <card_ruleset R = standard_rules>
struct basic_tableau {
    using row_type = basic_row<R>;  ///< a row of the rule set
    using card_type = card_t<R>;    ///< a card of the rule set

    /// The rows, in the order laid out. In a game every row is valid between turns, and none is a
    /// Qwirkle (those are taken at the end of the turn); a tableau built by hand or proposed as a
    /// turn's result may hold invalid rows until checked.
    std::vector<row_type> rows;

    /// No row on the table (the start of a game).
    bool empty() const noexcept { return rows.empty(); }
    /// Every card on the table, with multiplicity.
    cards_t<R> contents() const noexcept {
        cards_t<R> m;
        for (const row_type& r : rows)
            for (card_type c : r) m.add(c);
        return m;
    }
    /// The number of cards on the table.
    int card_count() const noexcept {
        int n = 0;
        for (const row_type& r : rows) n += r.size();
        return n;
    }
    /// Index of the first invalid row, or -1.
    int first_invalid_row() const noexcept {
        for (std::size_t i = 0; i < rows.size(); ++i)
            if (!rows[i].valid()) return static_cast<int>(i);
        return -1;
    }
    /// Is every row valid (docs/rules.md §4.3)? An empty tableau is.
    bool valid() const noexcept { return first_invalid_row() < 0; }
    /// The number of Qwirkles on the table: valid rows of 6 (every card of a colour or of a shape).
    int qwirkle_count() const noexcept {
        int n = 0;
        for (const row_type& r : rows) n += r.is_qwirkle();
        return n;
    }
    /// Takes the Qwirkles (rows of 6) off the table and returns them, in table order; the other rows
    /// keep their order (docs/rules.md §4.6: done at the end of the turn).
    std::vector<row_type> take_qwirkles() {
        std::vector<row_type> taken;
        std::vector<row_type> kept;
        for (row_type& r : rows) (r.is_qwirkle() ? taken : kept).push_back(r);
        rows = std::move(kept);
        return taken;
    }

    /// The same rows in the same order, each with its cards in the same order (same_layout() ignores
    /// both orders).
    friend bool operator==(const basic_tableau&, const basic_tableau&) = default;
};

/// The table of the standard card game.
using tableau = basic_tableau<>;

/// The same rows (as sets of cards), in any order.
template <card_ruleset R>
bool same_layout(const basic_tableau<R>& a, const basic_tableau<R>& b) {
    if (a.rows.size() != b.rows.size()) return false;
    std::vector<bool> used(b.rows.size(), false);
    for (const auto& ra : a.rows) {
        bool found = false;
        for (std::size_t j = 0; j < b.rows.size() && !found; ++j)
            if (!used[j] && same_cards(ra, b.rows[j])) used[j] = found = true;
        if (!found) return false;
    }
    return true;
}

}  // namespace qwirkle::cards
