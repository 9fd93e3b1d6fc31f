// qwirkle-play: play the tile game (or, with --cards, the card game) in a terminal against bots.
//
//   qwirkle-play [--players 2] [--bots greedy] [--seed N] [--rules standard|mini|actions-at-start]
//                [--colour | --no-colour] [--ascii]
//   qwirkle-play --cards [--players 2] [--bots greedy|cautious] [--seed N] [--edition schmidt|999]
//
// You are player 0. Type a move in the notation (`0,1,R1 1,1,R2`: x,y,TILE per tile, x to the
// right, y down), `exchange R1 G2`, `pass`, `draw3` or `take x,y` (action tiles, when in play),
// or a command: `hint [n]` (the n best moves, numbered), `play K` (play hint K), `undo` (take back
// your last turn), `auto` (let the tactician finish the game for you), `board`, `help`, `quit`.
// An illegal move is refused with the rule it breaks and where; nothing changes. A command given a bad
// argument (`hint 0`, `play abc`, `undo now`) is "not understood", with the column, the token and the
// command's usage. Options are read strictly (examples/cli.hpp): a bad one prints the usage, exit 2.
// The card game: `play R1 R2 R3` plays those cards (the table is rearranged for you if any legal
// arrangement exists), `hint` shows the best turn, `cannot` declares that no play exists, `quit`.
#include <cstdlib>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unistd.h>
#include <vector>

#include <qwirkle/bots/bots.hpp>
#include <qwirkle/bots/cards.hpp>
#include <qwirkle/qwirkle.hpp>

#include "cli.hpp"

namespace {

struct settings {
    int players = 2;
    std::string bot = "greedy";
    std::uint64_t seed = 1;
    std::string rules = "standard";
    bool colour = static_cast<bool>(isatty(STDOUT_FILENO));
    bool unicode = true;
    bool cards = false;
    std::string edition = "schmidt";
};

/// Prompts and reads a line into `line`. False (having said so) at the end of input (or a closed
/// input) and on `quit` (`quit` with an argument is not understood, like any bad argument).
bool read_command(const char* prompt, std::string& line, const std::string& bye) {
    std::cout << prompt << std::flush;
    if (!std::getline(std::cin, line)) {
        std::cout << "\n(end of input)\n";
        return false;
    }
    const auto words = qwirkle::split_tokens(line);
    if (words.size() == 1 && (words[0].text == "quit" || words[0].text == "exit")) {
        std::cout << bye << '\n';
        return false;
    }
    return true;
}

/// A command's words, with their columns in the line.
using command_words = std::vector<qwirkle::token>;

/// `not understood: column C, token "T": why (usage: U)`; always false.
bool not_understood(std::size_t column, std::string_view token, const std::string& why, std::string_view usage) {
    std::cout << "not understood: " << qwirkle::parse_error{column, std::string(token), why}.describe() << " (usage: " << usage
              << ")\n";
    return false;
}

/// Is the command alone on its line? Otherwise says that it takes nothing.
bool no_argument(const command_words& w) {
    if (w.size() == 1) return true;
    const std::string_view name = w[0].text == "exit" ? std::string_view("quit") : w[0].text;
    return not_understood(w[1].column, w[1].text, "'" + std::string(name) + "' takes nothing", name);
}

/// The argument of `hint [n]` or `play K`: a whole number from 1 to 1000, alone after the command.
std::optional<std::size_t> count_argument(const command_words& w, bool optional, std::size_t fallback, std::string_view usage) {
    constexpr std::size_t most = 1000;
    const std::string name(w[0].text);
    if (w.size() == 1) {
        if (optional) return fallback;
        not_understood(w[0].column + w[0].text.size(), "", "'" + name + "' needs a number", usage);
        return std::nullopt;
    }
    if (w.size() > 2) {
        not_understood(w[2].column, w[2].text, "'" + name + "' takes one number", usage);
        return std::nullopt;
    }
    const auto n = qwirkle_cli::parse_integer<std::size_t>(w[1].text, 1, most);
    if (!n) not_understood(w[1].column, w[1].text, "expected a whole number from 1 to " + std::to_string(most), usage);
    return n;
}

template <class R>
class session {
    using game_type = qwirkle::basic_game<R>;
    using action_type = qwirkle::basic_action<R>;

public:
    explicit session(const settings& s) : s_(s), g_(s.players, s.seed), random_(s.seed ^ 0xb075ull) {
        for (int p = 1; p < s.players; ++p) bots_.push_back(qwirkle::make_bot<R>(s.bot));
    }

