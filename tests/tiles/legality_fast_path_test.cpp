// check_placement, whose one-pass path decides the common case, against its rule-by-rule path alone
// (detail::check_placement_by_rule, the check as it was before the one-pass path came): the same
// verdict (rule, cell, tile, line, length) and the same score, or none, on many random moves, legal
// and illegal, near the tiles of game positions, of boards built without the rules, of small boards
// and of boards whose cells alias or whose kept box is stale.
#include "support.hpp"

#include <cstdint>
#include <string>
#include <vector>


using namespace qwirkle_test;

namespace {

/// Verdicts compared, per rule (index: placement_rule), and mismatches.
struct tally {
    std::array<long, 16> by_rule{};
    long scored = 0, mismatches = 0, openings = 0;
};

template <class Board>
void compare(const Board& b, const basic_tile_multiset<typename Board::tile_type>& hand, const basic_move<typename Board::rules_type>& m,
             const placement_context& ctx, tally& t) {
    int old_score = -7, new_score = -7;
    const auto want = qwirkle::detail::check_placement_by_rule(b, hand, m, ctx, &old_score);
    const auto got = qwirkle::detail::check_placement(b, hand, m, ctx, &new_score);
    ++t.by_rule[static_cast<std::size_t>(want.rule)];
    if (old_score != -7) ++t.scored;
    // The old check left the score of an opening to score_placement (as apply did): the new one
    // gives it, and must give that.
    if (want.ok() && old_score == -7 && b.empty()) {
        old_score = score_placement(b, m);
        ++t.openings;
    }
    // The public form (no score) too.
    const auto plain = check_placement(b, hand, m, ctx);
    if (want == got && old_score == new_score && plain == want) return;
    if (++t.mismatches <= 5)
        FAIL_CHECK("move ", to_string(m), " on ", to_string(b), " | ", to_string(hand), ": rule by rule ", want.describe(), " (score ",
                   old_score, "), check_placement ", got.describe(), " (score ", new_score, "), public ", plain.describe());
}

/// Random moves near the tiles of `b`: mostly in one line from a cell near a tile or an anchor,
/// with tiles mostly from the hand; some with a cell off the line, repeated, skipped or far away,
/// a tile not held, or more placements than a line holds.
template <class Board>
basic_move<typename Board::rules_type> random_move(const Board& b, const basic_tile_multiset<typename Board::tile_type>& hand, rng& r) {
    using Tile = typename Board::tile_type;
    using move_type = basic_move<typename Board::rules_type>;
    cell base{0, 0};
    if (!b.empty()) {
        if (r.below(2) == 0 || b.anchors().empty()) base = b.tile_cell(static_cast<int>(r.below(static_cast<std::uint32_t>(b.size()))));
        else base = b.anchors()[r.below(static_cast<std::uint32_t>(b.anchors().size()))].at();
        if (r.below(3) == 0) base = {base.x + static_cast<int>(r.below(5)) - 2, base.y + static_cast<int>(r.below(5)) - 2};
    } else if (r.below(4) == 0) {
        base = {static_cast<int>(r.below(3)) - 1, static_cast<int>(r.below(3)) - 1};
    }
    std::vector<Tile> held;
    hand.for_each([&](Tile t) { held.push_back(t); });
    const bool row = r.below(2) == 0;
    const int n = 1 + static_cast<int>(r.below(r.below(8) == 0 ? 8 : move_type::capacity));
    move_type m;
    int at = 0;
    for (int k = 0; k < n; ++k) {
        cell c = row ? cell{base.x + at, base.y} : cell{base.x, base.y + at};
        switch (r.below(24)) {
            case 0: c = row ? cell{c.x, c.y + 1} : cell{c.x + 1, c.y}; break;  // off the line
            case 1:
                if (m.size() > 0) c = m[static_cast<int>(r.below(static_cast<std::uint32_t>(m.size())))].at;  // repeated
                break;
            case 2: c = row ? cell{base.x - 1 - static_cast<int>(r.below(3)), base.y} : cell{base.x, base.y - 1 - static_cast<int>(r.below(3))}; break;
            case 3: c = {c.x + 128, c.y}; break;  // a cell sharing a hash key
            default: break;
        }
        // Skip the board's tiles ahead, mostly (else: an occupied cell).
        if (r.below(6) != 0)
            while (b.occupied(c)) {
                c = row ? cell{c.x + 1, c.y} : cell{c.x, c.y + 1};
                ++at;
            }
        at += 1 + (r.below(10) == 0 ? 1 : 0);  // now and then a gap
        Tile t{};
        if (!held.empty() && r.below(8) != 0) {
            const auto i = r.below(static_cast<std::uint32_t>(held.size()));
            t = held[i];
            if (r.below(5) != 0) held.erase(held.begin() + static_cast<std::ptrdiff_t>(i));  // (else: a copy it may lack)
        } else {
            t = qwirkle::detail::tile_at<Tile>(static_cast<int>(r.below(static_cast<std::uint32_t>(Tile::kinds))));
        }
        m.push_back({c, t});
    }
    if (m.size() > 1 && r.below(3) == 0) {  // another order of the same placements
        move_type o;
        for (int k = m.size(); k-- > 0;) o.push_back(m[k]);
        if (m.overflowed()) o.push_back(m[0]);
        m = o;
    }
    return m;
}

template <class Board>
basic_tile_multiset<typename Board::tile_type> random_hand(rng& r, int size) {
    using Tile = typename Board::tile_type;
    basic_tile_multiset<Tile> h;
    for (int k = 0; k < size; ++k) h.add(qwirkle::detail::tile_at<Tile>(static_cast<int>(r.below(static_cast<std::uint32_t>(Tile::kinds)))));
    return h;
}

/// Every legal move of `hand` (generated), the same in another order, and each with one change.
template <class Board>
void compare_around(const Board& b, const basic_tile_multiset<typename Board::tile_type>& hand, const placement_context& ctx,
                    const movegen_options& options, rng& r, int random_moves, tally& t) {
    using Tile = typename Board::tile_type;
    using move_type = basic_move<typename Board::rules_type>;
    for_each_move(b, hand, [&](const move_type& m, int) {
        compare(b, hand, m, ctx, t);
        move_type o;
        for (int k = m.size(); k-- > 0;) o.push_back(m[k]);
        compare(b, hand, o, ctx, t);
        if (r.below(4) != 0) return;
        move_type c;
        const int which = static_cast<int>(r.below(static_cast<std::uint32_t>(m.size())));
        const auto how = r.below(4);
        for (int k = 0; k < m.size(); ++k) {
            auto p = m[k];
            if (k == which) {
                if (how == 0) p.tile = qwirkle::detail::tile_at<Tile>(static_cast<int>(r.below(static_cast<std::uint32_t>(Tile::kinds))));
                else if (how == 1) p.at = {p.at.x + static_cast<int>(r.below(3)) - 1, p.at.y + static_cast<int>(r.below(3)) - 1};
                else if (how == 2) continue;  // a placement fewer
            }
            c.push_back(p);
        }
        if (how == 3) c.push_back({{m[which].at.x + 1, m[which].at.y}, m[which].tile});
        if (!c.empty()) compare(b, hand, c, ctx, t);
    }, options);
    for (int k = 0; k < random_moves; ++k) compare(b, hand, random_move(b, hand, r), ctx, t);
}

template <class R>
tally compare_in_games(int games, int random_moves) {
    tally t;
    for (int s = 1; s <= games; ++s) {
        basic_game<R> g(std::min(2 + s % 3, R::max_players), static_cast<std::uint64_t>(s) * 131);
        rng r(static_cast<std::uint64_t>(s) * 7877);
        while (!g.is_terminal()) {
            const auto& hand = g.hand(g.current_player());
            placement_context ctx;
            ctx.opening_size = g.opening_size();
            if (!g.board().empty() && r.below(6) == 0) ctx.forbidden = g.board().anchors()[r.below(static_cast<std::uint32_t>(g.board().anchors().size()))].at();
            movegen_options o = g.move_options();
            o.forbidden = ctx.forbidden;
            compare_around(g.board(), hand, ctx, o, r, random_moves, t);
            const auto moves = g.legal_moves();
            if (!moves.empty()) g.place(moves[r.below(static_cast<std::uint32_t>(moves.size()))].move);
            else if (g.can_exchange()) g.exchange({*hand.distinct().begin()});
            else g.pass();
        }
    }
    return t;
}

void expect_coverage(const tally& t) {
    CHECK(t.mismatches == 0);
    CHECK(t.scored > 1000);
    MESSAGE("ok ", t.by_rule[0], ", scored ", t.scored);
    for (std::size_t k = 0; k < t.by_rule.size(); ++k) MESSAGE(std::string(rule_name(static_cast<placement_rule>(k))), ": ", t.by_rule[k]);
}

}  // namespace

