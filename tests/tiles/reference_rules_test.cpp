// An independent, deliberately naive implementation of docs/rules.md §2 (legality and scoring of a placement),
// written from the rule text without the board's anchor data, compared with check_placement (verdict and
// rule reported, in the documented check order) and score_placement on random and exhaustive moves.
#include "support.hpp"

#include <array>
#include <map>
#include <set>

using namespace qwirkle_test;

namespace {

/// Random moves near the board: legal moves of the generator, often mutated (a tile changed, a cell moved,
/// a tile added or dropped, the move shifted), and wild ones.
template <class Board>
qwirkle::move random_move(const Board& b, const tile_multiset& hand, const std::vector<scored_move>& legal, rng& r) {
    std::vector<tile> tiles;
    hand.for_each([&](tile t) { tiles.push_back(t); });
    const auto any_tile = [&] {
        return !tiles.empty() && r.below(4) ? tiles[r.below(static_cast<std::uint32_t>(tiles.size()))]
                                            : *tile::from_index(static_cast<int>(r.below(36)));
    };
    qwirkle::move m;
    if (legal.empty() || r.below(6) == 0) {
        // Wild: a short run of hand tiles somewhere near a board tile.
        std::vector<cell> cells;
        b.for_each_tile([&](cell c, tile) { cells.push_back(c); });
        cell start = cells.empty() ? cell{0, 0} : cells[r.below(static_cast<std::uint32_t>(cells.size()))];
        start.x += static_cast<int>(r.below(5)) - 2;
        start.y += static_cast<int>(r.below(5)) - 2;
        const bool row = r.below(2) == 0;
        const int n = 1 + static_cast<int>(r.below(4));
        for (int k = 0; k < n; ++k) m.push_back({row ? cell{start.x + k, start.y} : cell{start.x, start.y + k}, any_tile()});
        return m;
    }
    const auto& base = legal[r.below(static_cast<std::uint32_t>(legal.size()))].move;
    const int k = static_cast<int>(r.below(static_cast<std::uint32_t>(base.size())));
    const auto mutated = [&](auto f) {
        qwirkle::move out;
        for (int i = 0; i < base.size(); ++i) {
            auto p = base[i];
            f(i, p);
            out.push_back(p);
        }
        return out;
    };
    switch (r.below(8)) {
        case 0: return base;
        case 1: return mutated([&](int i, placement& p) { if (i == k) p.tile = any_tile(); });
        case 2: return mutated([&](int i, placement& p) {
                if (i == k) p.at = cell{p.at.x + static_cast<int>(r.below(3)) - 1, p.at.y + static_cast<int>(r.below(3)) - 1};
            });
        case 3: {
            const int dx = static_cast<int>(r.below(3)) - 1, dy = static_cast<int>(r.below(3)) - 1;
            return mutated([&](int, placement& p) { p.at = cell{p.at.x + dx, p.at.y + dy}; });
        }
        case 4: {  // one more tile beyond the last, or on a repeated cell
            m = base;
            const cell last = base[base.size() - 1].at;
            const bool row = base.size() < 2 || base[0].at.y == base[1].at.y;
            const int step = 1 + static_cast<int>(r.below(2));
            const cell c = r.below(5) == 0 ? last : row ? cell{last.x + step, last.y} : cell{last.x, last.y + step};
            m.push_back({c, any_tile()});
            return m;
        }
        case 5: {  // one tile fewer
            for (int i = 0; i < base.size(); ++i)
                if (i != k) m.push_back(base[i]);
            return m.empty() ? base : m;
        }
        case 6: {  // two tiles swapped
            const int j = static_cast<int>(r.below(static_cast<std::uint32_t>(base.size())));
            return mutated([&](int i, placement& p) {
                if (i == k) p.tile = base[j].tile;
                else if (i == j) p.tile = base[k].tile;
            });
        }
        default: return mutated([&](int, placement& p) { p.tile = any_tile(); });
    }
}

}  // namespace

