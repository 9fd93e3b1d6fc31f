// SPDX-License-Identifier: MIT
// qwirkle::cards — the exact turn solver: can a hand play at all, which parts of it can be played, and
// the best turn, each with any rearrangement of the table.
//
// How it works. Every card of a legal table lies in a row of its colour or a row of its shape, so an
// arrangement of a multiset of cards is a split of the copies of every kind k = (colour c, shape s)
// into x_k for the colour group c and y_k = n_k − x_k for the shape group s, plus, for every group, a
// partition of its cards into rows of 3–6 different cards.
//
// A group (colour or shape) is described by its level (r, q): r rows, q of them Qwirkles (a row of
// every kind of the group; G kinds per group). Counts x_k over the group's kinds fit (r, q) exactly
// when q ≤ x_k ≤ r for every kind and Σ x_k ≥ 3r + (G − 3)q: the q Qwirkles take one of each kind, the
// rest (at most r − q of a kind, at least 3(r − q) cards) is dealt round-robin into r − q rows of ≥ 3
// different cards. (With q = 0: a group splits into rows exactly when its size is at least 3 × its
// largest multiplicity; r = 0 is the empty group.)
//
// With every group's level fixed, the split is a transportation problem: x_k ∈ [lo_k, hi_k] with
// lo = max(q_c, n − r_s), hi = min(r_c, n − q_s), colour sums ≥ a_c = 3r_c + (G − 3)q_c, shape sums of
// x ≤ b_s = N_s − (3r_s + (G − 3)q_s). By max-flow/min-cut (Gale's supply–demand theorem) it is
// feasible exactly when lo ≤ hi and, for every set A of colours,
//     Σ_{c∈A} a_c ≤ Σ_s min(b_s − Σ_{c∉A} lo_cs, Σ_{c∈A} hi_cs),
// and only colours whose demand exceeds their lower bounds need be taken into A. Unassigned groups are
// relaxed (demand 0, widest bounds), so the same test prunes partial levels.
//
// The search assigns a level to the 12 groups depth first (Qwirkles first), bounded by the Qwirkles
// still possible, and checks the cut condition at every node. Its size depends only on the 12 groups'
// levels (10 each), not on how many cards lie on the table. The hand enters as its distinct parts (at
// most 2^9 = 512): every part is one multiset to arrange, visited biggest first for the best turn, with
// the best found so far as the bound; results are cached per multiset, so the perft tool's three
// questions on one position share their work.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <vector>

#include "legality.hpp"

namespace qwirkle::cards {

/// What `best_turn` maximises, in order.
enum class objective : std::uint8_t {
    qwirkles_then_cards,  ///< most Qwirkles, then most cards played
    cards_then_qwirkles,  ///< most cards played, then most Qwirkles
};

namespace detail {

/// The arrangement search on one multiset of cards (counts per kind), by group levels.
template <card_ruleset R>
class level_solver {
public:
    static constexpr int C = R::colours;
    static constexpr int S = R::shapes;
    static constexpr int K = C * S;
    static constexpr int M = R::min_row;
    static constexpr int copies = R::copies;
    // The cut condition runs over subsets of the "rows" side: the smaller of colours and shapes.
    static constexpr bool transposed = S < C;
    static constexpr int NR = transposed ? S : C;
    static constexpr int NC = transposed ? C : S;
    static constexpr int G = NR + NC;
    static_assert(NR <= 12, "the cut condition enumerates subsets of the smaller side");

    using counts = std::array<std::uint8_t, K>;

