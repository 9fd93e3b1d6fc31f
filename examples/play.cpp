// qwirkle-play: play the tile game (or, with --cards, the card game) in a terminal against bots.
//
//   qwirkle-play [--players 2] [--bots greedy] [--seed N] [--rules standard|mini|actions-at-start]
//                [--colour | --no-colour] [--ascii]
//   qwirkle-play --cards [--players 2] [--bots greedy|cautious|expert] [--seed N] [--edition schmidt|999]
//
// You are player 0. Type a move in the notation (`0,1,R1 1,1,R2`: x,y,TILE per tile, x to the
// right, y down), `exchange R1 G2`, `pass`, `draw3` or `take x,y` (action tiles, when in play),
// or a command: `hint [n]` (the n best moves, numbered), `play K` (play hint K), `undo` (take back
// your last turn), `auto` (let the tactician finish the game for you), `board`, `help`, `quit`.
// An illegal move is refused with the rule it breaks and where; nothing changes. A command given a bad
// argument (`hint 0`, `play abc`, `undo now`) is "not understood", with the column, the token and the
// command's usage. Options are read strictly (examples/cli.hpp): a bad one prints the usage, exit 2.
// The card game: `play R1 R2 R3` plays those cards (the table is rearranged for you if any legal
// arrangement exists), `hint` shows the best turn, `playable` the cards that can be played this turn,
// `cannot` declares that no play exists; `undo`, `auto`, `board`, `help`, `quit` as in the tile game.
// Both games run on one loop written against the qwirkle::game_state concept (class `terminal`).
#include <cstdlib>
#include <iostream>
#include <iterator>
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

/// The terminal game, written once against `qwirkle::game_state`: the prompt loop, the bots' turns,
/// `undo` (a copy of the game taken before each of your turns: copy = clone), `auto`, `board`,
/// `help`, `quit` and the end of input. A `View` knows one game: how to show it, how to read a move
/// and what a hint is.
template <class View>
class terminal {
public:
    using game_type = typename View::game_type;
    using action_type = typename game_type::action_type;
    static_assert(qwirkle::game_state<game_type>);

    explicit terminal(const settings& s) : view_(s), game_(view_.new_game()), random_(s.seed ^ View::salt) {
        for (int p = 1; p < s.players; ++p) bots_.push_back(view_.make_bot(s.bot));
    }

    int run() {
        view_.intro();
        bots_play();
        view_.show(game_);
        std::string line;
        while (!game_.is_terminal()) {
            if (!read_command(View::prompt, line, view_.bye(game_))) return 0;
            const command_words w = qwirkle::split_tokens(line);
            if (w.empty()) continue;
            const std::string_view word = w[0].text;
            if (View::takes_nothing(word) && !no_argument(w)) continue;
            if (word == "undo") undo();
            else if (word == "auto") autoplay();
            else if (word == "board") view_.show(game_);
            else if (word == "help") view_.help();
            else if (const auto a = view_.read(game_, w, line)) apply(*a);
        }
        view_.finish(game_);
        return 0;
    }

private:
    /// Your action: refused with the rule it breaks (nothing changes), or played, then the bots reply.
    void apply(const action_type& a) {
        game_type before = game_;
        const auto verdict = game_.apply(0, a);
        if (!verdict.ok()) {
            std::cout << "illegal: " << verdict.describe() << '\n';
            return;
        }
        if (!mid_turn_) undo_.push_back(std::move(before));
        view_.forget_hints();
        view_.report(0, a, game_);
        mid_turn_ = !game_.is_terminal() && game_.current_player() == 0;  // an action tile: the turn goes on
        if (!mid_turn_) bots_play();
        if (!game_.is_terminal()) view_.show(game_);
    }

    /// Back to the start of your last turn (before the bots' replies to it).
    void undo() {
        if (undo_.empty()) {
            std::cout << "nothing of yours to undo\n";
            return;
        }
        game_ = std::move(undo_.back());
        undo_.pop_back();
        mid_turn_ = false;
        view_.forget_hints();
        std::cout << "undone: your last turn and the bots' replies\n";
        view_.show(game_);
    }

