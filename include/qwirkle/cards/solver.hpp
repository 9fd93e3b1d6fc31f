// qwirkle::cards — the exact turn solver: can a hand play at all, which parts of it can be played, and
// the best turn, each with any rearrangement of the table.
//
// How it works. Every card of a legal table lies in a row of its colour or a row of its shape, so a
// legal arrangement is (1) a split of the copies of every card kind between its colour group and its
// shape group, and (2) for every group, a partition of its cards into rows of 3–6 different cards.
// Part (2) has a closed form: a group holding n_k copies of kind k, N in all, is partitionable iff
// N ≥ 3 · max n_k (take r = max n_k rows and deal the copies round-robin, kind after kind: no row gets
// a kind twice and every row gets ⌊N/r⌋ ≥ 3 cards). It can hold q Qwirkles (rows of every kind of the
// group) iff q ≤ min n_k and N − 6q ≥ 3 · (max n_k − q).
// Part (1) is a search over the colours (layers): each colour chooses, per shape, how many copies the
// hand adds (p) and how many stay in the colour group (x); the rest (y) go to the shape groups. The
// state between layers is, per shape, the largest count and the total received so far (total capped at
// 9, beyond which no shape condition can fail), plus whether a card was played. Shapes that can no
// longer be satisfied kill the state, satisfied ones collapse, and a shape whose largest count cannot
// grow keeps only its shortfall. At the last colour, states are matched against options by the counts
// each shape still accepts (a bitmask), not stepped one by one.
// - best_turn: depth-first branch and bound, heaviest colours first, options best value first, memo of
//   the best value each state was reached with, bound = value so far + best option of every colour left.
//   Colour-group Qwirkles are valued per option; shape-group Qwirkles are fixed up front (their cards
//   removed), the choices tried in order of their bound, each with a node budget first and without one
//   afterwards for those that ran out, against the best found by then: exact, and fast on impossible
//   choices.
// - can_play: two quick sufficient tests (a group of 3 in the hand, a card that extends a row), then the
//   same search stopping at the first solution.
// - playable_subsets: a memoised pass over all states whose value is the set of hand parts that complete
//   it, as a bitset in mixed radix (earlier colours the more significant digits), exact but without a
//   bound, so slower on dense tables.
#pragma once

#include <algorithm>
#include <bit>
#include <array>
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

template <card_ruleset R>
class card_solver {
public:
    static constexpr int C = R::colours;
    static constexpr int S = R::shapes;
    static constexpr int K = C * S;
    static constexpr int M = R::min_row;
    static constexpr int copies = R::copies;
    static constexpr int cap = M * copies;                      // shape totals are capped here
    static constexpr int ybits = std::bit_width(unsigned(cap));  // bits of a capped total
    static constexpr int fbits = 2 + ybits;                      // one shape's field: max (2 bits) + total
    static constexpr int fields = 1 << fbits;
    static_assert(fbits * S <= 63, "state key: one field per shape and a played flag");
    static_assert((copies + 1) * S <= 64, "final-layer masks: one bit per shape and count");
    static constexpr std::uint64_t played_flag = std::uint64_t{1} << 63;
    static constexpr std::uint8_t dead = 0xff;

    using card_type = card_t<R>;
    using counts = std::array<std::uint8_t, K>;

    /// One colour's choice: per shape, copies kept in the colour group (x), played from the hand (p),
    /// sent to the shape group (y = table + p - x).
    struct option {
        std::uint64_t ymask = 0;   // bit s * (copies + 1) + y_s
        std::uint32_t ypack = 0;   // y: 2 bits per shape
        std::uint32_t xpack = 0;   // x: 2 bits per shape
        std::uint32_t ppack = 0;   // p: 2 bits per shape
        std::uint32_t offset = 0;  // mixed-radix index of the played part (subset mode)
        int value = 0;
        int cards = 0;
        int x(int s) const noexcept { return static_cast<int>((xpack >> (2 * s)) & 3u); }
        int p(int s) const noexcept { return static_cast<int>((ppack >> (2 * s)) & 3u); }
    };

    counts table{}, hand{};

    void load(const cards_t<R>& t, const cards_t<R>& h) {
        for (int i = 0; i < K; ++i) {
            table[i] = static_cast<std::uint8_t>(t.count(qwirkle::detail::tile_at<card_type>(i)));
            hand[i] = static_cast<std::uint8_t>(h.count(qwirkle::detail::tile_at<card_type>(i)));
        }
    }

