// The board's incremental anchor data against recomputation: place/undo, remove/put back and a
// rebuild in another order leave move generation unchanged; take_targets against brute force.
#include <doctest/doctest.h>

#include <algorithm>
#include <vector>

#include <qwirkle/qwirkle.hpp>

using namespace qwirkle;

namespace {

template <class F>
void for_each_position(int games, F&& f) {
    for (int s = 1; s <= games; ++s) {
        game g(2 + s % 3, static_cast<std::uint64_t>(s));
        rng r(static_cast<std::uint64_t>(s) * 977);
        while (!g.is_over()) {
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

TEST_CASE("take a tile (RULES.md §3): targets are the tiles outside Qwirkles whose removal keeps the board connected") {
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