TEST_CASE("check_placement: the one-pass fast path gives the verdicts and scores of the rule-by-rule check, in games") {
    const tally t = compare_in_games<standard_rules>(30, 150);
    expect_coverage(t);
    for (const auto r : {placement_rule::ok, placement_rule::tile_not_in_hand, placement_rule::cell_occupied, placement_rule::cell_repeated,
                         placement_rule::forbidden_cell, placement_rule::not_in_one_line, placement_rule::gap_in_line,
                         placement_rule::no_contact, placement_rule::duplicate_in_line, placement_rule::mixed_line,
                         placement_rule::too_many_tiles, placement_rule::opening_not_at_origin, placement_rule::line_too_long,
                         placement_rule::opening_group_size})
        CHECK_MESSAGE(t.by_rule[static_cast<std::size_t>(r)] > 0, rule_name(r));
    CHECK(t.openings > 100);
}

TEST_CASE("check_placement: the same verdicts for other rule sets (lines of 4 and 5, of 3 and 6, and tiny lines)") {
    expect_coverage(compare_in_games<four_colours_five_shapes>(8, 100));
    expect_coverage(compare_in_games<three_colours_six_shapes>(8, 100));
    const tally tiny = compare_in_games<tiny_rules>(40, 100);
    CHECK(tiny.mismatches == 0);
}