    struct best_result {
        bool found = false;
        int value = 0;
        int qwirkles = 0;
        int cards = 0;
        std::array<std::uint8_t, K> x{}, y{}, p{};  // per kind: colour group, shape group, played
        std::array<std::uint8_t, S> shape_qwirkles{};
    };

    /// Best (by weights) legal completion, with at least one card played when `require_play`.
    /// `wq`, `wc`: weights of a Qwirkle and of a card in the value.
    best_result best(int wq, int wc, bool require_play = true, bool first = false) {
        best_result out;
        const counts t0 = table, h0 = hand;
        // Shape-group Qwirkles are fixed up front: q_s ≤ the fewest copies of a colour in shape s.
        // Every choice is bounded (its Qwirkles, the colour Qwirkles and hand cards still possible);
        // choices are tried best bound first and the search stops when no bound beats the best found.
        std::array<int, S> qmax{};
        for (int s = 0; s < S; ++s) {
            int mn = copies;
            for (int c = 0; c < C; ++c) mn = std::min(mn, t0[c * S + s] + h0[c * S + s]);
            qmax[s] = mn;
        }
        struct choice {
            std::array<std::uint8_t, S> q;
            int bound;
        };
        std::vector<choice> choices;
        std::array<std::uint8_t, S> q{};
        for (;;) {
            counts t = t0, h = h0;
            int base = 0;
            apply_shape_qwirkles(q, t, h, wq, wc, base);
            int bound = base;
            for (int c = 0; c < C; ++c) {
                int mn = copies;
                for (int s = 0; s < S; ++s) mn = std::min(mn, t[c * S + s] + h[c * S + s]);
                bound += mn * wq;
            }
            for (int i = 0; i < K; ++i) bound += h[i] * wc;
            choices.push_back({q, bound});
            int s = 0;
            while (s < S && q[s] == qmax[s]) q[s++] = 0;
            if (s == S) break;
            ++q[s];
        }
        std::stable_sort(choices.begin(), choices.end(), [](const choice& a, const choice& b) { return a.bound > b.bound; });
        // Two passes: first every choice with a node budget (an impossible choice can cost a full
        // search), then the choices that ran out of budget, without one, against the best found by then.
        std::vector<std::size_t> deferred;
        for (int pass = 0; pass < 2; ++pass) {
            const std::size_t n = pass == 0 ? choices.size() : deferred.size();
            for (std::size_t j = 0; j < n; ++j) {
                const choice& ch = choices[pass == 0 ? j : deferred[j]];
                if (out.found && (first || ch.bound <= out.value)) {
                    if (first) break;
                    continue;
                }
                counts t = t0, h = h0;
                int base = 0;
                const int qcards = apply_shape_qwirkles(ch.q, t, h, wq, wc, base);
                node_budget_ = pass == 0 && choices.size() > 1 ? first_pass_budget : -1;
                run_best(t, h, wq, wc, base, qcards > 0 || !require_play, out.found ? out.value : -1, first);
                if (budget_exhausted_) deferred.push_back(pass == 0 ? j : deferred[j]);
                if (final_node_ >= 0 && (!out.found || final_value_ > out.value)) {
                    out.found = true;
                    out.value = final_value_;
                    out.shape_qwirkles = ch.q;
                    reconstruct(t, out);
                    for (int s = 0; s < S; ++s)
                        for (int c = 0; c < C; ++c) {
                            const int i = c * S + s;
                            const int from_table = std::min<int>(t0[i], ch.q[s]);
                            out.p[i] = static_cast<std::uint8_t>(out.p[i] + (ch.q[s] - from_table));
                        }
                }
            }
        }
        if (out.found) {
            out.cards = 0;
            for (int i = 0; i < K; ++i) out.cards += out.p[i];
            out.qwirkles = wq ? (out.value - out.cards * wc) / wq : 0;
        }
        return out;
    }