    int run() {
        std::cout << "Qwirkle: you are player 0 against " << (s_.players - 1) << " " << s_.bot << " bot"
                  << (s_.players > 2 ? "s" : "") << " (seed " << s_.seed << "). Type 'help' for the commands.\n";
        bots_play();
        show();
        std::string line;
        while (!g_.is_terminal()) {
            if (!read_command("your move> ", line, "bye: the game stays unfinished (scores " + scores() + ")")) return 0;
            const command_words w = qwirkle::split_tokens(line);
            if (w.empty()) continue;
            const std::string_view word = w[0].text;
            if ((word == "help" || word == "board" || word == "undo" || word == "auto" || word == "quit" || word == "exit") &&
                !no_argument(w))
                continue;
            if (word == "help") help();
            else if (word == "board") show();
            else if (word == "hint") hint(w);
            else if (word == "play") play_hint(w);
            else if (word == "undo") undo();
            else if (word == "auto") autoplay();
            else act(line);
        }
        finish();
        return 0;
    }

private:
    std::string tile(qwirkle::tile_t<R> t) const { return qwirkle::tile_text(t, s_.unicode, s_.colour); }
    std::string scores() const {
        std::string out;
        for (int p = 0; p < g_.players(); ++p) out += (p ? " : " : "") + std::to_string(g_.score(p));
        return out;
    }

    void help() const {
        std::cout << "  a move:     x,y,TILE ...   e.g. 1,0,R2 2,0,R3 (tiles R O Y G B P + shape 1-6: circle cross diamond square star clover)\n"
                     "  exchange R1 G2            give tiles back and draw as many\n"
                     "  pass                      only when you can neither place nor exchange\n"
                     "  draw3 | take x,y          use an action tile first (mini-expansions)\n"
                     "  hint [n]   play K         the n best moves; play hint K\n"
                     "  undo   auto   board   quit\n";
    }

    void show() const {
        qwirkle::render_options look;
        look.ansi_colour = s_.colour;
        look.unicode = s_.unicode;
        look.margin = 1;
        std::cout << '\n' << qwirkle::render(g_.board(), look);
        std::cout << "scores " << scores() << " | bag " << g_.bag_size() << " | your tiles:";
        g_.hand(0).for_each([&](qwirkle::tile_t<R> t) { std::cout << ' ' << tile(t) << '(' << qwirkle::to_string(t) << ')'; });
        std::cout << '\n';
        if (g_.opening_size() > 0 && g_.current_player() == 0)
            std::cout << "you open: place your largest group (" << g_.opening_size() << " tiles) as one line from 0,0\n";
        if (g_.actions_held(0)) {
            std::cout << "action tiles:";
            if (g_.can_use(qwirkle::action_tile::draw_three)) std::cout << " draw3";
            if (g_.can_use(qwirkle::action_tile::take_tile)) std::cout << " take";
            std::cout << '\n';
        }
    }

    std::vector<qwirkle::basic_scored_move<R>> best(std::size_t n) const {
        auto moves = g_.legal_moves();
        std::stable_sort(moves.begin(), moves.end(), [](const auto& a, const auto& b) { return a.score > b.score; });
        if (moves.size() > n) moves.resize(n);
        return moves;
    }

    void hint(const command_words& w) {
        const auto n = count_argument(w, true, 5, "hint [n]: the n best moves, n from 1 to 1000, 5 by default");
        if (!n) return;
        hints_ = best(*n);
        if (hints_.empty()) {
            std::cout << (g_.can_exchange() ? "no placement: exchange some tiles\n" : "no placement and an empty bag: pass\n");
            return;
        }
        for (std::size_t k = 0; k < hints_.size(); ++k)
            std::cout << "  " << k + 1 << ": " << qwirkle::to_string(hints_[k].move) << "  (" << hints_[k].score << " points)\n";
    }