    /// The view's strongest quick bot finishes the game for you.
    void autoplay() {
        auto me = view_.autopilot();
        while (!game_.is_terminal()) {
            if (game_.current_player() == 0) {
                const auto a = me->choose(*game_.observe(0), random_);
                if (const auto verdict = game_.apply(0, a); !verdict.ok()) {
                    std::cout << "auto: " << me->name() << " erred: " << verdict.describe() << '\n';
                    return;
                }
                view_.report(0, a, game_);
            }
            bots_play();
        }
    }

    void bots_play() {
        while (!game_.is_terminal() && game_.current_player() != 0) {
            const int p = game_.current_player();
            const auto a = bots_[static_cast<std::size_t>(p - 1)]->choose(*game_.observe(p), random_);
            if (const auto verdict = game_.apply(p, a); !verdict.ok()) {
                std::cout << "bot error: player " << p << ": " << verdict.describe() << '\n';
                std::exit(1);
            }
            view_.report(p, a, game_);
        }
    }

    View view_;
    game_type game_;
    qwirkle::rng random_;
    std::vector<std::unique_ptr<qwirkle::bot_for<game_type>>> bots_;
    std::vector<game_type> undo_;  ///< the game before each of your turns, the latest last
    bool mid_turn_ = false;        ///< you used an action tile and the turn goes on
};

/// The tile game: the board drawn with its coordinates, moves in the notation, numbered hints.
template <class R>
class tile_view {
public:
    using game_type = qwirkle::basic_game<R>;
    using action_type = qwirkle::basic_action<R>;
    static constexpr const char* prompt = "your move> ";
    static constexpr std::uint64_t salt = 0xb075ull;

    explicit tile_view(const settings& s) : s_(s) {}
    game_type new_game() const { return game_type(s_.players, s_.seed); }
    std::unique_ptr<qwirkle::bot_for<game_type>> make_bot(const std::string& name) const { return qwirkle::make_bot<R>(name); }
    std::unique_ptr<qwirkle::bot_for<game_type>> autopilot() const { return std::make_unique<qwirkle::basic_tactician_bot<R>>(); }
    static bool takes_nothing(std::string_view w) {
        return w == "help" || w == "board" || w == "undo" || w == "auto" || w == "quit" || w == "exit";
    }

    void intro() const {
        std::cout << "Qwirkle: you are player 0 against " << (s_.players - 1) << " " << s_.bot << " bot"
                  << (s_.players > 2 ? "s" : "") << " (seed " << s_.seed << "). Type 'help' for the commands.\n";
    }
    std::string bye(const game_type& g) const { return "bye: the game stays unfinished (scores " + scores(g) + ")"; }
    void forget_hints() { hints_.clear(); }

    void help() const {
        std::cout << "  a move:     x,y,TILE ...   e.g. 1,0,R2 2,0,R3 (tiles R O Y G B P + shape 1-6: circle cross diamond square star clover)\n"
                     "  exchange R1 G2            give tiles back and draw as many\n"
                     "  pass                      only when you can neither place nor exchange\n"
                     "  draw3 | take x,y          use an action tile first (mini-expansions)\n"
                     "  hint [n]   play K         the n best moves; play hint K\n"
                     "  undo   auto   board   quit\n";
    }

    void show(const game_type& g) const {
        qwirkle::render_options look;
        look.ansi_colour = s_.colour;
        look.unicode = s_.unicode;
        look.margin = 1;
        std::cout << '\n' << qwirkle::render(g.board(), look);
        std::cout << "scores " << scores(g) << " | bag " << g.bag_size() << " | your tiles:";
        g.hand(0).for_each([&](qwirkle::tile_t<R> t) { std::cout << ' ' << tile(t) << '(' << qwirkle::to_string(t) << ')'; });
        std::cout << '\n';
        if (g.opening_size() > 0 && g.current_player() == 0)
            std::cout << "you open: place your largest group (" << g.opening_size() << " tiles) as one line from 0,0\n";
        if (g.actions_held(0)) {
            std::cout << "action tiles:";
            if (g.can_use(qwirkle::action_tile::draw_three)) std::cout << " draw3";
            if (g.can_use(qwirkle::action_tile::take_tile)) std::cout << " take";
            std::cout << '\n';
        }
    }

