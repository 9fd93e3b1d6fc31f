// qwirkle-tournament: bots against each other over many seeded games, on all cores.
//
//   qwirkle-tournament [--bots tactician,greedy] [--games 200] [--players 2] [--rules standard]
//                      [--seed 1] [--threads N] [--max-turns 1000] [--think-ms MS] [--iterations N]
//                      [--playouts N] [--endgame-nodes N] [--tree-depth N] [--endgame-guess 0|1] [--csv games.csv] [--json summary.json] [--quiet]
//   qwirkle-tournament --game cards [--bots cautious,greedy] [--rules schmidt|999] ...
//   qwirkle-tournament --round-robin --bots random,greedy,tactician,monte-carlo,expert --games 100
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
// (reproducible; default 400), --playouts the Monte-Carlo bot's simulations per decision
// (reproducible; default 240) and --endgame-nodes the node budget of the expert's exact endgame
// solver (reproducible; default 1,000,000), --tree-depth how deep the expert's tree grows (1, its default:
// only the root's actions, each followed by greedy play; 0: no limit), --endgame-guess 0 has the expert search
// with ISMCTS when its endgame solver does not finish instead of playing the solver's best guess (1, its
// default; expert_options::endgame_guess). With --think-ms as well, the time budget wins. Games run on qwirkle::play_games: the results do not depend on --threads.
// --round-robin (two players): every pair of bots plays --games games, each seed twice with the seats
// swapped (pair p's game j: seed + j / 2, the first bot of the pair on seat j % 2), and an Elo ladder
// follows the table: a Bradley–Terry fit of all the games (shared wins count half; one virtual draw
// per pair keeps a bot that never wins finite), 400·log10 of the strengths, the first bot named at 0,
// with 95% intervals from 1,000 bootstrap resamples of each pair's games, and the matrix of win rates.
// Numbers are read strictly (whole token, digits, in range); a usage error exits with status 2,
// before any game is played (the --csv and --json files are opened first, too).
#include <algorithm>
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
    int playouts = 0;    ///< monte-carlo: simulations per decision; 0: its default
    long long endgame_nodes = 0;  ///< expert: the endgame solver's node budget; 0: its default
    int tree_depth = -1;          ///< expert: its tree's depth (expert_options::tree_depth; 0: no limit); -1: its default
    int endgame_guess = -1;       ///< expert: play the endgame solver's best guess (expert_options::endgame_guess); -1: its default
    std::string csv, json;
    bool quiet = false;
    bool round_robin = false;  ///< every pair of bots, --games games each (two players)

    /// The pairs of bots of a round robin (first < second), in order.
    std::vector<std::pair<int, int>> pairs() const {
        std::vector<std::pair<int, int>> v;
        for (int a = 0; a < static_cast<int>(bots.size()); ++a)
            for (int b = a + 1; b < static_cast<int>(bots.size()); ++b) v.emplace_back(a, b);
        return v;
    }
    /// How many games the run plays.
    int total_games() const { return round_robin ? games * static_cast<int>(pairs().size()) : games; }
    /// The seed of game i.
    std::uint64_t seed_of(std::size_t i) const {
        if (!round_robin) return seed + static_cast<std::uint64_t>(i);
        return seed + static_cast<std::uint64_t>(i % static_cast<std::size_t>(games) / 2);
    }
    /// The bot (its index in `bots`) on seat s of game i.
    int seat_bot(std::size_t i, int s) const {
        const int k = static_cast<int>(bots.size());
        if (!round_robin) return (static_cast<int>(i % static_cast<std::size_t>(k)) + s) % k;
        const auto [a, b] = pairs()[i / static_cast<std::size_t>(games)];
        return (static_cast<int>(i % static_cast<std::size_t>(games) % 2) == s) ? a : b;
    }
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
/// search bots, --iterations for the expert, --playouts for monte-carlo).
template <class R>
std::unique_ptr<qwirkle::basic_bot<R>> make_tile_bot(const options& o, const std::string& name) {
    if (name == "expert") {
        qwirkle::expert_options e;
        if (o.think_ms > 0) e.seconds = o.think_ms / 1000.0;
        if (o.iterations > 0) e.iterations = o.iterations;
        if (o.endgame_nodes > 0) e.endgame_nodes = static_cast<std::uint64_t>(o.endgame_nodes);
        if (o.tree_depth >= 0) e.tree_depth = o.tree_depth;
        if (o.endgame_guess >= 0) e.endgame_guess = o.endgame_guess == 1;
        return std::make_unique<qwirkle::basic_expert_bot<R>>(e);
    }
    if ((name == "monte-carlo" || name == "mc") && (o.think_ms > 0 || o.playouts > 0)) {
        qwirkle::monte_carlo_options m;
        if (o.think_ms > 0) m.seconds = o.think_ms / 1000.0;
        if (o.playouts > 0) m.playouts = o.playouts;
        return std::make_unique<qwirkle::basic_monte_carlo_bot<R>>(m);
    }
    return qwirkle::make_bot<R>(name);
}

