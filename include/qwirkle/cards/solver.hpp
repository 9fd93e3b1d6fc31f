// SPDX-License-Identifier: MIT
/// @file
/// The exact turn solver: can a hand play at all, which parts of it can be played, and
/// the best turn, each with any rearrangement of the table.
///
/// How it works. Every card of a legal table lies in a row of its colour or a row of its shape, so an
/// arrangement of a multiset of cards is a split of the copies of every kind k = (colour c, shape s)
/// into x_k for the colour group c and y_k = n_k − x_k for the shape group s, plus, for every group, a
/// partition of its cards into rows of 3–6 different cards.
///
/// A group (colour or shape) is described by its level (r, q): r rows, q of them Qwirkles (a row of
/// every kind of the group; G kinds per group). Counts x_k over the group's kinds fit (r, q) exactly
/// when q ≤ x_k ≤ r for every kind and Σ x_k ≥ 3r + (G − 3)q: the q Qwirkles take one of each kind, the
/// rest (at most r − q of a kind, at least 3(r − q) cards) is dealt round-robin into r − q rows of ≥ 3
/// different cards. (With q = 0: a group splits into rows exactly when its size is at least 3 × its
/// largest multiplicity; r = 0 is the empty group.)
///
/// With every group's level fixed, the split is a transportation problem: x_k ∈ [lo_k, hi_k] with
/// lo = max(q_c, n − r_s), hi = min(r_c, n − q_s), colour sums ≥ a_c = 3r_c + (G − 3)q_c, shape sums of
/// x ≤ b_s = N_s − (3r_s + (G − 3)q_s). By max-flow/min-cut (Gale's supply–demand theorem) it is
/// feasible exactly when lo ≤ hi and, for every set A of colours,
/// @code{.unparsed}
///     Σ_{c∈A} a_c ≤ Σ_s min(b_s − Σ_{c∉A} lo_cs, Σ_{c∈A} hi_cs),
/// @endcode
/// and only colours whose demand exceeds their lower bounds need be taken into A. Unassigned groups are
/// relaxed (demand 0, widest bounds), so the same test prunes partial levels.
///
/// The search assigns a level to the 12 groups depth first (Qwirkles first), bounded by the Qwirkles
/// still possible, and checks the cut condition at every node. Its size depends only on the 12 groups'
/// levels (10 each), not on how many cards lie on the table. The hand enters as copies that may be
/// placed: once the levels are fixed, playing more never hurts, so one search answers `best_turn` and
/// `can_play` for every part of the hand at once; `playable_subsets` tests the distinct parts (at most
/// 2^9 = 512) smallest first, each playable part marking the bigger ones its levels also place.
/// Answers are cached per multiset, so the perft tool's three questions on one position share work.
///
/// Cost per node: the cut condition holds a row of the kinds matrix in eight 16-bit lanes (one SIMD
/// register with GCC and Clang's vector extension, plain loops elsewhere) and visits the 2^cnt sets A
/// in Gray-code order, one row added or removed per set; the propagation after a node whose parent
/// settled looks only at what the one changed group can affect.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "legality.hpp"

#if (defined(__GNUC__) || defined(__clang__)) && defined(__SSE2__) && !defined(QWIRKLE_CARDS_PORTABLE_LANES)
#include <emmintrin.h>
#define QWIRKLE_CARDS_SSE2 1
#endif

namespace qwirkle::cards {

/// What `best_turn` maximises, in order.
enum class objective : std::uint8_t {
    qwirkles_then_cards,  ///< most Qwirkles, then most cards played
    cards_then_qwirkles,  ///< most cards played, then most Qwirkles
};

namespace detail {

/// Eight 16-bit integers operated on lane by lane: the portable version (plain loops).
struct lanes8_portable {
    std::array<std::int16_t, 8> v{};
    static lanes8_portable all(int x) noexcept {
        lanes8_portable r;
        r.v.fill(static_cast<std::int16_t>(x));
        return r;
    }
    /// The first N lanes from N bytes, the others 0.
    template <int N>
    static lanes8_portable bytes(const std::int8_t* p) noexcept {
        static_assert(N <= 8);
        lanes8_portable r;
        for (std::size_t j = 0; j < N; ++j) r.v[j] = p[j];
        return r;
    }
    std::int16_t operator[](int j) const noexcept { return v[static_cast<std::size_t>(j)]; }
    void set(int j, int x) noexcept { v[static_cast<std::size_t>(j)] = static_cast<std::int16_t>(x); }
    /// The same lanes with lane j set to x.
    lanes8_portable with_lane(int j, int x) const noexcept {
        lanes8_portable r = *this;
        r.set(j, x);
        return r;
    }
    template <class F>
    static lanes8_portable map(const lanes8_portable& a, const lanes8_portable& b, F f) noexcept {
        lanes8_portable r;
        for (std::size_t j = 0; j < 8; ++j) r.v[j] = static_cast<std::int16_t>(f(a.v[j], b.v[j]));
        return r;
    }
    friend lanes8_portable operator+(const lanes8_portable& a, const lanes8_portable& b) noexcept { return map(a, b, [](int x, int y) { return x + y; }); }
    friend lanes8_portable operator-(const lanes8_portable& a, const lanes8_portable& b) noexcept { return map(a, b, [](int x, int y) { return x - y; }); }
    friend lanes8_portable operator&(const lanes8_portable& a, const lanes8_portable& b) noexcept { return map(a, b, [](int x, int y) { return x & y; }); }
    friend lanes8_portable operator^(const lanes8_portable& a, const lanes8_portable& b) noexcept { return map(a, b, [](int x, int y) { return x ^ y; }); }
    /// -1 in the lanes where a > b, 0 elsewhere.
    friend lanes8_portable greater(const lanes8_portable& a, const lanes8_portable& b) noexcept { return map(a, b, [](int x, int y) { return x > y ? -1 : 0; }); }
    friend lanes8_portable operator*(const lanes8_portable& a, const lanes8_portable& b) noexcept { return map(a, b, [](int x, int y) { return x * y; }); }
    friend lanes8_portable min(const lanes8_portable& a, const lanes8_portable& b) noexcept { return map(a, b, [](int x, int y) { return std::min(x, y); }); }
    friend lanes8_portable max(const lanes8_portable& a, const lanes8_portable& b) noexcept { return map(a, b, [](int x, int y) { return std::max(x, y); }); }
    /// Is a > b in some lane?
    friend bool any_greater(const lanes8_portable& a, const lanes8_portable& b) noexcept {
        bool r = false;
        for (std::size_t j = 0; j < 8; ++j) r = r || a.v[j] > b.v[j];
        return r;
    }
    friend int sum(const lanes8_portable& a) noexcept {
        int r = 0;
        for (std::size_t j = 0; j < 8; ++j) r += a.v[j];
        return r;
    }
    /// `sum` when every lane is ≥ 0 and the total < 2^16.
    friend int sum_small(const lanes8_portable& a) noexcept { return sum(a); }
};

#if (defined(__GNUC__) || defined(__clang__)) && !defined(QWIRKLE_CARDS_PORTABLE_LANES)
/// The same with the compiler's vector extension (GCC, Clang): one SIMD register (SSE2, NEON, ...).
struct lanes8_vector {
    typedef std::int16_t raw __attribute__((vector_size(16)));
    raw v{};
    static lanes8_vector all(int x) noexcept {
        const auto y = static_cast<std::int16_t>(x);
        return {raw{y, y, y, y, y, y, y, y}};
    }
    /// The first N lanes from N bytes, which are not negative; the others 0.
    template <int N>
    static lanes8_vector bytes(const std::int8_t* p) noexcept {
        static_assert(N <= 8);
        std::uint64_t w = 0;
        std::memcpy(&w, p, N);
#ifdef QWIRKLE_CARDS_SSE2
        return {reinterpret_cast<raw>(_mm_unpacklo_epi8(_mm_cvtsi64_si128(static_cast<long long>(w)), _mm_setzero_si128()))};
#else
        raw r{};
        for (int j = 0; j < N; ++j) r[j] = static_cast<std::int16_t>(w >> (8 * j) & 0x7f);
        return {r};
#endif
    }
    std::int16_t operator[](int j) const noexcept { return v[j]; }
    void set(int j, int x) noexcept { v[j] = static_cast<std::int16_t>(x); }
    /// The same lanes with lane j set to x, as one whole-register blend (a store of one lane read
    /// back soon as a whole register stalls: the store cannot be forwarded).
    lanes8_vector with_lane(int j, int x) const noexcept {
        const auto y = static_cast<std::int16_t>(x);
        const raw lane = raw{0, 1, 2, 3, 4, 5, 6, 7} == static_cast<std::int16_t>(j);
        return {v ^ ((v ^ raw{y, y, y, y, y, y, y, y}) & lane)};
    }
    friend lanes8_vector operator+(const lanes8_vector& a, const lanes8_vector& b) noexcept { return {a.v + b.v}; }
    friend lanes8_vector operator-(const lanes8_vector& a, const lanes8_vector& b) noexcept { return {a.v - b.v}; }
    friend lanes8_vector operator&(const lanes8_vector& a, const lanes8_vector& b) noexcept { return {a.v & b.v}; }
    friend lanes8_vector operator^(const lanes8_vector& a, const lanes8_vector& b) noexcept { return {a.v ^ b.v}; }
    /// -1 in the lanes where a > b, 0 elsewhere.
    friend lanes8_vector greater(const lanes8_vector& a, const lanes8_vector& b) noexcept { return {static_cast<raw>(a.v > b.v)}; }
    friend lanes8_vector operator*(const lanes8_vector& a, const lanes8_vector& b) noexcept { return {a.v * b.v}; }
#ifdef QWIRKLE_CARDS_SSE2
    // x86: one instruction each (GCC does not find pminsw in the generic form below)
    friend lanes8_vector min(const lanes8_vector& a, const lanes8_vector& b) noexcept { return {reinterpret_cast<raw>(_mm_min_epi16(reinterpret_cast<__m128i>(a.v), reinterpret_cast<__m128i>(b.v)))}; }
    friend lanes8_vector max(const lanes8_vector& a, const lanes8_vector& b) noexcept { return {reinterpret_cast<raw>(_mm_max_epi16(reinterpret_cast<__m128i>(a.v), reinterpret_cast<__m128i>(b.v)))}; }
    friend bool any_greater(const lanes8_vector& a, const lanes8_vector& b) noexcept {
        return _mm_movemask_epi8(_mm_cmpgt_epi16(reinterpret_cast<__m128i>(a.v), reinterpret_cast<__m128i>(b.v))) != 0;
    }
#else
    // a < b gives -1 (all bits) or 0 per lane: the min keeps b and swaps in a where a is smaller
    friend lanes8_vector min(const lanes8_vector& a, const lanes8_vector& b) noexcept { return {b.v ^ ((a.v ^ b.v) & static_cast<raw>(a.v < b.v))}; }
    friend lanes8_vector max(const lanes8_vector& a, const lanes8_vector& b) noexcept { return {b.v ^ ((a.v ^ b.v) & static_cast<raw>(a.v > b.v))}; }
    friend bool any_greater(const lanes8_vector& a, const lanes8_vector& b) noexcept {
        const raw g = static_cast<raw>(a.v > b.v);
        std::uint64_t w[2];
        std::memcpy(w, &g, sizeof w);
        return (w[0] | w[1]) != 0;
    }
#endif
    friend int sum(const lanes8_vector& a) noexcept {
        return a.v[0] + a.v[1] + a.v[2] + a.v[3] + a.v[4] + a.v[5] + a.v[6] + a.v[7];
    }
    /// `sum` when every lane is ≥ 0 and the total < 2^16: the two halves added as 64-bit words (no
    /// carry crosses a lane), then the four lanes summed into the top one by one multiplication.
    friend int sum_small(const lanes8_vector& a) noexcept {
        std::uint64_t w[2];
        std::memcpy(w, &a.v, sizeof w);
        return static_cast<int>(((w[0] + w[1]) * 0x0001000100010001ull) >> 48);
    }
};
using lanes8 = lanes8_vector;
#else
using lanes8 = lanes8_portable;
#endif

/// -1 in the first n lanes (at most 8), 0 in the others: the mask that keeps a row of n columns'
/// padding at zero.
inline lanes8 first_lanes(int n) noexcept {
    lanes8 m;
    for (int j = 0; j < n && j < 8; ++j) m.set(j, -1);
    return m;
}

/// The level search on one position: per kind, t copies that must be placed (the table, or the table
/// and a part of the hand being tested) and up to h more that may be (the hand).
///
/// With the levels fixed, playing more of the hand never hurts: a solution placing n ≤ m copies of a
/// kind extends to m = min(t + h, r_c + r_s) (the new copies fill the colour group's rows up to r_c,
/// then the shape group's), and groups only ask for at least so many cards. So the levels decide the
/// cards played (m − t per kind), and one search covers every part of the hand at once.
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

