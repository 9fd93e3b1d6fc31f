// fuzz_movegen: differential test of the move generator against the naive reference rules of
// tests/tiles/support.hpp (naive_check, naive_score: written from the rule text with board.at()
// only), on boards built by the fuzzer's bytes (any connected arrangement of valid lines, within
// the copies), for the standard game, a bounded board and two non-square rule sets, with the
// opening-size and forbidden-cell options. The reference list is an exhaustive enumeration: from
// every free cell near the board, along both axes, the first k free cells, with every ordered choice
// of distinct hand tiles (pruned when a line already breaks, which only grows, and skipped when none of
// those cells touches the board, which every move but the opening must). Properties: the two
// lists hold the same moves with the same scores, the generator emits no move twice, every move it
// emits passes check_placement and scores score_placement; count_moves and best_move agree; after
// generated moves are placed on the board and rewound, the moves come in the same order again.
#define DOCTEST_CONFIG_DISABLE
#include "support.hpp"

#include "fuzz_support.hpp"

#include <array>
#include <map>
#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

using namespace qwirkle;
using qwirkle_fuzz::bytes;
using qwirkle_fuzz::pick;

namespace {

using qwirkle_test::four_colours_five_shapes;  // (tests/tiles/support.hpp)
using qwirkle_test::three_colours_six_shapes;

/// The line through `c` along `a` once the move `m` is made breaks a rule: too long, twice the same
/// tile, or neither one colour nor one shape (the reference's pruning asks this at every node).
template <class Board>
bool line_broken(const Board& b, const qwirkle_test::board_move_t<Board>& m, cell c, axis a) {
    return qwirkle_test::naive_line_fault(qwirkle_test::naive_line(b, m, c, a)) != placement_rule::ok;
}

template <class R>
using key_t = std::vector<basic_placement<tile_t<R>>>;

template <ruleset R, int Radius>
void run(bytes& in) {
    using board_type = basic_board<R, Radius>;
    using T = tile_t<R>;
    constexpr int L = rules_traits<R>::max_line;
    board_type b;
    std::array<int, T::kinds> used{};
    std::vector<cell> cells;
    // The board: each tile beside one already placed, kept only when both its lines stay valid.
    for (int n = pick(in, 0, 60); n > 0 && in.remaining_bytes() > 0; --n) {
        const T t = qwirkle_fuzz::any_tile<T>(in);
        cell c{};
        if (!cells.empty()) {
            const cell from = cells[static_cast<std::size_t>(pick(in, 0, static_cast<int>(cells.size()) - 1))];
            const int d = pick(in, 0, 3);
            c = cell{from.x + (d == 0) - (d == 1), from.y + (d == 2) - (d == 3)};
        }
        if (used[static_cast<std::size_t>(t.index())] >= R::copies || b.at(c) || !board_type::contains(c)) continue;
        basic_move<R> one;
        one.push_back({c, t});
        if (line_broken(b, one, c, axis::row) || line_broken(b, one, c, axis::column))
            continue;
        if (!b.place(c, t)) continue;
        ++used[static_cast<std::size_t>(t.index())];
        cells.push_back(c);
    }
    basic_tile_multiset<T> hand;
    for (int n = pick(in, 1, rules_traits<R>::max_hand); n > 0; --n) {
        const T t = qwirkle_fuzz::any_tile<T>(in);
        if (used[static_cast<std::size_t>(t.index())] < R::copies) {
            ++used[static_cast<std::size_t>(t.index())];
            hand.add(t);
        }
    }
    placement_context ctx;
    movegen_options opt;
    if (b.empty() && pick(in, 0, 1)) ctx.opening_size = opt.opening_size = pick(in, 1, L);
    if (!cells.empty() && pick(in, 0, 2) == 0) {
        const cell from = cells[static_cast<std::size_t>(pick(in, 0, static_cast<int>(cells.size()) - 1))];
        ctx.forbidden = opt.forbidden = cell{from.x + pick(in, -1, 1), from.y + pick(in, -1, 1)};
    }

    // The generator.
    std::map<key_t<R>, int> generated;
    std::uint64_t total = 0;
    int best = 0;
    for_each_move(b, hand, [&](const basic_move<R>& m, int score) {
        const auto key = qwirkle_test::key_of(m);
        FUZZ_CHECK(generated.emplace(key, score).second, "generated twice: %s", to_string(m).c_str());
        const auto e = check_placement(b, hand, m, ctx);
        FUZZ_CHECK(e.ok(), "generated move refused: %s: %s", to_string(m).c_str(), e.describe().c_str());
        FUZZ_CHECK(score == score_placement(b, m));
        total += static_cast<std::uint64_t>(score);
        best = std::max(best, score);
    }, opt);
    FUZZ_CHECK(count_moves(b, hand, opt) == (move_stats{generated.size(), total, best}));
    const auto bm = best_move(b, hand, opt);
    FUZZ_CHECK(bm.has_value() == !generated.empty());
    if (bm) FUZZ_CHECK(bm->score == best && generated.count(qwirkle_test::key_of(bm->move)));

    // The reference.
    std::vector<T> kinds;
    for (const T t : hand.distinct()) kinds.push_back(t);
    std::map<key_t<R>, int> reference;
    int lo_x = 0, hi_x = 0, lo_y = 0, hi_y = 0;
    for (const cell c : cells) {
        lo_x = std::min(lo_x, c.x), hi_x = std::max(hi_x, c.x);
        lo_y = std::min(lo_y, c.y), hi_y = std::max(hi_y, c.y);
    }
    if (b.empty()) lo_x = hi_x = lo_y = hi_y = 0;
    const int k_max = std::min(static_cast<int>(kinds.size()), L);
    const int margin = b.empty() ? 0 : L;
    // Buffers of the enumeration, reused from start to start (under ASan an allocation costs a
    // stack unwind: per start cell they were most of this target's time).
    std::vector<cell> run_cells;  // the first k_max free cells from the start along the axis
    run_cells.reserve(static_cast<std::size_t>(L));
    std::array<bool, T::kinds> taken{};
    for (int y = lo_y - margin; y <= hi_y + margin; ++y)
        for (int x = lo_x - margin; x <= hi_x + margin; ++x) {
            const cell start{x, y};
            if (b.at(start)) continue;
            for (const axis a : {axis::row, axis::column}) {
                run_cells.clear();
                for (cell c = start; static_cast<int>(run_cells.size()) < k_max;
                     c = a == axis::row ? cell{c.x + 1, c.y} : cell{c.x, c.y + 1})
                    if (!b.at(c)) run_cells.push_back(c);
                // A move must touch a tile of the board (unless it is the opening): when none of these
                // cells has a neighbour on the board, no move starts here.
                if (!b.empty() && std::none_of(run_cells.begin(), run_cells.end(), [&](cell c) {
                        return b.at(cell{c.x + 1, c.y}) || b.at(cell{c.x - 1, c.y}) || b.at(cell{c.x, c.y + 1}) || b.at(cell{c.x, c.y - 1});
                    }))
                    continue;
                basic_move<R> m;
                const auto dfs = [&](const auto& self) -> void {
                    if (m.size() > 0) {
                        if (qwirkle_test::naive_check(b, hand, m, ctx) == placement_rule::ok)
                            reference.emplace(qwirkle_test::key_of(m), qwirkle_test::naive_score(b, m));
                    }
                    if (m.size() == k_max) return;
                    const cell c = run_cells[static_cast<std::size_t>(m.size())];
                    const axis cross = a == axis::row ? axis::column : axis::row;
                    for (std::size_t i = 0; i < kinds.size(); ++i) {
                        if (taken[i]) continue;
                        m.push_back({c, kinds[i]});
                        // A broken line stays broken as the move grows: prune.
                        if (!line_broken(b, m, m[0].at, a) && !line_broken(b, m, c, cross)) {
                            taken[i] = true;
                            self(self);
                            taken[i] = false;
                        }
                        m.pop_back();
                    }
                };
                dfs(dfs);
            }
        }
    if (generated != reference) {
        for (const auto& [k, s] : reference)
            if (!generated.count(k)) std::fprintf(stderr, "missing from the generator: score %d, %zu tiles at %d,%d\n", s, k.size(), k[0].at.x, k[0].at.y);
        for (const auto& [k, s] : generated)
            if (!reference.count(k)) std::fprintf(stderr, "not in the reference: score %d, %zu tiles at %d,%d\n", s, k.size(), k[0].at.x, k[0].at.y);
        for (const auto& [k, s] : generated)
            if (reference.count(k) && reference.at(k) != s) std::fprintf(stderr, "score %d, reference %d\n", s, reference.at(k));
        std::fprintf(stderr, "board: %s | %s\n", to_string(b).c_str(), to_string(hand).c_str());
    }
    FUZZ_CHECK(generated == reference, "%zu generated, %zu in the reference", generated.size(), reference.size());

    // Rewind: up to three generated moves placed one on another (the board checks no rule, so
    // the hand may be used again), then taken back to a mark: the same tiles, and the moves come
    // in the same order as before.
    const auto in_order = [&] {
        std::vector<std::pair<key_t<R>, int>> v;
        for_each_move(b, hand, [&](const basic_move<R>& m, int score) { v.emplace_back(qwirkle_test::key_of(m), score); }, opt);
        return v;
    };
    const auto before = in_order();
    const board_type as_it_was = b;
    const auto mark = b.current_mark();
    for (int k = pick(in, 0, 3); k > 0; --k) {
        std::vector<basic_move<R>> moves;
        for_each_move(b, hand, [&](const basic_move<R>& m, int) { moves.push_back(m); }, opt);
        if (moves.empty()) break;
        // A refused move (no room left) takes back what it placed with remove(), which voids the
        // marks; refused at its first tile it changes nothing and the mark still rewinds.
        if (!b.place(moves[static_cast<std::size_t>(pick(in, 0, static_cast<int>(moves.size()) - 1))])) {
            if (!b.can_rewind(mark)) return;
            break;
        }
    }
    FUZZ_CHECK(b.rewind(mark), "a mark of this board, only placements since, could not be rewound");
    FUZZ_CHECK(b == as_it_was);
    FUZZ_CHECK(in_order() == before, "rewind changed the order of the moves");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    bytes in(data, size);
    switch (in.ConsumeIntegralInRange<int>(0, 5)) {
        case 0:
        case 1: run<standard_rules, unlimited_radius>(in); break;
        case 2: run<standard_rules, 5>(in); break;
        case 3: run<four_colours_five_shapes, unlimited_radius>(in); break;
        case 4: run<three_colours_six_shapes, unlimited_radius>(in); break;
        default: run<mini_expansion_rules, unlimited_radius>(in); break;
    }
    return 0;
}
