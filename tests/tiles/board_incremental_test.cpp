// The board's incremental anchor data against recomputation: place/undo, remove/put back and a
// rebuild in another order leave move generation unchanged; take_targets against brute force.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <map>
#include <set>
#include <span>
#include <tuple>
#include <utility>
#include <vector>

#include <qwirkle/qwirkle.hpp>

using namespace qwirkle;
using namespace qwirkle::literals;

namespace {

template <class F>
void for_each_position(int games, F&& f) {
    for (int s = 1; s <= games; ++s) {
        game g(2 + s % 3, static_cast<std::uint64_t>(s));
        rng r(static_cast<std::uint64_t>(s) * 977);
        while (!g.is_terminal()) {
            f(g);
            const auto moves = g.legal_moves();
            const auto& hand = g.hand(g.current_player());
            if (!moves.empty()) g.place(moves[r.below(static_cast<std::uint32_t>(moves.size()))].move);
            else if (g.can_exchange()) g.exchange({*hand.distinct().begin()});
            else g.pass();
        }
    }
}

}  // namespace

TEST_CASE("board: place then undo, and remove then put back, restore every legal move") {
    long checked = 0;
    for_each_position(25, [&](const game& g) {
        board b = g.board();
        const auto& hand = g.hand(g.current_player());
        const auto base = count_moves(b, hand, g.move_options());
        for (const auto& m : g.legal_moves()) {
            REQUIRE(b.place(m.move));
            b.undo(m.move);
            REQUIRE(count_moves(b, hand, g.move_options()) == base);
            ++checked;
        }
        if (b.size() > 1)
            for (int k = 0; k < b.size(); ++k) {
                const cell c = b.tile_cell(k);
                const tile t = *b.at(c);
                REQUIRE(b.remove(c));
                REQUIRE(b.place(c, t));
                REQUIRE(count_moves(b, hand, g.move_options()) == base);
                ++checked;
            }
    });
    CHECK(checked > 10000);
}

TEST_CASE("board: the anchors are exactly the free cells next to a tile, their masks as the rule text gives them, after placements, removals and rewinds") {
    // (check_placement reads contact from this: a placed cell that is an anchor touches a tile)
    long deep = 0;
    // Every few boards, also each anchor's masks from the rule text: the tiles t for which the
    // tiles before the cell, t and the tiles after it form a valid line.
    const auto allows_from_text = [](const board& b, cell at, int axis_index) {
        std::vector<tile> before, after;
        const int dx = axis_index == 0 ? 1 : 0, dy = 1 - dx;
        for (cell x{at.x - dx, at.y - dy}; b.at(x); x = cell{x.x - dx, x.y - dy}) before.insert(before.begin(), *b.at(x));
        for (cell x{at.x + dx, at.y + dy}; b.at(x); x = cell{x.x + dx, x.y + dy}) after.push_back(*b.at(x));
        board::mask m = 0;
        for (int k = 0; k < tile::kinds; ++k) {
            std::vector<tile> line = before;
            line.push_back(qwirkle::detail::tile_at<tile>(k));
            line.insert(line.end(), after.begin(), after.end());
            if (valid_line(std::span<const tile>(line))) m |= board::mask{1} << k;
        }
        return m;
    };
    const auto check = [&](const board& b) {
        if (++deep % 7 == 0)
            for (const auto& a : b.anchors()) {
                REQUIRE(a.allows[0] == allows_from_text(b, a.at(), 0));
                REQUIRE(a.allows[1] == allows_from_text(b, a.at(), 1));
            }
        std::set<std::pair<int, int>> expected, anchors;
        b.for_each_tile([&](cell c, tile) {
            for (const cell n : {cell{c.x - 1, c.y}, cell{c.x + 1, c.y}, cell{c.x, c.y - 1}, cell{c.x, c.y + 1}})
                if (!b.occupied(n)) expected.insert({n.x, n.y});
        });
        for (const auto& a : b.anchors()) {
            REQUIRE(anchors.insert({a.x, a.y}).second);  // (no cell twice)
            REQUIRE(b.look(a.at()) != board::empty_value);
            REQUIRE(board::is_anchor_value(b.look(a.at())));
        }
        REQUIRE(anchors == expected);
        b.for_each_tile([&](cell c, tile) { REQUIRE(board::is_tile(b.look(c))); });
    };
    long checked = 0;
    for_each_position(10, [&](const game& g) {
        board b = g.board();
        rng r(static_cast<std::uint64_t>(b.size()) * 31 + 7);
        check(b);
        const auto mark = b.current_mark();
        for (const auto& m : g.legal_moves()) {
            if (r.below(4) != 0) continue;
            REQUIRE(b.place(m.move));
            check(b);
            REQUIRE(b.rewind(mark));
            check(b);
            ++checked;
        }
        if (b.size() > 1) {  // a tile taken off and put back (remove() walks or reads the journal)
            const cell c = b.tile_cell(static_cast<int>(r.below(static_cast<std::uint32_t>(b.size()))));
            const tile t = *b.at(c);
            REQUIRE(b.remove(c));
            check(b);
            REQUIRE(b.place(c, t));
            check(b);
            ++checked;
        }
    });
    CHECK(checked > 1000);
}