/// Runs the games on qwirkle::play_games: game i from seed (seed + i), seats rotated, the bots'
/// random streams from (seed + i) ^ 0x5eed; identical results for any --threads.
template <class R, bool Cards = false>
std::vector<game_result> run(const options& o) {
    const int total = o.total_games();
    const bool bar = !o.quiet && isatty(STDERR_FILENO);
    const auto start = std::chrono::steady_clock::now();
    const auto progress = [&](std::size_t done) {
        const int d = static_cast<int>(done);
        if (!bar || !(d % std::max(1, total / 100) == 0 || d == total)) return;
        const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const int width = 40, filled = width * d / total;
        std::fprintf(stderr, "\r[%s%s] %d/%d games, %.1f s, eta %.0f s ", std::string(static_cast<std::size_t>(filled), '#').c_str(),
                     std::string(static_cast<std::size_t>(width - filled), '.').c_str(), d, total, secs, secs / d * (total - d));
    };
    const auto seed_of = [&](std::size_t i) { return o.seed_of(i); };
    const auto seat_bot = [&](std::size_t i, int s) { return o.seat_bot(i, s); };
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
        static_cast<std::size_t>(total), o.threads, make_game, make_bots,
        [&](std::size_t i) { return seed_of(i) ^ 0x5eedull; }, summarise, progress, o.max_turns);
    if (bar) std::fprintf(stderr, "\n");
    return results;
}

/// Bradley–Terry strengths (geometric mean 1) from win shares w[a][b] over n[a][b] games, by the
/// minorisation–maximisation iteration; one virtual draw per pair keeps every strength finite.
std::vector<double> bradley_terry(const std::vector<std::vector<double>>& w, const std::vector<std::vector<double>>& n) {
    const std::size_t k = w.size();
    std::vector<double> g(k, 1.0);
    for (int it = 0; it < 2000; ++it) {
        double change = 0;
        for (std::size_t a = 0; a < k; ++a) {
            double wins = 0, denom = 0;
            for (std::size_t b = 0; b < k; ++b) {
                if (a == b || n[a][b] + n[b][a] == 0) continue;
                wins += w[a][b] + 0.5;
                denom += (n[a][b] + n[b][a] + 1.0) / (g[a] + g[b]);
            }
            const double next = denom > 0 ? wins / denom : 1.0;
            change = std::max(change, std::fabs(std::log(next / g[a])));
            g[a] = next;
        }
        double mean = 0;
        for (double x : g) mean += std::log(x);
        mean /= static_cast<double>(k);
        for (double& x : g) x /= std::exp(mean);
        if (change < 1e-10) break;
    }
    return g;
}