    /// Every part of the hand that can be played, as counts per kind (the empty part included when the
    /// table alone is a legal arrangement): calls f(counts) for each.
    ///
    /// A memoised depth-first pass over the colours: the value of a state is the set of hand parts of
    /// the colours still to decide that complete it, as a bitset in mixed radix where the earlier colour
    /// is the more significant digit, so a state late in the order carries a short bitset.
    template <class F>
    void for_each_playable(F&& f) {
        prepare(table, hand, false);
        for (int li = 0; li < C; ++li) {
            const int c = order_[li];
            std::uint32_t r = 1;
            for (int s = 0; s < S; ++s) {
                local_weight_[c * S + s] = r;
                r *= static_cast<std::uint32_t>(hand[c * S + s] + 1);
            }
            radix_[li] = r;
        }
        suffix_[C] = 1;
        for (int li = C - 1; li >= 0; --li) suffix_[li] = suffix_[li + 1] * radix_[li];
        groups_.resize(static_cast<std::size_t>(C));
        memo_bits_.resize(static_cast<std::size_t>(C));
        arena_.clear();
        for (int li = 0; li < C; ++li) {
            build_options(order_[li], table, hand, /*subset*/ true, 0, 0, &local_weight_);
            // group the options by what they send to the shapes: one transition per group
            std::sort(opts_.begin(), opts_.end(), [](const option& x, const option& y) { return x.ypack < y.ypack; });
            auto& gs = groups_[static_cast<std::size_t>(li)];
            gs.clear();
            for (const option& o : opts_) {
                if (gs.empty() || gs.back().ypack != o.ypack) gs.push_back({o.ypack, o.ymask, {}});
                gs.back().offsets.push_back(o.offset);
            }
            memo_bits_[static_cast<std::size_t>(li)].clear();
        }
        const std::size_t root = suffix_bits(0, 0);
        const std::uint32_t total = suffix_[0];
        // decode: digit of colour layer li is (index / suffix[li+1]) % radix[li]
        for (std::uint32_t w = 0; w * 64 < total; ++w)
            for (std::uint64_t b = arena_[root + w]; b; b &= b - 1) {
                const std::uint32_t idx = w * 64 + static_cast<std::uint32_t>(std::countr_zero(b));
                counts p{};
                for (int li = 0; li < C; ++li) {
                    std::uint32_t local = (idx / suffix_[li + 1]) % radix_[li];
                    const int c = order_[li];
                    for (int s = 0; s < S; ++s) {
                        const std::uint32_t n = hand[c * S + s] + 1u;
                        p[c * S + s] = static_cast<std::uint8_t>(local % n);
                        local /= n;
                    }
                }
                f(static_cast<const counts&>(p));
            }
    }

private:
    // ---- a small open-addressing index: key -> position in a vector of keys -----------------------
    struct key_index {
        std::vector<std::int32_t> slots;
        std::size_t mask = 0;
        void reset(std::size_t expected) {
            std::size_t n = 64;
            while (n < expected * 2) n <<= 1;
            n = std::min<std::size_t>(n, std::size_t{1} << 20);
            if (slots.size() != n) slots.assign(n, -1);
            else std::fill(slots.begin(), slots.end(), -1);
            mask = n - 1;
        }
        static std::uint64_t hash(std::uint64_t k) noexcept {
            k ^= k >> 31;
            k *= 0x9e3779b97f4a7c15ull;
            return k ^ (k >> 29);
        }
        static std::uint64_t key_of(std::uint64_t k) noexcept { return k; }
        template <class Keys>
        std::pair<std::int32_t, bool> find(std::uint64_t key, const Keys& keys) {
            if (keys.size() * 2 >= slots.size()) grow(keys);
            std::size_t i = hash(key) & mask;
            for (;;) {
                const std::int32_t s = slots[i];
                if (s < 0) {
                    slots[i] = static_cast<std::int32_t>(keys.size());
                    return {slots[i], true};
                }
                if (key_of(keys[static_cast<std::size_t>(s)]) == key) return {s, false};
                i = (i + 1) & mask;
            }
        }
        template <class Keys>
        void grow(const Keys& keys) {
            slots.assign(slots.size() * 2, -1);
            mask = slots.size() - 1;
            for (std::size_t j = 0; j < keys.size(); ++j) {
                std::size_t i = hash(key_of(keys[j])) & mask;
                while (slots[i] >= 0) i = (i + 1) & mask;
                slots[i] = static_cast<std::int32_t>(j);
            }
        }
    };