    /// Most Qwirkles of an arrangement of `n` if it has at least `target`, or -1 when there is none
    /// (no arrangement at all, or none reaching the target). With `first`, stops at the first
    /// arrangement reaching the target (its Qwirkle count is returned). The levels found are kept for
    /// `split`.
    int solve(const counts& n, int target, bool first) {
        load(n);
        first_ = first;
        best_ = target - 1;
        found_ = false;
        nodes_ = 0;
        qwirkles_first_ = !(first && target <= 0);
        for (int g = 0; g < G; ++g) {
            int total = 0, mn = copies;
            for (int p = 0; p < size_of(g); ++p) total += count(g, p), mn = std::min(mn, count(g, p));
            total_[g] = total;
            // q Qwirkles need q of every kind and q·size cards; r rows need 3r cards
            qmax_[g] = std::min(mn, total / size_of(g));
            rmax_[g] = std::min(copies, total / M);
            q_[g] = 0;
            r_[g] = static_cast<std::int8_t>(copies);
            q_set_[g] = r_set_[g] = false;
        }
        // phase 1 decides the Qwirkles, groups with the fewest choices first; phase 2 the rows
        for (int g = 0; g < G; ++g) order_[g] = g;
        std::stable_sort(order_.begin(), order_.end(), [&](int a, int b) { return qmax_[a] < qmax_[b]; });
        if (!feasible() || bound() <= best_) return -1;
        dfs_q(0);
        return found_ ? best_ : -1;
    }

    /// After a successful `solve`: the counts sent to the colour groups (x) per kind; the rest goes
    /// to the shape groups.
    void split(counts& x) const {
        // x on the rows side = lo + a max flow of the demands above the lower bounds
        std::array<std::array<int, NC>, NR> lo{}, cap{}, f{};
        std::array<int, NR> need{};
        std::array<int, NC> room{};
        for (int j = 0; j < NC; ++j) room[j] = total_[NR + j] - demand(best_levels_, NR + j);
        for (int i = 0; i < NR; ++i) {
            need[i] = demand(best_levels_, i);
            for (int j = 0; j < NC; ++j) {
                const int n = n_[i][j];
                lo[i][j] = std::max<int>(best_levels_.q[i], n - best_levels_.r[NR + j]);
                cap[i][j] = std::min<int>(best_levels_.r[i], n - best_levels_.q[NR + j]) - lo[i][j];
                need[i] -= lo[i][j];
                room[j] -= lo[i][j];
            }
        }
        // Ford–Fulkerson on the bipartite graph, one card at a time (breadth first from rows in need)
        for (;;) {
            std::array<int, NR> via_col{};  // column through which a row was reached, -1 for a source row
            std::array<int, NC> via_row{};
            std::array<bool, NR> seen_row{};
            std::array<bool, NC> seen_col{};
            std::array<int, NR> queue{};
            int qh = 0, qt = 0;
            for (int i = 0; i < NR; ++i)
                if (need[i] > 0) seen_row[i] = true, via_col[i] = -1, queue[qt++] = i;
            int end = -1;
            while (qh < qt && end < 0) {
                const int i = queue[qh++];
                for (int j = 0; j < NC; ++j) {
                    if (seen_col[j] || cap[i][j] - f[i][j] <= 0) continue;
                    seen_col[j] = true;
                    via_row[j] = i;
                    if (room[j] > 0) {
                        end = j;
                        break;
                    }
                    for (int i2 = 0; i2 < NR; ++i2)
                        if (!seen_row[i2] && f[i2][j] > 0) seen_row[i2] = true, via_col[i2] = j, queue[qt++] = i2;
                }
            }
            if (end < 0) break;  // the levels pass the cut condition, so every need is met by now
            int j = end;
            --room[j];
            for (;;) {
                const int i = via_row[j];
                ++f[i][j];
                const int back = via_col[i];
                if (back < 0) {
                    --need[i];
                    break;
                }
                --f[i][back];
                j = back;
            }
        }
        for (int i = 0; i < NR; ++i)
            for (int j = 0; j < NC; ++j) {
                const int v = lo[i][j] + f[i][j];  // sent to the row group i
                const int k = transposed ? j * S + i : i * S + j;
                x[static_cast<std::size_t>(k)] = static_cast<std::uint8_t>(transposed ? n_[i][j] - v : v);
            }
    }

    /// Search nodes of the last `solve` (for benchmarks).
    long nodes() const noexcept { return nodes_; }

private:
    struct levels {
        std::array<std::int8_t, G> q{}, r{};
    };
    std::array<std::array<int, NC>, NR> n_{};
    std::array<int, G> total_{}, qmax_{}, rmax_{}, order_{};
    std::array<std::int8_t, G> q_{}, r_{};
    std::array<bool, G> q_set_{}, r_set_{};
    levels best_levels_;
    bool done_ = false;
    int best_ = -1;
    bool found_ = false, first_ = false, qwirkles_first_ = true;
    long nodes_ = 0;

