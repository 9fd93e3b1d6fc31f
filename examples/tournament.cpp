// qwirkle-tournament: bots against each other over many seeded games, on all cores.
//
//   qwirkle-tournament [--bots tactician,greedy] [--games 200] [--players 2] [--rules standard]
//                      [--seed 1] [--threads N] [--max-turns 1000] [--think-ms MS] [--iterations N]
//                      [--csv games.csv] [--json summary.json] [--quiet]
//   qwirkle-tournament --game cards [--bots cautious,greedy] [--rules schmidt|999] ...
//
// Seats rotate from game to game (game i puts bot (i + s) mod k on seat s), so every bot sits in
// every seat equally often. Game i is played from seed (seed + i): the CSV lists each game's seed,
// seats and scores, so any game can be replayed (qwirkle::game(players, seed) and the same bots).
// Rule sets: standard, classic, five-six, mini (both special tiles), mini-take, mini-draw,
// actions-at-start; for the card game the edition: schmidt (default) or 999. Prints a table: win
// rate with its 95% confidence interval (shared wins count as fractions), mean score (the card
// game: Qwirkles collected), Qwirkles per game, turns per game.
// A game still going after --max-turns turns (actions, as the history counts them; default 1000, over
// ten times the longest game seen: 81 turns in 300 six-player games of random bots) is stopped and
// reported unfinished: it is left out of the table, counted
// on a line of its own and in the JSON (`unfinished`), and marked `finished` 0 in the CSV.
// The search bots' budgets: --think-ms gives expert and monte-carlo that much time per decision
// (results then depend on the machine); --iterations sets the expert's tree iterations per decision
// (reproducible; default 400). Games run on qwirkle::play_games: the results do not depend on --threads.
// Numbers are read strictly (whole token, digits, in range); a usage error exits with status 2,
// before any game is played (the --csv and --json files are opened first, too).
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <tuple>
#include <unistd.h>
#include <vector>

#include <qwirkle/bots/bots.hpp>
#include <qwirkle/bots/cards.hpp>
#include <qwirkle/play/parallel.hpp>
#include <qwirkle/qwirkle.hpp>

#include "cli.hpp"