TEST_CASE("check_placement: the same verdicts on boards built without the rules (repeated and mixed runs), small and aliased boards") {
    tally t;
    rng r(2024);
    for (int k = 0; k < 1000; ++k) {
        // Random tiles in a small square: runs with a tile twice, mixed lines, holes.
        board b;
        small_board s;
        const int tiles = 1 + static_cast<int>(r.below(40));
        const int side = 3 + static_cast<int>(r.below(8));
        for (int i = 0; i < tiles; ++i) {
            const cell c{static_cast<int>(r.below(static_cast<std::uint32_t>(side))) - side / 2,
                         static_cast<int>(r.below(static_cast<std::uint32_t>(side))) - side / 2};
            const tile x = qwirkle::detail::tile_at<tile>(static_cast<int>(r.below(r.below(3) == 0 ? 6 : 36)));
            b.place(c, x);
            s.place({c.x + 9, c.y - 9}, x);  // (near the small board's edge: moves may leave it)
        }
        const auto hand = random_hand<board>(r, 1 + static_cast<int>(r.below(8)));
        placement_context ctx;
        if (r.below(4) == 0) ctx.forbidden = b.anchors().empty() ? cell{0, 0} : b.anchors()[r.below(static_cast<std::uint32_t>(b.anchors().size()))].at();
        movegen_options o;
        o.forbidden = ctx.forbidden;
        compare_around(b, hand, ctx, o, r, 300, t);
        placement_context sctx;
        compare_around(s, hand, sctx, movegen_options{}, r, 150, t);
        // Far apart: the same tiles again 128 columns (one key period) away, and a few removed.
        board f = b;
        b.for_each_tile([&](cell c, tile x) { f.place({c.x + 128, c.y}, x); });
        for (int i = 0; i < 3 && f.size() > 1; ++i) f.remove(f.tile_cell(static_cast<int>(r.below(static_cast<std::uint32_t>(f.size())))));
        for (int i = 0; i < 200; ++i) compare(f, hand, random_move(f, hand, r), ctx, t);
        // The empty board, with an opening size or none.
        placement_context opening;
        opening.opening_size = static_cast<int>(r.below(4));
        movegen_options oo;
        oo.opening_size = opening.opening_size;
        compare_around(board{}, hand, opening, oo, r, 40, t);
    }
    expect_coverage(t);
    CHECK(t.openings > 100);
}

TEST_CASE("check_placement: the same verdicts where the position nears the span the board holds, with the kept box stale") {
    tally t;
    rng r(77);
    for (int k = 0; k < 60; ++k) {
        // A row from x = 0 to x = 96..100, then tiles taken off its far end: the kept box stays wide.
        board b;
        const int width = 96 + static_cast<int>(r.below(5));
        for (int x = 0; x <= width; ++x) b.place({x, 0}, qwirkle::detail::tile_at<tile>(static_cast<int>(r.below(36))));
        const int cut = static_cast<int>(r.below(6));
        for (int x = width; x > width - cut; --x) b.remove({x, 0});
        const auto hand = random_hand<board>(r, 6);
        for (int i = 0; i < 400; ++i) {
            basic_move<standard_rules> m;
            const int n = 1 + static_cast<int>(r.below(4));
            const bool left = r.below(2) == 0;
            const int y = static_cast<int>(r.below(3)) - 1;
            const int x0 = left ? -static_cast<int>(r.below(4)) - (y == 0 ? 1 : 0) : width - cut + (y == 0 ? 1 : 0) + static_cast<int>(r.below(3));
            for (int j = 0; j < n; ++j) {
                tile x{};
                hand.for_each([&](tile h) { if (r.below(3) == 0) x = h; });
                m.push_back({{left ? x0 - j : x0 + j, y}, x});
            }
            compare(b, hand, m, {}, t);
        }
        compare_around(b, hand, {}, movegen_options{}, r, 100, t);
    }
    CHECK(t.mismatches == 0);
    CHECK(t.by_rule[static_cast<std::size_t>(placement_rule::off_board)] > 0);
}