    /// `hint [n]`, `play K`, or an action in the notation.
    std::optional<action_type> read(const game_type& g, const command_words& w, const std::string& line) {
        if (w[0].text == "hint") {
            hint(g, w);
            return std::nullopt;
        }
        if (w[0].text == "play") {
            const auto number = count_argument(w, false, 0, "play K: K the number of a move listed by 'hint'");
            if (!number) return std::nullopt;
            if (*number > hints_.size()) {
                std::cout << "no such hint: type 'hint' first, then 'play K' with K from the list\n";
                return std::nullopt;
            }
            return action_type::place(hints_[*number - 1].move);
        }
        auto a = qwirkle::parse_action<R>(line);
        if (!a) {
            std::cout << "not understood: " << a.error().describe() << " (type 'help')\n";
            return std::nullopt;
        }
        return *a;
    }

    void report(int p, const action_type&, const game_type& g) const {
        const auto& t = g.history().back();
        std::cout << (p == 0 ? "you" : "player " + std::to_string(p)) << ": " << qwirkle::to_string(t.action);
        if (t.action.kind == qwirkle::action_kind::place) std::cout << "  +" << t.score;
        if (t.bonus) std::cout << " +" << t.bonus << " (last tile)";
        if (t.revealed) std::cout << "  [special tile drawn: everyone receives its action tile]";
        std::cout << '\n';
    }

    void finish(const game_type& g) const {
        qwirkle::render_options look;
        look.ansi_colour = s_.colour;
        look.unicode = s_.unicode;
        std::cout << '\n' << qwirkle::render(g.board(), look) << "game over: "
                  << (g.end_reason() == qwirkle::game_end::last_tile ? "a player placed the last tile" : "nobody could play")
                  << "\nfinal scores: " << scores(g) << "\n";
        const auto w = g.winners();
        if (w.size() == 1) std::cout << (w[0] == 0 ? "you win!" : "player " + std::to_string(w[0]) + " wins") << '\n';
        else {
            std::cout << "shared win:";
            for (int p : w) std::cout << ' ' << (p == 0 ? std::string("you") : "player " + std::to_string(p));
            std::cout << '\n';
        }
    }

private:
    std::string tile(qwirkle::tile_t<R> t) const { return qwirkle::tile_text(t, s_.unicode, s_.colour); }
    static std::string scores(const game_type& g) {
        std::string out;
        for (int p = 0; p < g.players(); ++p) out += (p ? " : " : "") + std::to_string(g.score(p));
        return out;
    }

    void hint(const game_type& g, const command_words& w) {
        const auto n = count_argument(w, true, 5, "hint [n]: the n best moves, n from 1 to 1000, 5 by default");
        if (!n) return;
        auto moves = g.legal_moves();
        std::stable_sort(moves.begin(), moves.end(), [](const auto& a, const auto& b) { return a.score > b.score; });
        if (moves.size() > *n) moves.resize(*n);
        hints_ = std::move(moves);
        if (hints_.empty()) {
            std::cout << (g.can_exchange() ? "no placement: exchange some tiles\n" : "no placement and an empty bag: pass\n");
            return;
        }
        for (std::size_t k = 0; k < hints_.size(); ++k)
            std::cout << "  " << k + 1 << ": " << qwirkle::to_string(hints_[k].move) << "  (" << hints_[k].score << " points)\n";
    }

    settings s_;
    std::vector<qwirkle::basic_scored_move<R>> hints_;
};

/// The card game: the table's rows, cards by name (the table is rearranged for you), the best turn
/// as a hint and the cards that can be played this turn.
template <class R>
class card_view {
public:
    using game_type = qwirkle::cards::basic_game<R>;
    using action_type = qwirkle::cards::basic_action<R>;
    using card_type = qwirkle::cards::card_t<R>;
    static constexpr const char* prompt = "your turn> ";
    static constexpr std::uint64_t salt = 0xca4dull;

    explicit card_view(const settings& s) : s_(s) {}
    game_type new_game() const { return game_type(s_.players, s_.seed); }
    std::unique_ptr<qwirkle::bot_for<game_type>> make_bot(const std::string& name) const {
        return qwirkle::cards::make_card_bot<R>(name);
    }
    std::unique_ptr<qwirkle::bot_for<game_type>> autopilot() const {
        return std::make_unique<qwirkle::cards::basic_cautious_card_bot<R>>();
    }
    static bool takes_nothing(std::string_view w) {
        return w == "hint" || w == "playable" || w == "auto" || w == "cannot" || w == "undo" || w == "board" || w == "help" ||
               w == "quit" || w == "exit";
    }