TEST_CASE("board: the same tiles placed in reverse order give the same moves") {
    for_each_position(25, [&](const game& g) {
        std::vector<placement> tiles;
        g.board().for_each_tile([&](cell c, tile t) { tiles.push_back({c, t}); });
        std::reverse(tiles.begin(), tiles.end());
        board rebuilt;
        for (const auto& p : tiles) REQUIRE(rebuilt.place(p.at, p.tile));
        CHECK(rebuilt == g.board());
        const auto& hand = g.hand(g.current_player());
        CHECK(count_moves(rebuilt, hand, g.move_options()) == count_moves(g.board(), hand, g.move_options()));
    });
}

TEST_CASE("take a tile (docs/rules.md §3): targets are the tiles outside Qwirkles whose removal keeps the board connected") {
    long targets = 0, refused = 0;
    for_each_position(40, [&](const game& g) {
        const board& b = g.board();
        std::vector<cell> listed;
        take_targets(b, std::back_inserter(listed));
        for (int k = 0; k < b.size(); ++k) {
            const cell c = b.tile_cell(k);
            board without = b;
            without.remove(c);
            const bool may = b.size() > 1 && without.connected() && !detail::in_complete_line(b, c);
            const bool is_listed = std::find(listed.begin(), listed.end(), c) != listed.end();
            REQUIRE(may == is_listed);
            CHECK((check_take(b, c) == take_rule::ok) == may);
            (may ? targets : refused)++;
        }
    });
    CHECK(targets > 1000);
    CHECK(refused > 1000);
    CHECK(check_take(board{}, cell{0, 0}) == take_rule::no_tile);
}