    void play_hint(const command_words& w) {
        const auto number = count_argument(w, false, 0, "play K: K the number of a move listed by 'hint'");
        if (!number) return;
        const std::size_t k = *number;
        if (k > hints_.size()) {
            std::cout << "no such hint: type 'hint' first, then 'play K' with K from the list\n";
            return;
        }
        apply(action_type::place(hints_[k - 1].move));
    }

    void act(const std::string& line) {
        auto a = qwirkle::parse_action<R>(line);
        if (!a) {
            std::cout << "not understood: " << a.error().describe() << " (type 'help')\n";
            return;
        }
        apply(*a);
    }

    void apply(const action_type& a) {
        const auto e = g_.apply(a);
        if (!e.ok()) {
            std::cout << "illegal: " << e.describe() << '\n';
            return;
        }
        hints_.clear();
        report(0, g_.history().back());
        if (qwirkle::is_action_tile(a.kind)) {
            show();
            return;  // the turn goes on
        }
        bots_play();
        if (!g_.is_terminal()) show();
    }

    void report(int p, const qwirkle::basic_turn<R>& t) const {
        std::cout << (p == 0 ? "you" : "player " + std::to_string(p)) << ": " << qwirkle::to_string(t.action);
        if (t.action.kind == qwirkle::action_kind::place) std::cout << "  +" << t.score;
        if (t.bonus) std::cout << " +" << t.bonus << " (last tile)";
        if (t.revealed) std::cout << "  [special tile drawn: everyone receives its action tile]";
        std::cout << '\n';
    }

    void bots_play() {
        while (!g_.is_terminal() && g_.current_player() != 0) {
            const int p = g_.current_player();
            const auto a = bots_[static_cast<std::size_t>(p - 1)]->choose(*g_.observe(p), random_);
            if (!g_.apply(a).ok()) {
                std::cout << "bot error\n";
                std::exit(1);
            }
            report(p, g_.history().back());
        }
    }

    void undo() {
        const auto& h = g_.history();
        std::size_t last = h.size();
        while (last > 0 && h[last - 1].player != 0) --last;
        if (last == 0) {
            std::cout << "nothing of yours to undo\n";
            return;
        }
        // Back to just before your last action (and the start of that turn, if it began with an action tile).
        --last;
        while (last > 0 && h[last - 1].player == 0 && qwirkle::is_action_tile(h[last - 1].action.kind)) --last;
        while (g_.history().size() > last) g_.undo();
        std::cout << "undone: your last turn and the bots' replies\n";
        hints_.clear();
        show();
    }

    void autoplay() {
        qwirkle::basic_tactician_bot<R> me;
        while (!g_.is_terminal()) {
            if (g_.current_player() == 0) {
                const auto e = g_.apply(me.choose(*g_.observe(0), random_));
                if (!e.ok()) return;
                report(0, g_.history().back());
            }
            bots_play();
        }
    }

    void finish() const {
        qwirkle::render_options look;
        look.ansi_colour = s_.colour;
        look.unicode = s_.unicode;
        std::cout << '\n' << qwirkle::render(g_.board(), look) << "game over: "
                  << (g_.end_reason() == qwirkle::game_end::last_tile ? "a player placed the last tile" : "nobody could play")
                  << "\nfinal scores: " << scores() << "\n";
        const auto w = g_.winners();
        if (w.size() == 1) std::cout << (w[0] == 0 ? "you win!" : "player " + std::to_string(w[0]) + " wins") << '\n';
        else {
            std::cout << "shared win:";
            for (int p : w) std::cout << ' ' << (p == 0 ? std::string("you") : "player " + std::to_string(p));
            std::cout << '\n';
        }
    }

    settings s_;
    game_type g_;
    qwirkle::rng random_;
    std::vector<std::unique_ptr<qwirkle::basic_bot<R>>> bots_;
    std::vector<qwirkle::basic_scored_move<R>> hints_;
};

/// The card game in a terminal.
template <class R>
class card_session {
    using card_type = qwirkle::cards::card_t<R>;

public:
    explicit card_session(const settings& s) : s_(s), g_(s.players, s.seed), random_(s.seed ^ 0xca4dull) {
        for (int p = 1; p < s.players; ++p) bots_.push_back(qwirkle::cards::make_card_bot<R>(s.bot));
    }

