// The exact turn solver against a plain exhaustive search over explicit row partitions, the perft
// suite, and the solver's answers on the rulebook situations.
#include <doctest/doctest.h>

#include <bit>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <stdexcept>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

#include <qwirkle/cards/cards.hpp>
#include <qwirkle/cards/perft.hpp>

#include "../scale.hpp"
#include "reference_solver.hpp"
#include "support.hpp"

namespace qc = qwirkle::cards;

namespace {

/// Small editions with the same rules (Qwirkle = a full row of the group), so that Qwirkles are common
/// in small random positions.
struct mini_rules : qc::schmidt_rules {
    static constexpr int colours = 4;
    static constexpr int shapes = 4;
};
struct narrow_rules : qc::schmidt_rules {
    static constexpr int colours = 3;
    static constexpr int shapes = 5;
    static constexpr int copies = 2;
};
/// More colours than shapes: the solver's cut condition then runs over the shapes (transposed).
struct wide_rules : qc::schmidt_rules {
    static constexpr int colours = 5;
    static constexpr int shapes = 3;
    static constexpr int copies = 2;
};

/// Nine shapes, three colours: more than eight columns, so the cut condition takes its plain-loop
/// path (feasible_wide) instead of the 8-lane one.
struct long_rules : qc::schmidt_rules {
    static constexpr int colours = 3;
    static constexpr int shapes = 9;
    static constexpr int copies = 2;
};

/// The exhaustive reference's memo key: the counts, 2 bits each (at most 3 copies of a card), 32 to a word.
struct packed_counts {
    std::uint64_t lo = 0, hi = 0;
    friend bool operator==(const packed_counts&, const packed_counts&) = default;
};
struct packed_hash {
    std::size_t operator()(const packed_counts& k) const noexcept {
        return static_cast<std::size_t>((k.lo ^ (k.hi * 0x9E3779B97F4A7C15ull)) * 0xBF58476D1CE4E5B9ull >> 17);
    }
};

/// The reference: does a multiset split into valid rows, and with how many Qwirkles at most (-1: no)?
/// Takes the first card present and tries every row containing it, recursively, memoised.
template <class R>
struct exhaustive {
    using card = qc::card_t<R>;
    static constexpr int K = R::colours * R::shapes;
    static_assert(R::copies <= 3 && K <= 64, "the memo packs each count in 2 bits");
    std::unordered_map<packed_counts, int, packed_hash> memo;

    static packed_counts pack(const std::vector<std::uint8_t>& n) {
        packed_counts k;
        for (std::size_t i = 0; i < n.size(); ++i) (i < 32 ? k.lo : k.hi) |= std::uint64_t{n[i]} << (2 * (i % 32));
        return k;
    }

    int most_qwirkles(std::vector<std::uint8_t>& n) {
        int first = 0;
        while (first < K && n[static_cast<std::size_t>(first)] == 0) ++first;
        if (first == K) return 0;
        const packed_counts key = pack(n);
        if (auto it = memo.find(key); it != memo.end()) return it->second;
        const card a = *card::from_index(first);
        --n[static_cast<std::size_t>(first)];
        int best = -1;
        for (int group = 0; group < 2; ++group) {
            std::vector<int> others;  // other kinds of the group still present
            const int size = group == 0 ? R::shapes : R::colours;
            for (int j = 0; j < size; ++j) {
                const card b = *(group == 0 ? card::make(a.colour(), j) : card::make(j, a.shape()));
                if (b != a && n[b.index()]) others.push_back(b.index());
            }
            const int m = static_cast<int>(others.size());
            for (int mask = 0; mask < (1 << m); ++mask) {
                const int len = 1 + std::popcount(static_cast<unsigned>(mask));
                if (len < R::min_row) continue;
                for (int j = 0; j < m; ++j)
                    if (mask >> j & 1) --n[static_cast<std::size_t>(others[static_cast<std::size_t>(j)])];
                const int r = most_qwirkles(n);
                if (r >= 0) best = std::max(best, r + (len == size ? 1 : 0));
                for (int j = 0; j < m; ++j)
                    if (mask >> j & 1) ++n[static_cast<std::size_t>(others[static_cast<std::size_t>(j)])];
            }
        }
        ++n[static_cast<std::size_t>(first)];
        memo[key] = best;
        return best;
    }

    struct answer {
        std::set<std::vector<std::uint8_t>> playable;  // played parts, as counts
        int max_cards = 0, max_qwirkles = 0;
        std::pair<int, int> best_qc{-1, -1}, best_cq{-1, -1};  // (qwirkles, cards), (cards, qwirkles)
    };