TEST_CASE("reference rules: the naive implementation reproduces the rulebook examples") {
    // (So that agreement below means something: the naive code is right on the known cases.)
    auto b = board_of("-2,1,G3 -2,2,G1 -2,3,G4 -1,3,O4 0,2,R1 0,3,R4");
    int k = 0;
    for (const char* m : {"0,4,R5 1,4,O5 2,4,B5 3,4,P5", "-1,-2,Y1 -1,-1,Y4 -1,0,Y2 -1,1,Y3", "0,1,R3 0,0,R2 0,5,R6"}) {
        const auto mv = move_of(m);
        tile_multiset h;
        for (const auto& p : mv) h.add(p.tile);
        CHECK(naive_check(b, h, mv, {}) == placement_rule::ok);
        CHECK(naive_score(b, mv) == std::array{7, 6, 17}[static_cast<std::size_t>(k++)]);
        b.place(mv);
    }
    CHECK(naive_check(board_of("0,0,Y2 1,0,Y3 2,0,Y4 2,1,P4"), hand_of("P1"), move_of("1,1,P1"), {}) ==
          placement_rule::mixed_line);
    CHECK(naive_score(small_board{}, move_of("0,0,R1")) == 1);
}

TEST_CASE("reference rules: check_placement and score_placement (and the score the check gives) agree with the naive rules on 300,000 random moves") {
    std::map<placement_rule, int> seen;
    long checked = 0;
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        qwirkle::game g(config_of(2 + static_cast<int>(seed % 3), seed));
        rng r(seed + 1000);
        while (!g.is_terminal()) {
            const auto& b = g.board();
            const auto& hand = g.hand(g.current_player());
            placement_context ctx;
            ctx.opening_size = g.opening_size();
            if (r.below(5) == 0 && !b.empty())
                ctx.forbidden = b.anchors()[r.below(static_cast<std::uint32_t>(b.anchors().size()))].at();
            const auto legal = g.legal_moves();
            for (int i = 0; i < 120; ++i) {
                const auto m = random_move(b, hand, legal, r);
                const auto e = check_placement(b, hand, m, ctx);
                const auto expected = naive_check(b, hand, m, ctx);
                // The check the game's apply makes also gives the score, for a legal move (from
                // the board's anchor data; the opening's too), and the same verdict.
                int fast = -1;
                REQUIRE(qwirkle::detail::check_placement(b, hand, m, ctx, &fast) == e);
                CHECK((fast >= 0) == e.ok());
                if (fast >= 0 && fast != naive_score(b, m))
                    FAIL_CHECK("position ", to_string(b), " move ", to_string(m), ": score from the check ", fast,
                               ", expected ", naive_score(b, m));
                if (e.rule != expected) {
                    FAIL_CHECK("position ", to_string(b), " | ", to_string(hand), " move ", to_string(m), ": got ",
                               rule_name(e.rule), ", expected ", rule_name(expected));
                }
                ++seen[expected];
                if (expected == placement_rule::ok) {
                    const int s = score_placement(b, m);
                    if (s != naive_score(b, m))
                        FAIL_CHECK("position ", to_string(b), " move ", to_string(m), ": score ", s, ", expected ",
                                   naive_score(b, m));
                }
                ++checked;
            }
            REQUIRE(g.apply(random_action(g, r)).ok());
        }
    }
    std::string counts;
    for (const auto& [rule, n] : seen) counts += std::string(rule_name(rule)) + ": " + std::to_string(n) + "; ";
    MESSAGE(checked, " moves — ", counts);
    // Every rule that random moves can break was reached, and many moves were legal.
    for (const auto rule : {placement_rule::ok, placement_rule::tile_not_in_hand, placement_rule::cell_occupied,
                            placement_rule::cell_repeated, placement_rule::not_in_one_line, placement_rule::gap_in_line,
                            placement_rule::no_contact, placement_rule::line_too_long, placement_rule::duplicate_in_line,
                            placement_rule::mixed_line, placement_rule::opening_not_at_origin,
                            placement_rule::opening_group_size, placement_rule::forbidden_cell}) {
        const std::string name = rule_name(rule);
        CAPTURE(name);
        CHECK(seen[rule] > 0);
    }
    CHECK(seen[placement_rule::ok] > 10000);
}

TEST_CASE("reference rules: every legal move the generator lists is legal and scored the same by the naive rules") {
    long moves = 0;
    for (std::uint64_t seed = 50; seed < 70; ++seed) {
        qwirkle::game g(config_of(2 + static_cast<int>(seed % 5), seed));
        rng r(seed);
        while (!g.is_terminal()) {
            placement_context ctx;
            ctx.opening_size = g.opening_size();
            for (const auto& sm : g.legal_moves()) {
                CHECK(naive_check(g.board(), g.hand(g.current_player()), sm.move, ctx) == placement_rule::ok);
                CHECK(naive_score(g.board(), sm.move) == sm.score);
                ++moves;
            }
            REQUIRE(g.apply(random_action(g, r)).ok());
        }
    }
    CHECK(moves > 10000);
}