    int run() {
        std::cout << "Qwirkle Cards: you are player 0 against " << (s_.players - 1) << " " << s_.bot
                  << " bot(s) (seed " << s_.seed << "). Commands: play CARDS, hint, cannot, auto, quit.\n";
        bots_play();
        std::string line;
        while (!g_.is_terminal()) {
            show();
            if (!read_command("your turn> ", line, "bye: the game stays unfinished")) return 0;
            const command_words w = qwirkle::split_tokens(line);
            if (w.empty()) continue;
            const std::string_view word = w[0].text;
            if ((word == "hint" || word == "auto" || word == "cannot" || word == "quit" || word == "exit") && !no_argument(w))
                continue;
            if (word == "hint") {
                const auto a = qwirkle::cards::basic_greedy_card_bot<R>().choose(*g_.observe(0), random_);
                if (!a.is_cannot_play())
                    std::cout << "  play " << qwirkle::to_string(a.turn.played) << "  -> " << qwirkle::cards::to_string(a.turn.result)
                              << "  (" << a.turn.qwirkles() << " Qwirkle(s), " << a.turn.cards() << " cards)\n";
                else
                    std::cout << "  no legal play: type 'cannot'\n";
            } else if (word == "auto") {
                qwirkle::cards::basic_cautious_card_bot<R> me;
                while (!g_.is_terminal()) {
                    if (g_.current_player() == 0 && !g_.apply(0, me.choose(*g_.observe(0), random_)).ok()) break;
                    bots_play();
                }
            } else if (word == "cannot") {
                const auto v = g_.cannot_play();
                if (!v) std::cout << "illegal: " << v.describe() << '\n';
                else std::cout << "you cannot play\n";
                bots_play();
            } else if (word == "play") {
                const std::size_t after = w[0].column + w[0].text.size();  // the cards' columns are the line's
                play(std::string_view(line).substr(after), after);
            } else {
                std::cout << "commands: play CARDS (e.g. play R1 R2 R3), hint, cannot, auto, quit\n";
            }
        }
        std::cout << "\ngame over. Qwirkles:";
        for (int p = 0; p < g_.players(); ++p) std::cout << ' ' << (p ? "player " + std::to_string(p) : std::string("you")) << '=' << g_.qwirkles(p);
        const auto w = g_.winners();
        std::cout << '\n' << (w.size() == 1 ? (w[0] == 0 ? std::string("you win!") : "player " + std::to_string(w[0]) + " wins") : std::string("shared win")) << '\n';
        return 0;
    }

private:
    void show() const {
        std::cout << "\ntable:";
        if (g_.table().rows.empty()) std::cout << " (empty)";
        for (const auto& r : g_.table().rows) {
            std::cout << "\n  ";
            for (const auto c : r) std::cout << qwirkle::tile_text(c, s_.unicode, s_.colour) << ' ';
        }
        std::cout << "\nyour cards:";
        g_.hand(0).for_each([&](card_type c) { std::cout << ' ' << qwirkle::tile_text(c, s_.unicode, s_.colour) << '(' << qwirkle::to_string(c) << ')'; });
        std::cout << "\npile " << g_.pile_size() << " | Qwirkles:";
        for (int p = 0; p < g_.players(); ++p) std::cout << ' ' << g_.qwirkles(p);
        std::cout << '\n';
    }

    void play(std::string_view text, std::size_t column) {
        constexpr std::string_view usage = "play CARDS, like play R1 R2 R3";
        auto cards = qwirkle::parse_tiles<card_type>(text, column);
        if (!cards) {
            not_understood(cards.error().column, cards.error().token, cards.error().message, usage);
            return;
        }
        if (cards->empty()) {
            not_understood(column, "", "'play' needs the cards to play", usage);
            return;
        }
        if (!g_.hand(0).includes(*cards)) {
            std::cout << "illegal: you do not hold all of " << qwirkle::to_string(*cards) << '\n';
            return;
        }
        std::optional<qwirkle::cards::basic_turn<R>> t;
        if (g_.opening() && R::first_turn == qwirkle::cards::first_turn_rule::largest_group) {
            t.emplace();
            t->played = *cards;
            t->result = g_.table();
            t->result.rows.push_back(qwirkle::cards::basic_row<R>(cards->distinct()));
        } else {
            t = qwirkle::cards::arrange(g_.table(), *cards);
        }
        if (!t) {
            std::cout << "illegal: no arrangement of the table takes " << qwirkle::to_string(*cards) << '\n';
            return;
        }
        const auto v = g_.play(*t);
        if (!v) {
            std::cout << "illegal: " << v.describe() << '\n';
            return;
        }
        std::cout << "you: " << qwirkle::to_string(t->played) << "  -> " << qwirkle::cards::to_string(t->result) << '\n';
        bots_play();
    }