/// The Elo ladder of a round robin: prints it (ranked, 95% bootstrap intervals, the first bot at 0)
/// and the matrix of win rates; returns it as JSON.
std::string elo_ladder(const options& o, const std::vector<game_result>& results) {
    const std::size_t k = o.bots.size();
    // per pair, the first bot's win share in each finished game
    const auto pairs = o.pairs();  // (built once: the bootstrap below reads it 1,000 times a pair)
    std::vector<std::vector<double>> share(pairs.size());
    for (std::size_t i = 0; i < results.size(); ++i) {
        const auto& r = results[i];
        if (!r.legal || !r.finished) continue;
        const std::size_t p = i / static_cast<std::size_t>(o.games);
        const int first = pairs[p].first;
        double x = 0;
        for (int w : r.winners)
            if (r.seat_bot[static_cast<std::size_t>(w)] == first) x += 1.0 / static_cast<double>(r.winners.size());
        share[p].push_back(x);
    }
    const auto fit = [&](const std::vector<std::vector<double>>& sh) {
        std::vector<std::vector<double>> w(k, std::vector<double>(k, 0)), n(k, std::vector<double>(k, 0));
        for (std::size_t p = 0; p < sh.size(); ++p) {
            const auto [a, b] = pairs[p];
            for (double x : sh[p]) w[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)] += x, w[static_cast<std::size_t>(b)][static_cast<std::size_t>(a)] += 1 - x;
            n[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)] += static_cast<double>(sh[p].size());
        }
        const auto g = bradley_terry(w, n);
        std::vector<double> elo(k);
        for (std::size_t a = 0; a < k; ++a) elo[a] = 400 * std::log10(g[a] / g[0]);
        return elo;
    };
    const auto elo = fit(share);
    // bootstrap: each pair's games drawn again with replacement
    constexpr int resamples = 1000;
    std::vector<std::vector<double>> draws(k);
    qwirkle::rng pick(o.seed ^ 0xe10ull);
    for (int rep = 0; rep < resamples; ++rep) {
        auto sh = share;
        for (std::size_t p = 0; p < sh.size(); ++p)
            for (auto& x : sh[p]) x = share[p][pick.below(static_cast<std::uint32_t>(share[p].size()))];
        const auto e = fit(sh);
        for (std::size_t a = 0; a < k; ++a) draws[a].push_back(e[a]);
    }
    std::vector<std::size_t> rank(k);
    for (std::size_t a = 0; a < k; ++a) rank[a] = a;
    std::stable_sort(rank.begin(), rank.end(), [&](std::size_t a, std::size_t b) { return elo[a] > elo[b]; });
    std::printf("\nElo ladder (Bradley-Terry fit of every game, one virtual draw per pair; %s = 0; 95%% interval of %d bootstrap resamples)\n",
                o.bots[0].c_str(), resamples);
    std::printf("%-4s %-12s %7s %17s\n", "rank", "bot", "Elo", "95% interval");
    std::ostringstream json;
    json << "[";
    for (std::size_t r = 0; r < k; ++r) {
        const std::size_t a = rank[r];
        auto d = draws[a];
        std::sort(d.begin(), d.end());
        const double lo = d[static_cast<std::size_t>(0.025 * resamples)], hi = d[static_cast<std::size_t>(0.975 * resamples) - 1];
        if (a == 0) std::printf("%-4zu %-12s %+7.0f   (the anchor)\n", r + 1, o.bots[a].c_str(), elo[a]);
        else std::printf("%-4zu %-12s %+7.0f   [%+6.0f, %+6.0f]\n", r + 1, o.bots[a].c_str(), elo[a], lo, hi);
        json << (r ? "," : "") << "{\"name\":\"" << o.bots[a] << "\",\"elo\":" << elo[a] << ",\"lo95\":" << lo << ",\"hi95\":" << hi << "}";
    }
    json << "]";
    std::printf("\nwin rate of the row's bot against the column's (%d games a pair)\n%-12s", o.games, "");
    for (std::size_t b : rank) std::printf(" %11s", o.bots[b].substr(0, 11).c_str());
    std::printf("\n");
    for (std::size_t a : rank) {
        std::printf("%-12s", o.bots[a].c_str());
        for (std::size_t b : rank) {
            if (a == b) {
                std::printf(" %11s", "-");
                continue;
            }
            double x = 0, n = 0;
            for (std::size_t p = 0; p < share.size(); ++p) {
                const auto [f, s] = pairs[p];
                if (static_cast<std::size_t>(f) == a && static_cast<std::size_t>(s) == b)
                    for (double v : share[p]) x += v, n += 1;
                if (static_cast<std::size_t>(f) == b && static_cast<std::size_t>(s) == a)
                    for (double v : share[p]) x += 1 - v, n += 1;
            }
            if (n > 0) std::printf(" %10.1f%%", 100 * x / n);
            else std::printf(" %11s", "?");
        }
        std::printf("\n");
    }
    return json.str();
}

}  // namespace