    std::array<int, C> order_{};
    // trans_[li][s][field * 4 + y]: the field of shape s after colour layer li sends y, or dead.
    std::array<std::array<std::array<std::uint8_t, fields * 4>, S>, C> trans_{};
    std::vector<option> opts_;
    std::vector<std::vector<option>> layer_opts_;
    key_index index_;
    int final_node_ = -1;
    int final_value_ = 0;

    /// Takes q_s copies of every colour of shape s (from the table first, then from the hand: those
    /// count as played). Returns the number of hand cards used; adds the value to `base`.
    int apply_shape_qwirkles(const std::array<std::uint8_t, S>& q, counts& t, counts& h, int wq, int wc, int& base) const {
        int qcount = 0, qcards = 0;
        for (int s = 0; s < S; ++s) {
            qcount += q[s];
            for (int c = 0; c < C; ++c) {
                const int i = c * S + s;
                const int from_table = std::min<int>(t[i], q[s]);
                t[i] = static_cast<std::uint8_t>(t[i] - from_table);
                h[i] = static_cast<std::uint8_t>(h[i] - (q[s] - from_table));
                qcards += q[s] - from_table;
            }
        }
        base = qcount * wq + qcards * wc;
        return qcards;
    }

    void prepare(const counts& t, const counts& h, bool heavy_first) {
        // Best mode decides the colours with the most choices first (the bound prunes best then); the
        // subset mode, without a bound, takes them last to keep the early layers small.
        std::array<std::uint64_t, C> weight{};
        for (int c = 0; c < C; ++c) {
            std::uint64_t w = 1;
            for (int s = 0; s < S; ++s) {
                const int i = c * S + s;
                w *= static_cast<std::uint64_t>((t[i] + 1) * (h[i] + 1));
            }
            weight[c] = w;
            order_[c] = c;
        }
        std::stable_sort(order_.begin(), order_.end(), [&](int a, int b) { return heavy_first ? weight[a] > weight[b] : weight[a] < weight[b]; });
        for (int li = 0; li < C; ++li)
            for (int s = 0; s < S; ++s) {
                int fmax = 0, fsum = 0;  // what the colours after layer li can still send to shape s
                for (int lj = li + 1; lj < C; ++lj) {
                    const int i = order_[lj] * S + s;
                    const int a = std::min(copies, t[i] + h[i]);
                    fmax = std::max(fmax, a);
                    fsum += a;
                }
                auto& tr = trans_[li][s];
                for (int f = 0; f < fields; ++f)
                    for (int y = 0; y < 4; ++y) tr[f * 4 + y] = transition(f, y, fmax, fsum);
            }
    }

    /// One shape's field (largest count, capped total) after receiving y, knowing what may still come.
    static std::uint8_t transition(int field, int y, int fmax, int fsum) {
        int mx = field & 3, sum = field >> 2;
        if (sum > cap || y > copies) return dead;
        mx = std::max(mx, y);
        sum = std::min(cap, sum + y);
        if (sum + fsum < M * mx) return dead;                  // can no longer reach 3 × max
        if (sum >= M * std::max(mx, fmax)) return static_cast<std::uint8_t>(cap << 2);  // satisfied
        if (mx >= fmax) {  // the max is final: only the shortfall matters
            const int need = M * mx - sum;
            return static_cast<std::uint8_t>(((cap - need) << 2) | copies);
        }
        return static_cast<std::uint8_t>((sum << 2) | mx);
    }

    bool step(std::uint64_t key, std::uint32_t ypack, int li, std::uint64_t& out) const {
        std::uint64_t nk = key & played_flag;
        for (int s = 0; s < S; ++s) {
            const auto y = (ypack >> (2 * s)) & 3u;
            const auto field = (key >> (fbits * s)) & (fields - 1);
            const std::uint8_t f = trans_[static_cast<std::size_t>(li)][static_cast<std::size_t>(s)][field * 4 + y];
            if (f == dead) return false;
            nk |= static_cast<std::uint64_t>(f) << (fbits * s);
        }
        out = nk;
        return true;
    }

