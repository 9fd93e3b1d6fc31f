// Bots (issue 5): only legal actions, under every rule set, over thousands of seeded games; the
// tactician's edge over greedy measured on 2,000 games (deterministic seeds, so never flaky).
#include <doctest/doctest.h>

#include <cmath>
#include <memory>
#include <vector>

#include <qwirkle/bots/bots.hpp>
#include <qwirkle/qwirkle.hpp>

using namespace qwirkle;

namespace {

template <class R>
void bots_stay_legal(int games, int min_players, int max_players) {
    monte_carlo_options quick;
    quick.playouts = 12;
    quick.depth = 2;
    long actions = 0;
    for (int i = 0; i < games; ++i) {
        const int players = min_players + i % (max_players - min_players + 1);
        std::vector<std::unique_ptr<basic_bot<R>>> owned;
        std::vector<basic_bot<R>*> seats;
        for (int s = 0; s < players; ++s) {
            const int kind = (i + s) % 4;
            if (kind == 3 && i % 10 != 0) {  // Monte-Carlo in a tenth of the games: it is the slow one
                owned.push_back(std::make_unique<basic_greedy_bot<R>>());
            } else if (kind == 3) {
                owned.push_back(std::make_unique<basic_monte_carlo_bot<R>>(quick));
            } else {
                owned.push_back(make_bot<R>(bot_names[static_cast<std::size_t>(kind)]));
            }
            seats.push_back(owned.back().get());
        }
        basic_game<R> g(players, static_cast<std::uint64_t>(i) + 1);
        rng random(static_cast<std::uint64_t>(i) * 31 + 7);
        while (!g.is_terminal()) {
            const int p = g.current_player();
            const auto a = seats[static_cast<std::size_t>(p)]->choose(*g.observe(p), random);
            const auto e = g.apply(a);
            REQUIRE_MESSAGE(e.ok(), seats[static_cast<std::size_t>(p)]->name() << ": " << e.describe());
            ++actions;
        }
    }
    CHECK(actions > games * 20);
}

}  // namespace

TEST_CASE("bots: every action legal, standard rules, 2-6 players") { bots_stay_legal<standard_rules>(800, 2, 6); }
TEST_CASE("bots: every action legal, 5-6 players") { bots_stay_legal<five_six_player_rules>(300, 5, 6); }
TEST_CASE("bots: every action legal, mini-expansions") { bots_stay_legal<mini_expansion_rules>(500, 2, 4); }
TEST_CASE("bots: every action legal, mini-expansions variant 1") {
    bots_stay_legal<mini_expansion_subset_rules<action_bit(action_tile::draw_three)>>(300, 2, 4);
}
TEST_CASE("bots: every action legal, mini-expansions variant 2") { bots_stay_legal<action_tiles_at_start_rules>(500, 2, 4); }

TEST_CASE("bots: the tactician beats greedy over 2,000 two-player games, seats alternated") {
    greedy_bot greedy;
    tactician_bot tactician;
    double wins = 0;
    const int games = 2000;
    for (int i = 0; i < games; ++i) {
        game g(2, 500000 + static_cast<std::uint64_t>(i));
        const int seat = i % 2;
        std::vector<bot*> seats{&greedy, &greedy};
        seats[static_cast<std::size_t>(seat)] = &tactician;
        REQUIRE(play_game(g, seats, static_cast<std::uint64_t>(i)));
        const auto w = g.winners();
        for (int p : w)
            if (p == seat) wins += 1.0 / static_cast<double>(w.size());
    }
    const double rate = wins / games, ci = 1.96 * std::sqrt(rate * (1 - rate) / games);
    MESSAGE("tactician win rate vs greedy: " << rate << " +- " << ci);
    CHECK(rate - ci > 0.5);
}

TEST_CASE("bots: observations hide the other hands and the bag") {
    game g(3, 9);
    const auto v = *g.observe(1);
    CHECK(v.hand == g.hand(1));
    // Everything unseen by player 1 is in the bag or in the other hands, in the right numbers.
    auto hidden = g.bag_contents();
    hidden += g.hand(0);
    hidden += g.hand(2);
    CHECK(v.unseen == hidden);
    CHECK(v.hand_sizes == qwirkle::seat_array<int, 6>{6, 6, 6});
    CHECK(v.can_exchange() == (g.current_player() == 1 && g.opening_size() == 0));
}

TEST_CASE("bots: bot_names_text lists make_bot's names for messages, in bot_names order") {
    CHECK(bot_names_text() == "random, greedy, tactician, monte-carlo, expert");
    CHECK(names_text(bot_names, "|") == "random|greedy|tactician|monte-carlo|expert");  // (as qwirkle-play's usage)
    CHECK(names_text({}) == "");
    for (const auto name : bot_names) CHECK(make_bot(name) != nullptr);
}
