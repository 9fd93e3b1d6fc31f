// The README's quick start, compiled as it is written there.
#include <iostream>
#include <qwirkle/qwirkle.hpp>

int main() {
    using namespace qwirkle;

    // A position from text: the board, a bar, the hand.
    auto pos = parse_position("0,0,R1 1,0,R2 | R3 G1 B2 Y4");
    if (!pos) {
        std::cerr << pos.error().describe() << "\n";
        return 1;
    }

    // Every legal placement with its score, without allocation...
    for_each_move(pos->board, pos->hand, [](const move& m, int score) {
        std::cout << score << "  " << to_string(m) << "\n";
    });
    // ...or just the best one, and a check that names the rule a move breaks.
    auto best = best_move(pos->board, pos->hand);
    std::cout << "best: " << to_string(best->move) << " for " << best->score << "\n";
    auto bad = parse_move("2,0,G1").value();
    std::cout << check_placement(pos->board, pos->hand, bad).describe() << "\n";

    // A seeded game: same seed, same game, on every platform.
    game g(/*players*/ 2, /*seed*/ 42);
    while (!g.is_terminal()) {
        const tile_multiset& hand = g.hand(g.current_player());
        if (auto m = best_move(g.board(), hand, g.move_options()))
            g.place(m->move);
        else if (g.can_exchange())
            g.exchange({*hand.distinct().begin()});  // give back one tile
        else
            g.pass();
    }
    std::cout << "scores " << g.score(0) << " : " << g.score(1) << "\n";
}
