// qwirkle-perft: counts the legal placement moves of positions read from standard input.
//
//   qwirkle-perft [--list] [--forbid x,y] < positions
//
// Each line is `<board> | <hand>` (blank lines and lines starting with # are skipped). For each
// position it prints `moves=N total=S best=B`: the number of distinct legal placements, the sum of
// their scores and the best score (0 when none). The opening rule is not applied. With --list every
// move follows as `SCORE x,y,TILE ...`. A malformed or impossible position prints `error: ...`; the
// exit status is then 1. A bad option prints the usage and exits 2 (examples/cli.hpp).
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include <qwirkle/notation/perft.hpp>
#include <qwirkle/qwirkle.hpp>

#include "cli.hpp"

int main(int argc, char** argv) {
    const qwirkle_cli::command_line cli("qwirkle-perft", "usage: qwirkle-perft [--list] [--forbid x,y] < positions\n", argc, argv);
    bool list = false;
    std::optional<qwirkle::cell> forbid;
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        if (arg == "--list") {
            list = true;
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
    qwirkle::perft_options opt;
    opt.list = list;
    opt.forbid = forbid;
    bool failed = false;
    std::string line;
    while (std::getline(std::cin, line)) {
        if (qwirkle::perft_skips(line)) continue;
        const std::string out = qwirkle::perft(line, opt);
        failed = failed || out.rfind("error: ", 0) == 0;
        std::cout << out << "\n";
    }
    return failed ? 1 : 0;
}
