// When play_game and parallel_map meet something wrong: too few bots, a missing one, a bot whose
// action the game refuses (the game stops there, unchanged by it, and says which seat, which bot,
// which action and which rule; the card game's case is in tests/cards/bots_cards_test.cpp), a job
// that throws (rethrown, the first by job index, whatever the threads); and the names the bot
// factories of both games give.
#include <algorithm>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <qwirkle/bots/bots.hpp>
#include <qwirkle/bots/cards.hpp>
#include <qwirkle/play/parallel.hpp>

#include "support.hpp"

namespace {

using namespace qwirkle;

/// A bot that always passes: refused while the bag holds tiles (and on the opening turn).
class passing_bot final : public bot {
public:
    std::string name() const override { return "always-pass"; }
    action choose(const observation&, rng&) override { return action::pass(); }
};

/// A bot that places a tile of its hand far from every tile.
class stray_bot final : public bot {
public:
    std::string name() const override { return "stray"; }
    action choose(const observation& v, rng&) override {
        return action::place(move{{cell{40, 40}, *v.hand.distinct().begin()}});
    }
};

}  // namespace

TEST_CASE("play_game: fewer bots than seats, or a seat without one: nothing played, the reason given") {
    game g(3, 5);
    const auto before = to_record(g);
    const auto greedy = make_bot<standard_rules>("greedy");
    bot* two[] = {greedy.get(), greedy.get()};
    auto r = play_game(g, std::span<bot* const>(two), 1);
    CHECK_FALSE(r);
    CHECK_FALSE(r.finished);
    CHECK(r.actions == 0);
    CHECK_FALSE(r.fault);
    CHECK(r.stopped == "a bot for each of the 3 seats is needed");
    CHECK(r.describe() == "stopped: a bot for each of the 3 seats is needed");
    CHECK(to_record(g) == before);

    bot* missing[] = {greedy.get(), greedy.get(), nullptr};
    r = play_game(g, std::span<bot* const>(missing), 1);
    CHECK_FALSE(r);
    CHECK(r.actions == 0);
    CHECK(r.describe() == "stopped: seat 2 has no bot");
    CHECK(to_record(g) == before);
}

TEST_CASE("play_game: a refused action stops the game where it stood, with the seat, the bot, the action and the rule") {
    // The opening turn: a pass is refused.
    {
        game g(2, 9);
        const auto before = to_record(g);
        passing_bot pass;
        const auto greedy = make_bot<standard_rules>("greedy");
        std::vector<bot*> seats{nullptr, nullptr};
        seats[static_cast<std::size_t>(g.current_player())] = &pass;
        seats[static_cast<std::size_t>(1 - g.current_player())] = greedy.get();
        const auto r = play_game(g, seats, 3);
        CHECK_FALSE(r);
        CHECK(r.actions == 0);
        REQUIRE(r.fault);
        CHECK(r.fault->seat == g.current_player());
        CHECK(r.fault->bot == "always-pass");
        CHECK(r.fault->action == action::pass());
        CHECK(r.fault->error.rule == action_rule::opening_must_place);
        CHECK(r.describe() == "stopped: seat " + std::to_string(g.current_player()) +
                                  " (always-pass): the first turn must place the largest group");
        CHECK(to_record(g) == before);
    }
    // Later: the other bot has played; the stray placement is refused, the game stays after the
    // actions applied, and the same refusal comes again from the same state.
    {
        game g(2, 9);
        stray_bot stray;
        const auto greedy = make_bot<standard_rules>("greedy");
        const int first = g.current_player();
        std::vector<bot*> seats{nullptr, nullptr};
        seats[static_cast<std::size_t>(first)] = greedy.get();
        seats[static_cast<std::size_t>(1 - first)] = &stray;
        const auto r = play_game(g, seats, 3);
        CHECK_FALSE(r);
        CHECK(r.actions == 1);
        CHECK(g.history().size() == 1);
        REQUIRE(r.fault);
        CHECK(r.fault->seat == 1 - first);
        CHECK(r.fault->bot == "stray");
        CHECK(r.fault->action.kind == action_kind::place);
        CHECK(r.fault->error.rule == action_rule::illegal_placement);
        CHECK(r.fault->error.placement.rule == placement_rule::no_contact);
        CHECK(r.describe() == "stopped: seat " + std::to_string(1 - first) + " (stray): touches no tile on the board at 40,40");
        CHECK(g.current_player() == 1 - first);
        const auto after = to_record(g);
        CHECK(g.apply(r.fault->action).rule == action_rule::illegal_placement);
        CHECK(to_record(g) == after);
    }
}

TEST_CASE("parallel_map: a job that throws is rethrown, the first by job index, on any number of threads") {
    for (int threads : {1, 2, 3}) {
        CAPTURE(threads);
        std::size_t progress = 0;
        const auto job = [](std::size_t i) -> int {
            if (i == 5 || i == 9) throw std::runtime_error("job " + std::to_string(i));
            return static_cast<int>(i) * 2;
        };
        // (the calls are serialised but may come out of order: two workers count 11 and 12, then report)
        CHECK_THROWS_WITH_AS(parallel_map(12, threads, job, [&](std::size_t done) { progress = std::max(progress, done); }), "job 5",
                             std::runtime_error);
        CHECK(progress == 12);  // (every job ran, the failing ones too)
        const auto ok = parallel_map(12, threads, [](std::size_t i) { return static_cast<int>(i) * 2; });
        REQUIRE(ok.size() == 12);
        for (std::size_t i = 0; i < ok.size(); ++i) CHECK(ok[i] == static_cast<int>(i) * 2);
    }
    CHECK(parallel_map(0, 2, [](std::size_t i) { return i; }).empty());
}

TEST_CASE("bot factories: every name listed makes a bot of that name, and no other name makes one") {
    for (const auto name : bot_names) {
        const auto b = make_bot<standard_rules>(name);
        REQUIRE(b);
        CHECK(b->name() == name);
    }
    const auto mc = make_bot<standard_rules>("mc");
    REQUIRE(mc);
    CHECK(mc->name() == "monte-carlo");
    CHECK_FALSE(make_bot<standard_rules>("Greedy"));
    CHECK_FALSE(make_bot<standard_rules>(""));
    CHECK(bot_names_text() == "random, greedy, tactician, monte-carlo, expert");
    for (const auto name : cards::card_bot_names) {
        const auto b = cards::make_card_bot<cards::standard_rules>(name);
        REQUIRE(b);
        CHECK(b->name() == name);
    }
    CHECK_FALSE(cards::make_card_bot<cards::standard_rules>("random"));
    CHECK(cards::card_bot_names_text() == "greedy, cautious, expert");
}
