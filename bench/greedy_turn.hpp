// One turn of the greedy player of the benchmarks: the highest-scoring placement (best_move), else
// an exchange of the first min(hand, bag) tiles of the hand, else a pass. Played by bench/tiles.cpp
// (greedy_games) and bench/callgrind/workload.cpp (greedy), so that the figures of both describe
// the same games; only the public API of version 0.1.0, which the workload is also built against.
// Always inlined: a call would be laid out and counted apart from the loop it was inlined into
// before (round 39 measured the greedy workload's instructions move when it was not).
#pragma once

#include <algorithm>

#include <qwirkle/qwirkle.hpp>

namespace qwirkle_bench {

template <class Game>
[[gnu::always_inline]] inline void greedy_turn(Game& g) {
    const auto& hand = g.hand(g.current_player());
    if (auto best = qwirkle::best_move(g.board(), hand, g.move_options())) {
        g.place(best->move);
    } else if (g.can_exchange()) {
        qwirkle::tile_multiset give;
        int n = std::min(hand.size(), g.bag_size());
        hand.for_each([&](qwirkle::tile t) {
            if (n-- > 0) give.add(t);
        });
        g.exchange(give);
    } else {
        g.pass();
    }
}

}  // namespace qwirkle_bench