    /// At the last layer: the counts each shape accepts, as option masks (0: none for some shape).
    std::uint64_t accepts(std::uint64_t key) const {
        std::uint64_t req = 0;
        for (int s = 0; s < S; ++s) {
            const auto field = (key >> (fbits * s)) & (fields - 1);
            std::uint64_t bits = 0;
            for (int y = 0; y <= copies; ++y)
                if (trans_[C - 1][static_cast<std::size_t>(s)][field * 4 + static_cast<std::size_t>(y)] != dead)
                    bits |= std::uint64_t{1} << y;
            if (!bits) return 0;
            req |= bits << (s * (copies + 1));
        }
        return req;
    }

    /// All choices of one colour; in best mode only the best per (ypack, played-any) is kept.
    void build_options(int c, const counts& t, const counts& h, bool subset, int wq, int wc,
                       const std::array<std::uint32_t, K>* weight) {
        opts_.clear();
        option o;
        gen(c, 0, 0, 0, copies + 1, t, h, o, subset, wq, wc, weight);
        if (subset) return;
        if constexpr (2 * S + 1 <= 16) {
            // direct index by (ypack, played-any), stamped per call instead of cleared
            if (++stamp_ == 0) {
                seen_stamp_.fill(0);
                stamp_ = 1;
            }
            std::size_t n = 0;
            for (std::size_t i = 0; i < opts_.size(); ++i) {
                const option& e = opts_[i];
                const std::size_t slot = (static_cast<std::size_t>(e.ypack) << 1) | (e.cards > 0 ? 1u : 0u);
                if (seen_stamp_[slot] != stamp_) {
                    seen_stamp_[slot] = stamp_;
                    seen_at_[slot] = static_cast<std::uint32_t>(n);
                    opts_[n++] = e;
                } else if (e.value > opts_[seen_at_[slot]].value) {
                    opts_[seen_at_[slot]] = e;
                }
            }
            opts_.resize(n);
        } else {
            std::sort(opts_.begin(), opts_.end(), [](const option& x, const option& y) {
                if (x.ypack != y.ypack) return x.ypack < y.ypack;
                if ((x.cards > 0) != (y.cards > 0)) return x.cards > 0;
                return x.value > y.value;
            });
            std::size_t n = 0;
            for (std::size_t i = 0; i < opts_.size(); ++i)
                if (n == 0 || opts_[n - 1].ypack != opts_[i].ypack || (opts_[n - 1].cards > 0) != (opts_[i].cards > 0))
                    opts_[n++] = opts_[i];
            opts_.resize(n);
        }
    }
    std::uint32_t stamp_ = 0;
    std::array<std::uint32_t, (2 * S + 1 <= 16) ? (std::size_t{1} << (2 * S + 1)) : 1> seen_stamp_{}, seen_at_{};

    /// Orders options by value, best first (bucket sort: values take few distinct levels).
    static void sort_by_value(const std::vector<option>& in, std::vector<option>& out) {
        std::array<int, 64> levels{};
        std::array<std::size_t, 64> start{};
        int nlevels = 0;
        bool many = false;
        for (const option& o : in) {
            int j = 0;
            while (j < nlevels && levels[static_cast<std::size_t>(j)] != o.value) ++j;
            if (j == nlevels) {
                if (nlevels == 64) {
                    many = true;
                    break;
                }
                levels[static_cast<std::size_t>(nlevels++)] = o.value;
            }
        }
        out = in;
        if (many) {
            std::stable_sort(out.begin(), out.end(), [](const option& x, const option& y) { return x.value > y.value; });
            return;
        }
        std::sort(levels.begin(), levels.begin() + nlevels, [](int x, int y) { return x > y; });
        std::array<std::size_t, 64> count{};
        for (const option& o : in) {
            int j = 0;
            while (levels[static_cast<std::size_t>(j)] != o.value) ++j;
            ++count[static_cast<std::size_t>(j)];
        }
        std::size_t acc = 0;
        for (int j = 0; j < nlevels; ++j) start[static_cast<std::size_t>(j)] = acc, acc += count[static_cast<std::size_t>(j)];
        for (const option& o : in) {
            int j = 0;
            while (levels[static_cast<std::size_t>(j)] != o.value) ++j;
            out[start[static_cast<std::size_t>(j)]++] = o;
        }
    }

