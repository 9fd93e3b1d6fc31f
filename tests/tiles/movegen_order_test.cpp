// The order in which moves are generated is part of what the library promises (bots keep the first
// of equal moves, so game records depend on it): this test hashes every move, in generation order,
// of every position met in seeded games — boards after chains of place and undo included, with the
// take-a-tile option — and compares with hashes recorded from the generator of commit 5c28701
// (the engine whose games match version 0.1.0's records). A change that reorders moves fails here
// before it can change a game record.
#include <cstdint>
#include <vector>

#include "support.hpp"

namespace {

using namespace qwirkle;

struct order_hash {
    std::uint64_t h = 1469598103934665603ull;  // FNV-1a over 64-bit words
    void mix(std::uint64_t v) { h = (h ^ v) * 1099511628211ull; }
};

template <class R, int Rad>
void trace(order_hash& H, const basic_board<R, Rad>& b, const basic_tile_multiset<tile_t<R>>& hand, const movegen_options& o) {
    for_each_move(b, hand, [&](const basic_move<R>& m, int score) {
        H.mix(static_cast<std::uint64_t>(score));
        for (int k = 0; k < m.size(); ++k) {
            H.mix(static_cast<std::uint64_t>(m[k].at.x) * 7919 + static_cast<std::uint64_t>(m[k].at.y));
            H.mix(static_cast<std::uint64_t>(m[k].tile.index()));
        }
    }, o);
    for_each_move(b, hand, [&](int score) { H.mix(static_cast<std::uint64_t>(score) + 17); }, o);
    if (const auto bm = best_move(b, hand, o)) {
        H.mix(static_cast<std::uint64_t>(bm->score));
        for (const auto& p : bm->move) H.mix(static_cast<std::uint64_t>(p.at.x * 1000 + p.at.y));
    }
}

/// Plays `n` games (greedy, every third turn a generated move chosen at random) and hashes the moves
/// of each position, and of the same board after placing and undoing some of them.
template <class R>
std::uint64_t order_of_games(int players, std::uint64_t first, int n) {
    order_hash H;
    for (std::uint64_t seed = first; seed < first + static_cast<std::uint64_t>(n); ++seed) {
        basic_game<R> g(players, seed);
        rng r(seed);
        for (int turn = 0; !g.is_terminal() && turn < 400; ++turn) {
            const auto& hand = g.hand(g.current_player());
            auto b = g.board();
            trace(H, b, hand, g.move_options());
            std::vector<basic_move<R>> ms;
            for_each_move(b, hand, [&](const basic_move<R>& m, int) {
                if (ms.size() < 40) ms.push_back(m);
            }, g.move_options());
            for (std::size_t k = 0; k < ms.size(); k += 7) {
                if (!b.place(ms[k])) continue;
                trace(H, b, hand, movegen_options{});
                if (k % 2 == 0 && ms.size() > 1) {
                    const auto& m2 = ms[(k + 3) % ms.size()];
                    if (b.place(m2)) {
                        trace(H, b, hand, movegen_options{});
                        b.undo(m2);
                    }
                }
                b.undo(ms[k]);
                trace(H, b, hand, g.move_options());
            }
            if (!ms.empty() && (seed + static_cast<std::uint64_t>(turn)) % 3 == 0) g.place(ms[r.below(static_cast<std::uint32_t>(ms.size()))]);
            else if (auto best = best_move(g.board(), hand, g.move_options())) g.place(best->move);
            else if (g.can_exchange()) g.exchange({*hand.distinct().begin()});
            else g.pass();
        }
    }
    return H.h;
}

}  // namespace

TEST_CASE("move generation order is that of the recorded generator (commit 5c28701)") {
    CHECK(order_of_games<standard_rules>(2, 1, 30) == 0x1bf2d78e13375da6ull);
    CHECK(order_of_games<standard_rules>(4, 500, 8) == 0xa745825887c57660ull);
    CHECK(order_of_games<mini_expansion_rules>(2, 700, 8) == 0xe1db165e5b0475f6ull);
    CHECK(order_of_games<action_tiles_at_start_rules>(3, 900, 6) == 0x270f4f6ec817a4f5ull);
}