    /// What to look for: the value of an arrangement is wq · Qwirkles + wc · cards played.
    struct goal {
        int wq = 0, wc = 0;
        bool require_play = false;  ///< at least one card of `h` played
        int target = 0;             ///< only arrangements worth at least this
        bool first = false;         ///< stop at the first one reaching the target
    };

    /// The best value reaching the goal's target, or -1 when there is none. The levels found are kept
    /// for `split`.
    int solve(const counts& t, const counts& h, const goal& gl) {
        load(t, h);
        goal_ = gl;
        weighted_ = gl.wq == 0 && gl.wc == 0 && gl.first;
        best_ = gl.target - 1;
        found_ = false;
        nodes_ = 0;
        for (int g = 0; g < G; ++g) {
            int total = 0, mn = copies;
            for (int p = 0; p < size_of(g); ++p) total += cap(g, p), mn = std::min(mn, cap(g, p));
            // q Qwirkles need q of every kind and q·size cards; r rows need 3r cards
            qmax_[g] = gl.wq > 0 ? std::min(mn, total / size_of(g)) : 0;
            rmax_[g] = std::min(copies, total / M);
            q_[g] = 0;
            r_[g] = static_cast<std::int8_t>(rmax_[g]);  // open: the widest its cards allow
            rlo_[g] = 0;
            q_set_[g] = r_set_[g] = false;
        }
        // phase 1 decides the Qwirkles, groups with the fewest choices first; phase 2 the rows
        qgroups_ = 0;
        for (int g = 0; g < G; ++g)
            if (qmax_[g] > 0) order_[qgroups_++] = g;
            else q_set_[g] = true;  // no Qwirkle possible: decided
        std::stable_sort(order_.begin(), order_.begin() + qgroups_, [&](int a, int b) { return qmax_[a] < qmax_[b]; });
        if (!propagate(-1) || !feasible() || !above_best()) return -1;
        const int root_bound = last_bound_;
        if (gl.wq == 0) {
            // Qwirkles play no part: first the levels that worked lately, then the rows
            if (!any_hand_)
                for (const levels& w : recent_)
                    if (try_levels(w)) return best_;
            for (int g = 0; g < G; ++g) q_set_[g] = true;
            done_ = false;
            dfs_r(0, root_bound);
            if (found_ && !any_hand_) remember(best_levels_);
            return found_ ? best_ : -1;
        }
        dfs_q(0, root_bound);
        return found_ ? best_ : -1;
    }