    void gen(int c, int s, int sumx, int maxx, int minx, const counts& t, const counts& h, option& o, bool subset,
             int wq, int wc, const std::array<std::uint32_t, K>* weight) {
        if (s == S) {
            if (sumx < M * maxx) return;
            if (!subset) {
                int qw = 0;
                if (minx >= 1) qw = (S == M) ? minx : std::min(minx, (sumx - M * maxx) / (S - M));
                o.value = qw * wq + o.cards * wc;
            }
            opts_.push_back(o);
            return;
        }
        const int i = c * S + s;
        const option saved = o;
        for (int p = 0; p <= h[i]; ++p) {
            const int k = t[i] + p;
            for (int y = 0; y <= k; ++y) {  // keeping cards in the colour group first: a good first leaf
                const int x = k - y;
                if (y > copies || x > copies) continue;
                o.xpack = saved.xpack | (static_cast<std::uint32_t>(x) << (2 * s));
                o.ppack = saved.ppack | (static_cast<std::uint32_t>(p) << (2 * s));
                o.ypack = saved.ypack | (static_cast<std::uint32_t>(y) << (2 * s));
                o.ymask = saved.ymask | (std::uint64_t{1} << (s * (copies + 1) + y));
                o.cards = saved.cards + p;
                o.offset = subset ? saved.offset + static_cast<std::uint32_t>(p) * (*weight)[i] : 0;
                gen(c, s + 1, sumx + x, std::max(maxx, x), std::min(minx, x), t, h, o, subset, wq, wc, weight);
            }
        }
        o = saved;
    }

    // ---- subset mode ---------------------------------------------------------------------------
    struct group {
        std::uint32_t ypack;
        std::uint64_t ymask;
        std::vector<std::uint32_t> offsets;  // local mixed-radix indices of the hand parts
    };
    std::vector<std::vector<group>> groups_;
    std::array<std::uint32_t, K> local_weight_{};
    std::array<std::uint32_t, C> radix_{};
    std::array<std::uint32_t, C + 1> suffix_{};
    struct bits_memo {
        std::vector<std::uint64_t> keys;
        std::vector<std::size_t> at;  // position in the arena
        key_index index;
        void clear() {
            keys.clear();
            at.clear();
            index.reset(16);
        }
    };
    std::vector<bits_memo> memo_bits_;
    std::vector<std::uint64_t> arena_;

    static std::size_t words_for(std::uint32_t bits) { return (bits + 63) / 64; }

    static void or_shifted(std::uint64_t* dst, std::size_t dst_words, const std::uint64_t* src, std::size_t src_words,
                           std::uint32_t off) {
        const std::size_t ws = off / 64;
        const unsigned bs = off % 64;
        for (std::size_t i = 0; i < src_words; ++i) {
            if (!src[i]) continue;
            const std::size_t w = i + ws;
            if (w < dst_words) dst[w] |= src[i] << bs;
            if (bs && w + 1 < dst_words) dst[w + 1] |= src[i] >> (64 - bs);
        }
    }

    /// The completions of a state before layer li, as a bitset of suffix_[li] bits in the arena.
    std::size_t suffix_bits(int li, std::uint64_t key) {
        auto& memo = memo_bits_[static_cast<std::size_t>(li)];
        const auto [slot, fresh] = memo.index.find(key, memo.keys);
        if (!fresh) return memo.at[static_cast<std::size_t>(slot)];
        const std::size_t words = words_for(suffix_[li]);
        const std::size_t mine = arena_.size();
        arena_.resize(mine + words, 0);
        // deeper layers have their own memos, so this entry stays valid during the recursion
        memo.keys.push_back(key);
        memo.at.push_back(mine);
        const auto& gs = groups_[static_cast<std::size_t>(li)];
        if (li == C - 1) {
            const std::uint64_t req = accepts(key);
            for (const group& g : gs)
                if (req && (g.ymask & ~req) == 0)
                    for (std::uint32_t off : g.offsets) arena_[mine + off / 64] |= std::uint64_t{1} << (off % 64);
        } else {
            const std::size_t sub_words = words_for(suffix_[li + 1]);
            for (const group& g : gs) {
                std::uint64_t nk;
                if (!step(key, g.ypack, li, nk)) continue;
                const std::size_t sub = suffix_bits(li + 1, nk);
                bool any = false;
                for (std::size_t w = 0; w < sub_words && !any; ++w) any = arena_[sub + w] != 0;
                if (!any) continue;
                for (std::uint32_t off : g.offsets)
                    or_shifted(&arena_[mine], words, &arena_[sub], sub_words, off * suffix_[li + 1]);
            }
        }
        return mine;
    }

