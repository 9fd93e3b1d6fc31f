// Shared by the card-game fuzz targets: small editions (Qwirkles common in small positions) and
// tables, hands and turns built from the fuzzer's bytes.
#pragma once

#include <qwirkle/cards/cards.hpp>

#include "fuzz_support.hpp"

namespace qwirkle_fuzz {

namespace qc = qwirkle::cards;

/// 4 colours × 4 shapes (the same as tests/cards/solver.cpp).
struct mini_card_rules : qc::schmidt_rules {
    static constexpr int colours = 4;
    static constexpr int shapes = 4;
};
/// 3 colours × 5 shapes, 2 copies.
struct narrow_card_rules : qc::schmidt_rules {
    static constexpr int colours = 3;
    static constexpr int shapes = 5;
    static constexpr int copies = 2;
};

/// Adds `c` to `all` unless the game has no more copies of it.
template <qc::card_ruleset R>
bool take_copy(qc::cards_t<R>& all, qc::card_t<R> c) {
    if (all.count(c) >= R::copies) return false;
    all.add(c);
    return true;
}

/// A table from the bytes: rows of pieces, valid ones mostly (a run of one colour or one shape),
/// with no card more often than the game has it (`all` counts what is used).
template <qc::card_ruleset R>
qc::basic_tableau<R> table_from(bytes& in, qc::cards_t<R>& all) {
    using card = qc::card_t<R>;
    qc::basic_tableau<R> t;
    for (int rows = pick(in, 0, 10); rows > 0; --rows) {
        qc::basic_row<R> r;
        const int len = pick(in, 1, std::max(R::colours, R::shapes) + 1);
        if (pick(in, 0, 5) != 0) {  // a run of one colour or one shape, from a random start
            const bool colour = in.ConsumeBool();
            const int fixed = pick(in, 0, (colour ? R::colours : R::shapes) - 1);
            const int size = colour ? R::shapes : R::colours;
            int k = pick(in, 0, size - 1);
            for (int i = 0; i < len && i < size; ++i, k = (k + 1 + (pick(in, 0, 3) == 0)) % size) {
                const card c = *(colour ? card::make(fixed, k) : card::make(k, fixed));
                if (!r.set().contains(c) && take_copy<R>(all, c)) r.push_back(c);
            }
        } else {
            for (int i = 0; i < len && !r.full(); ++i) {
                const card c = any_tile<card>(in);
                if (take_copy<R>(all, c)) r.push_back(c);
            }
        }
        if (!r.empty()) t.rows.push_back(r);
    }
    return t;
}

/// A hand of up to `most` cards from the bytes (copies limited with `all`).
template <qc::card_ruleset R>
qc::cards_t<R> hand_from(bytes& in, qc::cards_t<R>& all, int most) {
    qc::cards_t<R> h;
    for (int n = pick(in, 0, most); n > 0; --n) {
        const auto c = any_tile<qc::card_t<R>>(in);
        if (take_copy<R>(all, c)) h.add(c);
    }
    return h;
}

/// A turn from the bytes: some cards played (from the hand mostly), put into the table's rows or new
/// rows, sometimes rows split, merged, dropped or a card added from nowhere.
template <qc::card_ruleset R>
qc::basic_turn<R> turn_from(bytes& in, const qc::basic_tableau<R>& table, const qc::cards_t<R>& hand) {
    using card = qc::card_t<R>;
    qc::basic_turn<R> t;
    t.played = part_of<card>(in, hand);
    for (int k = pick(in, 0, 1) * pick(in, 0, 2); k > 0; --k) t.played.add(any_tile<card>(in));
    t.result = table;
    auto& rows = t.result.rows;
    t.played.for_each([&](card c) {
        const int where = pick(in, 0, static_cast<int>(rows.size()));
        if (where == static_cast<int>(rows.size())) rows.emplace_back();
        if (!rows[static_cast<std::size_t>(where)].full()) rows[static_cast<std::size_t>(where)].push_back(c);
    });
    switch (pick(in, 0, 7)) {
        case 0:
            if (!rows.empty()) rows.erase(rows.begin() + pick(in, 0, static_cast<int>(rows.size()) - 1));
            break;
        case 1:
            if (!rows.empty() && !rows[0].full()) rows[0].push_back(any_tile<card>(in));
            break;
        case 2:  // split the last row in two
            if (!rows.empty() && rows.back().size() >= 2) {
                const auto last = rows.back();
                const int cut = pick(in, 1, last.size() - 1);
                qc::basic_row<R> a, b;
                for (int i = 0; i < last.size(); ++i) (i < cut ? a : b).push_back(last[i]);
                rows.back() = a;
                rows.push_back(b);
            }
            break;
        case 3:  // merge the first two rows
            if (rows.size() >= 2) {
                for (const card c : rows[1])
                    if (!rows[0].full()) rows[0].push_back(c);
                rows.erase(rows.begin() + 1);
            }
            break;
        case 4: rows.emplace_back(); break;  // an empty row
        default: break;
    }
    return t;
}

/// The rules of check_turn, written out plainly: every played card held, the result is the table
/// plus the played cards, every row valid (min_row to one group's size of different cards of one
/// colour or one shape).
template <qc::card_ruleset R>
bool plain_turn_ok(const qc::basic_tableau<R>& table, const qc::cards_t<R>& hand, const qc::basic_turn<R>& t) {
    if (t.played.empty() || !hand.includes(t.played)) return false;
    auto expected = table.contents();
    expected += t.played;
    if (!(t.result.contents() == expected)) return false;
    for (const auto& r : t.result.rows) {
        if (r.size() < R::min_row) return false;
        bool colour = true, shape = true;
        for (int i = 0; i < r.size(); ++i) {
            colour = colour && r[i].colour() == r[0].colour();
            shape = shape && r[i].shape() == r[0].shape();
            for (int j = 0; j < i; ++j)
                if (r[i] == r[j]) return false;
        }
        if (!colour && !shape) return false;
    }
    return true;
}

}  // namespace qwirkle_fuzz
