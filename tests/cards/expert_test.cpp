// The card game's determinisation (basic_game::determinize) and the expert card bot: a deal made
// from an observation shows the observer exactly what the game showed, holds every card once per
// copy and plays on; impossible observations are refused; the expert plays legal, reproducible games.
#include <doctest/doctest.h>

#include <memory>
#include <vector>

#include <qwirkle/bots/cards.hpp>
#include <qwirkle/cards/cards.hpp>

#include "support.hpp"

namespace qc = qwirkle::cards;

namespace {

using qwirkle_cards_test::every_card;

/// The greedy bot's action (the best turn, or cannot-play): cheap, and always legal.
template <class R>
qc::basic_action<R> greedy(const qc::basic_game<R>& g) {
    qc::basic_greedy_card_bot<R> bot;
    qwirkle::rng unused;
    return bot.choose(*g.observe(g.current_player()), unused);
}

/// Games of greedy and cautious players; at every turn each seat's observation is determinised
/// and checked.
template <class R>
long determinize_in_games(int games, std::uint64_t seed0) {
    long checked = 0;
    qwirkle::rng deal(seed0);
    for (int i = 0; i < games; ++i) {
        qc::basic_game<R> g(2 + i % 3, seed0 + static_cast<std::uint64_t>(i));
        qc::basic_cautious_card_bot<R> cautious;
        qwirkle::rng unused;
        bool differed = false;
        while (true) {
            for (int p = 0; p < g.players(); ++p) {
                const auto o = *g.observe(p);
                const auto d = qc::basic_game<R>::determinize(o, deal);
                REQUIRE(d.has_value());
                CHECK(*d->observe(p) == o);
                CHECK(every_card(*d) == qc::cards_t<R>::full(R::copies));
                CHECK(d->table().valid());
                CHECK(d->is_terminal() == g.is_terminal());
                if (!g.is_terminal()) {
                    CHECK(d->current_player() == g.current_player());
                    if (g.opening())  // the start player holds a largest group, in the deal too
                        CHECK(qc::largest_group_size<R>(d->hand(g.current_player())) >= R::min_row);
                    auto next = *d;  // the deal plays on
                    const auto v = next.apply(greedy(next));
                    CHECK_MESSAGE(v, v.describe() << " opening " << next.opening() << " seat " << p << " of " << g.players());
                }
                for (int q = 0; q < g.players(); ++q)
                    if (q != p && d->hand(q) != g.hand(q)) differed = true;
                ++checked;
            }
            if (g.is_terminal()) break;
            const auto a = g.current_player() % 2 ? greedy(g) : cautious.choose(*g.observe(g.current_player()), unused);
            REQUIRE(g.apply(a));
        }
        CHECK(differed);  // the hidden cards are dealt anew, not copied
    }
    return checked;
}

}  // namespace

TEST_CASE("card determinize: the observer sees the same game, every card once per copy, both editions") {
    CHECK(determinize_in_games<qc::schmidt_rules>(12, 31) > 200);
    CHECK(determinize_in_games<qc::games999_rules>(12, 41) > 200);
}

TEST_CASE("card determinize: observations no game can show are refused") {
    qc::game g(3, 7);
    const auto o = *g.observe(1);
    qwirkle::rng r(1);
    REQUIRE(qc::game::determinize(o, r).has_value());
    auto bad = o;
    bad.player = 3;
    CHECK(!qc::game::determinize(bad, r));
    bad = o;
    bad.hand_sizes[1] += 1;  // the own hand does not have that many cards
    CHECK(!qc::game::determinize(bad, r));
    bad = o;
    bad.pile_size += 1;  // the unseen cards do not add up
    CHECK(!qc::game::determinize(bad, r));
    bad = o;
    bad.hand_sizes[0] = 10;  // more than a hand holds
    bad.pile_size -= 1;
    CHECK(!qc::game::determinize(bad, r));
    bad = o;
    const auto c = *o.hand.distinct().begin();
    bad.table.rows.push_back(qc::row{});
    for (int k = 0; k < 3; ++k) bad.table.rows.back().push_back(c);  // a row of one card three times: invalid
    CHECK(!qc::game::determinize(bad, r));
    bad = o;
    bad.collected.pop_back();  // a seat without its Qwirkles
    CHECK(!qc::game::determinize(bad, r));
}

TEST_CASE("expert card bot: legal and reproducible against the cautious bot, 2 to 4 players, also to the end of the game") {
    const auto play = [](int players, std::uint64_t seed, qc::expert_card_options opt) {
        qc::game g(players, seed);
        std::vector<std::unique_ptr<qc::card_bot>> bots;
        for (int s = 0; s < players; ++s)
            bots.push_back(s == 0 ? std::unique_ptr<qc::card_bot>(std::make_unique<qc::expert_card_bot>(opt)) : qc::make_card_bot("cautious"));
        qwirkle::rng r(seed * 3);
        std::vector<qc::action> actions;
        while (!g.is_terminal()) {
            const int p = g.current_player();
            const auto a = bots[static_cast<std::size_t>(p)]->choose(*g.observe(p), r);
            REQUIRE(g.apply(a));
            actions.push_back(a);
        }
        return actions;
    };
    qc::expert_card_options quick;
    quick.determinizations = 6;
    for (int players = 2; players <= 4; ++players) {
        const auto a = play(players, 50 + static_cast<std::uint64_t>(players), quick);
        CHECK(a.size() > 5);
        CHECK(play(players, 50 + static_cast<std::uint64_t>(players), quick) == a);  // same streams, same game
    }
    quick.horizon = 0;  // played out to the end of the game
    CHECK(!play(2, 60, quick).empty());
    REQUIRE(qc::make_card_bot("expert") != nullptr);
    CHECK(qc::make_card_bot("expert")->name() == "expert");
    CHECK(qc::make_card_bot<qc::games999_rules>("expert") != nullptr);
}

TEST_CASE("card bots: card_bot_names lists make_card_bot's names, each making the bot of that name") {
    CHECK(qc::card_bot_names_text() == "greedy, cautious, expert");
    for (const auto name : qc::card_bot_names) {
        REQUIRE(qc::make_card_bot(name) != nullptr);
        CHECK(qc::make_card_bot(name)->name() == name);
        CHECK(qc::make_card_bot<qc::games999_rules>(name) != nullptr);
    }
    CHECK(qc::make_card_bot("random") == nullptr);
}
