// Card-game bots (issue 5): only legal actions over hundreds of seeded games per edition; the cautious
// bot's edge over greedy; play_game stopping at a bot's refused action.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include <qwirkle/bots/cards.hpp>

using namespace qwirkle::cards;

namespace {

template <class R>
void card_bots_stay_legal(int games) {
    basic_greedy_card_bot<R> greedy;
    basic_cautious_card_bot<R> cautious;
    long turns = 0;
    for (int i = 0; i < games; ++i) {
        const int players = 2 + i % 3;
        basic_game<R> g(players, static_cast<std::uint64_t>(i) + 11);
        qwirkle::rng random(static_cast<std::uint64_t>(i));
        while (!g.is_terminal()) {
            const int p = g.current_player();
            basic_card_bot<R>& b = (p + i) % 2 ? static_cast<basic_card_bot<R>&>(cautious) : greedy;
            const auto a = b.choose(*g.observe(p), random);
            if (!a.is_cannot_play()) REQUIRE_MESSAGE(g.check(a.turn).ok(), b.name() << ": " << g.check(a.turn).describe());
            REQUIRE(g.apply(p, a).ok());
            ++turns;
        }
        REQUIRE(!g.winners().empty());
    }
    CHECK(turns > games * 5);
}

}  // namespace

TEST_CASE("card bots: every action legal, Schmidt edition") { card_bots_stay_legal<schmidt_rules>(300); }
TEST_CASE("card bots: every action legal, 999 Games edition") { card_bots_stay_legal<games999_rules>(300); }

TEST_CASE("card bots: the cautious bot beats greedy over 600 two-player games, seats alternated") {
    greedy_card_bot greedy;
    cautious_card_bot cautious;
    double wins = 0;
    const int games = 600;
    for (int i = 0; i < games; ++i) {
        game g(2, 70000 + static_cast<std::uint64_t>(i));
        const int seat = i % 2;
        std::vector<card_bot*> seats{&greedy, &greedy};
        seats[static_cast<std::size_t>(seat)] = &cautious;
        REQUIRE(qwirkle::play_game(g, seats, static_cast<std::uint64_t>(i)).finished);
        for (int p : g.winners())
            if (p == seat) wins += 1.0 / static_cast<double>(g.winners().size());
    }
    const double rate = wins / games, ci = 1.96 * std::sqrt(rate * (1 - rate) / games);
    MESSAGE("cautious win rate vs greedy: " << rate << " +- " << ci);
    CHECK(rate - ci > 0.5);
}

TEST_CASE("card game: a player count outside 2-4 is refused with the reason, not clamped") {
    CHECK(game::validate(1) == "players must be 2 to 4");
    CHECK(game::validate(5) == "players must be 2 to 4");
    CHECK(game::validate(3, {10, 20}) == "give one age per player, or none");
    CHECK(game::validate(4).empty());
    CHECK_THROWS_AS(game(5, 1), std::invalid_argument);
    CHECK_NOTHROW(game(4, 1));
}

TEST_CASE("card bots: play_game stops at a refused declaration, with the seat, the bot and the verdict") {
    // A bot that always declares it cannot play, beside greedy: the declaration is refused as soon
    // as a play exists for it.
    class declaring_bot final : public card_bot {
    public:
        std::string name() const override { return "declare"; }
        action choose(const observation&, qwirkle::rng&) override { return action::cannot_play(); }
    };
    int refused = 0;
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        game g(2, seed);
        declaring_bot declare;
        const auto greedy = make_card_bot<standard_rules>("greedy");
        std::vector<card_bot*> seats{&declare, greedy.get()};
        const auto r = qwirkle::play_game(g, seats, seed);
        if (r.finished) continue;
        ++refused;
        REQUIRE(r.fault);
        CHECK(r.fault->seat == 0);
        CHECK(r.fault->bot == "declare");
        CHECK(r.fault->action.is_cannot_play());
        CHECK(r.fault->error.error == action_error::play_exists);
        CHECK(r.describe() == "stopped: seat 0 (declare): a legal play exists, so it must be made");
        CHECK(static_cast<int>(g.history().size()) == r.actions);
        CHECK(g.current_player() == 0);
        CHECK(g.apply(0, r.fault->action).error == action_error::play_exists);
        CHECK(static_cast<int>(g.history().size()) == r.actions);
    }
    CHECK(refused >= 15);
}