    answer solve(const qc::cards_t<R>& table, const qc::cards_t<R>& hand) {
        answer out;
        std::vector<std::uint8_t> t(K), h(K), p(K, 0);
        for (int i = 0; i < K; ++i) {
            t[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(table.count(*card::from_index(i)));
            h[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(hand.count(*card::from_index(i)));
        }
        for (;;) {
            int size = 0;
            std::vector<std::uint8_t> all(K);
            for (std::size_t i = 0; i < K; ++i) all[i] = static_cast<std::uint8_t>(t[i] + p[i]), size += p[i];
            if (size > 0) {
                const int q = most_qwirkles(all);
                if (q >= 0) {
                    out.playable.insert(p);
                    out.max_cards = std::max(out.max_cards, size);
                    out.max_qwirkles = std::max(out.max_qwirkles, q);
                    out.best_qc = std::max(out.best_qc, std::pair{q, size});
                    out.best_cq = std::max(out.best_cq, std::pair{size, q});
                }
            }
            std::size_t i = 0;
            while (i < K && p[i] == h[i]) p[i++] = 0;
            if (i == K) break;
            ++p[i];
        }
        return out;
    }
};

/// A random legal table of up to `rows` rows and a random hand of up to `hand_max` cards from the rest.
template <class R>
std::pair<qc::basic_tableau<R>, qc::cards_t<R>> random_position(qwirkle::rng& g, int rows, int hand_max) {
    using card = qc::card_t<R>;
    qc::basic_tableau<R> t;
    qc::cards_t<R> used;
    const int nrows = static_cast<int>(g.below(static_cast<std::uint32_t>(rows + 1)));
    for (int attempt = 0; attempt < 40 && static_cast<int>(t.rows.size()) < nrows; ++attempt) {
        const bool colour = g.below(2) == 0;
        const int fixed = static_cast<int>(g.below(colour ? R::colours : R::shapes));
        const int size = colour ? R::shapes : R::colours;
        std::vector<int> order(static_cast<std::size_t>(size));
        for (int j = 0; j < size; ++j) order[static_cast<std::size_t>(j)] = j;
        g.shuffle(order.begin(), order.end());
        const int len = R::min_row + static_cast<int>(g.below(static_cast<std::uint32_t>(size - R::min_row + 1)));
        qc::basic_row<R> r;
        bool ok = true;
        for (int j = 0; j < len; ++j) {
            const card c = *(colour ? card::make(fixed, order[static_cast<std::size_t>(j)]) : card::make(order[static_cast<std::size_t>(j)], fixed));
            if (used.count(c) >= R::copies) ok = false;
            r.push_back(c);
        }
        if (!ok) continue;
        for (card c : r) used.add(c);
        t.rows.push_back(r);
    }
    qc::cards_t<R> hand;
    const int hn = 1 + static_cast<int>(g.below(static_cast<std::uint32_t>(hand_max)));
    while (hand.size() < hn) {
        const card c = *card::from_index(static_cast<int>(g.below(qc::card_traits<R>::kinds)));
        if (used.count(c) < R::copies) used.add(c), hand.add(c);
    }
    return {t, hand};
}

template <class R>
std::vector<std::uint8_t> counts_of(const qc::cards_t<R>& m) {
    std::vector<std::uint8_t> v(qc::card_traits<R>::kinds);
    for (int i = 0; i < qc::card_traits<R>::kinds; ++i) v[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(m.count(*qc::card_t<R>::from_index(i)));
    return v;
}

template <class R>
void cross_check(int positions, int rows, int hand_max, std::uint64_t seed) {
    qwirkle::rng g(seed);
    int with_play = 0, with_qwirkle = 0;
    for (int n = 0; n < positions; ++n) {
        const auto position = random_position<R>(g, rows, hand_max);
        const auto& table = position.first;
        const auto& hand = position.second;
        const std::string text = qc::to_string(qc::basic_position<R>{table, hand});
        CAPTURE(text);
        exhaustive<R> ref;
        const auto want = ref.solve(table.contents(), hand);

        std::vector<qc::cards_t<R>> subsets;
        qc::playable_subsets(table, hand, std::back_inserter(subsets));
        std::set<std::vector<std::uint8_t>> got;
        for (const auto& s : subsets) got.insert(counts_of<R>(s));
        REQUIRE(got.size() == subsets.size());  // distinct
        CHECK(got == want.playable);
        CHECK(qc::count_playable_subsets(table, hand) == static_cast<int>(want.playable.size()));
        CHECK(qc::can_play(table, hand) == !want.playable.empty());

        for (auto goal : {qc::objective::qwirkles_then_cards, qc::objective::cards_then_qwirkles}) {
            const auto t = qc::best_turn(table, hand, goal);
            REQUIRE(t.has_value() == !want.playable.empty());
            if (!t) continue;
            CHECK(qc::check_turn(table, hand, *t).ok());  // the proof is the arrangement itself
            if (goal == qc::objective::qwirkles_then_cards) CHECK(std::pair{t->qwirkles(), t->cards()} == want.best_qc);
            else CHECK(std::pair{t->cards(), t->qwirkles()} == want.best_cq);
        }
        // The first arrangement of the rows' search (most Qwirkles tried first) holds none only
        // when no arrangement does (for_each_outcome lists such a part by these rows alone).
        auto& solver = qc::detail::solver_instance<R>();
        for (const auto& s : subsets) {
            auto with_part = table.contents();
            with_part += s;
            std::vector<std::uint8_t> all = counts_of<R>(with_part);
            typename qc::detail::card_solver<R>::counts a{};
            std::copy(all.begin(), all.end(), a.begin());
            const int most = ref.most_qwirkles(all), first = solver.first_arrangement(a, 0);
            CHECK(first >= 0);
            CHECK(most >= 0);
            CHECK((first == 0) == (most == 0));
            CHECK(first <= most);
            if (first == 0) {  // and its rows are those arrange() gives
                const std::string found = qc::to_string(solver.found_rows(a));
                const auto t = qc::arrange(table, s);
                REQUIRE(t.has_value());
                CHECK(qc::to_string(t->result) == found);
            }
        }
        // Every playable part can actually be arranged.
        for (std::size_t i = 0; i < subsets.size(); i += 7) {
            const auto t = qc::arrange(table, subsets[i]);
            REQUIRE(t.has_value());
            CHECK(qc::check_turn(table, hand, *t).ok());
        }
        with_play += !want.playable.empty();
        with_qwirkle += want.max_qwirkles > 0;
    }
    MESSAGE(positions << " positions: " << with_play << " with a play, " << with_qwirkle << " with a Qwirkle");
    CHECK(with_play > positions / 4);
}

using qwirkle_cards_test::cards;
using qwirkle_cards_test::table;

}  // namespace

TEST_CASE("solver = exhaustive search: standard cards, 2000 random small positions") {
    cross_check<qc::standard_rules>(2000, 4, 7, 1);
}
TEST_CASE("solver = exhaustive search: 4 x 4 cards (Qwirkle = row of 4), 2000 random positions") {
    cross_check<mini_rules>(2000, 5, 7, 2);
}
TEST_CASE("solver = exhaustive search: 3 colours x 5 shapes x 2 copies, 1000 random positions") {
    cross_check<narrow_rules>(1000, 4, 6, 3);
}

TEST_CASE("solver = exhaustive search: 5 colours x 3 shapes x 2 copies (transposed), 1000 random positions") {
    cross_check<wide_rules>(1000, 4, 6, 4);
}

TEST_CASE("solver = exhaustive search: 3 colours x 9 shapes x 2 copies (more than 8 columns), 250 random positions") {
    cross_check<long_rules>(250, 4, 6, 6);
}

namespace {
/// The level search with its fast checks (8-lane cut condition, incremental propagation) against the
/// same search with plain checks (plain-loop cut condition, every group in every propagation round):
/// the same answer, the same levels and the same number of nodes, for every kind of question.
template <class R>
void fast_checks_same_search(int positions, int rows, int hand_max, std::uint64_t seed) {
    using solver = qc::detail::level_solver<R>;
    constexpr int K = qc::card_traits<R>::kinds;
    constexpr int big = 4 * qc::card_traits<R>::card_count;
    qwirkle::rng g(seed);
    solver fast, plain;
    plain.plain_checks = true;
    long nodes = 0;
    for (int n = 0; n < positions; ++n) {
        const auto position = random_position<R>(g, rows, hand_max);
        const std::string text = qc::to_string(qc::basic_position<R>{position.first, position.second});
        CAPTURE(text);
        const auto table = position.first.contents();
        typename solver::counts t{}, h{}, all{};
        for (int i = 0; i < K; ++i) {
            const auto c = *qc::card_t<R>::from_index(i);
            t[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(table.count(c));
            h[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(position.second.count(c));
            all[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(t[static_cast<std::size_t>(i)] + h[static_cast<std::size_t>(i)]);
        }
        const typename solver::goal goals[] = {{big, 1, true, 1, false}, {1, big, true, 1, false}, {0, 1, true, 1, true}, {1, 0, false, 0, false}};
        for (const auto& gl : goals) {
            const int v = fast.solve(t, h, gl);
            REQUIRE(v == plain.solve(t, h, gl));
            CHECK(fast.nodes() == plain.nodes());
            nodes += fast.nodes();
            if (v < 0) continue;
            CHECK(fast.qwirkles() == plain.qwirkles());
            CHECK(fast.cards() == plain.cards());
            typename solver::counts x1{}, p1{}, x2{}, p2{};
            fast.split(x1, p1);
            plain.split(x2, p2);
            CHECK(x1 == x2);
            CHECK(p1 == p2);
        }
        // the whole multiset, no hand (the feasibility question of playable_subsets)
        const int v = fast.solve(all, {}, {0, 0, false, 0, true});
        CHECK(v == plain.solve(all, {}, {0, 0, false, 0, true}));
        CHECK(fast.nodes() == plain.nodes());
    }
    MESSAGE(positions << " positions, " << nodes << " nodes");
}
}  // namespace

TEST_CASE("fast checks = plain checks: the same search (standard cards, 4000 random positions up to 12 rows)") {
    fast_checks_same_search<qc::standard_rules>(4000, 12, 9, 21);
}
TEST_CASE("fast checks = plain checks: 4 x 4, 3 x 5 and 5 x 3 editions, 1000 random positions each") {
    fast_checks_same_search<mini_rules>(1000, 6, 7, 22);
    fast_checks_same_search<narrow_rules>(1000, 5, 6, 23);
    fast_checks_same_search<wide_rules>(1000, 5, 6, 24);
}

TEST_CASE("the cut condition's 8-lane arithmetic: vector extension = plain loops") {
    // feasible_lanes runs on detail::lanes8 (the compiler's vector extension on GCC and Clang); its
    // plain-loop twin lanes8_portable is what other compilers get. Same results on random lanes.
    using qc::detail::lanes8;
    using qc::detail::lanes8_portable;
    qwirkle::rng g(77);
    const auto draw = [&](lanes8& v, lanes8_portable& p) {
        for (int j = 0; j < 8; ++j) {
            const int x = static_cast<int>(g.below(201)) - 100;
            v.set(j, x);
            p.set(j, x);
        }
    };
    const auto same = [](const lanes8& v, const lanes8_portable& p) {
        for (int j = 0; j < 8; ++j)
            if (v[j] != p[j]) return false;
        return true;
    };
    for (int n = 0; n < 20000; ++n) {
        lanes8 a, b;
        lanes8_portable pa, pb;
        draw(a, pa);
        draw(b, pb);
        if (n % 5 == 0) b.set(n % 8, a[n % 8]), pb.set(n % 8, pa[n % 8]);  // ties
        REQUIRE(same(a, pa));
        CHECK(same(a + b, pa + pb));
        CHECK(same(a - b, pa - pb));
        CHECK(same(a & b, pa & pb));
        CHECK(same(min(a, b), min(pa, pb)));
        CHECK(same(max(a, b), max(pa, pb)));
        CHECK(any_greater(a, b) == any_greater(pa, pb));
        CHECK(any_greater(min(a, b), max(a, b)) == false);
        CHECK(sum(a) == sum(pa));
        const lanes8 z;
        const lanes8_portable pz;
        CHECK(sum_small(max(a, z)) == sum(max(pa, pz)));  // non-negative lanes
        CHECK(sum_small(max(pa, pz)) == sum(max(pa, pz)));
        const int x = static_cast<int>(g.below(41)) - 20;
        CHECK(same(lanes8::all(x), lanes8_portable::all(x)));
    }
    lanes8 zero;
    lanes8_portable pzero;
    CHECK(sum(zero) == 0);
    CHECK(same(zero, pzero));
}

namespace {
/// The new solver against the 0.1.0 solver (tests/cards/reference_solver.hpp): the same answers.
template <class R>
void same_as_reference(const qc::basic_tableau<R>& table, const qc::cards_t<R>& hand, bool subsets) {
    const std::string text = qc::to_string(qc::basic_position<R>{table, hand});
    CAPTURE(text);
    CHECK(qc::can_play(table, hand) == qc::reference::can_play(table, hand));
    for (auto goal : {qc::objective::qwirkles_then_cards, qc::objective::cards_then_qwirkles}) {
        const auto got = qc::best_turn(table, hand, goal);
        const auto want = qc::reference::best_turn(table, hand, goal);
        REQUIRE(got.has_value() == want.has_value());
        if (!got) continue;
        CHECK(got->qwirkles() == want->qwirkles());
        CHECK(got->cards() == want->cards());
        CHECK(qc::check_turn(table, hand, *got).ok());
    }
    if (subsets) CHECK(qc::count_playable_subsets(table, hand) == qc::reference::count_playable_subsets(table, hand));
}
}  // namespace

TEST_CASE("solver = 0.1.0 solver: 1500 random positions, tables of up to 12 rows, hands of up to 9") {
    qwirkle::rng g(77);
    for (int n = 0; n < 1500; ++n) {
        const auto position = random_position<qc::standard_rules>(g, 12, 9);
        same_as_reference(position.first, position.second, position.first.card_count() <= 24);
    }
}

TEST_CASE("solver = 0.1.0 solver: every position of 30 greedy games of each edition") {
    int positions = 0;
    const int games = qwirkle_test::scaled(30);  // (the sanitizer build runs fewer)
    for (int k = 0; k < games; ++k) {
        qc::game g(2 + k % 3, 900u + static_cast<std::uint64_t>(k));
        qc::basic_game<qc::games999_rules> h(2 + k % 3, 900u + static_cast<std::uint64_t>(k));
        while (!g.is_terminal()) {
            const int me = g.current_player();
            if (!g.opening()) same_as_reference(g.table(), g.hand(me), g.table().card_count() <= 24), ++positions;
            const auto actions = g.legal_actions();
            REQUIRE(!actions.empty());
            if (g.opening()) g.apply(actions.front());
            else if (auto t = qc::best_turn(g.table(), g.hand(me))) g.play(*t);
            else g.cannot_play();
        }
        while (!h.is_terminal()) {
            const int me = h.current_player();
            if (!h.opening()) same_as_reference(h.table(), h.hand(me), false), ++positions;
            if (auto t = qc::best_turn(h.table(), h.hand(me))) h.play(*t);
            else h.cannot_play();
        }
    }
    MESSAGE(positions << " positions");
}

TEST_CASE("answers do not depend on the questions asked before") {
    // The solver keeps state between calls (branching weights and the last levels found, used by
    // yes-or-no questions; a cache per table). Every answer a caller sees must be the same whatever
    // was asked before: each of 300 random positions asked on its own (cache emptied), then again
    // after questions on 20 other random positions, then once more with the order of its own
    // questions reversed.
    qwirkle::rng g(4711);
    using R = qc::standard_rules;
    struct answers {
        std::string best_q, best_c, subsets, arranged;
        bool can = false;
        bool operator==(const answers&) const = default;
    };
    const auto ask = [](const qc::basic_tableau<R>& t, const qc::cards_t<R>& h, bool reversed) {
        answers a;
        std::vector<qc::cards_t<R>> parts;
        const auto questions = [&](int k) {
            switch (k) {
            case 0: {
                const auto b = qc::best_turn(t, h);
                a.best_q = b ? qc::to_string(b->result) + " | " + qwirkle::to_string(b->played) : "-";
                break;
            }
            case 1: {
                const auto b = qc::best_turn(t, h, qc::objective::cards_then_qwirkles);
                a.best_c = b ? qc::to_string(b->result) + " | " + qwirkle::to_string(b->played) : "-";
                break;
            }
            case 2:
                parts.clear();
                qc::playable_subsets(t, h, std::back_inserter(parts));
                a.subsets.clear();
                for (const auto& p : parts) a.subsets += qwirkle::to_string(p) + "; ";
                break;
            case 3: {
                const auto r = qc::arrange(t, h);
                a.arranged = r ? qc::to_string(r->result) : "-";
                break;
            }
            default: a.can = qc::can_play(t, h);
            }
        };
        for (int k = 0; k < 5; ++k) questions(reversed ? 4 - k : k);
        return a;
    };
    auto& solver = qc::detail::solver_instance<R>();
    for (int n = 0; n < 300; ++n) {
        const auto position = random_position<R>(g, 10, 9);
        solver.forget();
        const answers alone = ask(position.first, position.second, false);
        for (int m = 0; m < 20; ++m) {
            const auto other = random_position<R>(g, 10, 9);
            ask(other.first, other.second, m % 2 == 1);
        }
        CHECK(ask(position.first, position.second, false) == alone);
        CHECK(ask(position.first, position.second, true) == alone);
    }
}

TEST_CASE("the 12 complete rows: hands of 0, 1, 2 and 9 cards") {
    // Every colour row and every shape row: two copies of every card, 72 on the table. Twelve
    // Qwirkles would take all 72 and leave the played cards alone, which never hold 3 of a group
    // here, so 11 is the most (found with a card played); every card can be played.
    const auto t = table(
        "R1 R2 R3 R4 R5 R6 / O1 O2 O3 O4 O5 O6 / Y1 Y2 Y3 Y4 Y5 Y6 / G1 G2 G3 G4 G5 G6 / B1 B2 B3 B4 B5 B6 / "
        "P1 P2 P3 P4 P5 P6 / R1 O1 Y1 G1 B1 P1 / R2 O2 Y2 G2 B2 P2 / R3 O3 Y3 G3 B3 P3 / R4 O4 Y4 G4 B4 P4 / "
        "R5 O5 Y5 G5 B5 P5 / R6 O6 Y6 G6 B6 P6");
    CHECK(!qc::can_play(t, cards("")));
    CHECK(!qc::best_turn(t, cards("")));
    CHECK(qc::count_playable_subsets(t, cards("")) == 0);
    for (const char* h : {"R1", "R1 O2", "R1 O2 Y3 G4 B5 P6 R2 O3 Y4"}) {
        CAPTURE(h);
        const auto hand = cards(h);
        CHECK(qc::can_play(t, hand));
        CHECK(qc::count_playable_subsets(t, hand) == (1 << hand.size()) - 1);  // every card fits a row
        const auto most_qwirkles = qc::best_turn(t, hand);
        REQUIRE(most_qwirkles);
        CHECK(qc::check_turn(t, hand, *most_qwirkles).ok());
        CHECK(most_qwirkles->qwirkles() == 11);
        const auto most_cards = qc::best_turn(t, hand, qc::objective::cards_then_qwirkles);
        REQUIRE(most_cards);
        CHECK(qc::check_turn(t, hand, *most_cards).ok());
        CHECK(most_cards->cards() == hand.size());
    }
}

TEST_CASE("a hand holds at most 9 cards") {
    const auto p = qc::parse_position("R1 R2 R3 | R4 R5 R6 O1 O2 O3 Y1 Y2 Y3 G1");
    REQUIRE(!p.ok());
    CHECK(p.error().describe().find("a hand holds at most 9 cards") != std::string::npos);
    CHECK(qc::parse_position("R1 R2 R3 | R4 R5 R6 O1 O2 O3 Y1 Y2 Y3").ok());
    CHECK(qc::parse_position("R1 R2 R3 |").ok());  // empty: the late game
    const auto ten = cards("R4 R5 R6 O1 O2 O3 Y1 Y2 Y3 G1");
    std::vector<qc::cards_t<qc::standard_rules>> out;
    CHECK_THROWS_AS(qc::playable_subsets(table("R1 R2 R3"), ten, std::back_inserter(out)), std::length_error);
    CHECK_THROWS_AS(qc::count_playable_subsets(table("R1 R2 R3"), ten), std::length_error);
    CHECK(qc::perft("R1 R2 R3 | R4 R5 R6 O1 O2 O3 Y1 Y2 Y3 G1").rfind("error: line 1, column 39", 0) == 0);
    CHECK(qc::perft("R1 R2 R3 |") == "plays=0 maxcards=0 maxqwirkles=0");
}

TEST_CASE("perft suite (tests/data/perft_cards.tsv)") {
    std::ifstream in(QWIRKLE_TEST_DATA "/perft_cards.tsv");
    REQUIRE(in);
    std::string line;
    int n = 0;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        const auto tab = line.find('\t');
        const auto p = qc::parse_position(std::string_view(line).substr(0, tab));
        REQUIRE(p.ok());
        const auto qc_turn = qc::best_turn(p->table, p->hand);
        const auto cq_turn = qc::best_turn(p->table, p->hand, qc::objective::cards_then_qwirkles);
        std::ostringstream got;
        got << "plays=" << qc::count_playable_subsets(p->table, p->hand)
            << " maxcards=" << (cq_turn ? cq_turn->cards() : 0) << " maxqwirkles=" << (qc_turn ? qc_turn->qwirkles() : 0);
        CHECK(got.str() == line.substr(tab + 1));
        if (qc_turn) CHECK(qc::check_turn(p->table, p->hand, *qc_turn).ok());
        ++n;
    }
    CHECK(n == 20);
}

TEST_CASE("the issue's example: R1 R2 R3 / G4 B4 Y4 | R4 R5 R6 P4 O4 G1 B1 Y1 P1") {
    const auto p = qc::parse_position("R1 R2 R3 / G4 B4 Y4 | R4 R5 R6 P4 O4 G1 B1 Y1 P1").value();
    CHECK(qc::count_playable_subsets(p.table, p.hand) == 359);
    const auto t = qc::best_turn(p.table, p.hand);
    REQUIRE(t);
    CHECK(t->cards() == 9);
    CHECK(t->qwirkles() == 1);
    CHECK(qc::to_string(t->result) == "R1 R2 R3 R4 R5 R6 / Y1 G1 B1 P1 / O4 Y4 G4 B4 P4");
}

TEST_CASE("solver finds the rulebook plays") {
    // 002 Erik: only the move of the blue square makes R4 G4 playable.
    auto t = qc::best_turn(table("B1 B2 B3 B4"), cards("R4 G4"));
    REQUIRE(t);
    CHECK(t->cards() == 2);
    CHECK(!qc::best_turn(table("B1 B2 B4"), cards("R4 G4")));  // the blue row would drop to 2
    // 002 Danny: green diamond and circle need the green square and then the purple square moved.
    t = qc::best_turn(table("R4 Y4 G4 / P1 P2 P4 P5"), cards("G3 G1"));
    REQUIRE(t);
    CHECK(t->cards() == 2);
    CHECK(!qc::can_play(table("R4 Y4 G4 / P1 P2 P5"), cards("G3 G1")));
    // 002 Quinten: the yellow star makes a Qwirkle only with the yellow clover moved and a blue clover in.
    t = qc::best_turn(table("Y1 Y2 Y3 Y4 / R6 O6 Y6"), cards("Y5 B6"));
    REQUIRE(t);
    CHECK(t->qwirkles() == 1);
    CHECK(t->cards() == 2);
    t = qc::best_turn(table("Y1 Y2 Y3 Y4 / R6 O6 Y6"), cards("Y5"));
    REQUIRE(t);
    CHECK(t->qwirkles() == 0);  // without the blue clover the clover row would be short
    // 000 Sabine: two diamonds and the yellow diamond moved: a Qwirkle.
    t = qc::best_turn(table("R3 O3 G3 / Y1 Y2 Y3 Y4"), cards("B3 P3"));
    REQUIRE(t);
    CHECK(t->qwirkles() == 1);
    // 000 Mario
    t = qc::best_turn(table("P1 P2 P3 P4 / R4 O4 G4"), cards("G1 G2"));
    REQUIRE(t);
    CHECK(t->cards() == 2);
}

TEST_CASE("objectives differ: Qwirkles first or cards first") {
    // Y5 alone completes the yellow row; Y5 + R5 + O5 would use it for a star row instead... both
    // fit here, so take a position where they conflict: one Y5 either finishes the yellows or joins
    // R5 O5 (which need a third star).
    const auto tab = table("Y1 Y2 Y3 Y4 Y6");
    const auto hand = cards("Y5 R5 O5");
    const auto q = qc::best_turn(tab, hand, qc::objective::qwirkles_then_cards);
    const auto c = qc::best_turn(tab, hand, qc::objective::cards_then_qwirkles);
    REQUIRE(q);
    REQUIRE(c);
    CHECK(q->qwirkles() == 1);
    CHECK(q->cards() == 1);
    CHECK(c->cards() == 3);
    CHECK(c->qwirkles() == 0);
}

TEST_CASE("no play: the empty table needs a group of 3, a full table may block everything") {
    CHECK(!qc::can_play(qc::tableau{}, cards("R1 O2 Y3 G4 B5 P6 R1")));
    CHECK(qc::can_play(qc::tableau{}, cards("R1 O1 Y1")));
    CHECK(!qc::best_turn(table("R1 R2 R3"), cards("R1 G2")));
    std::vector<qc::cards_t<qc::standard_rules>> none;
    qc::playable_subsets(table("R1 R2 R3"), cards("R1 G2"), std::back_inserter(none));
    CHECK(none.empty());
}

namespace {
/// The reference for outcomes: every set of Qwirkles (a count per group: colours, then shapes) that
/// some partition of the multiset into valid rows holds, by the same explicit row search.
template <class R>
struct outcome_reference {
    using card = qc::card_t<R>;
    static constexpr int K = R::colours * R::shapes;
    std::map<std::vector<std::uint8_t>, std::set<std::vector<int>>> memo;

    const std::set<std::vector<int>>& all(std::vector<std::uint8_t>& n) {
        if (auto it = memo.find(n); it != memo.end()) return it->second;
        std::set<std::vector<int>> out;
        int first = 0;
        while (first < K && n[static_cast<std::size_t>(first)] == 0) ++first;
        if (first == K) {
            out.insert(std::vector<int>(R::colours + R::shapes, 0));
            return memo[n] = out;
        }
        const card a = *card::from_index(first);
        --n[static_cast<std::size_t>(first)];
        for (int group = 0; group < 2; ++group) {
            std::vector<int> others;
            const int size = group == 0 ? R::shapes : R::colours;
            for (int j = 0; j < size; ++j) {
                const card b = *(group == 0 ? card::make(a.colour(), j) : card::make(j, a.shape()));
                if (b != a && n[b.index()]) others.push_back(b.index());
            }
            const int m = static_cast<int>(others.size());
            for (int mask = 0; mask < (1 << m); ++mask) {
                const int len = 1 + std::popcount(static_cast<unsigned>(mask));
                if (len < R::min_row) continue;
                for (int j = 0; j < m; ++j)
                    if (mask >> j & 1) --n[static_cast<std::size_t>(others[static_cast<std::size_t>(j)])];
                const auto rest = all(n);  // a copy: the memo may rehash
                for (auto q : rest) {
                    if (len == size) ++q[static_cast<std::size_t>(group == 0 ? a.colour() : R::colours + a.shape())];
                    out.insert(q);
                }
                for (int j = 0; j < m; ++j)
                    if (mask >> j & 1) ++n[static_cast<std::size_t>(others[static_cast<std::size_t>(j)])];
            }
        }
        ++n[static_cast<std::size_t>(first)];
        return memo[n] = out;
    }
};

template <class R>
void outcomes_check(int positions, int rows, int hand_max, std::uint64_t seed) {
    qwirkle::rng g(seed);
    long total = 0;
    for (int k = 0; k < positions; ++k) {
        const auto position = random_position<R>(g, rows, hand_max);
        const auto& table = position.first;
        const auto& hand = position.second;
        const std::string text = qc::to_string(qc::basic_position<R>{table, hand});
        CAPTURE(text);
        std::set<std::pair<std::vector<std::uint8_t>, std::vector<int>>> got, want;
        qc::for_each_outcome(table, hand, [&](const qc::basic_turn<R>& t) {
            CHECK(qc::check_turn(table, hand, t).ok());
            std::vector<int> q(R::colours + R::shapes, 0);
            for (const auto& r : t.result.rows)
                if (r.is_qwirkle()) ++q[static_cast<std::size_t>(r.kind() == qc::row_kind::colour ? r[0].colour() : R::colours + r[0].shape())];
            CHECK(got.insert({counts_of<R>(t.played), q}).second);  // each outcome once
        });
        outcome_reference<R> ref;
        std::vector<qc::cards_t<R>> parts;
        qc::playable_subsets(table, hand, std::back_inserter(parts));
        for (const auto& part : parts) {
            auto all = table.contents();
            all += part;
            auto n = counts_of<R>(all);
            for (const auto& q : ref.all(n)) want.insert({counts_of<R>(part), q});
        }
        CHECK(got == want);
        total += static_cast<long>(got.size());
    }
    MESSAGE(positions << " positions, " << total << " outcomes");
}
}  // namespace

TEST_CASE("legal actions: every distinct outcome (cards played, Qwirkles formed) = explicit row search") {
    using qwirkle_test::scaled;  // (the sanitizer build runs fewer)
    outcomes_check<qc::standard_rules>(scaled(300), 5, 6, 21);
    outcomes_check<mini_rules>(scaled(300), 5, 6, 22);
    outcomes_check<wide_rules>(scaled(200), 4, 5, 23);
    outcomes_check<long_rules>(scaled(100), 4, 5, 24);  // more than eight shapes: the plain-loop cut condition
}

namespace {
/// The outcome search with its lane-wise cut condition (only the sets of colours that can fail,
/// the last failing set first, its inputs kept up to date group by group) against the same search
/// with the plain loop over every set: the same outcomes, with the same splits and rows, in the
/// same order, for the table with every playable part of the hand; and, on every fourth position,
/// the kept inputs equal to the same built from scratch before every test.
template <class R>
void outcome_checks_same_search(int positions, int rows, int hand_max, std::uint64_t seed) {
    using search = qc::detail::outcome_search<R>;
    constexpr int K = qc::card_traits<R>::kinds;
    qwirkle::rng g(seed);
    search fast, plain, verified;
    plain.plain_checks = true;
    verified.verify_lanes = true;  // (the lane state kept group by group = the same built from scratch)
    long outcomes = 0;
    for (int k = 0; k < positions; ++k) {
        const auto position = random_position<R>(g, rows, hand_max);
        const std::string text = qc::to_string(qc::basic_position<R>{position.first, position.second});
        CAPTURE(text);
        std::vector<qc::cards_t<R>> parts;
        qc::playable_subsets(position.first, position.second, std::back_inserter(parts));
        parts.push_back(position.second);  // (the whole hand, playable or not)
        for (const auto& part : parts) {
            auto all = position.first.contents();
            all += part;
            typename search::counts n{};
            for (int i = 0; i < K; ++i) n[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(all.count(*qc::card_t<R>::from_index(i)));
            std::vector<std::vector<int>> got, want;
            const auto keep = [](std::vector<std::vector<int>>& out) {
                return [&out](const auto& x, const auto& q, const auto& r) {
                    std::vector<int> v(x.begin(), x.end());
                    v.insert(v.end(), q.begin(), q.end());
                    v.insert(v.end(), r.begin(), r.end());
                    out.push_back(v);
                };
            };
            fast.run(n, keep(got));
            plain.run(n, keep(want));
            CHECK(got == want);
            if (k % 4 == 0) {
                std::vector<std::vector<int>> checked;
                verified.run(n, keep(checked));
                CHECK(checked == want);
            }
            outcomes += static_cast<long>(got.size());
        }
    }
    MESSAGE(positions << " positions, " << outcomes << " outcomes");
    CHECK(outcomes > positions);
    CHECK(verified.lane_mismatches == 0);
}
}  // namespace

TEST_CASE("outcomes: the lane-wise cut condition = the plain loop (same outcomes, splits and rows, same order)") {
    outcome_checks_same_search<qc::standard_rules>(300, 6, 8, 31);
    outcome_checks_same_search<mini_rules>(300, 5, 6, 32);
    outcome_checks_same_search<wide_rules>(300, 4, 5, 33);
    outcome_checks_same_search<narrow_rules>(300, 4, 5, 34);
}
