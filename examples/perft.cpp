// qwirkle-perft: counts the legal placement moves of positions read from standard input.
//
//   qwirkle-perft [--list] [--forbid x,y] < positions
//   qwirkle-perft --endgame [--nodes N] < endgames
//
// Each line is `<board> | <hand>` (blank lines and lines starting with # are skipped). For each
// position it prints `moves=N total=S best=B`: the number of distinct legal placements, the sum of
// their scores and the best score (0 when none). The opening rule is not applied. With --list every
// move follows as `SCORE x,y,TILE ...`. With --endgame each line is `<board> | <hand to move> |
// <other hand>` (two players, the bag empty) and the answer is `margin=M best=MOVE` (or `best=pass`):
// the exact endgame solver's margin for the player to move and a best move; a line it cannot finish
// within --nodes nodes (default 20,000,000) prints `error: not solved ...`. A malformed or impossible position prints `error: ...`; the
// exit status is then 1. A bad option prints the usage and exits 2 (examples/cli.hpp).
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include <qwirkle/notation/perft.hpp>
#include <qwirkle/qwirkle.hpp>

#include "cli.hpp"

int main(int argc, char** argv) {
    const qwirkle_cli::command_line cli("qwirkle-perft", "usage: qwirkle-perft [--list] [--forbid x,y] < positions\n"
                                      "       qwirkle-perft --endgame [--nodes 1-1000000000000] < endgames\n", argc, argv);
    bool list = false, endgame = false;
    std::optional<std::uint64_t> nodes;
    std::optional<qwirkle::cell> forbid;
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        if (arg == "--list") {
            list = true;
        } else if (arg == "--endgame") {
            endgame = true;
        } else if (arg == "--nodes") {
            nodes = cli.integer(i, std::uint64_t{1}, std::uint64_t{1'000'000'000'000});
        } else if (arg == "--forbid") {
            const std::string_view text = cli.value(i);
            const auto c = qwirkle::parse_cell(text);
            if (!c)
                cli.usage_error("--forbid: expected a cell x,y (integers within +-" + std::to_string(qwirkle::max_coordinate) +
                                "), got '" + std::string(text) + "'");
            forbid = *c;
        } else {
            cli.unknown(arg);
        }
    }
    if (endgame && (list || forbid)) cli.usage_error("--endgame takes neither --list nor --forbid");
    if (nodes && !endgame) cli.usage_error("--nodes goes with --endgame");
    qwirkle::perft_options opt;
    opt.list = list;
    opt.forbid = forbid;
    bool failed = false;
    std::string line;
    while (std::getline(std::cin, line)) {
        if (qwirkle::perft_skips(line)) continue;
        const std::string out = endgame ? qwirkle::perft_endgame(line, nodes.value_or(qwirkle::perft_endgame_nodes))
                                        : qwirkle::perft(line, opt);
        failed = failed || out.rfind("error: ", 0) == 0;
        std::cout << out << "\n";
    }
    return failed ? 1 : 0;
}