    /// After a successful `solve`: per kind, the copies placed in colour groups (x) and the copies
    /// played from h; the rest of the placed copies goes to the shape groups.
    void split(counts& x, counts& played) const {
        std::array<std::array<int, NC>, NR> lo{}, capx{}, f{}, n{};
        std::array<int, NR> need{};
        std::array<int, NC> room{};
        for (int i = 0; i < NR; ++i)
            for (int j = 0; j < NC; ++j)
                n[i][j] = std::min<int>(t_[i][j] + h_[i][j], best_levels_.r[i] + best_levels_.r[NR + j]);
        for (int j = 0; j < NC; ++j) {
            room[j] = -demand(best_levels_, NR + j);
            for (int i = 0; i < NR; ++i) room[j] += n[i][j];
        }
        for (int i = 0; i < NR; ++i) {
            need[i] = demand(best_levels_, i);
            for (int j = 0; j < NC; ++j) {
                lo[i][j] = std::max<int>(best_levels_.q[i], n[i][j] - best_levels_.r[NR + j]);
                capx[i][j] = std::min<int>(best_levels_.r[i], n[i][j] - best_levels_.q[NR + j]) - lo[i][j];
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
                    if (seen_col[j] || capx[i][j] - f[i][j] <= 0) continue;
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
                const auto k = static_cast<std::size_t>(transposed ? j * S + i : i * S + j);
                x[k] = static_cast<std::uint8_t>(transposed ? n[i][j] - v : v);
                played[k] = static_cast<std::uint8_t>(n[i][j] - t_[i][j]);
            }
    }

    /// After a successful `solve`: per kind, the most copies its levels can place, capped by `cap`
    /// (with those levels, any count between what was placed and this is placeable too).
    void placeable(const counts& cap, counts& out) const {
        for (int i = 0; i < NR; ++i)
            for (int j = 0; j < NC; ++j) {
                const auto k = static_cast<std::size_t>(transposed ? j * S + i : i * S + j);
                out[k] = static_cast<std::uint8_t>(std::min<int>(cap[k], best_levels_.r[i] + best_levels_.r[NR + j]));
            }
    }

    /// The Qwirkles and cards of the arrangement found.
    int qwirkles() const noexcept { return best_q_; }
    int cards() const noexcept { return best_cards_; }
    /// Search nodes of the last `solve` (for benchmarks).
    long nodes() const noexcept { return nodes_; }

    /// For the tests: the plain-loop cut condition instead of the 8-lane one, and every group tested
    /// in every propagation round. The search and its answers must come out the same.
    bool plain_checks = false;

    /// Per group, how often setting its rows failed at once, or it was one of the rows the cut
    /// condition enumerated when it failed, in yes-or-no questions (branching weights; the caller
    /// clears them, e.g. per hand).
    std::array<int, G> fails{};

private:
    struct levels {
        std::array<std::int8_t, G> q{}, r{};
    };
    std::array<std::array<std::uint8_t, NC>, NR> t_{}, h_{}, cap_{};
    // for feasible_lanes (at most 8 columns): -1 in the columns' lanes, 0 in the padding; cap_ in lanes
    static constexpr int NCP = NC < 8 ? 8 : NC;
    lanes8 mask_ = first_lanes(NC);
    std::array<lanes8, NR> capp_{};
    std::array<std::array<std::int16_t, NCP>, NR> mm_{};  // m_at of every kind, as of the last `feasible`
    int mm_total_ = 0;                                    // their sum
    int t_total_ = 0;                                     // the copies that must be placed
    std::array<int, G> qmax_{}, rmax_{}, order_{};
    int qgroups_ = 0;  // groups that can hold a Qwirkle (phase 1 decides those)
    std::array<std::int8_t, G> q_{}, r_{}, rlo_{};  // Qwirkles; rows at most r_, at least rlo_
    std::array<bool, G> q_set_{}, r_set_{};
    levels best_levels_;
    std::array<levels, 4> recent_{};  // levels of the last arrangements found (feasibility mode)
    std::size_t recent_next_ = 0;
    goal goal_;
    int best_ = -1, best_q_ = 0, best_cards_ = 0;
    bool found_ = false, done_ = false, any_hand_ = false;
    bool settled_ = false;  // the last propagate ended with no group's most rows falling
    int last_bound_ = 0;    // the bound computed by the last above_best
    bool weighted_ = false;  // a yes-or-no question: branch by `fails`
    bool found_before_ = false;  // best_levels_ holds an arrangement (of some earlier question)
    long nodes_ = 0;

    static constexpr int size_of(int g) noexcept { return g < NR ? NC : NR; }
    static constexpr int partner(int g, int p) noexcept { return g < NR ? NR + p : p; }
    int t_of(int g, int p) const noexcept { return g < NR ? t_[g][p] : t_[p][g - NR]; }
    /// Most copies of the p-th kind of group g there can be.
    int cap(int g, int p) const noexcept { return g < NR ? cap_[g][p] : cap_[p][g - NR]; }
    /// Copies of the p-th kind of group g placed with the current most rows.
    int m(int g, int p) const noexcept { return std::min(cap(g, p), r_[g] + r_[partner(g, p)]); }
    /// The same for row i, column j.
    int m_at(int i, int j) const noexcept { return std::min<int>(cap_[i][j], r_[i] + r_[NR + j]); }

    void load(const counts& t, const counts& h) {
        any_hand_ = false;
        t_total_ = 0;
        for (int i = 0; i < NR; ++i)
            for (int j = 0; j < NC; ++j) {
                const auto k = static_cast<std::size_t>(transposed ? j * S + i : i * S + j);
                t_[i][j] = t[k];
                h_[i][j] = h[k];
                cap_[i][j] = static_cast<std::uint8_t>(t[k] + h[k]);
                t_total_ += t[k];
                any_hand_ = any_hand_ || h[k];
            }
        if constexpr (NC <= 8)
            for (int i = 0; i < NR; ++i) capp_[i] = lanes8::bytes<NC>(reinterpret_cast<const std::int8_t*>(cap_[i].data()));  // ≤ 2·copies
    }

    void remember(const levels& l) {
        for (const levels& w : recent_)
            if (w.q == l.q && w.r == l.r) return;
        recent_[recent_next_] = l;
        recent_next_ = (recent_next_ + 1) % recent_.size();
    }
    /// Are these levels an arrangement of the current counts (no hand)?
    bool try_levels(const levels& w) {
        for (int g = 0; g < G; ++g)
            if (w.r[g] > r_[g] || w.r[g] < rlo_[g] || w.q[g] > qmax_[g]) return false;
        const auto r_saved = r_, rlo_saved = rlo_;
        for (int g = 0; g < G; ++g) q_[g] = w.q[g], r_[g] = rlo_[g] = w.r[g];
        bool ok = true;
        for (int g = 0; g < G && ok; ++g) ok = pairs_ok(g);
        ok = ok && feasible() && value_now() > best_;
        if (ok) record();
        for (int g = 0; g < G; ++g) q_[g] = 0;
        r_ = r_saved, rlo_ = rlo_saved;
        return ok;
    }

    /// A group's demand: 3 per row, the rest of every Qwirkle's cards.
    static int demand(const levels& l, int g) { return M * l.r[g] + (size_of(g) - M) * l.q[g]; }
    int demand_now(int g) const { return M * std::max<int>(rlo_[g], q_[g]) + (size_of(g) - M) * q_[g]; }

    int cards_now() const {
        int c = 0;
        for (int i = 0; i < NR; ++i)
            for (int j = 0; j < NC; ++j) c += m_at(i, j) - t_[i][j];
        return c;
    }
    int value_now() const {
        int q = 0;
        for (int g = 0; g < G; ++g) q += q_[g];
        const int c = cards_now();
        if (goal_.require_play && c == 0) return -1;
        return goal_.wq * q + goal_.wc * c;
    }
    void record() {
        found_ = true;
        found_before_ = true;
        done_ = true;
        best_ = value_now();
        best_levels_.q = q_;
        best_levels_.r = r_;
        best_q_ = 0;
        for (int g = 0; g < G; ++g) best_q_ += q_[g];
        best_cards_ = cards_now();
    }

    /// Narrows the open groups' row counts [rlo, r]: the table's copies of a kind need r + r' ≥ t,
    /// and a group cannot have more rows than its cards fill. False when some group has no count left.
    ///
    /// `changed` is the one group whose level the caller has just set (-1: none known). When the
    /// previous call ended settled (its last round changed no group's most rows), the groups on
    /// `changed`'s side other than itself see nothing new in the first round — their row-fit test
    /// reads only the other side's rows and Qwirkles, and their lower bounds only the other side's
    /// rows — so they are skipped there; the other side is skipped too while none of this side's
    /// rows fell. The result is the same as testing every group every round. Moreover, when only the
    /// changed group's rows fell (`levels_only`: its Qwirkles stayed), a group on the other side
    /// whose shared kind k had cap_k ≤ r + r' (the changed group's new rows) already sees the same
    /// min(cap_k, r + r') as before, so its row-fit test, which passed, passes again: skipped.
    bool propagate(int changed_group, bool levels_only = false) {
        // (q + q' ≤ the copies of every kind holds here: the callers check the pairs of the group
        // whose Qwirkles they set, and the Qwirkles change nowhere else.)
        const bool known = settled_ && changed_group >= 0 && !plain_checks;
        const int only = known && levels_only ? changed_group : -1;  // round 0: the one group changed
        settled_ = false;
        for (int round = 0; round < 4; ++round) {
            const bool all = round > 0 || !known;
            // raising the lower bounds changes nothing the next round reads unless a group's most rows
            // fall too (the rows-fit loop below stops at the same place, the lower bounds come out the
            // same): only those count as a change
            bool changed = false;
            if (!all) {
                // settled before: every lower bound already covers the old rows; only the terms of
                // the changed group's rows are new
                const int g = changed_group;
                if (g < NR) {
                    for (int j = 0; j < NC; ++j) rlo_[NR + j] = static_cast<std::int8_t>(std::max<int>(rlo_[NR + j], t_[g][j] - r_[g]));
                } else {
                    for (int i = 0; i < NR; ++i) rlo_[i] = static_cast<std::int8_t>(std::max<int>(rlo_[i], t_[i][g - NR] - r_[g]));
                }
            } else {
                for (int i = 0; i < NR; ++i) {
                    int lo = rlo_[i];
                    for (int j = 0; j < NC; ++j) lo = std::max(lo, t_[i][j] - r_[NR + j]);
                    rlo_[i] = static_cast<std::int8_t>(lo);
                }
                for (int j = 0; j < NC; ++j) {
                    int lo = rlo_[NR + j];
                    for (int i = 0; i < NR; ++i) lo = std::max(lo, t_[i][j] - r_[i]);
                    rlo_[NR + j] = static_cast<std::int8_t>(lo);
                }
            }
            // the rows first, then the columns (a row's change is seen by the columns the same round)
            const bool rows_all = all || changed_group >= NR;
            for (int i = 0; i < NR; ++i) {
                if (!rows_all && i != changed_group) continue;
                const auto fits = [&](int r) {
                    int sum = 0;
                    for (int j = 0; j < NC; ++j) sum += std::min(r, std::min<int>(cap_[i][j], r + r_[NR + j]) - q_[NR + j]);
                    return M * r + (NC - M) * q_[i] <= sum;
                };
                const bool same = round == 0 && only >= NR && cap_[i][only - NR] <= r_[i] + r_[only];
                if (!same)
                    while (r_[i] > rlo_[i] && r_[i] > q_[i] && !fits(r_[i])) --r_[i], changed = true;
                if (r_[i] < rlo_[i] || r_[i] < q_[i]) return false;
            }
            const bool cols_all = all || changed_group < NR || changed;
            for (int j = 0; j < NC; ++j) {
                const int g = NR + j;
                if (!cols_all && g != changed_group) continue;
                const auto fits = [&](int r) {
                    int sum = 0;
                    for (int i = 0; i < NR; ++i) sum += std::min(r, std::min<int>(cap_[i][j], r + r_[i]) - q_[i]);
                    return M * r + (NR - M) * q_[g] <= sum;
                };
                const bool same = round == 0 && only >= 0 && only < NR && cap_[only][j] <= r_[g] + r_[only];
                if (!same)
                    while (r_[g] > rlo_[g] && r_[g] > q_[g] && !fits(r_[g])) --r_[g], changed = true;
                if (r_[g] < rlo_[g] || r_[g] < q_[g]) return false;
            }
            if (!changed) {
                settled_ = true;
                break;
            }
        }
        return true;
    }

    /// bound() > best_. A pure feasibility question (no weights, no card required) has bound 0, so
    /// its answer is known without computing it.
    /// Keeps the bound in last_bound_: the children of the node it admits pass it down, and stop
    /// trying siblings once an arrangement reaches it (none of them can do better).
    bool above_best() {
        last_bound_ = goal_.wq == 0 && goal_.wc == 0 && !goal_.require_play ? 0 : bound();
        return last_bound_ > best_;
    }
    /// Nothing left to look for below a node whose bound is nb.
    bool finished(int nb) const noexcept { return found_ && (goal_.first || best_ >= nb); }

    /// (Reads mm_: called right after a successful `feasible` with the same levels.)
    /// The most value still possible: the Qwirkles assigned plus, for the open groups, what their
    /// counts and their decided partners leave, a row and a column both open never getting more
    /// than the copies of their shared kind (along a few fixed matchings, the least kept); and the
    /// cards the current most rows can place.
    int bound() const {
        int qb = 0;
        if (goal_.wq > 0) {
            std::array<int, G> eff{};
            int open = 0;
            for (int g = 0; g < G; ++g) {
                if (q_set_[g]) {
                    qb += q_[g];
                    continue;
                }
                ++open;
                int e = qmax_[g];
                for (int p = 0; p < size_of(g); ++p) {
                    const int o = partner(g, p);
                    const int mp = g < NR ? mm_[g][p] : mm_[p][g - NR];
                    e = std::min(e, q_set_[o] ? mp - q_[o] : mp);
                }
                eff[g] = std::max(e, 0);
            }
            int best = open == 0 ? 0 : 1 << 20;  // every Qwirkle decided: the matchings add 0
            for (int shift = 0; shift < NC && open > 0; ++shift) {
                int sum = 0;
                std::array<bool, NC> used{};
                int j = shift;
                for (int i = 0; i < NR; ++i, j = j + 1 == NC ? 0 : j + 1) {  // j = (i + shift) mod NC
                    used[j] = true;
                    sum += q_set_[i] || q_set_[NR + j] ? eff[i] + eff[NR + j] : std::min(eff[i] + eff[NR + j], static_cast<int>(mm_[i][j]));
                }
                if constexpr (NR < NC)
                    for (int jj = 0; jj < NC; ++jj)
                        if (!used[jj]) sum += eff[NR + jj];
                best = std::min(best, sum);
            }
            qb += best;
        }
        const int c = mm_total_ - t_total_;
        if (goal_.require_play && c == 0) return -1;
        return goal_.wq * qb + goal_.wc * c;
    }

    /// nb: this node's bound (the most value below it).
    void dfs_q(int k, int nb) {
        ++nodes_;
        if (k == qgroups_) {
            dfs_r(0, nb);
            return;
        }
        const int g = order_[k];
        for (int step = 0; step <= qmax_[g]; ++step) {
            const int q = qmax_[g] - step;  // Qwirkles first
            const auto r_saved = r_, rlo_saved = rlo_;
            const bool settled_saved = settled_;
            q_[g] = static_cast<std::int8_t>(q);
            q_set_[g] = true;
            if (pairs_ok(g) && propagate(g) && feasible() && above_best()) dfs_q(k + 1, last_bound_);
            q_[g] = 0;
            q_set_[g] = false;
            r_ = r_saved, rlo_ = rlo_saved, settled_ = settled_saved;
            if (finished(nb)) return;
        }
    }

    /// Rows of every group, Qwirkles fixed. The open group with the fewest row counts left goes next,
    /// most rows first (they place the most cards). A yes-or-no question (no weights, first
    /// arrangement) picks instead the open group with the most failures per row count left (`fails`,
    /// "dom/wdeg"): the parts of a hand fail for a few shared reasons, and the groups that refuted the
    /// earlier parts refute the next ones soonest; and it tries each group's rows of the last
    /// arrangement found first. The answer is the same either way; only questions
    /// whose answer is a yes or a no use the weights, so no arrangement returned depends on them.
    void dfs_r(int k, int nb) {
        ++nodes_;
        // groups left with one row count are decided as they are (nothing changes, nothing to check)
        std::array<std::int8_t, G> forced{};
        int nforced = 0, g = -1;
        for (int h = 0; h < G; ++h) {
            if (r_set_[h]) continue;
            if (r_[h] == rlo_[h] && r_[h] >= q_[h]) {
                r_set_[h] = true;
                forced[nforced++] = static_cast<std::int8_t>(h);
            } else if (g < 0 || (weighted_ ? (fails[h] + 1) * (r_[g] - rlo_[g] + 1) > (fails[g] + 1) * (r_[h] - rlo_[h] + 1)
                                           : r_[h] - rlo_[h] < r_[g] - rlo_[g])) {
                g = h;
            }
        }
        if (g < 0) {
            if (value_now() > best_) record();
        } else {
            branch_r(k + nforced, g, nb);
        }
        for (int f = 0; f < nforced; ++f) r_set_[forced[f]] = false;
    }

    void branch_r(int k, int g, int nb) {
        const int top = r_[g], bottom = std::max<int>(rlo_[g], q_[g]);
        // A yes-or-no question tries first the rows the group had in the last arrangement found
        // ("phase saving": the parts of a hand are mostly played with much the same levels). A
        // question of most value tries the second most rows first: with the most, the group's
        // demand usually fails the cut condition (two times in three on self-play positions),
        // and one fewer usually reaches the bound.
        const int hint = weighted_ ? (found_before_ ? best_levels_.r[g] : -1) : top - 1;
        const bool hinted = hint >= bottom && hint <= top;
        for (int step = hinted ? -1 : 0; top - step >= bottom; ++step) {
            const int r = step < 0 ? hint : top - step;
            if (step >= 0 && hinted && r == hint) continue;  // tried first
            const auto r_saved = r_, rlo_saved = rlo_;
            const bool settled_saved = settled_;
            r_[g] = rlo_[g] = static_cast<std::int8_t>(r);
            r_set_[g] = true;
            if (pairs_ok(g) && propagate(g, true) && feasible() && above_best()) dfs_r(k + 1, last_bound_);
            else if (weighted_) bump(g);
            r_ = r_saved, rlo_ = rlo_saved, settled_ = settled_saved;
            r_set_[g] = false;
            if (finished(nb)) return;
        }
    }

    /// One more failure for group g (the weights stay bounded, their ratios kept).
    void bump(int g) noexcept {
        if (++fails[g] > (1 << 20))
            for (int& f : fails) f >>= 1;
    }

    /// For every kind of group g: r + r' ≥ t and q + q' ≤ the copies there can be.
    bool pairs_ok(int g) const {
        for (int p = 0; p < size_of(g); ++p) {
            const int o = partner(g, p);
            if (q_[g] + q_[o] > m(g, p) || r_[g] + r_[o] < t_of(g, p)) return false;
        }
        return true;
    }

    /// The cut condition with the current (partly relaxed) levels, every kind at its most copies.
    /// Keeps those most copies in mm_ for `bound` (always called right after it, same levels).
    bool feasible() {
        if constexpr (NC <= 8) return plain_checks ? feasible_wide() : feasible_lanes();
        else return feasible_wide();
    }

    /// `feasible` with a row of the matrix in the eight 16-bit lanes of one register (the columns,
    /// padded with zeros), and the 2^cnt sets A of the cut condition visited in Gray-code order: each
    /// set is the previous one with one row added or taken out, so its sums over A are one lane-wise
    /// add or subtract of that row's lower and upper bounds away, and its supply one lane-wise min
    /// and a sum.
    bool feasible_lanes() {
        // the columns' levels from their bytes; b starts at minus their demand (demand_now)
        const lanes8 rc = lanes8::bytes<NC>(&r_[NR]), qc = lanes8::bytes<NC>(&q_[NR]);
        lanes8 b = lanes8{} - (max(lanes8::bytes<NC>(&rlo_[NR]), qc) * lanes8::all(M) + qc * lanes8::all(NR - M)), lo_total;
        std::array<lanes8, NR> lo, hi;
        lanes8 m_total;
        std::array<int, NR> a{};
        unsigned positive = 0;
        bool bad = false;
        for (int i = 0; i < NR; ++i) {
            const lanes8 ri = lanes8::all(r_[i]);
            const lanes8 m = min(capp_[i], ri + rc);
            std::memcpy(mm_[i].data(), &m, sizeof m);
            b = b + m;
            m_total = m_total + m;
            lo[i] = max(lanes8::all(q_[i]), m - rc) & mask_;
            hi[i] = min(ri, m - qc) & mask_;
            bad = bad || any_greater(lo[i], hi[i]);
            lo_total = lo_total + lo[i];
            a[i] = demand_now(i);
            if (a[i] > 0 && a[i] > sum_small(lo[i])) positive |= 1u << i;  // 0 ≤ lo ≤ copies
        }
        mm_total_ = sum_small(m_total);  // 0 ≤ m ≤ copies
        if (bad || any_greater(lo_total, b)) return false;  // (lo_total ≥ 0: also b ≥ 0)
        const lanes8 base = b - lo_total;  // ≥ 0
        // every non-empty set A of rows with demand above their lower bounds
        int idx[NR];
        int cnt = 0;
        for (int i = 0; i < NR; ++i)
            if (positive >> i & 1u) idx[cnt++] = i;
        if (cnt == 0) return true;
        lanes8 los, his;
        int dem = 0;
        unsigned A = 0;
        for (unsigned step = 1; step < (1u << cnt); ++step) {
            const int k = std::countr_zero(step);
            A ^= 1u << k;
            const int i = idx[k];
            if (A >> k & 1u) {
                dem += a[i];
                los = los + lo[i];
                his = his + hi[i];
            } else {
                dem -= a[i];
                los = los - lo[i];
                his = his - hi[i];
            }
            if (dem > sum_small(min(base + los, his))) {  // lanes in [0, copies · rows]
                if (weighted_)  // the rows that could make a set fail weigh more as branching groups
                    for (int t = 0; t < cnt; ++t) bump(idx[t]);
                return false;
            }
        }
        return true;
    }

    /// `feasible` for more than eight columns: plain loops, the sets' sums built subset by subset.
    bool feasible_wide() {
        std::array<std::array<int, NR>, NC> lo{}, hi{};
        std::array<int, NC> b{}, lo_total{};
        std::array<int, NR> a{};
        for (int j = 0; j < NC; ++j) b[j] = -demand_now(NR + j);
        mm_total_ = 0;
        for (int i = 0; i < NR; ++i)
            for (int j = 0; j < NC; ++j) {
                mm_[i][j] = static_cast<std::int16_t>(m_at(i, j));
                b[j] += mm_[i][j];
                mm_total_ += mm_[i][j];
            }
        for (int j = 0; j < NC; ++j)
            if (b[j] < 0) return false;
        unsigned positive = 0;
        for (int i = 0; i < NR; ++i) {
            a[i] = demand_now(i);
            int slack = a[i];
            for (int j = 0; j < NC; ++j) {
                const int n = mm_[i][j];
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
        int idx[NR];
        int cnt = 0;
        for (int i = 0; i < NR; ++i)
            if (positive >> i & 1u) idx[cnt++] = i;
        if (cnt == 0) return true;
        std::array<std::int16_t, (1 << NR)> dem;  // only the subsets built so far are read
        std::array<std::array<std::int16_t, (1 << NR)>, NC> los, his;
        dem[0] = 0;
        for (int j = 0; j < NC; ++j) los[j][0] = his[j][0] = 0;
        for (unsigned A = 1; A < (1u << cnt); ++A) {
            const unsigned rest = A & (A - 1);
            const int i = idx[std::countr_zero(A)];
            dem[A] = static_cast<std::int16_t>(dem[rest] + a[i]);
            int supply = 0;
            for (int j = 0; j < NC; ++j) {
                los[j][A] = static_cast<std::int16_t>(los[j][rest] + lo[j][i]);
                his[j][A] = static_cast<std::int16_t>(his[j][rest] + hi[j][i]);
                supply += std::min(b[j] - lo_total[j] + los[j][A], static_cast<int>(his[j][A]));
            }
            if (dem[A] > supply) {
                if (weighted_)  // as in feasible_lanes
                    for (int t = 0; t < cnt; ++t) bump(idx[t]);
                return false;
            }
        }
        return true;
    }
};

/// Every distinct set of Qwirkles an arrangement of a multiset can hold, exactly: a group with r rows,
/// q of them Qwirkles, holds x_k ∈ [q, r] of each kind and between 3r + (G − 3)q and Gq + (G − 1)(r − q)
/// cards in all (the rows that are not Qwirkles hold 3 to G − 1 cards). Levels are searched as in
/// `level_solver`, each node checked by a feasible-flow computation with the bounds relaxed over the
/// levels still open. Used to list a turn's distinct outcomes; not on the solver's fast paths.
template <card_ruleset R>
class outcome_search {
public:
    static constexpr int C = R::colours;
    static constexpr int S = R::shapes;
    static constexpr int K = C * S;
    static constexpr int M = R::min_row;
    static constexpr int copies = R::copies;
    static constexpr int G = C + S;  // groups: colours 0..C-1, then shapes
    static constexpr int V = C + S + 4;  // flow nodes: rows (colours), columns (shapes), s, t, ss, tt
    using counts = std::array<std::uint8_t, K>;

    /// Calls f(x, q, r) for every distinct Qwirkle vector q (per group) an arrangement of `n` can hold
    /// exactly: x the copies of each kind in its colour group, r the rows per group.
    template <class F>
    void run(const counts& n, F&& f) {
        n_ = n;
        for (int g = 0; g < G; ++g) {
            int total = 0, mn = copies;
            for (int p = 0; p < size_of(g); ++p) total += count(g, p), mn = std::min(mn, count(g, p));
            total_[g] = total;
            qlo_[g] = 0;
            qhi_[g] = std::min(mn, total / size_of(g));
            rlo_[g] = 0;
            rhi_[g] = total / M;  // rows are not capped by the copies: more rows can avoid a Qwirkle
        }
        if constexpr (lanes_used) rebuild_lanes();
        if (!feasible()) return;
        dfs_q(0, f);
    }

    /// For the tests: the plain-loop cut condition instead of the lane-wise one, and no narrowing
    /// of the row counts (narrow). The search and its outcomes must come out the same.
    bool plain_checks = false;
    /// For the tests: before every test of the cut condition, compare the lane-wise test's inputs,
    /// kept up to date group by group, with the same built from scratch; count the differences.
    bool verify_lanes = false;
    long lane_mismatches = 0;  ///< (with verify_lanes)

private:
    /// -1 in the shapes' lanes, 0 in the padding (for feasible_lanes).
    lanes8 lane_mask = first_lanes(S);
    counts n_{};
    std::array<int, G> total_{}, qlo_{}, qhi_{}, rlo_{}, rhi_{};
    std::array<int, G> fit_lo_{};  ///< per group, the fewest rows its cards fit (narrow_all)
    unsigned last_cut_ = 0;  ///< the set of colours whose condition failed last (feasible_lanes)

    /// Whether feasible() is the lane-wise test (at most 12 colours and 8 shapes).
    static constexpr bool lanes_used = C <= 12 && S <= 8;
    /// The lane-wise test's inputs, kept up to date group by group: changed(g) after every change
    /// of group g's levels (the search changes one group at a time).
    struct lane_state {
        std::array<int, G> low{}, high{};  ///< per group, the fewest and most cards its rows hold
        unsigned bad_groups = 0;   ///< groups that can hold none of their counts (low > high or > total)
        unsigned bad_colours = 0;  ///< colours with a kind whose lower bound exceeds its upper one
        unsigned short_of = 0;     ///< colours whose kinds' lower bounds sum below the group's low
        unsigned over = 0;         ///< colours whose kinds' upper bounds sum above the group's high
        int A_total = 0;           ///< Σ high over the colours
        lanes8 b, B;               ///< per shape: the least and most of its cards in colour rows
        lanes8 q_shape, r_shape;   ///< per shape: its Qwirkles (lower level) and rows (upper level)
        std::array<lanes8, C> lo{}, hi{};  ///< per colour: bounds of each kind's copies in the colour group
        std::array<int, C> lo_sum{}, hi_sum{};      ///< their sums over the kinds
        std::array<std::uint8_t, C> bad_lanes{};    ///< the kinds (lanes) where lo > hi
        lanes8 lo_total, hi_total;         ///< their sums over the colours
    } lanes_;
    counts x_{};
    bool done_ = false;

    static constexpr int size_of(int g) noexcept { return g < C ? S : C; }
    int count(int g, int p) const noexcept { return g < C ? n_[static_cast<std::size_t>(g * S + p)] : n_[static_cast<std::size_t>(p * S + g - C)]; }

    template <class F>
    void dfs_q(int g, F& f) {
        if (g == G) {
            done_ = false;
            if (plain_checks) {
                dfs_r(0, f);
                return;
            }
            const lane_state kept = lanes_;
            const auto kept_lo = rlo_, kept_hi = rhi_;
            bool dirty = false;
            if (narrow_all(dirty)) dfs_r(0, f);
            rlo_ = kept_lo, rhi_ = kept_hi;
            lanes_ = kept;
            return;
        }
        const int lo = qlo_[g], hi = qhi_[g];
        if (lo == hi) {  // one choice: already checked
            dfs_q(g + 1, f);
            return;
        }
        const lane_state kept = lanes_;
        for (int q = lo; q <= hi; ++q) {
            qlo_[g] = qhi_[g] = q;
            changed(g);
            if (rhi_[g] >= q && feasible()) dfs_q(g + 1, f);
        }
        qlo_[g] = lo, qhi_[g] = hi;
        lanes_ = kept;
    }

    template <class F>
    void dfs_r(int g, F& f) {
        if (g == G) {
            std::array<int, G> q{}, r{};
            for (int h = 0; h < G; ++h) q[h] = qlo_[h], r[h] = rlo_[h];
            if (!flow()) return;  // x for these levels (the cut conditions say it exists)
            f(static_cast<const counts&>(x_), q, r);
            done_ = true;
            return;
        }
        const int lo = rlo_[g], hi = rhi_[g];
        if (lo == hi) {  // one choice: already checked
            dfs_r(g + 1, f);
            return;
        }
        const lane_state kept = lanes_;
        const auto kept_lo = rlo_, kept_hi = rhi_;
        bool dirty = false;  // (has narrow() changed other groups since the state was as kept?)
        for (int r = hi; r >= std::max(lo, qlo_[g]) && !done_; --r) {
            if (dirty) {
                rlo_ = kept_lo, rhi_ = kept_hi;
                lanes_ = kept;
                dirty = false;
            }
            rlo_[g] = rhi_[g] = r;
            changed(g);
            if ((plain_checks || narrow_across(g, dirty)) && feasible()) dfs_r(g + 1, f);
        }
        rlo_ = kept_lo, rhi_ = kept_hi;
        lanes_ = kept;
    }

    /// Narrows the row counts [rlo, rhi] of the groups still open (the Qwirkles all set) to those
    /// some arrangement can have; false when a group has none left. A group h with r rows, q of them
    /// Qwirkles, holds x_p of its kind p, between q and r (one in each Qwirkle, at most one a row),
    /// and the group on the kind's other side holds the other n_p − x_p, at most its own rows r'
    /// and at least its own Qwirkles q'. So r ≥ x_p ≥ n_p − r'; the total T is at least
    /// Σ_p max(q, n_p − r') and at most (size − 1)·r + q, which bounds r from below; and the rows
    /// need M·r + (size − M)·q ≤ T ≤ Σ_p min(r, n_p − q'), which holds on an interval of r (the
    /// right side less the left is concave in r: found once the Qwirkles are set, its low end kept in fit_lo_).
    /// Every count taken out is one no arrangement has, so the search finds the same first
    /// arrangement as without: only its dead ends go. `dirty` is set when a group's counts change.
    ///
    /// narrow_all: every group, once the Qwirkles are set (the fitting interval found first);
    /// narrow_across(g): after group g's rows were set, the groups on the other side (their lower
    /// bounds read g's rows; nothing else changed).
    bool narrow_all(bool& dirty) {
        // the upper bounds fall only here: the lower bounds they raise change nothing else
        unsigned lowered = 0;  // (the groups whose upper bound fell: their lane state is brought up to date below)
        for (int h = 0; h < G; ++h) {
            const auto i = static_cast<std::size_t>(h);
            const int q = qlo_[i], size = size_of(h);
            const auto fits = [&](int r) {
                int most = 0;
                for (int p = 0; p < size; ++p) most += std::min(r, count(h, p) - qlo_[other(h, p)]);
                return M * r + (size - M) * q <= most;
            };
            int lo = std::max(rlo_[i], q), hi = rhi_[i];
            while (lo <= hi && !fits(lo)) ++lo;
            while (hi > lo && !fits(hi)) --hi;
            if (lo > hi) return false;
            fit_lo_[i] = lo;
            if (hi != rhi_[i]) rhi_[i] = hi, lowered |= 1u << h, dirty = true;
        }
        // (every upper bound is set before any lower bound is raised: those read the other side's)
        for (int h = 0; h < G; ++h)
            if (!narrow_group(h, dirty, lowered >> h & 1u)) return false;
        return true;
    }
    bool narrow_across(int g, bool& dirty) {
        const int first = g < C ? C : 0, last = g < C ? G : C;
        for (int h = first; h < last; ++h)
            if (!narrow_group(h, dirty, false)) return false;
        return true;
    }
    /// Raises group h's lower row count to what the rows across from it force (see narrow_all),
    /// and brings its lane state up to date when that or (`stale`) its upper count changed.
    bool narrow_group(int h, bool& dirty, bool stale) {
        const auto i = static_cast<std::size_t>(h);
        const int hi = rhi_[i];
        int lo = rlo_[i];
        if (lo < hi) {  // (else set: the cut condition tests it)
            const int q = qlo_[i], size = size_of(h);
            int least = 0;  // the fewest cards the group holds
            lo = std::max(lo, fit_lo_[i]);
            for (int p = 0; p < size; ++p) {
                const int forced = count(h, p) - rhi_[other(h, p)];
                lo = std::max(lo, forced);
                least += std::max(q, forced);
            }
            lo = std::max(lo, (least - q + size - 2) / (size - 1));  // (least ≥ q: the ceiling of a non-negative)
            if (lo > hi) return false;
        }
        if (lo != rlo_[i] || stale) {
            rlo_[i] = lo;
            changed(h);
            dirty = true;
        }
        return true;
    }
    /// The group on the other side of kind p of group g (a colour group's p-th kind is in shape
    /// group p, a shape group's in colour group p).
    static constexpr std::size_t other(int g, int p) noexcept { return static_cast<std::size_t>(g < C ? C + p : p); }

    /// The lane state from scratch, from the current levels.
    void rebuild_lanes() {
        lanes_ = {};
        for (int g = 0; g < G; ++g) changed(g);
    }
    /// Brings the lane state up to date after group g's levels changed: its bounds, and the
    /// bounds of the kinds it holds (one colour's row, or one lane of every row for a shape).
    /// (The search restores a group's levels with a copy of the state kept before it changed them.)
    void changed(int g) {
        if constexpr (lanes_used) {
            auto& st = lanes_;
            const auto i = static_cast<std::size_t>(g);
            const int old_high = st.high[i];
            const bool bad = !bounds_of(g, st.low[i], st.high[i]);
            st.bad_groups = (st.bad_groups & ~(1u << g)) | (static_cast<unsigned>(bad) << g);
            if (g < C) {
                st.A_total += st.high[i] - old_high;
                colour_row(g);
            } else {
                const int s = g - C;
                st.b = st.b.with_lane(s, std::max(0, total_[i] - st.high[i]));
                st.B = st.B.with_lane(s, total_[i] - st.low[i]);
                st.q_shape = st.q_shape.with_lane(s, qlo_[i]);
                st.r_shape = st.r_shape.with_lane(s, rhi_[i]);
                // lane s of every colour's row (the colours' bits gathered in locals, stored once)
                int lo_total = st.lo_total[s], hi_total = st.hi_total[s];
                unsigned bad_colours = 0, short_of = 0, over = 0;
                for (int c = 0; c < C; ++c) {
                    const auto k = static_cast<std::size_t>(c);
                    const int lo = kind_low(c, s), hi = kind_high(c, s);
                    const int dlo = lo - st.lo[k][s], dhi = hi - st.hi[k][s];
                    st.lo[k] = st.lo[k].with_lane(s, lo);
                    st.hi[k] = st.hi[k].with_lane(s, hi);
                    lo_total += dlo, hi_total += dhi;
                    const int lo_sum = st.lo_sum[k] += dlo, hi_sum = st.hi_sum[k] += dhi;
                    const unsigned bad_lanes = (st.bad_lanes[k] & ~(1u << s)) | (lo > hi ? 1u << s : 0u);
                    st.bad_lanes[k] = static_cast<std::uint8_t>(bad_lanes);
                    bad_colours |= bad_lanes ? 1u << c : 0u;
                    short_of |= !bad_lanes && st.low[k] > lo_sum ? 1u << c : 0u;
                    over |= !bad_lanes && hi_sum > st.high[k] ? 1u << c : 0u;
                }
                st.lo_total = st.lo_total.with_lane(s, lo_total);
                st.hi_total = st.hi_total.with_lane(s, hi_total);
                st.bad_colours = bad_colours, st.short_of = short_of, st.over = over;
            }
        }
    }
    /// Colour c's row of the lane state: per kind (lane), the fewest and most of its copies in the
    /// colour group (0 ≤ lo ≤ hi when the levels admit a split: a shape group's Qwirkles are at
    /// most its fewest copies).
    void colour_row(int c) {
        auto& st = lanes_;
        const auto i = static_cast<std::size_t>(c);
        const lanes8 n = lanes8::bytes<S>(reinterpret_cast<const std::int8_t*>(&n_[static_cast<std::size_t>(c * S)]));
        const lanes8 lo = max(lanes8::all(qlo_[i]), n - st.r_shape) & lane_mask;
        const lanes8 hi = min(lanes8::all(rhi_[i]), n - st.q_shape) & lane_mask;
        st.lo_total = st.lo_total - st.lo[i] + lo;
        st.hi_total = st.hi_total - st.hi[i] + hi;
        st.lo[i] = lo;
        st.hi[i] = hi;
        st.lo_sum[i] = sum_small(lo);  // (0 ≤ lo ≤ copies, 0 ≤ hi ≤ the group's rows)
        st.hi_sum[i] = sum_small(hi);
        unsigned bad = 0;
        if (any_greater(lo, hi))
            for (int s = 0; s < S; ++s) bad |= lo[s] > hi[s] ? 1u << s : 0u;
        st.bad_lanes[i] = static_cast<std::uint8_t>(bad);
        const unsigned bit = 1u << c;
        st.bad_colours = (st.bad_colours & ~bit) | (bad ? bit : 0u);
        st.short_of = (st.short_of & ~bit) | (!bad && st.low[i] > st.lo_sum[i] ? bit : 0u);
        st.over = (st.over & ~bit) | (!bad && st.hi_sum[i] > st.high[i] ? bit : 0u);
    }
    /// The fewest and most cards group g's rows hold at its current levels (r rows, q of them
    /// Qwirkles: at least 3 in each row and all of its kinds in a Qwirkle, at most all but one in
    /// the others); false when they admit none of its counts (low > high, or more than it has).
    bool bounds_of(int g, int& low, int& high) const noexcept {
        const int size = size_of(g);
        const auto i = static_cast<std::size_t>(g);
        low = M * std::max(rlo_[i], qlo_[i]) + (size - M) * qlo_[i];
        high = (size - 1) * rhi_[i] + qhi_[i];
        return low <= high && low <= total_[i];
    }
    /// The fewest and most copies of kind (c, s) in colour c's group at the current levels: at
    /// least its Qwirkles and at most its rows, the rest going to shape s's group, which takes at
    /// most its rows and at least its Qwirkles.
    int kind_low(int c, int s) const noexcept {
        return std::max(qlo_[static_cast<std::size_t>(c)], n_[static_cast<std::size_t>(c * S + s)] - rhi_[static_cast<std::size_t>(C + s)]);
    }
    int kind_high(int c, int s) const noexcept {
        return std::min(rhi_[static_cast<std::size_t>(c)], n_[static_cast<std::size_t>(c * S + s)] - qlo_[static_cast<std::size_t>(C + s)]);
    }

    /// Is there a split within the current bounds? With C ≤ 12 by the cut conditions of the
    /// circulation (Hoffman): for every set X of colours, a(X) ≤ Σ_s min(hi(X,s), B_s − lo(X̄,s)) and
    /// Σ_s max(b_s − hi(X,s), lo(X̄,s)) ≤ A(X̄), where a, A bound the colour sums, b, B the shape
    /// sums of x, lo, hi the copies of each kind in its colour group. Else by a flow.
    bool feasible() {
        if constexpr (lanes_used)
            if (verify_lanes && !same_lanes(lanes_, rebuilt_lanes())) ++lane_mismatches;
        if constexpr (C > 12) return flow();
        else if constexpr (S <= 8) return plain_checks ? feasible_plain() : feasible_lanes();
        else return feasible_plain();
    }
    /// The lane state built from scratch from the current levels (for verify_lanes).
    lane_state rebuilt_lanes() {
        const lane_state kept = lanes_;
        rebuild_lanes();
        const lane_state fresh = lanes_;
        lanes_ = kept;
        return fresh;
    }
    static bool same_lanes(const lane_state& x, const lane_state& y) {
        const auto same = [](const lanes8& a, const lanes8& b) { return !any_greater(a, b) && !any_greater(b, a); };
        bool ok = x.low == y.low && x.high == y.high && x.bad_groups == y.bad_groups && x.bad_colours == y.bad_colours &&
                  x.short_of == y.short_of && x.over == y.over && x.A_total == y.A_total && x.lo_sum == y.lo_sum &&
                  x.hi_sum == y.hi_sum && x.bad_lanes == y.bad_lanes && same(x.b, y.b) && same(x.B, y.B) &&
                  same(x.q_shape, y.q_shape) && same(x.r_shape, y.r_shape) && same(x.lo_total, y.lo_total) && same(x.hi_total, y.hi_total);
        for (std::size_t c = 0; c < static_cast<std::size_t>(C); ++c) ok = ok && same(x.lo[c], y.lo[c]) && same(x.hi[c], y.hi[c]);
        return ok;
    }

    /// Per group, the fewest and most cards its rows hold at the current levels (bounds_of); false
    /// when a group can hold none of its counts (no split then).
    bool group_bounds(std::array<int, G>& low, std::array<int, G>& high) const noexcept {
        for (int g = 0; g < G; ++g) {
            const auto i = static_cast<std::size_t>(g);
            if (!bounds_of(g, low[i], high[i])) return false;
        }
        return true;
    }

    /// `feasible` with the shapes in the lanes of one register (padded with zeros), the 2^C sets X
    /// visited in Gray-code order: each is the previous one with one colour added or taken out, so
    /// its sums over X are one lane-wise add or subtract of that colour's bounds away, and each
    /// condition one lane-wise min or max and a sum.
    bool feasible_lanes() {
        const auto& st = lanes_;  // (up to date: see changed)
        if (st.bad_groups | st.bad_colours) return false;
        const int* const a = st.low.data();  // (the colours come first)
        const int* const A = st.high.data();
        const int A_total = st.A_total;
        const lanes8 &b = st.b, &lo_total = st.lo_total;
        const auto& lo = st.lo;
        const auto& hi = st.hi;
        // X empty: supply Σ min(0, B − lo_total) must not be negative; after this test the lanes of
        // base + lo(X) are never negative, nor those of lo_total − lo(X) (both sums are then `sum_small`)
        if (any_greater(lo_total, st.B)) return false;
        const lanes8 base = st.B - lo_total;
        // Only some sets need a test. Adding a colour c to X raises the supply by at least Σ lo_c
        // (per lane, min(h + hi_c, x + lo_c) ≥ min(h, x) + lo_c): when that covers a[c], the first
        // condition of X ∪ {c} follows from that of X, so it is tested on the sets of the other
        // colours only (`short_of`: their lower bounds leave them short of their least total).
        // Taking c out of X raises the forced side by at most Σ hi_c and the bound A(X̄) by A[c]:
        // when Σ hi_c ≤ A[c] the second condition of X \ {c} follows from that of X, so it is
        // tested on the sets whose complement holds only the other colours (`over`).
        const unsigned short_of = st.short_of, over = st.over;
        const auto supply = [&](const lanes8& los, const lanes8& his) { return sum_small(min(his, base + los)); };
        const auto forced = [&](const lanes8& los, const lanes8& his) { return sum_small(max(b - his, lo_total - los)); };
        // The set that failed last time first: the search asks again with one group's levels
        // changed, and the same set mostly fails again.
        if (last_cut_) {
            lanes8 los, his;
            int aX = 0, AX = 0;
            for (unsigned X = last_cut_; X; X &= X - 1) {
                const auto i = static_cast<std::size_t>(std::countr_zero(X));
                aX += a[i], AX += A[i];
                los = los + lo[i], his = his + hi[i];
            }
            if (aX > supply(los, his) || forced(los, his) > A_total - AX) return false;
        }
        // Each family in Gray-code order: a set is the previous one with one colour added or taken out.
        std::array<int, C> order;
        int n = 0;
        for (unsigned m = short_of; m; m &= m - 1) order[static_cast<std::size_t>(n++)] = std::countr_zero(m);
        {
            lanes8 los, his;  // lo(X), hi(X)
            int aX = 0;
            unsigned X = 0;  // (X empty passed above)
            for (unsigned step = 1; step < (1u << n); ++step) {
                const int c = order[static_cast<std::size_t>(std::countr_zero(step))];
                const auto i = static_cast<std::size_t>(c);
                X ^= 1u << c;
                if (X >> c & 1u) aX += a[i], los = los + lo[i], his = his + hi[i];
                else aX -= a[i], los = los - lo[i], his = his - hi[i];
                if (aX > supply(los, his)) {
                    last_cut_ = X;
                    return false;
                }
            }
        }
        n = 0;
        for (unsigned m = over; m; m &= m - 1) order[static_cast<std::size_t>(n++)] = std::countr_zero(m);
        lanes8 los = lo_total, his = st.hi_total;  // X: every colour, then without some of `over`
        int AX = A_total;
        unsigned X = (1u << C) - 1;
        for (unsigned step = 0; step < (1u << n); ++step) {
            if (step) {
                const int c = order[static_cast<std::size_t>(std::countr_zero(step))];
                const auto i = static_cast<std::size_t>(c);
                X ^= 1u << c;
                if (X >> c & 1u) AX += A[i], los = los + lo[i], his = his + hi[i];
                else AX -= A[i], los = los - lo[i], his = his - hi[i];
            }
            if (forced(los, his) > A_total - AX) {
                last_cut_ = X;
                return false;
            }
        }
        return true;
    }

    /// `feasible` with plain loops, the sets' sums built subset by subset (more than eight shapes,
    /// and for the tests).
    bool feasible_plain() {
        std::array<int, G> low, high;
        if (!group_bounds(low, high)) return false;
        std::array<int, C> a{}, A{};
        std::array<int, S> b{}, B{};
        std::array<std::array<int, C>, S> lo{}, hi{};
        std::array<int, S> lo_total{};
        for (int g = 0; g < G; ++g) {
            if (g < C) a[g] = low[g], A[g] = high[g];
            else b[g - C] = std::max(0, total_[g] - high[g]), B[g - C] = total_[g] - low[g];
        }
        for (int c = 0; c < C; ++c)
            for (int sh = 0; sh < S; ++sh) {
                lo[sh][c] = kind_low(c, sh);
                hi[sh][c] = kind_high(c, sh);
                if (lo[sh][c] > hi[sh][c]) return false;
                lo_total[sh] += lo[sh][c];
            }
        int A_total = 0;
        for (int c = 0; c < C; ++c) A_total += A[c];
        // sums over X built subset by subset (X without its lowest colour, plus that colour)
        std::array<std::int16_t, (1 << C)> aX;
        std::array<std::int32_t, (1 << C)> AX;
        std::array<std::array<std::int16_t, (1 << C)>, S> hiX, loX;
        aX[0] = 0, AX[0] = 0;
        for (int sh = 0; sh < S; ++sh) hiX[sh][0] = loX[sh][0] = 0;
        for (unsigned X = 0; X < (1u << C); ++X) {
            if (X) {
                const unsigned rest = X & (X - 1);
                const int c = std::countr_zero(X);
                aX[X] = static_cast<std::int16_t>(aX[rest] + a[c]);
                AX[X] = AX[rest] + A[c];
                for (int sh = 0; sh < S; ++sh) {
                    hiX[sh][X] = static_cast<std::int16_t>(hiX[sh][rest] + hi[sh][c]);
                    loX[sh][X] = static_cast<std::int16_t>(loX[sh][rest] + lo[sh][c]);
                }
            }
            int supply = 0, forced = 0;
            for (int sh = 0; sh < S; ++sh) {
                const int lo_rest = lo_total[sh] - loX[sh][X];
                supply += std::min<int>(hiX[sh][X], B[sh] - lo_rest);
                forced += std::max<int>(b[sh] - hiX[sh][X], lo_rest);
            }
            if (aX[X] > supply || forced > A_total - AX[X]) return false;
        }
        return true;
    }

    /// Is there a split within the current bounds? (a feasible circulation; x kept)
    bool flow() {
        std::array<std::array<int, V>, V> cap{};
        std::array<int, V> excess{};
        const int s = C + S, t = s + 1, ss = t + 1, tt = ss + 1;
        std::array<std::array<int, S>, C> lo{};
        const auto arc = [&](int u, int v, int l, int h) {
            if (l > h) return false;
            cap[u][v] += h - l;
            excess[v] += l;
            excess[u] -= l;
            return true;
        };
        for (int g = 0; g < G; ++g) {
            int low, high;
            bounds_of(g, low, high);  // (the arcs below refuse a group that admits none of its counts)
            if (g < C) {
                if (!arc(s, g, low, high)) return false;
            } else if (!arc(g, t, std::max(0, total_[g] - high), total_[g] - low)) {
                return false;  // the shape group's share of its cards is x's complement
            }
        }
        for (int c = 0; c < C; ++c)
            for (int sh = 0; sh < S; ++sh) {
                lo[c][sh] = kind_low(c, sh);
                if (!arc(c, C + sh, lo[c][sh], kind_high(c, sh))) return false;
            }
        cap[t][s] = 1 << 20;
        int need = 0;
        for (int v = 0; v < ss; ++v) {
            if (excess[v] > 0) cap[ss][v] += excess[v], need += excess[v];
            else if (excess[v] < 0) cap[v][tt] += -excess[v];
        }
        const auto original = cap;
        // Per node, the nodes its arcs with capacity left lead to (bit v): the search reads the
        // same arcs in the same order as a loop over every node, so it finds the same paths.
        static_assert(V <= 64, "a node's arcs fit in one word");
        std::array<std::uint64_t, V> out{};
        for (int u = 0; u < V; ++u)
            for (int v = 0; v < V; ++v)
                if (cap[u][v] > 0) out[u] |= std::uint64_t{1} << v;
        int got = 0;
        for (;;) {  // Edmonds–Karp
            std::array<int, V> prev;
            prev[ss] = ss;
            std::uint64_t seen = std::uint64_t{1} << ss;
            std::array<int, V> queue;
            int qh = 0, qt = 0;
            queue[qt++] = ss;
            while (qh < qt && !(seen >> tt & 1u)) {
                const int u = queue[qh++];
                for (std::uint64_t m = out[u] & ~seen; m; m &= m - 1) {
                    const int v = std::countr_zero(m);
                    prev[v] = u, queue[qt++] = v;
                }
                seen |= out[u];
            }
            if (!(seen >> tt & 1u)) break;
            int push = 1 << 20;
            for (int v = tt; v != ss; v = prev[v]) push = std::min(push, cap[prev[v]][v]);
            for (int v = tt; v != ss; v = prev[v]) {
                const int u = prev[v];
                if ((cap[u][v] -= push) == 0) out[u] &= ~(std::uint64_t{1} << v);
                cap[v][u] += push;
                out[v] |= std::uint64_t{1} << u;
            }
            got += push;
        }
        if (got < need) return false;
        for (int c = 0; c < C; ++c)
            for (int sh = 0; sh < S; ++sh) {
                // flow on c -> shape = lower bound + what was used of its capacity (net of the reverse)
                const int used = original[c][C + sh] - cap[c][C + sh];
                x_[static_cast<std::size_t>(c * S + sh)] = static_cast<std::uint8_t>(lo[c][sh] + std::max(used, 0));
            }
        return true;
    }
};

/// The rows of one group with exactly q Qwirkles among r rows: the Qwirkles, then the rest dealt
/// round-robin into r − q rows (3 to size − 1 cards each, by the bounds the search kept).
template <card_ruleset R>
void deal_group_exact(const card_t<R>* kinds, const std::uint8_t* n, int size, int q, int r, std::vector<basic_row<R>>& rows) {
    for (int j = 0; j < q; ++j) {
        basic_row<R> row;
        for (int k = 0; k < size; ++k) row.push_back(kinds[k]);
        rows.push_back(row);
    }
    const int rest = r - q;
    int left = 0;
    for (int k = 0; k < size; ++k) left += n[k] - q;
    if (rest <= 0 || left == 0) return;
    const std::size_t first = rows.size();
    rows.resize(first + static_cast<std::size_t>(rest));
    int j = 0;
    for (int k = 0; k < size; ++k)
        for (int c = 0; c < n[k] - q; ++c) rows[first + static_cast<std::size_t>(j++ % rest)].push_back(kinds[k]);
}

/// The rows of one group from its counts: as many Qwirkles as the counts allow, then the rest dealt
/// round-robin into max-count rows. Precondition: the counts are partitionable.
template <card_ruleset R>
void deal_group(const card_t<R>* kinds, const std::uint8_t* n, int size, std::vector<basic_row<R>>& rows) {
    constexpr int M = R::min_row;
    int total = 0, mx = 0, mn = 99;
    for (int k = 0; k < size; ++k) total += n[k], mx = std::max<int>(mx, n[k]), mn = std::min<int>(mn, n[k]);
    int q = 0;
    if (mn >= 1) q = size == M ? mn : std::min(mn, (total - M * mx) / (size - M));
    deal_group_exact<R>(kinds, n, size, q, mx, rows);
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
    /// Which parts of the hand can be played: a flag per part number (part 0, nothing played, is not).
    /// Parts are tried smallest first; when one can be played, so can every bigger part up to what its
    /// levels place (playing more never hurts once the levels are fixed), without a search of its own.
    const std::vector<std::uint8_t>& playable_parts() {
        int cards = 0;
        for (int k : kinds_) cards += hand[static_cast<std::size_t>(k)];
        if (cards > R::hand_size)  // 2^36 parts would not fit; no edition deals more than 9
            throw std::length_error("qwirkle::cards::playable_subsets: a hand holds at most " + std::to_string(R::hand_size) + " cards");
        const int parts = part_count();
        flags_.assign(static_cast<std::size_t>(parts), 0);  // 0 unknown, 1 playable, 2 not
        solver_.fails = {};  // the weights learnt on this hand's parts only
        std::vector<int> sizes(static_cast<std::size_t>(parts)), order(static_cast<std::size_t>(parts));
        std::array<int, K * R::copies + 2> start{};
        counts all{};
        for (int p = 0; p < parts; ++p) {
            sizes[static_cast<std::size_t>(p)] = part(p, all);
            ++start[static_cast<std::size_t>(sizes[static_cast<std::size_t>(p)]) + 1];
        }
        for (std::size_t i = 1; i < start.size(); ++i) start[i] += start[i - 1];
        for (int p = 0; p < parts; ++p) order[static_cast<std::size_t>(start[static_cast<std::size_t>(sizes[static_cast<std::size_t>(p)])]++)] = p;
        counts cap = table, most{};
        for (int i = 0; i < K; ++i) cap[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(cap[static_cast<std::size_t>(i)] + hand[static_cast<std::size_t>(i)]);
        const std::size_t nk = kinds_.size();
        std::array<int, K> lo{}, hi{}, digit{}, weight{};
        for (int p : order) {
            if (p == 0 || flags_[static_cast<std::size_t>(p)]) continue;
            part(p, all);
            if (solver_.solve(all, counts{}, {0, 0, false, 0, true}) < 0) {
                flags_[static_cast<std::size_t>(p)] = 2;
                continue;
            }
            // the box of parts from p up to what the levels place
            solver_.placeable(cap, most);
            int w = 1, index = p;
            for (std::size_t j = 0; j < nk; ++j) {
                const auto k = static_cast<std::size_t>(kinds_[j]);
                const int base = hand[k] + 1;
                lo[j] = index % base;
                index /= base;
                hi[j] = std::max(lo[j], most[k] - table[k]);
                digit[j] = lo[j];
                weight[j] = w;
                w *= base;
            }
            for (;;) {
                int q = 0;
                for (std::size_t j = 0; j < nk; ++j) q += digit[j] * weight[j];
                flags_[static_cast<std::size_t>(q)] = 1;
                std::size_t j = 0;
                while (j < nk && digit[j] == hi[j]) digit[j] = lo[j], ++j;
                if (j == nk) break;
                ++digit[j];
            }
        }
        return flags_;
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
        const int v = solver_.solve(all, counts{}, {1, 0, false, target, false});
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
        const bool ok = solver_.solve(all, counts{}, {0, 0, false, 0, true}) >= 0;
        entry& out = cache_.insert(k);
        if (ok) out.feasible = true;
        else out.exact = -2;
        return ok;
    }

    /// The rows of an arrangement of `all` with `q` Qwirkles (q = its most Qwirkles), or none when
    /// `all` has no such arrangement. (The search asks for the first arrangement with q Qwirkles or
    /// more, unweighted: the rows depend on `all` and `q` alone, not on the questions asked before.)
    std::optional<basic_tableau<R>> rows(const counts& all, int q) {
        if (first_arrangement(all, q) < 0) return std::nullopt;
        return found_rows(all);
    }
    /// The search of rows(all, q) alone: the Qwirkles of the arrangement it finds, or -1 for none.
    /// It tries the most Qwirkles first, so for q = 0 the arrangement has none only when no
    /// arrangement of `all` has one. found_rows(all) then gives its rows.
    int first_arrangement(const counts& all, int q) { return solver_.solve(all, counts{}, {1, 0, false, q, true}); }
    /// The rows of the arrangement the last search found (of the same `all`).
    basic_tableau<R> found_rows(const counts& all) const {
        counts x{}, played{};
        solver_.split(x, played);
        return rows_of(all, x);
    }

    /// The best turn by weights (a Qwirkle weighs wq, a card wc; at least one card played), or none.
    std::optional<basic_turn<R>> best(int wq, int wc) {
        if (solver_.solve(table, hand, {wq, wc, true, 1, false}) < 0) return std::nullopt;
        counts x{}, played{};
        solver_.split(x, played);
        basic_turn<R> out;
        counts all = table;
        for (int i = 0; i < K; ++i) {
            all[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(all[static_cast<std::size_t>(i)] + played[static_cast<std::size_t>(i)]);
            if (played[static_cast<std::size_t>(i)]) out.played.add(qwirkle::detail::tile_at<card_type>(i), played[static_cast<std::size_t>(i)]);
        }
        out.result = rows_of(all, x);
        return out;
    }

    /// Is there a turn playing at least one card of the hand?
    bool any_play() { return solver_.solve(table, hand, {0, 1, true, 1, true}) >= 0; }

    /// Rows for the counts `all`, x of each kind in its colour group, the rest in its shape group.
    static basic_tableau<R> rows_of(const counts& all, const counts& x) {
        basic_tableau<R> t;
        std::array<card_type, (C > S ? C : S)> kinds{};
        std::array<std::uint8_t, (C > S ? C : S)> n{};
        for (int c = 0; c < C; ++c) {
            for (int sh = 0; sh < S; ++sh) kinds[sh] = qwirkle::detail::tile_at<card_type>(c * S + sh), n[sh] = x[c * S + sh];
            deal_group<R>(kinds.data(), n.data(), S, t.rows);
        }
        for (int sh = 0; sh < S; ++sh) {
            for (int c = 0; c < C; ++c) kinds[c] = qwirkle::detail::tile_at<card_type>(c * S + sh), n[c] = static_cast<std::uint8_t>(all[c * S + sh] - x[c * S + sh]);
            deal_group<R>(kinds.data(), n.data(), C, t.rows);
        }
        return t;
    }

    /// Empties the cache of answers (benchmarks time cold calls with it).
    void forget() {
        cache_.clear();
        table = counts{};
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
    std::vector<std::uint8_t> flags_;
    level_solver<R> solver_;
};

template <card_ruleset R>
card_solver<R>& solver_instance() {
    thread_local card_solver<R> s;
    return s;
}

}  // namespace detail

/// Is there any legal turn (at least one card played, any rearrangement of the table)?
template <card_ruleset R>
bool can_play(const basic_tableau<R>& table, const cards_t<R>& hand) {
    using set_type = basic_tile_set<card_t<R>>;
    // Quick sufficient tests first: a new row from the hand alone, or one card added to a row. Both
    // keep the other rows as they are, so they hold only on a valid table; a table with an invalid
    // row (never one of a game) goes to the search, which rearranges it or finds that nothing can.
    const set_type d = hand.distinct();
    if (table.valid()) {
        for (int c = 0; c < R::colours; ++c)
            if ((d & set_type::of_colour(c)).size() >= R::min_row) return true;
        for (int sh = 0; sh < R::shapes; ++sh)
            if ((d & set_type::of_shape(sh)).size() >= R::min_row) return true;
        for (const auto& r : table.rows) {
            const set_type group = r.kind() == row_kind::colour ? set_type::of_colour(r[0].colour()) : set_type::of_shape(r[0].shape());
            if (!((d & group) - r.set()).empty()) return true;
        }
    }
    auto& s = detail::solver_instance<R>();
    s.load(table.contents(), hand);
    return s.any_play();
}

/// Every distinct non-empty sub-multiset of the hand that can be played (with some rearrangement),
/// written to `out` as `cards_t<R>` values; returns the end of the output. The hand holds at most
/// `R::hand_size` (9) cards (else std::length_error); an empty hand has no playable part.
template <card_ruleset R, class Out>
Out playable_subsets(const basic_tableau<R>& table, const cards_t<R>& hand, Out out) {
    auto& s = detail::solver_instance<R>();
    s.load(table.contents(), hand);
    const auto& flags = s.playable_parts();
    for (std::size_t p = 1; p < flags.size(); ++p)
        if (flags[p] == 1) *out++ = s.played(static_cast<int>(p));
    return out;
}

/// How many distinct non-empty sub-multisets of the hand can be played (hand: as for
/// `playable_subsets`).
template <card_ruleset R>
int count_playable_subsets(const basic_tableau<R>& table, const cards_t<R>& hand) {
    auto& s = detail::solver_instance<R>();
    s.load(table.contents(), hand);
    const auto& flags = s.playable_parts();
    return static_cast<int>(std::count(flags.begin(), flags.end(), std::uint8_t{1}));
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
    return basic_turn<R>{played, *s.rows(all, q)};
}

/// A best legal turn: the cards played and the full resulting table (Qwirkles still on it), or none
/// when no card can be played. Rows come grouped by colour, then by shape.
template <card_ruleset R>
std::optional<basic_turn<R>> best_turn(const basic_tableau<R>& table, const cards_t<R>& hand,
                                       objective goal = objective::qwirkles_then_cards) {
    auto& s = detail::solver_instance<R>();
    s.load(table.contents(), hand);
    constexpr int big = 4 * card_traits<R>::card_count;  // more than any count of cards or Qwirkles
    return goal == objective::qwirkles_then_cards ? s.best(big, 1) : s.best(1, big);
}

}  // namespace qwirkle::cards