    // ---- best mode: depth-first branch and bound over the colours, memoised per state ----------
    struct memo_map {
        std::vector<std::uint64_t> keys;
        std::vector<int> values;
        key_index index;
        void clear() {
            keys.clear();
            values.clear();
            index.reset(16);
        }
        /// True when the state was reached before with at least `v` (nothing new to find from it).
        bool seen(std::uint64_t key, int v) {
            auto [slot, fresh] = index.find(key, keys);
            if (fresh) {
                keys.push_back(key);
                values.push_back(v);
                return false;
            }
            int& best = values[static_cast<std::size_t>(slot)];
            if (best >= v) return true;
            best = v;
            return false;
        }
    };
    std::vector<memo_map> memo_;
    std::array<int, C + 1> rem_ub_{};  // the most the colours from layer li on can add
    std::array<int, C> path_{}, best_path_{};
    int best_value_ = -1;
    static constexpr long first_pass_budget = 8000;
    long node_budget_ = -1;  // nodes left in this run, or -1 for no limit
    bool budget_exhausted_ = false;
    bool stop_at_first_ = false;

    /// Finds a completion worth more than `bound` (the best one, or the first with `first`).
    void run_best(const counts& t, const counts& h, int wq, int wc, int base, bool played, int bound, bool first) {
        prepare(t, h, true);
        layer_opts_.resize(static_cast<std::size_t>(C));
        memo_.resize(static_cast<std::size_t>(C));
        final_node_ = -1;
        for (int li = 0; li < C; ++li) {
            build_options(order_[li], t, h, false, wq, wc, nullptr);
            if (opts_.empty()) return;
            sort_by_value(opts_, layer_opts_[static_cast<std::size_t>(li)]);
            memo_[static_cast<std::size_t>(li)].clear();
        }
        rem_ub_[C] = 0;
        for (int li = C - 1; li >= 0; --li) rem_ub_[li] = rem_ub_[li + 1] + layer_opts_[static_cast<std::size_t>(li)][0].value;
        best_value_ = bound;
        stop_at_first_ = first;
        budget_exhausted_ = false;
        dfs(0, played ? played_flag : 0, base);
    }

    void dfs(int li, std::uint64_t key, int v) {
        if (v + rem_ub_[li] <= best_value_ || budget_exhausted_) return;
        if (node_budget_ >= 0 && --node_budget_ < 0) {
            budget_exhausted_ = true;
            return;
        }
        if (li > 0 && memo_[static_cast<std::size_t>(li)].seen(key, v)) return;
        const auto& opts = layer_opts_[static_cast<std::size_t>(li)];
        if (li == C - 1) {
            const std::uint64_t req = accepts(key);
            if (!req) return;
            const bool played = (key & played_flag) != 0;
            for (std::size_t oi = 0; oi < opts.size(); ++oi) {
                const option& o = opts[oi];
                if (v + o.value <= best_value_) return;
                if ((o.ymask & ~req) || (!played && o.cards == 0)) continue;
                best_value_ = v + o.value;
                final_node_ = 1;
                final_value_ = best_value_;
                path_[static_cast<std::size_t>(li)] = static_cast<int>(oi);
                best_path_ = path_;
                return;
            }
            return;
        }
        for (std::size_t oi = 0; oi < opts.size(); ++oi) {
            const option& o = opts[oi];
            if (v + o.value + rem_ub_[li + 1] <= best_value_) return;
            std::uint64_t nk;
            if (!step(key, o.ypack, li, nk)) continue;
            if (o.cards > 0) nk |= played_flag;
            path_[static_cast<std::size_t>(li)] = static_cast<int>(oi);
            dfs(li + 1, nk, v + o.value);
            if ((stop_at_first_ && final_node_ >= 0) || budget_exhausted_) return;
        }
    }