    static constexpr int size_of(int g) noexcept { return g < NR ? NC : NR; }
    /// Cards of the p-th kind of group g.
    int count(int g, int p) const noexcept { return g < NR ? n_[g][p] : n_[p][g - NR]; }

    void load(const counts& n) {
        for (int i = 0; i < NR; ++i)
            for (int j = 0; j < NC; ++j) n_[i][j] = transposed ? n[static_cast<std::size_t>(j * S + i)] : n[static_cast<std::size_t>(i * S + j)];
    }

    /// A group's demand: 3 per row, the rest of every Qwirkle's cards. With its rows undecided, the
    /// least its Qwirkles need (r = q).
    static int demand(const levels& l, int g) { return M * l.r[g] + (size_of(g) - M) * l.q[g]; }
    int demand_now(int g) const { return M * (r_set_[g] ? r_[g] : q_[g]) + (size_of(g) - M) * q_[g]; }

    /// The most Qwirkles still possible: the assigned ones plus, for the others, what their counts and
    /// their decided partners leave, and for a row and a column both open, never more than the copies of
    /// their shared kind (taken along the pairs of a few fixed matchings, the least kept).
    int bound() const {
        std::array<int, G> eff{};
        int fixed = 0;
        for (int g = 0; g < G; ++g) {
            if (q_set_[g]) {
                fixed += q_[g];
                continue;
            }
            int e = qmax_[g];
            for (int p = 0; p < size_of(g); ++p) {
                const int partner = g < NR ? NR + p : p;
                if (q_set_[partner]) e = std::min(e, count(g, p) - q_[partner]);
            }
            eff[g] = std::max(e, 0);
        }
        int best = 1 << 20;
        for (int shift = 0; shift < NC; ++shift) {
            int sum = 0;
            std::array<bool, NC> used{};
            for (int i = 0; i < NR; ++i) {
                const int j = (i + shift) % NC;
                used[j] = true;
                sum += std::min(eff[i] + eff[NR + j], n_[i][j]);
            }
            for (int j = 0; j < NC; ++j)
                if (!used[j]) sum += eff[NR + j];
            best = std::min(best, sum);
        }
        return fixed + best;
    }

    void dfs_q(int k) {
        ++nodes_;
        if (k == G) {
            done_ = false;
            dfs_r(0);
            return;
        }
        const int g = order_[k];
        for (int step = 0; step <= qmax_[g]; ++step) {
            const int q = qwirkles_first_ ? qmax_[g] - step : step;
            q_[g] = static_cast<std::int8_t>(q);
            q_set_[g] = true;
            if (pairs_ok(g) && feasible() && bound() > best_) dfs_q(k + 1);
            q_[g] = 0;
            q_set_[g] = false;
            if (found_ && first_) return;
        }
    }

    /// Rows of every group, Qwirkles fixed: the first choice that passes is kept.
    void dfs_r(int k) {
        ++nodes_;
        if (k == G) {
            int total = 0;
            for (int g = 0; g < G; ++g) total += q_[g];
            done_ = true;
            if (total > best_) {
                best_ = total;
                found_ = true;
                best_levels_.q = q_;
                best_levels_.r = r_;
            }
            return;
        }
        const int g = order_[k];
        for (int r = rmax_[g]; r >= q_[g]; --r) {
            if (M * r + (size_of(g) - M) * q_[g] > total_[g]) continue;
            r_[g] = static_cast<std::int8_t>(r);
            r_set_[g] = true;
            const bool ok = pairs_ok(g) && feasible();
            if (ok) dfs_r(k + 1);
            r_[g] = static_cast<std::int8_t>(copies);
            r_set_[g] = false;
            if (done_) return;  // one arrangement of these Qwirkles is enough
        }
    }

    /// For every kind of group g with a decided partner: r + r' ≥ n and q + q' ≤ n; and q ≤ n.
    bool pairs_ok(int g) const {
        for (int p = 0; p < size_of(g); ++p) {
            const int partner = g < NR ? NR + p : p;
            const int n = count(g, p);
            if (q_[g] + q_[partner] > n || r_[g] + r_[partner] < n) return false;
        }
        return true;
    }

