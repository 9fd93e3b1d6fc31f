// qwirkle-cards-perft: the exact turn solver of Qwirkle Cards on positions read from stdin.
//
// Each line is `<tableau> | <hand>` (rows separated by `/`, cards by spaces; blank lines and lines
// starting with `#` are skipped). For each position it prints
//   plays=N maxcards=M maxqwirkles=Q
// N: distinct non-empty sub-multisets of the hand that can be played; M: most cards one turn can play;
// Q: most Qwirkles (rows of 6) one turn can leave on the table (0 when no play exists).
// `--best` adds a line `best: <tableau>` with a turn reaching Q (then most cards). A hand holds 0 to 9
// cards: more is refused (both editions deal 9); an empty hand is the late game (the pile is out and
// the player has played every card): no turn exists, `plays=0 maxcards=0 maxqwirkles=0`. Malformed
// input prints `error: <what and where>`; the exit status is 1 when any line was malformed.
#include <iostream>
#include <string>
#include <string_view>

#include <qwirkle/cards/cards.hpp>
#include <qwirkle/cards/perft.hpp>

#include "cli.hpp"

int main(int argc, char** argv) {
    namespace qc = qwirkle::cards;
    const qwirkle_cli::command_line cli("qwirkle-cards-perft",
                                        "usage: qwirkle-cards-perft [--best] < positions\n"
                                        "  one position a line: <tableau> | <hand>, like R1 R2 R3 / G4 B4 Y4 | R4 P4 O4\n"
                                        "  a hand holds 0 to 9 cards; an empty hand (the late game: pile out, every card\n"
                                        "  played) has no turn: plays=0 maxcards=0 maxqwirkles=0\n",
                                        argc, argv);
    bool show_best = false;
    for (int i = 1; i < argc; ++i) {
        const std::string_view a = argv[i];
        if (a == "--best") show_best = true;
        else cli.unknown(a);
    }
    qc::perft_options opt;
    opt.best = show_best;
    std::string line;
    int line_no = 0;
    bool any_error = false;
    while (std::getline(std::cin, line)) {
        ++line_no;
        const std::string out = qc::perft(line, opt, line_no);
        if (out.empty()) continue;
        any_error = any_error || out.rfind("error: ", 0) == 0;
        std::cout << out << '\n';
    }
    return any_error ? 1 : 0;
}
