// Conan test_package: plays a seeded game between two greedy bots with the packaged headers.
#include <cstdio>
#include <qwirkle/qwirkle.hpp>
#include <qwirkle/version.hpp>

int main() {
    qwirkle::game g(2, 42);
    int turns = 0;
    while (!g.is_over()) {
        const auto& hand = g.hand(g.current_player());
        if (auto m = qwirkle::best_move(g.board(), hand, g.move_options()))
            g.place(m->move);
        else if (g.can_exchange())
            g.exchange({*hand.distinct().begin()});
        else
            g.pass();
        ++turns;
    }
    std::printf("qwirkle %s: seed 42, %d turns, scores %d : %d, %zu winner(s)\n", QWIRKLE_VERSION_STRING, turns,
                g.score(0), g.score(1), g.winners().size());
    return g.winners().empty() ? 1 : 0;
}