    /// The cut condition with the current (partly relaxed) levels.
    bool feasible() const {
        std::array<std::array<int, NR>, NC> lo{}, hi{};
        std::array<int, NC> b{}, lo_total{};
        std::array<int, NR> a{};
        for (int j = 0; j < NC; ++j) {
            b[j] = total_[NR + j] - demand_now(NR + j);
            if (b[j] < 0) return false;
        }
        unsigned positive = 0;
        for (int i = 0; i < NR; ++i) {
            a[i] = demand_now(i);
            int slack = a[i];
            for (int j = 0; j < NC; ++j) {
                const int n = n_[i][j];
                lo[j][i] = std::max<int>(q_[i], n - r_[NR + j]);
                hi[j][i] = std::min<int>(r_[i], n - q_[NR + j]);
                if (lo[j][i] > hi[j][i]) return false;
                slack -= lo[j][i];
                lo_total[j] += lo[j][i];
            }
            if (slack > 0) positive |= 1u << i;
        }
        for (int j = 0; j < NC; ++j)
            if (lo_total[j] > b[j]) return false;
        // every non-empty set A of rows with demand above their lower bounds
        for (unsigned A = positive; A; A = (A - 1) & positive) {
            int demand = 0;
            for (unsigned t = A; t; t &= t - 1) demand += a[std::countr_zero(t)];
            int supply = 0;
            for (int j = 0; j < NC && supply < demand; ++j) {
                int lo_in = 0, hi_in = 0;
                for (unsigned t = A; t; t &= t - 1) {
                    const int i = std::countr_zero(t);
                    lo_in += lo[j][i];
                    hi_in += hi[j][i];
                }
                supply += std::min(b[j] - (lo_total[j] - lo_in), hi_in);
            }
            if (demand > supply) return false;
        }
        return true;
    }
};

/// The rows of one group from its counts: as many Qwirkles as the counts allow, then the rest dealt
/// round-robin into max-count rows. Precondition: the counts are partitionable.
template <card_ruleset R>
void deal_group(const card_t<R>* kinds, const std::uint8_t* n, int size, int extra_qwirkles,
                std::vector<basic_row<R>>& rows) {
    constexpr int M = R::min_row;
    int total = 0, mx = 0, mn = 99;
    for (int k = 0; k < size; ++k) total += n[k], mx = std::max<int>(mx, n[k]), mn = std::min<int>(mn, n[k]);
    int q = 0;
    if (mn >= 1) q = size == M ? mn : std::min(mn, (total - M * mx) / (size - M));
    for (int j = 0; j < q + extra_qwirkles; ++j) {
        basic_row<R> r;
        for (int k = 0; k < size; ++k) r.push_back(kinds[k]);
        rows.push_back(r);
    }
    const int r = mx - q;
    if (r <= 0) return;
    const std::size_t first = rows.size();
    rows.resize(first + static_cast<std::size_t>(r));
    int j = 0;
    for (int k = 0; k < size; ++k)
        for (int c = 0; c < n[k] - q; ++c) rows[first + static_cast<std::size_t>(j++ % r)].push_back(kinds[k]);
}

/// The hand-part layer on top of `level_solver`: the distinct parts of a hand, a cache of answers per
/// multiset, and the rows of an arrangement.
template <card_ruleset R>
class card_solver {
public:
    static constexpr int C = R::colours;
    static constexpr int S = R::shapes;
    static constexpr int K = C * S;
    using card_type = card_t<R>;
    using counts = std::array<std::uint8_t, K>;

    counts table{}, hand{};