namespace {

struct options {
    std::string game = "tiles";
    std::vector<std::string> bots{"tactician", "greedy"};
    int games = 200;
    int players = 2;
    std::string rules = "standard";
    std::uint64_t seed = 1;
    int threads = 0;
    int max_turns = 1000;
    int think_ms = 0;    ///< search bots (expert, monte-carlo): time per decision; 0: their iteration budgets
    int iterations = 0;  ///< expert: iterations per decision; 0: its default
    std::string csv, json;
    bool quiet = false;
};

struct game_result {
    std::uint64_t seed = 0;
    std::vector<int> seat_bot;  ///< bot index per seat
    std::vector<int> scores;
    std::vector<int> qwirkles;
    std::vector<int> winners;
    int turns = 0;
    bool legal = true;
    bool finished = true;  ///< false when the turn cap stopped the game
};

struct bot_totals {
    double wins = 0;
    long games = 0, score = 0, qwirkles = 0, turns = 0;
};

std::vector<std::string> split(const std::string& s) {
    std::vector<std::string> out;
    std::stringstream in(s);
    for (std::string part; std::getline(in, part, ',');)
        if (!part.empty()) out.push_back(part);
    return out;
}

/// A tile-game bot by name, with the search budget of the command line (--think-ms for the
/// search bots, --iterations for the expert).
template <class R>
std::unique_ptr<qwirkle::basic_bot<R>> make_tile_bot(const options& o, const std::string& name) {
    if (name == "expert") {
        qwirkle::expert_options e;
        if (o.think_ms > 0) e.seconds = o.think_ms / 1000.0;
        if (o.iterations > 0) e.iterations = o.iterations;
        return std::make_unique<qwirkle::basic_expert_bot<R>>(e);
    }
    if ((name == "monte-carlo" || name == "mc") && o.think_ms > 0) {
        qwirkle::monte_carlo_options m;
        m.seconds = o.think_ms / 1000.0;
        return std::make_unique<qwirkle::basic_monte_carlo_bot<R>>(m);
    }
    return qwirkle::make_bot<R>(name);
}

/// Runs the games on qwirkle::play_games: game i from seed (seed + i), seats rotated, the bots'
/// random streams from (seed + i) ^ 0x5eed; identical results for any --threads.
template <class R, bool Cards = false>
std::vector<game_result> run(const options& o) {
    const int k = static_cast<int>(o.bots.size());
    const bool bar = !o.quiet && isatty(STDERR_FILENO);
    const auto start = std::chrono::steady_clock::now();
    const auto progress = [&](std::size_t done) {
        const int d = static_cast<int>(done);
        if (!bar || !(d % std::max(1, o.games / 100) == 0 || d == o.games)) return;
        const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const int width = 40, filled = width * d / o.games;
        std::fprintf(stderr, "\r[%s%s] %d/%d games, %.1f s, eta %.0f s ", std::string(static_cast<std::size_t>(filled), '#').c_str(),
                     std::string(static_cast<std::size_t>(width - filled), '.').c_str(), d, o.games, secs, secs / d * (o.games - d));
    };
    const auto seed_of = [&](std::size_t i) { return o.seed + static_cast<std::uint64_t>(i); };
    const auto seat_bot = [&](std::size_t i, int s) { return (static_cast<int>(i % static_cast<std::size_t>(k)) + s) % k; };
    const auto make_game = [&](std::size_t i) {
        if constexpr (Cards) return qwirkle::cards::basic_game<R>(o.players, seed_of(i));
        else return qwirkle::basic_game<R>(o.players, seed_of(i));
    };
    const auto make_bots = [&](std::size_t i) {
        if constexpr (Cards) {
            std::vector<std::unique_ptr<qwirkle::cards::basic_card_bot<R>>> owned;
            for (int s = 0; s < o.players; ++s) owned.push_back(qwirkle::cards::make_card_bot<R>(o.bots[static_cast<std::size_t>(seat_bot(i, s))]));
            return owned;
        } else {
            std::vector<std::unique_ptr<qwirkle::basic_bot<R>>> owned;
            for (int s = 0; s < o.players; ++s) owned.push_back(make_tile_bot<R>(o, o.bots[static_cast<std::size_t>(seat_bot(i, s))]));
            return owned;
        }
    };
    const auto summarise = [&](std::size_t i, const auto& g, const auto& played) {
        game_result r;
        r.seed = seed_of(i);
        for (int s = 0; s < o.players; ++s) r.seat_bot.push_back(seat_bot(i, s));
        // Stopped after --max-turns actions, the game is unfinished; stopped by a refused action, illegal.
        r.legal = !played.fault && (played.finished || played.actions >= o.max_turns);
        r.finished = played.finished;
        if constexpr (Cards) {
            for (int s = 0; s < o.players; ++s) {
                r.scores.push_back(g.qwirkles(s));
                r.qwirkles.push_back(g.qwirkles(s));
            }
        } else {
            r.scores.assign(g.scores().begin(), g.scores().end());
            // Qwirkles per seat: the history replayed on a fresh state, each placement measured first.
            r.qwirkles.assign(static_cast<std::size_t>(o.players), 0);
            qwirkle::basic_state<R> replay(o.players, r.seed);
            for (const auto& t : g.history()) {
                if (t.action.kind == qwirkle::action_kind::place)
                    r.qwirkles[static_cast<std::size_t>(t.player)] += qwirkle::qwirkles_made(replay.board(), t.action.move);
                (void)replay.apply(t.action);
            }
        }
        r.winners = g.winners();
        r.turns = static_cast<int>(g.history().size());
        return r;
    };
    auto results = qwirkle::play_games(
        static_cast<std::size_t>(o.games), o.threads, make_game, make_bots,
        [&](std::size_t i) { return seed_of(i) ^ 0x5eedull; }, summarise, progress, o.max_turns);
    if (bar) std::fprintf(stderr, "\n");
    return results;
}

}  // namespace