    void intro() const {
        std::cout << "Qwirkle Cards: you are player 0 against " << (s_.players - 1) << " " << s_.bot
                  << " bot(s) (seed " << s_.seed << "). Commands: play CARDS, hint, playable, cannot, undo, auto, quit.\n";
    }
    std::string bye(const game_type&) const { return "bye: the game stays unfinished"; }
    void forget_hints() {}

    void help() const {
        std::cout << "  play R1 R2 R3    play those cards (the table is rearranged for you when some arrangement takes them)\n"
                     "  hint             the best turn    playable   the cards you can play this turn\n"
                     "  cannot           declare that no play exists (only when none does)\n"
                     "  undo   auto   board   quit\n";
    }

    void show(const game_type& g) const {
        std::cout << "\ntable:";
        if (g.table().rows.empty()) std::cout << " (empty)";
        for (const auto& r : g.table().rows) {
            std::cout << "\n  ";
            for (const auto c : r) std::cout << card(c) << ' ';
        }
        std::cout << "\nyour cards:";
        g.hand(0).for_each([&](card_type c) { std::cout << ' ' << card(c) << '(' << qwirkle::to_string(c) << ')'; });
        std::cout << "\npile " << g.pile_size() << " | Qwirkles:";
        for (int p = 0; p < g.players(); ++p) std::cout << ' ' << g.qwirkles(p);
        std::cout << '\n';
    }

    /// `hint`, `playable`, `cannot`, `play CARDS`.
    std::optional<action_type> read(const game_type& g, const command_words& w, const std::string& line) {
        const std::string_view word = w[0].text;
        if (word == "hint") {
            qwirkle::rng unused(0);
            const auto a = qwirkle::cards::basic_greedy_card_bot<R>().choose(*g.observe(0), unused);
            if (!a.is_cannot_play())
                std::cout << "  play " << qwirkle::to_string(a.turn.played) << "  -> " << qwirkle::cards::to_string(a.turn.result)
                          << "  (" << a.turn.qwirkles() << " Qwirkle(s), " << a.turn.cards() << " cards)\n";
            else
                std::cout << "  no legal play: type 'cannot'\n";
            return std::nullopt;
        }
        if (word == "playable") {
            // The union of the playable parts of the hand (on the Schmidt opening: of the legal turns,
            // which lay one largest group).
            card_set_type can{};
            if (g.opening() && R::first_turn == qwirkle::cards::first_turn_rule::largest_group) {
                for (const auto& a : g.legal_actions())
                    if (!a.is_cannot_play()) can = can | a.turn.played.distinct();
            } else {
                std::vector<qwirkle::cards::cards_t<R>> parts;
                qwirkle::cards::playable_subsets(g.table(), g.hand(0), std::back_inserter(parts));
                for (const auto& part : parts) can = can | part.distinct();
            }
            if (can.empty()) std::cout << "  none of your cards can be played: type 'cannot'\n";
            else {
                std::cout << "  playable now:";
                for (const card_type c : can) std::cout << ' ' << qwirkle::to_string(c);
                std::cout << '\n';
            }
            return std::nullopt;
        }
        if (word == "cannot") return action_type::cannot_play();
        if (word == "play") {
            const std::size_t after = w[0].column + w[0].text.size();  // the cards' columns are the line's
            return play(g, std::string_view(line).substr(after), after);
        }
        std::cout << "commands: play CARDS (e.g. play R1 R2 R3), hint, playable, cannot, undo, auto, board, help, quit\n";
        return std::nullopt;
    }

    void report(int p, const action_type& a, const game_type&) const {
        if (p == 0) {
            if (a.is_cannot_play()) std::cout << "you cannot play\n";
            else std::cout << "you: " << qwirkle::to_string(a.turn.played) << "  -> " << qwirkle::cards::to_string(a.turn.result) << '\n';
            return;
        }
        std::cout << "player " << p << ": "
                  << (a.is_cannot_play() ? std::string("cannot play")
                                         : qwirkle::to_string(a.turn.played) + " (" + std::to_string(a.turn.qwirkles()) + " Qwirkle(s))")
                  << '\n';
    }

