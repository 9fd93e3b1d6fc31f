// qwirkle-cards-perft: the exact turn solver of Qwirkle Cards on positions read from stdin.
//
// Each line is `<tableau> | <hand>` (rows separated by `/`, cards by spaces; blank lines and lines
// starting with `#` are skipped). For each position it prints
//   plays=N maxcards=M maxqwirkles=Q
// N: distinct non-empty sub-multisets of the hand that can be played; M: most cards one turn can play;
// Q: most Qwirkles (rows of 6) one turn can leave on the table (0 when no play exists).
// `--best` adds a line `best: <tableau>` with a turn reaching Q (then most cards). Malformed input
// prints `error: <what and where>`; the exit status is 1 when any line was malformed.
#include <iostream>
#include <string>
#include <string_view>

#include <qwirkle/cards/cards.hpp>

int main(int argc, char** argv) {
    namespace qc = qwirkle::cards;
    bool show_best = false;
    for (int i = 1; i < argc; ++i) {
        const std::string_view a = argv[i];
        if (a == "--best") show_best = true;
        else {
            std::cerr << "usage: qwirkle-cards-perft [--best] < positions\n";
            return 2;
        }
    }
    std::string line;
    int line_no = 0;
    bool any_error = false;
    while (std::getline(std::cin, line)) {
        ++line_no;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        const auto first = line.find_first_not_of(" \t");
        if (first == std::string::npos || line[first] == '#') continue;
        const auto pos = qc::parse_position(line);
        if (!pos) {
            std::cout << "error: line " << line_no << ", " << pos.error().describe() << '\n';
            any_error = true;
            continue;
        }
        const int plays = qc::count_playable_subsets(pos->table, pos->hand);
        const auto most_cards = qc::best_turn(pos->table, pos->hand, qc::objective::cards_then_qwirkles);
        const auto most_qwirkles = qc::best_turn(pos->table, pos->hand, qc::objective::qwirkles_then_cards);
        std::cout << "plays=" << plays << " maxcards=" << (most_cards ? most_cards->cards() : 0)
                  << " maxqwirkles=" << (most_qwirkles ? most_qwirkles->qwirkles() : 0) << '\n';
        if (show_best) std::cout << "best: " << (most_qwirkles ? qc::to_string(most_qwirkles->result) : "(no play)") << '\n';
    }
    return any_error ? 1 : 0;
}
