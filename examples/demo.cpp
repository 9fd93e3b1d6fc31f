// qwirkle-demo: a full seeded game of the tile game between two greedy bots, shown turn by turn.
//
//   qwirkle-demo [seed] [--quiet]
//
// Each bot places its best-scoring move; when it cannot place it exchanges the tiles that fit
// nothing on the board, or its whole hand; when it can do neither it passes. The board is drawn
// every few turns and at the end, then the scores, the winners and the game record (which
// `qwirkle::parse_record` + `game::replay` turn back into the same game). The seed is an integer
// 0..2^64-1 (default 2026); anything else is a usage error (exit status 2).
#include <cstdint>
#include <iostream>
#include <string>
#include <string_view>
#include <unistd.h>

#include <qwirkle/qwirkle.hpp>

#include "cli.hpp"

namespace {

/// The exchange of a greedy bot: tiles of the hand no anchor of the board accepts, else all.
qwirkle::tile_multiset tiles_to_exchange(const qwirkle::game& g) {
    const auto& hand = g.hand(g.current_player());
    qwirkle::tile_set accepted;
    for (auto fit : g.board().anchor_fits()) accepted = accepted | qwirkle::tile_set(fit);
    qwirkle::tile_multiset give;
    hand.for_each([&](qwirkle::tile t) {
        if (!accepted.contains(t)) give.add(t);
    });
    if (give.empty()) give = hand;
    qwirkle::tile_multiset fitting;  // no more than the bag holds
    int room = g.bag_size();
    give.for_each([&](qwirkle::tile t) {
        if (room-- > 0) fitting.add(t);
    });
    return fitting;
}

}  // namespace

int main(int argc, char** argv) {
    qwirkle::game_config config;
    config.players = 2;
    config.seed = 2026;
    bool quiet = false, seed_given = false;
    const qwirkle_cli::command_line cli("qwirkle-demo", "usage: qwirkle-demo [seed] [--quiet]\n", argc, argv);
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        if (arg == "--quiet") {
            quiet = true;
        } else if (arg.size() > 1 && arg[0] == '-' && (arg[1] < '0' || arg[1] > '9')) {
            cli.unknown(arg);  // an option (--help included); "-1" is a seed, and refused as one
        } else {
            if (seed_given) cli.unknown(arg);
            config.seed = cli.integer_of("seed", arg, std::uint64_t{0}, ~std::uint64_t{0});
            seed_given = true;
        }
    }
    const qwirkle::render_options look{static_cast<bool>(isatty(STDOUT_FILENO)), 0};
    qwirkle::game g(config);
    std::cout << "Qwirkle: 2 greedy bots, seed " << config.seed << "\n";
    for (int p = 0; p < g.players(); ++p)
        std::cout << "  player " << p << " holds " << qwirkle::to_string(g.hand(p)) << "\n";
    std::cout << "player " << g.current_player() << " opens (largest group: " << g.opening_size() << ")\n\n";

    while (!g.is_terminal()) {
        const int p = g.current_player();
        qwirkle::action a = qwirkle::action::pass();
        if (auto best = qwirkle::best_move(g.board(), g.hand(p), g.move_options()))
            a = qwirkle::action::place(best->move);
        else if (g.can_exchange())
            a = qwirkle::action::exchange(tiles_to_exchange(g));
        const auto hand_before = g.hand(p);
        if (const auto err = g.apply(a); !err.ok()) {
            std::cerr << "bot error: " << err.describe() << "\n";
            return 1;
        }
        const auto& t = g.history().back();
        if (!quiet) {
            std::cout << "turn " << g.history().size() << ": player " << p << " [" << qwirkle::to_string(hand_before)
                      << "] " << qwirkle::to_string(a);
            if (a.kind == qwirkle::action_kind::place) std::cout << "  +" << t.score;
            if (t.bonus) std::cout << " +" << t.bonus << " (last tile)";
            std::cout << "   score " << g.score(0) << " : " << g.score(1) << ", bag " << g.bag_size() << "\n";
            if (g.history().size() % 10 == 0) std::cout << '\n' << qwirkle::render(g.board(), look) << '\n';
        }
    }
    std::cout << "\nfinal board (" << g.board().size() << " tiles):\n" << qwirkle::render(g.board(), look) << "\n";
    std::cout << "game over after " << g.history().size() << " turns ("
              << (g.end_reason() == qwirkle::game_end::last_tile ? "a player placed the last tile" : "nobody could play")
              << ")\nscores:";
    for (int p = 0; p < g.players(); ++p) std::cout << " player " << p << " = " << g.score(p);
    std::cout << "\nwinner:";
    for (int w : g.winners()) std::cout << " player " << w;
    std::cout << "\n";
    if (!quiet) std::cout << "\ngame record:\n" << qwirkle::to_record(g);
    return 0;
}
