// SPDX-License-Identifier: MIT
// qwirkle::cards — the tableau: the rows on the table.
#pragma once

#include <vector>

#include "row.hpp"

namespace qwirkle::cards {

/// The rows on the table, in the order laid out. The order of rows and of cards within a row carries no
/// meaning (cards may be moved freely during a turn); `same_layout` compares two tableaus that way.
template <card_ruleset R = standard_rules>
struct basic_tableau {
    using row_type = basic_row<R>;
    using card_type = card_t<R>;

    std::vector<row_type> rows;

    bool empty() const noexcept { return rows.empty(); }
    /// Every card on the table, with multiplicity.
    cards_t<R> contents() const noexcept {
        cards_t<R> m;
        for (const row_type& r : rows)
            for (card_type c : r) m.add(c);
        return m;
    }
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
    bool valid() const noexcept { return first_invalid_row() < 0; }
    int qwirkle_count() const noexcept {
        int n = 0;
        for (const row_type& r : rows) n += r.is_qwirkle();
        return n;
    }
    /// Takes the Qwirkles (rows of 6) off the table and returns them.
    std::vector<row_type> take_qwirkles() {
        std::vector<row_type> taken;
        std::vector<row_type> kept;
        for (row_type& r : rows) (r.is_qwirkle() ? taken : kept).push_back(r);
        rows = std::move(kept);
        return taken;
    }

    friend bool operator==(const basic_tableau&, const basic_tableau&) = default;
};

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