int main(int argc, char** argv) {
    const qwirkle_cli::command_line cli(
        "qwirkle-tournament",
        "usage: qwirkle-tournament [--game tiles|cards] [--bots a,b,...] [--games 1-1000000] [--players 2-6]\n"
        "                          [--rules NAME] [--seed 0-18446744073709551615] [--threads 0-1024 (0: all cores)]\n"
        "                          [--max-turns 1-1000000] [--think-ms 1-600000] [--iterations 1-10000000]\n"
        "                          [--csv FILE] [--json FILE] [--quiet]\n",
        argc, argv);
    options o;
    for (int i = 1; i < argc; ++i) {
        const std::string_view a = argv[i];
        if (a == "--game") o.game = cli.value(i);
        else if (a == "--bots") o.bots = split(std::string(cli.value(i)));
        else if (a == "--games") o.games = cli.integer(i, 1, 1'000'000);
        else if (a == "--players") o.players = cli.integer(i, 2, 6);
        else if (a == "--rules") o.rules = cli.value(i);
        else if (a == "--seed") o.seed = cli.integer(i, std::uint64_t{0}, ~std::uint64_t{0});
        else if (a == "--threads") o.threads = cli.integer(i, 0, 1024);
        else if (a == "--max-turns") o.max_turns = cli.integer(i, 1, 1'000'000);
        else if (a == "--think-ms") o.think_ms = cli.integer(i, 1, 600'000);
        else if (a == "--iterations") o.iterations = cli.integer(i, 1, 10'000'000);
        else if (a == "--csv") o.csv = cli.value(i);
        else if (a == "--json") o.json = cli.value(i);
        else if (a == "--quiet") o.quiet = true;
        else cli.unknown(a);
    }
    if (o.seed > ~std::uint64_t{0} - static_cast<std::uint64_t>(o.games - 1))
        cli.usage_error("--seed " + std::to_string(o.seed) + " with --games " + std::to_string(o.games) +
                        ": the seeds seed..seed+games-1 must stay within 0..18446744073709551615");
    const bool cards = o.game == "cards";
    if (!cards && o.game != "tiles") cli.usage_error("--game: expected tiles or cards, got '" + o.game + "'");
    if (cards && o.rules == "standard") o.rules = "schmidt";
    if (cards && o.bots == std::vector<std::string>{"tactician", "greedy"}) o.bots = {"cautious", "greedy"};
    if (cards && (o.think_ms || o.iterations)) cli.usage_error("--think-ms and --iterations are for the tile game's search bots");
    for (const auto& b : o.bots)
        if (cards ? !qwirkle::cards::make_card_bot(b) : !qwirkle::make_bot(b))
            cli.usage_error("--bots: unknown bot '" + b + "' (" +
                            (cards ? "greedy, cautious" : "random, greedy, tactician, monte-carlo, expert") + ")");
    if (o.bots.empty()) cli.usage_error("--bots: name at least one bot");
    // The output files are opened once every option is known good and before any game is played: a
    // bad option leaves them untouched, a bad path costs no games.
    std::ofstream csv_file, json_file;
    const auto open_outputs = [&] {
        for (auto [name, path, file] : {std::tuple{"--csv", &o.csv, &csv_file}, std::tuple{"--json", &o.json, &json_file}}) {
            if (path->empty()) continue;
            file->open(*path);
            if (!*file) cli.usage_error(std::string(name) + ": cannot write '" + *path + "'");
        }
    };

    std::vector<game_result> results;
    std::string why;
    const auto go = [&]<class R>() {
        qwirkle::game_config c;
        c.players = o.players;
        why = qwirkle::basic_game<R>::validate(c);
        if (!why.empty()) return;
        open_outputs();
        results = run<R>(o);
    };
    const auto go_cards = [&]<class R>() {
        if (o.players < R::min_players || o.players > R::max_players)
            why = "the card game takes 2 to 4 players";
        else {
            open_outputs();
            results = run<R, true>(o);
        }
    };
    if (cards) {
        if (o.rules == "schmidt") go_cards.operator()<qwirkle::cards::schmidt_rules>();
        else if (o.rules == "999") go_cards.operator()<qwirkle::cards::games999_rules>();
        else why = "unknown edition '" + o.rules + "' (schmidt, 999)";
    } else if (o.rules == "standard") go.operator()<qwirkle::standard_rules>();
    else if (o.rules == "classic") go.operator()<qwirkle::classic_rules>();
    else if (o.rules == "five-six") go.operator()<qwirkle::five_six_player_rules>();
    else if (o.rules == "mini") go.operator()<qwirkle::mini_expansion_rules>();
    else if (o.rules == "mini-take") go.operator()<qwirkle::mini_expansion_subset_rules<qwirkle::action_bit(qwirkle::action_tile::take_tile)>>();
    else if (o.rules == "mini-draw") go.operator()<qwirkle::mini_expansion_subset_rules<qwirkle::action_bit(qwirkle::action_tile::draw_three)>>();
    else if (o.rules == "actions-at-start") go.operator()<qwirkle::action_tiles_at_start_rules>();
    else why = "unknown rule set '" + o.rules + "' (standard, classic, five-six, mini, mini-take, mini-draw, actions-at-start)";
    if (!why.empty()) cli.usage_error(why);

    std::vector<bot_totals> totals(o.bots.size());
    int illegal = 0, unfinished = 0;
    std::string unfinished_seeds;
    for (const auto& r : results) {
        illegal += !r.legal;
        if (r.legal && !r.finished) {  // left out of the table
            if (++unfinished <= 10) unfinished_seeds += (unfinished > 1 ? ", " : "") + std::to_string(r.seed);
            continue;
        }
        for (int s = 0; s < o.players; ++s) {
            auto& t = totals[static_cast<std::size_t>(r.seat_bot[static_cast<std::size_t>(s)])];
            ++t.games;
            t.score += r.scores[static_cast<std::size_t>(s)];
            t.qwirkles += r.qwirkles[static_cast<std::size_t>(s)];
            t.turns += r.turns;
            for (int w : r.winners)
                if (w == s) t.wins += 1.0 / static_cast<double>(r.winners.size());
        }
    }
    std::printf("%d %s games, %d players, rules %s, seeds %llu..%llu, turn cap %d", o.games, o.game.c_str(), o.players,
                o.rules.c_str(), static_cast<unsigned long long>(o.seed),
                static_cast<unsigned long long>(o.seed + static_cast<std::uint64_t>(o.games) - 1), o.max_turns);
    if (o.think_ms) std::printf(", %d ms per search decision", o.think_ms);
    if (o.iterations) std::printf(", %d expert iterations per decision", o.iterations);
    std::printf("\n");
    std::printf("%-12s %7s %18s %11s %15s %14s\n", "bot", "games", "win rate (95% CI)", "mean score", "Qwirkles/game", "turns/game");
    std::ostringstream json;
    json << "{\"game\":\"" << o.game << "\",\"games\":" << o.games << ",\"players\":" << o.players << ",\"rules\":\"" << o.rules << "\",\"seed\":" << o.seed
         << ",\"max_turns\":" << o.max_turns << ",\"unfinished\":" << unfinished << ",\"bots\":[";
    for (std::size_t b = 0; b < o.bots.size(); ++b) {
        const auto& t = totals[b];
        if (t.games == 0) {  // every game of this bot was unfinished: nothing to average
            std::printf("%-12s %7d %18s %11s %15s %14s\n", o.bots[b].c_str(), 0, "-", "-", "-", "-");
            json << (b ? "," : "") << "{\"name\":\"" << o.bots[b] << "\",\"games\":0,\"win_rate\":null,\"ci95\":null,"
                 << "\"mean_score\":null,\"qwirkles_per_game\":null,\"turns_per_game\":null}";
            continue;
        }
        const double n = static_cast<double>(t.games), p = t.wins / n, ci = 1.96 * std::sqrt(p * (1 - p) / n);
        std::printf("%-12s %7ld %9.1f%% +- %4.1f %11.1f %15.2f %14.1f\n", o.bots[b].c_str(), t.games, 100 * p, 100 * ci,
                    static_cast<double>(t.score) / n, static_cast<double>(t.qwirkles) / n, static_cast<double>(t.turns) / n);
        json << (b ? "," : "") << "{\"name\":\"" << o.bots[b] << "\",\"games\":" << t.games << ",\"win_rate\":" << p
             << ",\"ci95\":" << ci << ",\"mean_score\":" << static_cast<double>(t.score) / n
             << ",\"qwirkles_per_game\":" << static_cast<double>(t.qwirkles) / n
             << ",\"turns_per_game\":" << static_cast<double>(t.turns) / n << "}";
    }
    json << "],\"illegal_actions\":" << illegal << "}\n";
    if (illegal) std::printf("ILLEGAL ACTIONS in %d games\n", illegal);
    if (unfinished)
        std::printf("unfinished: %d of %d games reached the turn cap (--max-turns %d) and are left out of the table (seeds %s%s)\n",
                    unfinished, o.games, o.max_turns, unfinished_seeds.c_str(), unfinished > 10 ? ", ..." : "");
    if (!o.csv.empty()) {
        std::ostream& f = csv_file;
        f << "game,seed";
        for (int s = 0; s < o.players; ++s) f << ",bot" << s << ",score" << s;
        f << ",winners,turns,finished\n";
        for (std::size_t i = 0; i < results.size(); ++i) {
            const auto& r = results[i];
            f << i << ',' << r.seed;
            for (int s = 0; s < o.players; ++s)
                f << ',' << o.bots[static_cast<std::size_t>(r.seat_bot[static_cast<std::size_t>(s)])] << ','
                  << r.scores[static_cast<std::size_t>(s)];
            f << ',';
            for (std::size_t w = 0; w < r.winners.size(); ++w) f << (w ? " " : "") << r.winners[w];
            f << ',' << r.turns << ',' << (r.legal && r.finished) << '\n';
        }
    }
    if (!o.json.empty()) json_file << json.str();
    return illegal ? 1 : 0;
}