TEST_CASE("board: no fixed extent — the widest legal position fits anywhere, a position wider than the board holds is refused") {
    // The staircase of README "Design": eighteen rows of six, each starting in the column where the
    // last ended (a column line of two joins them), spans 90 columns: the most any legal position of
    // 108 tiles reaches. Row s is one colour, its shapes rotated so that the joining pairs share a
    // shape: a legal position. Built at several origins, far from 0,0 too (take-a-tile games drift).
    for (const cell origin : {cell{0, 0}, cell{-45, 7}, cell{999'999'000, -999'999'000}, cell{-1'000'000'000, 0}}) {
        CAPTURE(origin.x);
        board b;
        for (int s = 0; s < 18; ++s)
            for (int k = 0; k < 6; ++k) REQUIRE(b.place({origin.x + 5 * s + k, origin.y + s}, *tile::make(s % 6, (k + 5 * s) % 6)));
        CHECK(b.size() == 108);
        const auto box = b.bounding_box();
        CHECK(box.max.x - box.min.x == rules_traits<standard_rules>::reach);
        CHECK(b.connected());
        for (int s = 0; s < 18; ++s) {  // every line on it is valid
            std::vector<tile> row;
            for (int k = 0; k < 6; ++k) row.push_back(*b.at({origin.x + 5 * s + k, origin.y + s}));
            CHECK(check_line(std::span<const tile>(row)) == line_fault::none);
            if (s < 17) {
                const tile pair[] = {*b.at({origin.x + 5 * s + 5, origin.y + s}), *b.at({origin.x + 5 * s + 5, origin.y + s + 1})};
                CHECK(check_line(std::span<const tile>(pair)) == line_fault::none);
            }
        }
        // Take the last tile back; then a tile 101 columns from the left end is refused, at 100 accepted.
        const cell last{origin.x + 90, origin.y + 17};
        const tile last_tile = *b.at(last);
        REQUIRE(b.remove(last));
        CHECK_FALSE(b.place({box.min.x + 101, box.min.y}, last_tile));
        CHECK(b.place({box.min.x + 100, box.min.y}, last_tile));
        CHECK(b.at({box.min.x + 100, box.min.y}) == last_tile);
        CHECK(b.remove({box.min.x + 100, box.min.y}));
        // Move generation works there like anywhere (translation invariance).
        board shifted;
        b.for_each_tile([&](cell c, tile t) { REQUIRE(shifted.place({c.x - origin.x, c.y - origin.y}, t)); });
        const auto hand = tile_multiset{last_tile};
        CHECK(count_moves(b, hand) == count_moves(shifted, hand));
    }
}

TEST_CASE("board: cells that share a hash key (128 apart) are told apart, and what aliases is refused") {
    board b;
    REQUIRE(b.place({0, 0}, "R1"_t));
    REQUIRE(b.place({1, 0}, "R2"_t));
    // 0,0 and 128,0 share a key: the board knows which cell holds the tile.
    CHECK_FALSE(b.occupied({128, 0}));
    CHECK_FALSE(b.at({128, 0}));
    CHECK(b.tile_number({128, 0}) == -1);
    CHECK_FALSE(b.remove({128, 0}));
    CHECK_FALSE(b.is_anchor({129, 0}));
    // ...and refuses to place there: the position would span 128 columns.
    CHECK_FALSE(b.place({128, 0}, "R3"_t));
    CHECK(check_placement(b, tile_multiset{"R3"_t}, move{{cell{128, 0}, "R3"_t}}).rule == placement_rule::off_board);
    CHECK(b.size() == 2);
}

namespace {

/// Everything generation reads, in the board's internal order: each anchor's cell, runs, masks,
/// and the moves in the order they come.
template <class Hand>
std::vector<std::uint64_t> internal_order(const board& b, const Hand& hand) {
    std::vector<std::uint64_t> v;
    for (const auto& a : b.anchors()) {
        v.push_back(static_cast<std::uint64_t>(static_cast<std::uint32_t>(a.x)) << 32 | static_cast<std::uint32_t>(a.y));
        for (std::size_t d = 0; d < 4; ++d) v.push_back(a.run[d] * 131 + a.length[d]);
        v.push_back(a.allows[0] ^ (a.allows[1] << 1) ^ a.repeated);
    }
    for (const auto f : b.anchor_fits()) v.push_back(f);
    for (int k = 0; k < b.size(); ++k) v.push_back(static_cast<std::uint64_t>(b.tile_number(b.tile_cell(k))));
    for_each_move(b, hand, [&](const move& m, int score) {
        v.push_back(static_cast<std::uint64_t>(score));
        for (const auto& p : m) v.push_back(static_cast<std::uint64_t>(p.tile.index()) << 40 ^ static_cast<std::uint64_t>(b.key_of(p.at)));
    });
    return v;
}

}  // namespace

TEST_CASE("board: rewind brings the board back exactly, internal order and generation order included") {
    long rewound = 0;
    for_each_position(12, [&](const game& g) {
        board b = g.board();
        const auto& hand = g.hand(g.current_player());
        rng r(static_cast<std::uint64_t>(b.size()) * 7919 + 1);
        // Chains of up to four moves, each placed on the last, rewound to a random earlier point.
        std::vector<board::mark> marks{b.current_mark()};
        std::vector<std::vector<std::uint64_t>> seen{internal_order(b, hand)};
        for (int step = 0; step < 12; ++step) {
            std::vector<move> moves;
            for_each_move(b, hand, [&](const move& m, int) { moves.push_back(m); });
            if (!moves.empty() && marks.size() < 5 && r.below(3) != 0) {
                const int size = b.size();
                if (!b.place(moves[r.below(static_cast<std::uint32_t>(moves.size()))])) {  // no room left
                    REQUIRE(size > board::capacity - 6);
                    REQUIRE(b.size() == size);  // refused: the same tiles (taken back with remove())
                    return;
                }
                marks.push_back(b.current_mark());
                seen.push_back(internal_order(b, hand));
            } else {
                const auto back = r.below(static_cast<std::uint32_t>(marks.size()));
                REQUIRE(b.can_rewind(marks[back]));
                REQUIRE(b.rewind(marks[back]));
                marks.resize(back + 1);
                seen.resize(back + 1);
                REQUIRE(internal_order(b, hand) == seen.back());
                ++rewound;
            }
        }
        REQUIRE(b.rewind(marks.front()));
        REQUIRE(b == g.board());
        REQUIRE(internal_order(b, hand) == seen.front());
    });
    MESSAGE(rewound << " rewinds compared with the board as it was");
    CHECK(rewound > 1000);
}

TEST_CASE("board: a mark is void after remove, undo, copy or clear, and a refused rewind changes nothing") {
    const auto p = parse_position("0,0,R1 1,0,R2 2,0,R3 0,1,O1 | R4 R5 Y1");
    REQUIRE(p);
    board b = p->board;
    const auto hand = p->hand;
    const auto before = internal_order(b, hand);
    const auto m0 = b.current_mark();
    CHECK(b.rewind(m0));  // nothing placed since: nothing to do
    CHECK(internal_order(b, hand) == before);

    REQUIRE(b.place(cell{3, 0}, "R4"_t));
    const auto m1 = b.current_mark();
    REQUIRE(b.place(cell{4, 0}, "R5"_t));
    SUBCASE("remove voids every mark") {
        REQUIRE(b.remove(cell{4, 0}));
        CHECK_FALSE(b.can_rewind(m1));
        CHECK_FALSE(b.rewind(m0));
        CHECK(b.size() == 5);  // refused: nothing taken back
        b.undo(move{{cell{3, 0}, "R4"_t}});
        CHECK(b == p->board);
    }
    SUBCASE("undo voids every mark") {
        b.undo(move{{cell{4, 0}, "R5"_t}});
        CHECK_FALSE(b.rewind(m1));
        CHECK(b.size() == 5);
    }
    SUBCASE("a copy starts with no history; clear voids the marks") {
        board c = b;
        CHECK_FALSE(c.can_rewind(m1));
        CHECK(c.can_rewind(c.current_mark()));
        b.clear();
        CHECK_FALSE(b.can_rewind(m1));
        CHECK(b.empty());
    }
    SUBCASE("a mark rewound past is void, also once the board has as many placements again") {
        REQUIRE(b.rewind(m1));
        const auto m2 = b.current_mark();
        REQUIRE(b.rewind(m0));
        CHECK_FALSE(b.can_rewind(m2));
        CHECK_FALSE(b.can_rewind(m1));
        CHECK(internal_order(b, hand) == before);
        REQUIRE(b.place(cell{0, 2}, "Y1"_t));  // another history, as deep as m1's
        CHECK_FALSE(b.can_rewind(m1));
        CHECK_FALSE(b.rewind(m1));
        CHECK(b.at(cell{0, 2}) == "Y1"_t);
        CHECK(b.rewind(m0));
        CHECK(internal_order(b, hand) == before);
    }
    SUBCASE("an assignment voids the marks of both boards' pasts") {
        const board base = p->board;
        board other = base;
        REQUIRE(other.place(cell{0, 2}, "Y1"_t));
        const auto m_other = other.current_mark();
        REQUIRE(other.place(cell{0, 3}, "Y2"_t));
        other = base;  // a copy of the board it was copied from: the same history again, nearly
        CHECK_FALSE(other.can_rewind(m_other));
        CHECK_FALSE(other.can_rewind(m1));
        REQUIRE(other.place(cell{0, 2}, "O2"_t));
        REQUIRE(other.place(cell{0, 3}, "O3"_t));
        CHECK_FALSE(other.can_rewind(m_other));
        CHECK_FALSE(other.rewind(m_other));
        CHECK(other.size() == 6);
    }
    SUBCASE("a refused tile keeps the marks; a refused move takes its first tiles back with remove()") {
        CHECK_FALSE(b.place(cell{4, 0}, "R6"_t));  // occupied
        CHECK(b.can_rewind(m1));
        const move clash{{cell{5, 0}, "Y1"_t}, {cell{4, 0}, "R6"_t}};  // the second cell is occupied
        CHECK_FALSE(b.place(clash));
        CHECK(b.size() == 6);
        CHECK(b.at(cell{4, 0}) == "R5"_t);
        CHECK_FALSE(b.at(cell{5, 0}));
        CHECK_FALSE(b.can_rewind(m1));
    }
}

TEST_CASE("board: rewind reaches back journal_depth placements, and no further") {
    board b;
    std::vector<board::mark> marks;
    // (The board checks no rule: any 80 tiles on 80 cells will do.)
    for (int i = 0; i < 80; ++i) {
        marks.push_back(b.current_mark());
        REQUIRE(b.place(cell{i % 10, i / 10}, *tile::make(i % 6, i / 6 % 6)));
    }
    CHECK_FALSE(b.can_rewind(marks[80 - board::journal_depth - 1]));
    CHECK(b.can_rewind(marks[80 - board::journal_depth]));
    REQUIRE(b.rewind(marks[80 - board::journal_depth]));
    CHECK(b.size() == 80 - board::journal_depth);
}

TEST_CASE("board: random boards, narrow and wider than the table's window, equal the board rebuilt from their tiles after every placement, removal and rewind, and their copies") {
    // No rule but the board's room: tiles anywhere next to the board, and jumps of 20 to 49 cells
    // that make positions wider than 30, where cells 32 apart share a home slot of the table (the
    // board then probes; narrower, it reads home slots alone: see direct_box). Every removal
    // order takes wide positions back to narrow ones, whose entries must sit at their home slots.
    rng r(2026);
    const auto below = [&](int n) { return static_cast<int>(r.below(static_cast<std::uint32_t>(n))); };
    const auto any_tile = [&] { return qwirkle::detail::tile_at<tile>(below(tile::kinds)); };
    using anchor_data = std::tuple<board::mask, board::mask, std::array<board::mask, 4>, std::array<std::uint8_t, 4>>;
    long compared = 0, wide = 0, copied = 0;
    board scratch;  // (assigned every board in turn: the rows its table held before must be emptied)
    const auto same_as_copy = [&](const board& b) {
        const auto old = scratch.bounding_box(), now = b.bounding_box();
        scratch = b;
        REQUIRE(scratch == b);
        const int x0 = std::min(old.min.x, now.min.x) - 2, x1 = std::max(old.max.x, now.max.x) + 2;
        const int y0 = std::min(old.min.y, now.min.y) - 2, y1 = std::max(old.max.y, now.max.y) + 2;
        if (static_cast<long>(x1 - x0) * (y1 - y0) <= 20000) {  // every cell of both boards and around them
            long differ = 0;
            for (int y = y0; y <= y1; ++y)
                for (int x = x0; x <= x1; ++x) differ += scratch.look(cell{x, y}) != b.look(cell{x, y});
            REQUIRE(differ == 0);
            ++copied;
        }
        tile_multiset hand;
        for (int k = 0; k < 6; ++k) hand.add(any_tile());
        REQUIRE(count_moves(scratch, hand) == count_moves(b, hand));
    };
    const auto same_as_rebuilt = [&](const board& b) {
        board rebuilt;
        std::vector<std::pair<cell, tile>> tiles;
        b.for_each_tile([&](cell c, tile t) { tiles.emplace_back(c, t); });
        for (const auto& [c, t] : tiles) REQUIRE(rebuilt.place(c, t));
        std::map<std::pair<int, int>, anchor_data> mine, theirs;
        for (const auto& a : b.anchors()) mine[{a.x, a.y}] = {a.allows[0], a.allows[1], a.run, a.length};
        for (const auto& a : rebuilt.anchors()) theirs[{a.x, a.y}] = {a.allows[0], a.allows[1], a.run, a.length};
        REQUIRE(mine == theirs);
        for (const auto& [c, t] : tiles) REQUIRE(b.at(c) == t);
        for (const auto& a : b.anchors()) REQUIRE(board::is_anchor_value(b.look(a.at())));
        if (tiles.size() < 40) {
            tile_multiset hand;
            for (int k = 0; k < 6; ++k) hand.add(any_tile());
            REQUIRE(count_moves(b, hand) == count_moves(rebuilt, hand));
        }
        const auto box = b.bounding_box();
        wide += box.max.x - box.min.x > 29 || box.max.y - box.min.y > 29;
        ++compared;
        same_as_copy(b);
    };
    for (int round = 0; round < 300; ++round) {
        board b;
        std::vector<cell> cells;
        cell last{0, 0};
        for (int i = 5 + below(60); i > 0; --i) {
            const int d = below(4), steps = below(10) == 0 ? 20 + below(30) : 1;
            cell c{last.x + (d == 0 ? steps : d == 1 ? -steps : 0), last.y + (d == 2 ? steps : d == 3 ? -steps : 0)};
            if (below(3) == 0 && !cells.empty()) {
                c = cells[static_cast<std::size_t>(below(static_cast<int>(cells.size())))];
                c = cell{c.x + 1 - below(3), c.y + 1 - below(3)};
            }
            if (b.place(c, any_tile())) {
                cells.push_back(c);
                last = c;
            }
            if (below(3) == 0) same_as_rebuilt(b);
            if (below(5) == 0 && b.size() > 1) {  // a tile taken off, maybe put back
                const cell taken = b.tile_cell(below(b.size()));
                const tile t = *b.at(taken);
                REQUIRE(b.remove(taken));
                same_as_rebuilt(b);
                if (below(2) == 0) {
                    REQUIRE(b.place(taken, t));
                    same_as_rebuilt(b);
                }
            }
            if (below(7) == 0 && !cells.empty()) {  // a few placed and rewound
                const board before = b;
                const auto mark = b.current_mark();
                for (int k = 0; k < 3; ++k) {
                    const cell near = cells[static_cast<std::size_t>(below(static_cast<int>(cells.size())))];
                    b.place(cell{near.x + 1, near.y}, any_tile());
                }
                REQUIRE(b.rewind(mark));
                REQUIRE(b == before);
                same_as_rebuilt(b);
            }
        }
        while (b.size() > 0) {  // every tile taken off in a random order (wide to narrow)
            const cell taken = b.tile_cell(below(b.size()));
            REQUIRE(b.remove(taken));
            if (b.size() == 0) break;
            if (below(4) == 0) b.place(cell{taken.x + 1, taken.y}, any_tile());  // (the box recomputed, the entries kept)
            same_as_rebuilt(b);
        }
    }
    CHECK(compared > 10000);
    CHECK(wide > 1000);
    CHECK(copied > 5000);
}