    void finish(const game_type& g) const {
        std::cout << "\ngame over. Qwirkles:";
        for (int p = 0; p < g.players(); ++p) std::cout << ' ' << (p ? "player " + std::to_string(p) : std::string("you")) << '=' << g.qwirkles(p);
        const auto w = g.winners();
        std::cout << '\n' << (w.size() == 1 ? (w[0] == 0 ? std::string("you win!") : "player " + std::to_string(w[0]) + " wins") : std::string("shared win")) << '\n';
    }

private:
    using card_set_type = decltype(std::declval<qwirkle::cards::cards_t<R>>().distinct());
    std::string card(card_type c) const { return qwirkle::tile_text(c, s_.unicode, s_.colour); }

    /// The cards named, arranged onto the table if some arrangement takes them (the Schmidt opening:
    /// as one new row).
    std::optional<action_type> play(const game_type& g, std::string_view text, std::size_t column) const {
        constexpr std::string_view usage = "play CARDS, like play R1 R2 R3";
        auto cards = qwirkle::parse_tiles<card_type>(text, column);
        if (!cards) {
            not_understood(cards.error().column, cards.error().token, cards.error().message, usage);
            return std::nullopt;
        }
        if (cards->empty()) {
            not_understood(column, "", "'play' needs the cards to play", usage);
            return std::nullopt;
        }
        if (!g.hand(0).includes(*cards)) {
            std::cout << "illegal: you do not hold all of " << qwirkle::to_string(*cards) << '\n';
            return std::nullopt;
        }
        std::optional<qwirkle::cards::basic_turn<R>> t;
        if (g.opening() && R::first_turn == qwirkle::cards::first_turn_rule::largest_group) {
            t.emplace();
            t->played = *cards;
            t->result = g.table();
            t->result.rows.push_back(qwirkle::cards::basic_row<R>(cards->distinct()));
        } else {
            t = qwirkle::cards::arrange(g.table(), *cards);
        }
        if (!t) {
            std::cout << "illegal: no arrangement of the table takes " << qwirkle::to_string(*cards) << '\n';
            return std::nullopt;
        }
        return action_type::play(std::move(*t));
    }

    settings s_;
};

}  // namespace

int main(int argc, char** argv) {
    // (The bots' names from the library's lists, as make_bot and make_card_bot know them.)
    const std::string usage =
        "usage: qwirkle-play [--players 2-6] [--bots " + qwirkle::names_text(qwirkle::bot_names, "|") + "] [--seed 0-18446744073709551615]\n"
        "                    [--rules standard|mini|actions-at-start] [--colour|--no-colour] [--ascii]\n"
        "       qwirkle-play --cards [--players 2-4] [--bots " + qwirkle::names_text(qwirkle::cards::card_bot_names, "|") +
        "] [--seed N] [--edition schmidt|999]\n";
    const qwirkle_cli::command_line cli("qwirkle-play", usage, argc, argv);
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
        if (!qwirkle::cards::make_card_bot(s.bot)) cli.usage_error("unknown card bot '" + s.bot + "' (" + qwirkle::cards::card_bot_names_text() + ")");
        if (s.players > 4) cli.usage_error("--players: the card game takes 2 to 4 players, got " + std::to_string(s.players));
        if (s.edition == "schmidt") return terminal<card_view<qwirkle::cards::schmidt_rules>>(s).run();
        if (s.edition == "999") return terminal<card_view<qwirkle::cards::games999_rules>>(s).run();
        cli.usage_error("unknown edition '" + s.edition + "' (schmidt, 999)");
    }
    if (!qwirkle::make_bot(s.bot)) cli.usage_error("unknown bot '" + s.bot + "' (" + qwirkle::bot_names_text() + ")");
    qwirkle::game_config c;
    c.players = s.players;
    if (const auto why = qwirkle::game::validate(c); !why.empty()) cli.usage_error(why);
    if (s.rules == "standard") return terminal<tile_view<qwirkle::standard_rules>>(s).run();
    if (s.rules == "mini") return terminal<tile_view<qwirkle::mini_expansion_rules>>(s).run();
    if (s.rules == "actions-at-start") return terminal<tile_view<qwirkle::action_tiles_at_start_rules>>(s).run();
    cli.usage_error("unknown rule set '" + s.rules + "' (standard, mini, actions-at-start)");
}
