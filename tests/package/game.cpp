// The consumer program of the packaging tests: plays a seeded two-player game between two greedy
// bots with nothing but the installed (or fetched, or vendored) headers, and prints the result.
// Exit status 0 when the game ended with at least one winner.
#include <cstdio>
#include <string_view>
#include <qwirkle/qwirkle.hpp>
#include <qwirkle/version.hpp>

static_assert(__cplusplus >= 202002L, "qwirkle needs C++20; the package must bring it");
static_assert(QWIRKLE_VERSION == qwirkle::version.major * 10000 + qwirkle::version.minor * 100 + qwirkle::version.patch);
#ifdef QWIRKLE_EXPECTED_VERSION  // the version the build system found, when it tells us
static_assert(std::string_view(QWIRKLE_VERSION_STRING) == QWIRKLE_EXPECTED_VERSION, "headers and package version differ");
#endif

int main() {
    qwirkle::game g(2, 42);
    int turns = 0;
    while (!g.is_terminal()) {
        const auto& hand = g.hand(g.current_player());
        if (auto m = qwirkle::best_move(g.board(), hand, g.move_options()))
            g.place(m->move);
        else if (g.can_exchange())
            g.exchange({*hand.distinct().begin()});
        else
            g.pass();
        ++turns;
    }
    const auto winners = g.winners();
    std::printf("qwirkle %s: seed 42, %d turns, scores %d : %d, %zu winner(s)\n", QWIRKLE_VERSION_STRING, turns,
                g.score(0), g.score(1), winners.size());
    return winners.empty() ? 1 : 0;
}