    void load(const cards_t<R>& t, const cards_t<R>& h) {
        counts nt{};
        for (int i = 0; i < K; ++i) {
            nt[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(t.count(qwirkle::detail::tile_at<card_type>(i)));
            hand[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(h.count(qwirkle::detail::tile_at<card_type>(i)));
        }
        if (nt != table) cache_.clear();  // answers are kept while the table stays the same
        table = nt;
        kinds_.clear();
        for (int i = 0; i < K; ++i)
            if (hand[static_cast<std::size_t>(i)]) kinds_.push_back(i);
    }

    /// The distinct parts of the hand (the empty part included), as mixed-radix digits over the kinds
    /// in the hand; calls f(part counts over those kinds, cards) for each, in index order.
    int part_count() const {
        int n = 1;
        for (int k : kinds_) n *= hand[static_cast<std::size_t>(k)] + 1;
        return n;
    }
    /// The counts (table + part) of part number `index`, and its size.
    int part(int index, counts& all) const {
        all = table;
        int cards = 0;
        for (int k : kinds_) {
            const int base = hand[static_cast<std::size_t>(k)] + 1;
            const int d = index % base;
            index /= base;
            all[static_cast<std::size_t>(k)] = static_cast<std::uint8_t>(all[static_cast<std::size_t>(k)] + d);
            cards += d;
        }
        return cards;
    }
    /// The played cards of part number `index`.
    cards_t<R> played(int index) const {
        cards_t<R> m;
        for (int k : kinds_) {
            const int base = hand[static_cast<std::size_t>(k)] + 1;
            const int d = index % base;
            index /= base;
            if (d) m.add(qwirkle::detail::tile_at<card_type>(k), d);
        }
        return m;
    }

    /// Is the multiset arrangeable? (cached)
    bool arrangeable(const counts& all) { return most_qwirkles(all, 0) >= 0; }

    /// Most Qwirkles of an arrangement of `all` if at least `target`, else -1 (cached: exact values
    /// and "below" answers).
    int most_qwirkles(const counts& all, int target) {
        const key k = key_of(all);
        if (const entry* e = cache_.find(k)) {
            if (e->exact >= 0) return e->exact >= target ? e->exact : -1;
            if (e->exact == -2 || target >= e->below) return -1;  // no arrangement; or fewer than `below`
        }
        const int v = solver_.solve(all, target, false);
        entry& out = cache_.insert(k);
        if (v >= 0) out.exact = v, out.feasible = true;
        else if (target <= 0) out.exact = -2;
        else out.below = std::min(out.below, target);
        return v;
    }

    /// Is the multiset arrangeable (first arrangement found; cached)?
    bool feasible(const counts& all) {
        const key k = key_of(all);
        if (entry* e = cache_.find(k)) {
            if (e->exact >= 0 || e->feasible) return true;
            if (e->exact == -2) return false;
        }
        const bool ok = solver_.solve(all, 0, true) >= 0;
        entry& out = cache_.insert(k);
        if (ok) out.feasible = true;
        else out.exact = -2;
        return ok;
    }

    /// The rows of an arrangement of `all` with `q` Qwirkles (q = its most Qwirkles).
    basic_tableau<R> rows(const counts& all, int q) {
        [[maybe_unused]] const int v = solver_.solve(all, q, true);
        counts x{};
        solver_.split(x);
        basic_tableau<R> t;
        std::array<card_type, (C > S ? C : S)> kinds{};
        std::array<std::uint8_t, (C > S ? C : S)> n{};
        for (int c = 0; c < C; ++c) {
            for (int sh = 0; sh < S; ++sh) kinds[sh] = qwirkle::detail::tile_at<card_type>(c * S + sh), n[sh] = x[c * S + sh];
            deal_group<R>(kinds.data(), n.data(), S, 0, t.rows);
        }
        for (int sh = 0; sh < S; ++sh) {
            for (int c = 0; c < C; ++c) kinds[c] = qwirkle::detail::tile_at<card_type>(c * S + sh), n[c] = static_cast<std::uint8_t>(all[c * S + sh] - x[c * S + sh]);
            deal_group<R>(kinds.data(), n.data(), C, 0, t.rows);
        }
        return t;
    }

    level_solver<R>& solver() noexcept { return solver_; }

private:
    struct key {
        std::uint64_t lo = 0, hi = 0;
        bool operator==(const key&) const = default;
    };
    static key key_of(const counts& n) {
        key k;
        for (int i = 0; i < K; ++i) {
            const std::uint64_t v = n[static_cast<std::size_t>(i)];
            if (i < 32) k.lo |= v << (2 * i);
            else k.hi |= v << (2 * (i - 32));
        }
        return k;
    }
    struct entry {
        int exact = -1;       // most Qwirkles, or -1 unknown, -2 no arrangement
        int below = 1 << 20;  // known: the most Qwirkles is below this
        bool feasible = false;
    };
    /// Open addressing, cleared when the table changes.
    struct cache {
        std::vector<key> keys;
        std::vector<entry> values;
        std::vector<std::int32_t> slots;
        std::size_t mask = 0;
        void clear() {
            keys.clear();
            values.clear();
            slots.assign(1024, -1);
            mask = 1023;
        }
        static std::size_t hash(const key& k) noexcept {
            std::uint64_t h = k.lo * 0x9e3779b97f4a7c15ull ^ (k.hi + 0x632be59bd9b4e019ull) * 0xbf58476d1ce4e5b9ull;
            return static_cast<std::size_t>(h ^ (h >> 31));
        }
        entry* find(const key& k) {
            if (slots.empty()) return nullptr;
            for (std::size_t i = hash(k) & mask;; i = (i + 1) & mask) {
                if (slots[i] < 0) return nullptr;
                if (keys[static_cast<std::size_t>(slots[i])] == k) return &values[static_cast<std::size_t>(slots[i])];
            }
        }
        entry& insert(const key& k) {
            if (entry* e = find(k)) return *e;
            if (slots.empty() || (keys.size() + 1) * 2 > slots.size()) {
                if (keys.size() > 1u << 16) keys.clear(), values.clear();  // bounded memory
                slots.assign(std::max<std::size_t>(1024, slots.size() * 2), -1);
                mask = slots.size() - 1;
                for (std::size_t j = 0; j < keys.size(); ++j) {
                    std::size_t i = hash(keys[j]) & mask;
                    while (slots[i] >= 0) i = (i + 1) & mask;
                    slots[i] = static_cast<std::int32_t>(j);
                }
            }
            std::size_t i = hash(k) & mask;
            while (slots[i] >= 0) i = (i + 1) & mask;
            slots[i] = static_cast<std::int32_t>(keys.size());
            keys.push_back(k);
            values.push_back({});
            return values.back();
        }
    };
    cache cache_;
    std::vector<int> kinds_;
    level_solver<R> solver_;
};

template <card_ruleset R>
card_solver<R>& solver_instance() {
    thread_local card_solver<R> s;
    return s;
}

/// The hand's parts ordered by size, biggest first (stable: index order within a size).
inline void parts_by_size(int parts, const std::vector<int>& sizes, std::vector<int>& out) {
    out.resize(static_cast<std::size_t>(parts));
    std::array<int, 64> count{};
    int top = 0;
    for (int p = 0; p < parts; ++p) ++count[static_cast<std::size_t>(sizes[static_cast<std::size_t>(p)])], top = std::max(top, sizes[static_cast<std::size_t>(p)]);
    std::array<int, 64> start{};
    int acc = 0;
    for (int s = top; s >= 0; --s) start[static_cast<std::size_t>(s)] = acc, acc += count[static_cast<std::size_t>(s)];
    for (int p = 0; p < parts; ++p) out[static_cast<std::size_t>(start[static_cast<std::size_t>(sizes[static_cast<std::size_t>(p)])]++)] = p;
}

}  // namespace detail

/// Is there any legal turn (at least one card played, any rearrangement of the table)?
template <card_ruleset R>
bool can_play(const basic_tableau<R>& table, const cards_t<R>& hand) {
    using set_type = basic_tile_set<card_t<R>>;
    // Quick sufficient tests first: a new row from the hand alone, or one card added to a row.
    const set_type d = hand.distinct();
    for (int c = 0; c < R::colours; ++c)
        if ((d & set_type::of_colour(c)).size() >= R::min_row) return true;
    for (int sh = 0; sh < R::shapes; ++sh)
        if ((d & set_type::of_shape(sh)).size() >= R::min_row) return true;
    for (const auto& r : table.rows) {
        if (!r.valid()) continue;
        const set_type group = r.kind() == row_kind::colour ? set_type::of_colour(r[0].colour()) : set_type::of_shape(r[0].shape());
        if (!((d & group) - r.set()).empty()) return true;
    }
    auto& s = detail::solver_instance<R>();
    s.load(table.contents(), hand);
    typename detail::card_solver<R>::counts all{};
    // smallest parts first: a single card is the likeliest play
    const int parts = s.part_count();
    std::vector<int> sizes(static_cast<std::size_t>(parts)), order;
    for (int p = 0; p < parts; ++p) sizes[static_cast<std::size_t>(p)] = s.part(p, all);
    detail::parts_by_size(parts, sizes, order);
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
        if (s.part(*it, all) == 0) continue;
        if (s.feasible(all)) return true;
    }
    return false;
}

/// Every distinct non-empty sub-multiset of the hand that can be played (with some rearrangement),
/// written to `out` as `cards_t<R>` values; returns the end of the output.
template <card_ruleset R, class Out>
Out playable_subsets(const basic_tableau<R>& table, const cards_t<R>& hand, Out out) {
    auto& s = detail::solver_instance<R>();
    s.load(table.contents(), hand);
    typename detail::card_solver<R>::counts all{};
    const int parts = s.part_count();
    for (int p = 1; p < parts; ++p) {
        s.part(p, all);
        if (s.feasible(all)) *out++ = s.played(p);
    }
    return out;
}

/// How many distinct non-empty sub-multisets of the hand can be played.
template <card_ruleset R>
int count_playable_subsets(const basic_tableau<R>& table, const cards_t<R>& hand) {
    auto& s = detail::solver_instance<R>();
    s.load(table.contents(), hand);
    typename detail::card_solver<R>::counts all{};
    const int parts = s.part_count();
    int n = 0;
    for (int p = 1; p < parts; ++p) {
        s.part(p, all);
        n += s.feasible(all);
    }
    return n;
}

/// A legal arrangement of the table plus the given cards, as a turn playing them (most Qwirkles first),
/// or none when those cards cannot be played. `played` may be empty (then only the table is arranged).
template <card_ruleset R>
std::optional<basic_turn<R>> arrange(const basic_tableau<R>& table, const cards_t<R>& played) {
    auto& s = detail::solver_instance<R>();
    auto all_cards = table.contents();
    s.load(all_cards, cards_t<R>{});
    all_cards += played;
    typename detail::card_solver<R>::counts all{};
    for (int i = 0; i < card_traits<R>::kinds; ++i)
        all[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(all_cards.count(qwirkle::detail::tile_at<card_t<R>>(i)));
    const int q = s.most_qwirkles(all, 0);
    if (q < 0) return std::nullopt;
    return basic_turn<R>{played, s.rows(all, q)};
}

/// A best legal turn: the cards played and the full resulting table (Qwirkles still on it), or none
/// when no card can be played. Rows come grouped by colour, then by shape.
template <card_ruleset R>
std::optional<basic_turn<R>> best_turn(const basic_tableau<R>& table, const cards_t<R>& hand,
                                       objective goal = objective::qwirkles_then_cards) {
    auto& s = detail::solver_instance<R>();
    s.load(table.contents(), hand);
    typename detail::card_solver<R>::counts all{};
    const int parts = s.part_count();
    std::vector<int> sizes(static_cast<std::size_t>(parts)), order;
    for (int p = 0; p < parts; ++p) sizes[static_cast<std::size_t>(p)] = s.part(p, all);
    detail::parts_by_size(parts, sizes, order);
    int best_part = -1, best_q = -1, best_cards = 0;
    for (int p : order) {
        const int cards = sizes[static_cast<std::size_t>(p)];
        if (cards == 0) break;
        if (goal == objective::cards_then_qwirkles && best_part >= 0 && cards < best_cards) break;
        s.part(p, all);
        const int q = s.most_qwirkles(all, best_q + 1);
        if (q > best_q) best_q = q, best_part = p, best_cards = cards;
    }
    if (best_part < 0) return std::nullopt;
    s.part(best_part, all);
    return basic_turn<R>{s.played(best_part), s.rows(all, best_q)};
}

}  // namespace qwirkle::cards
