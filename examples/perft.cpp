// qwirkle-perft: counts the legal placement moves of positions read from standard input.
//
//   qwirkle-perft [--list] [--forbid x,y] < positions
//
// Each line is `<board> | <hand>` (blank lines and lines starting with # are skipped). For each
// position it prints `moves=N total=S best=B`: the number of distinct legal placements, the sum of
// their scores and the best score (0 when none). The opening rule is not applied. With --list every
// move follows as `SCORE x,y,TILE ...`. A malformed or impossible position prints `error: ...`; the
// exit status is then 1.
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include <qwirkle/qwirkle.hpp>

int main(int argc, char** argv) {
    bool list = false;
    std::optional<qwirkle::cell> forbid;
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        if (arg == "--list") {
            list = true;
        } else if (arg == "--forbid" && i + 1 < argc) {
            auto c = qwirkle::parse_cell(argv[++i]);
            if (!c) {
                std::cerr << "qwirkle-perft: --forbid: " << c.error().describe() << "\n";
                return 2;
            }
            forbid = *c;
        } else {
            std::cerr << "usage: qwirkle-perft [--list] [--forbid x,y] < positions\n";
            return 2;
        }
    }
    constexpr int max_hand = qwirkle::rules_traits<qwirkle::standard_rules>::max_hand;
    bool failed = false;
    std::string line;
    std::string out;
    while (std::getline(std::cin, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        const auto first = line.find_first_not_of(" \t");
        if (first == std::string::npos || line[first] == '#') continue;
        auto pos = qwirkle::parse_position(line);
        if (pos && (pos->hand.size() < 1 || pos->hand.size() > max_hand))
            pos = qwirkle::parse_error{line.find('|') + 1, "",
                                       "a hand holds 1 to " + std::to_string(max_hand) + " tiles, not " +
                                           std::to_string(pos->hand.size())};
        if (!pos) {
            std::cout << "error: " << pos.error().describe() << "\n";
            failed = true;
            continue;
        }
        qwirkle::movegen_options opt;
        if (forbid) opt.forbidden = qwirkle::cell{forbid->x + pos->offset.x, forbid->y + pos->offset.y};
        const auto stats = qwirkle::count_moves(pos->board, pos->hand, opt);
        std::cout << "moves=" << stats.moves << " total=" << stats.total << " best=" << stats.best << "\n";
        if (list) {
            qwirkle::for_each_move(pos->board, pos->hand, [&](const qwirkle::move& m, int score) {
                out = std::to_string(score);
                for (const auto& p : m.sorted()) {
                    out += ' ';
                    out += qwirkle::to_string(qwirkle::placement{{p.at.x - pos->offset.x, p.at.y - pos->offset.y}, p.tile});
                }
                std::cout << out << "\n";
            }, opt);
        }
    }
    return failed ? 1 : 0;
}