    void bots_play() {
        while (!g_.is_terminal() && g_.current_player() != 0) {
            const int p = g_.current_player();
            const auto a = bots_[static_cast<std::size_t>(p - 1)]->choose(*g_.observe(p), random_);
            if (!g_.apply(a).ok()) {
                std::cout << "bot error\n";
                std::exit(1);
            }
            std::cout << "player " << p << ": "
                      << (a.is_cannot_play() ? std::string("cannot play") : qwirkle::to_string(a.turn.played) + " (" +
                                                                          std::to_string(a.turn.qwirkles()) + " Qwirkle(s))")
                      << '\n';
        }
    }

    settings s_;
    qwirkle::cards::basic_game<R> g_;
    qwirkle::rng random_;
    std::vector<std::unique_ptr<qwirkle::cards::basic_card_bot<R>>> bots_;
};

}  // namespace

int main(int argc, char** argv) {
    const qwirkle_cli::command_line cli(
        "qwirkle-play",
        "usage: qwirkle-play [--players 2-6] [--bots random|greedy|tactician|monte-carlo] [--seed 0-18446744073709551615]\n"
        "                    [--rules standard|mini|actions-at-start] [--colour|--no-colour] [--ascii]\n"
        "       qwirkle-play --cards [--players 2-4] [--bots greedy|cautious] [--seed N] [--edition schmidt|999]\n",
        argc, argv);
    settings s;
    for (int i = 1; i < argc; ++i) {
        const std::string_view a = argv[i];
        if (a == "--players") s.players = cli.integer(i, 2, 6);
        else if (a == "--bots") s.bot = cli.value(i);
        else if (a == "--seed") s.seed = cli.integer(i, std::uint64_t{0}, ~std::uint64_t{0});
        else if (a == "--rules") s.rules = cli.value(i);
        else if (a == "--colour" || a == "--color") s.colour = true;
        else if (a == "--no-colour" || a == "--no-color") s.colour = false;
        else if (a == "--ascii") s.unicode = false;
        else if (a == "--cards") s.cards = true;
        else if (a == "--edition") s.edition = cli.value(i);
        else cli.unknown(a);
    }
    if (s.cards) {
        if (s.bot != "greedy" && s.bot != "cautious") cli.usage_error("unknown card bot '" + s.bot + "' (greedy, cautious)");
        if (s.players > 4) cli.usage_error("--players: the card game takes 2 to 4 players, got " + std::to_string(s.players));
        if (s.edition == "schmidt") return card_session<qwirkle::cards::schmidt_rules>(s).run();
        if (s.edition == "999") return card_session<qwirkle::cards::games999_rules>(s).run();
        cli.usage_error("unknown edition '" + s.edition + "' (schmidt, 999)");
    }
    if (!qwirkle::make_bot(s.bot)) cli.usage_error("unknown bot '" + s.bot + "' (random, greedy, tactician, monte-carlo)");
    qwirkle::game_config c;
    c.players = s.players;
    if (const auto why = qwirkle::game::validate(c); !why.empty()) cli.usage_error(why);
    if (s.rules == "standard") return session<qwirkle::standard_rules>(s).run();
    if (s.rules == "mini") return session<qwirkle::mini_expansion_rules>(s).run();
    if (s.rules == "actions-at-start") return session<qwirkle::action_tiles_at_start_rules>(s).run();
    cli.usage_error("unknown rule set '" + s.rules + "' (standard, mini, actions-at-start)");
}