int main(int argc, char** argv) {
    const qwirkle_cli::command_line cli(
        "qwirkle-tournament",
        "usage: qwirkle-tournament [--game tiles|cards] [--bots a,b,...] [--games 1-1000000] [--players 2-6]\n"
        "                          [--rules NAME] [--seed 0-18446744073709551615] [--threads 0-1024 (0: all cores)]\n"
        "                          [--max-turns 1-1000000] [--think-ms 1-600000] [--iterations 1-10000000]\n"
        "                          [--playouts 1-10000000] [--endgame-nodes 1-1000000000] [--tree-depth 0-1000]\n"
        "                          [--endgame-guess 0-1] [--csv FILE] [--json FILE] [--quiet] [--round-robin]\n",
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
        else if (a == "--playouts") o.playouts = cli.integer(i, 1, 10'000'000);
        else if (a == "--endgame-nodes") o.endgame_nodes = cli.integer(i, 1LL, 1'000'000'000LL);
        else if (a == "--tree-depth") o.tree_depth = cli.integer(i, 0, 1000);
        else if (a == "--endgame-guess") o.endgame_guess = cli.integer(i, 0, 1);
        else if (a == "--csv") o.csv = cli.value(i);
        else if (a == "--json") o.json = cli.value(i);
        else if (a == "--quiet") o.quiet = true;
        else if (a == "--round-robin") o.round_robin = true;
        else cli.unknown(a);
    }
    if (o.seed > ~std::uint64_t{0} - static_cast<std::uint64_t>(o.games - 1))
        cli.usage_error("--seed " + std::to_string(o.seed) + " with --games " + std::to_string(o.games) +
                        ": the seeds seed..seed+games-1 must stay within 0..18446744073709551615");
    const bool cards = o.game == "cards";
    if (!cards && o.game != "tiles") cli.usage_error("--game: expected tiles or cards, got '" + o.game + "'");
    if (cards && o.rules == "standard") o.rules = "schmidt";
    if (cards && o.bots == std::vector<std::string>{"tactician", "greedy"}) o.bots = {"cautious", "greedy"};
    if (cards && (o.think_ms || o.iterations || o.playouts || o.endgame_nodes || o.tree_depth >= 0 || o.endgame_guess >= 0))
        cli.usage_error("--think-ms, --iterations, --playouts, --endgame-nodes, --tree-depth and --endgame-guess are for the tile game's search bots");
    for (const auto& b : o.bots)
        if (cards ? !qwirkle::cards::make_card_bot(b) : !qwirkle::make_bot(b))
            cli.usage_error("--bots: unknown bot '" + b + "' (" +
                            (cards ? qwirkle::cards::card_bot_names_text() : qwirkle::bot_names_text()) + ")");
    if (o.bots.empty()) cli.usage_error("--bots: name at least one bot");
    if (o.round_robin && o.players != 2) cli.usage_error("--round-robin: games of two players only (--players 2)");
    if (o.round_robin && o.bots.size() < 2) cli.usage_error("--round-robin: name at least two bots");
    if (o.round_robin) {
        for (std::size_t a = 0; a < o.bots.size(); ++a)
            for (std::size_t b = a + 1; b < o.bots.size(); ++b)
                if (o.bots[a] == o.bots[b]) cli.usage_error("--round-robin: bot '" + o.bots[a] + "' named twice");
        if (static_cast<long long>(o.games) * static_cast<long long>(o.pairs().size()) > 1'000'000)
            cli.usage_error("--round-robin: at most 1000000 games in all (pairs x --games)");
    }
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
    if (o.round_robin)
        std::printf("round robin: %zu pairs x %d games (each seed twice, seats swapped): ", o.pairs().size(), o.games);
    const int last_seed_offset = o.round_robin ? (o.games - 1) / 2 : o.games - 1;
    std::printf("%d %s games, %d players, rules %s, seeds %llu..%llu, turn cap %d", o.total_games(), o.game.c_str(), o.players,
                o.rules.c_str(), static_cast<unsigned long long>(o.seed),
                static_cast<unsigned long long>(o.seed + static_cast<std::uint64_t>(last_seed_offset)), o.max_turns);
    if (o.think_ms) std::printf(", %d ms per search decision", o.think_ms);
    if (o.iterations) std::printf(", %d expert iterations per decision", o.iterations);
    if (o.playouts) std::printf(", %d monte-carlo playouts per decision", o.playouts);
    if (o.endgame_nodes) std::printf(", %lld endgame nodes", o.endgame_nodes);
    if (o.tree_depth >= 0) std::printf(", expert tree depth %d%s", o.tree_depth, o.tree_depth == 0 ? " (no limit)" : "");
    if (o.endgame_guess >= 0) std::printf(", expert endgame guess %s", o.endgame_guess ? "on" : "off");
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
    json << "]";
    if (o.round_robin) json << ",\"elo\":" << elo_ladder(o, results);
    json << ",\"illegal_actions\":" << illegal << "}\n";
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