    void reconstruct(const counts& t, best_result& out) const {
        for (int li = 0; li < C; ++li) {
            const option& o = layer_opts_[static_cast<std::size_t>(li)][static_cast<std::size_t>(best_path_[static_cast<std::size_t>(li)])];
            const int c = order_[li];
            for (int s = 0; s < S; ++s) {
                const int i = c * S + s;
                out.x[i] = static_cast<std::uint8_t>(o.x(s));
                out.p[i] = static_cast<std::uint8_t>(o.p(s));
                out.y[i] = static_cast<std::uint8_t>(t[i] + o.p(s) - o.x(s));
            }
        }
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
    return s.best(0, 1, true, true).found;
}

/// Every distinct non-empty sub-multiset of the hand that can be played (with some rearrangement),
/// written to `out` as `cards_t<R>` values; returns the end of the output.
template <card_ruleset R, class Out>
Out playable_subsets(const basic_tableau<R>& table, const cards_t<R>& hand, Out out) {
    using card_type = card_t<R>;
    auto& s = detail::solver_instance<R>();
    s.load(table.contents(), hand);
    s.for_each_playable([&](const auto& p) {
        cards_t<R> m;
        for (int i = 0; i < card_traits<R>::kinds; ++i)
            if (p[static_cast<std::size_t>(i)]) m.add(qwirkle::detail::tile_at<card_type>(i), p[static_cast<std::size_t>(i)]);
        if (!m.empty()) *out++ = m;
    });
    return out;
}

/// How many distinct non-empty sub-multisets of the hand can be played.
template <card_ruleset R>
int count_playable_subsets(const basic_tableau<R>& table, const cards_t<R>& hand) {
    auto& s = detail::solver_instance<R>();
    s.load(table.contents(), hand);
    int n = 0;
    s.for_each_playable([&](const auto& p) {
        for (auto k : p)
            if (k) {
                ++n;
                return;
            }
    });
    return n;
}

namespace detail {
/// The rows of a solver result: per colour its kept cards, per shape the rest plus its Qwirkles.
template <card_ruleset R>
basic_tableau<R> rows_of(const typename card_solver<R>::best_result& r) {
    using card_type = card_t<R>;
    constexpr int C = R::colours, S = R::shapes;
    basic_tableau<R> t;
    std::array<card_type, (C > S ? C : S)> kinds{};
    std::array<std::uint8_t, (C > S ? C : S)> n{};
    for (int c = 0; c < C; ++c) {
        for (int sh = 0; sh < S; ++sh) kinds[sh] = qwirkle::detail::tile_at<card_type>(c * S + sh), n[sh] = r.x[c * S + sh];
        deal_group<R>(kinds.data(), n.data(), S, 0, t.rows);
    }
    for (int sh = 0; sh < S; ++sh) {
        for (int c = 0; c < C; ++c) kinds[c] = qwirkle::detail::tile_at<card_type>(c * S + sh), n[c] = r.y[c * S + sh];
        deal_group<R>(kinds.data(), n.data(), C, r.shape_qwirkles[sh], t.rows);
    }
    return t;
}
}  // namespace detail

/// A legal arrangement of the table plus the given cards, as a turn playing them (most Qwirkles first),
/// or none when those cards cannot be played. `played` may be empty (then only the table is arranged).
template <card_ruleset R>
std::optional<basic_turn<R>> arrange(const basic_tableau<R>& table, const cards_t<R>& played) {
    auto& s = detail::solver_instance<R>();
    auto all = table.contents();
    all += played;
    s.load(all, cards_t<R>{});
    const auto r = s.best(1, 0, false);
    if (!r.found) return std::nullopt;
    return basic_turn<R>{played, detail::rows_of<R>(r)};
}

/// A best legal turn: the cards played and the full resulting table (Qwirkles still on it), or none
/// when no card can be played. Rows come grouped by colour, then by shape.
template <card_ruleset R>
std::optional<basic_turn<R>> best_turn(const basic_tableau<R>& table, const cards_t<R>& hand,
                                       objective goal = objective::qwirkles_then_cards) {
    using card_type = card_t<R>;
    constexpr int C = R::colours, S = R::shapes;
    auto& s = detail::solver_instance<R>();
    s.load(table.contents(), hand);
    constexpr int big = 4 * card_traits<R>::card_count;
    const auto r = goal == objective::qwirkles_then_cards ? s.best(big, 1) : s.best(1, big);
    if (!r.found) return std::nullopt;
    basic_turn<R> t;
    for (int i = 0; i < C * S; ++i)
        if (r.p[i]) t.played.add(qwirkle::detail::tile_at<card_type>(i), r.p[i]);
    t.result = detail::rows_of<R>(r);
    return t;
}

}  // namespace qwirkle::cards
