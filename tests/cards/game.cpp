// Game flow (docs/rules.md §4) for both editions: setup, start, opening, turns, "cannot play", final round,
// winners; seeded random games with invariants checked after every action (OpenSpiel's RandomSimTest).
#include <doctest/doctest.h>

#include <optional>
#include <tuple>
#include <vector>

#include <qwirkle/cards/cards.hpp>

#include "support.hpp"

namespace qc = qwirkle::cards;

namespace {

using qwirkle_cards_test::every_card;

template <class R>
void check_invariants(const qc::basic_game<R>& g) {
    // 108 cards conserved across pile, hands, table and collected Qwirkles.
    REQUIRE(every_card(g) == qc::cards_t<R>::full(R::copies));
    REQUIRE(g.table().valid());
    REQUIRE(g.table().qwirkle_count() == 0);  // Qwirkles are always taken at the end of the turn
    for (int p = 0; p < g.players(); ++p) {
        REQUIRE(g.hand(p).size() <= R::hand_size);
        if (g.pile_size() > 0) REQUIRE(g.hand(p).size() == R::hand_size);
        for (const auto& r : g.collected(p)) REQUIRE(r.is_qwirkle());
    }
    if (g.is_terminal()) {
        REQUIRE(g.current_player() == -1);
        REQUIRE(!g.winners().empty());
    }
}

/// Everything visible of a game, to prove that a rejected action changed nothing.
template <class R>
auto snapshot(const qc::basic_game<R>& g) {
    std::vector<qc::basic_observation<R>> obs;
    for (int p = 0; p < g.players(); ++p) obs.push_back(*g.observe(p));
    return std::tuple{obs, g.pile_contents(), g.history().size(), g.current_player()};
}

/// One random game: random playable parts (or the best turn, or a random largest group to open),
/// with an illegal action tried now and then. Returns the number of actions.
struct game_stats {
    long actions = 0, redraws = 0, passes = 0, qwirkles = 0, final_rounds = 0, stuck_ends = 0, shared_wins = 0;
};

template <class R>
int random_game(int players, std::uint64_t seed, game_stats* stats = nullptr) {
    qc::basic_game<R> g(players, seed);
    qwirkle::rng pick(seed ^ 0xabcdefull);
    check_invariants(g);
    int actions = 0;
    int turns_after_last_card = -1;  // counts turns once the pile is empty
    while (!g.is_terminal()) {
        REQUIRE(++actions < 1000);
        const int me = g.current_player();
        const int pile_before = g.pile_size();
        const bool had_turns_after = turns_after_last_card >= 0;
        const auto& hand = g.hand(me);
        const auto before = snapshot(g);
        // Illegal actions are rejected and leave the state unchanged.
        if (pick.below(4) == 0) {
            qc::basic_turn<R> empty{{}, g.table()};
            REQUIRE(g.play(empty).error == qc::action_error::illegal_turn);
            REQUIRE(g.play(empty).turn.rule == qc::turn_rule::no_card_played);
            auto missing = g.table();
            if (!missing.empty()) {
                qc::basic_turn<R> t{hand, missing};
                REQUIRE(!g.play(t));
            }
            REQUIRE(snapshot(g) == before);
        }
        if (g.opening() && R::first_turn == qc::first_turn_rule::largest_group) {
            const auto groups = qc::largest_groups<R>(hand);
            REQUIRE(!groups.empty());
            REQUIRE(groups[0].size() >= R::min_row);
            const auto group = groups[pick.below(static_cast<std::uint32_t>(groups.size()))];
            qc::cards_t<R> played;
            for (auto c : group) played.add(c);
            // A smaller row than the largest group is refused.
            qc::cards_t<R> fewer = played;
            fewer.remove(*group.begin());
            if (fewer.size() >= R::min_row) {
                const auto v = g.play(qc::basic_turn<R>{fewer, {{qc::basic_row<R>(fewer.distinct())}}});
                REQUIRE(v.error == qc::action_error::opening_group);
                REQUIRE(snapshot(g) == before);
            }
            const auto v = g.play(qc::basic_turn<R>{played, {{qc::basic_row<R>(group)}}});
            REQUIRE(v.ok());
        } else if (g.can_play()) {
            REQUIRE(g.cannot_play().error == qc::action_error::play_exists);
            REQUIRE(snapshot(g) == before);
            // A random bot: the best turn (either objective) of a random part of the hand, or of the
            // whole hand; on small tables sometimes a uniformly random playable part.
            std::optional<qc::basic_turn<R>> t;
            const auto goal = pick.below(2) ? qc::objective::qwirkles_then_cards : qc::objective::cards_then_qwirkles;
            const auto how = pick.below(8);
            if (how == 0 && g.table().card_count() <= 12) {
                std::vector<qc::cards_t<R>> parts;
                qc::playable_subsets(g.table(), hand, std::back_inserter(parts));
                REQUIRE(!parts.empty());
                t = qc::arrange(g.table(), parts[pick.below(static_cast<std::uint32_t>(parts.size()))]);
            } else if (how < 6) {
                qc::cards_t<R> part;
                hand.for_each([&](qc::card_t<R> c) {
                    if (pick.below(2)) part.add(c);
                });
                t = qc::best_turn(g.table(), part, goal);
            }
            if (!t) t = qc::best_turn(g.table(), hand, goal);
            REQUIRE(t);
            REQUIRE(qc::check_turn(g.table(), hand, *t).ok());  // every applied turn is legal
            const int q = g.qwirkles(me), expect = t->qwirkles();
            const auto v = g.play(*t);
            REQUIRE(v.ok());
            REQUIRE(g.qwirkles(me) == q + expect);
        } else {
            REQUIRE(g.cannot_play().ok());
            if (stats) ++(g.history().back().what == qc::basic_history_entry<R>::kind::redraw ? stats->redraws : stats->passes);
        }
        check_invariants(g);
        // "After the last card of the pile has been drawn, every player ... takes exactly one more turn."
        const bool turn_ended = g.is_terminal() || g.current_player() != me;
        if (had_turns_after && turn_ended) ++turns_after_last_card;
        if (pile_before > 0 && g.pile_size() == 0) {
            REQUIRE(g.final_round());
            turns_after_last_card = 0;
        }
        if (turns_after_last_card >= 0 && !g.is_terminal()) REQUIRE(g.final_turns_left() == players - turns_after_last_card);
    }
    // Winners: the most Qwirkles, ties share.
    int best = 0;
    for (int p = 0; p < players; ++p) best = std::max(best, g.qwirkles(p));
    std::vector<int> w;
    for (int p = 0; p < players; ++p)
        if (g.qwirkles(p) == best) w.push_back(p);
    REQUIRE(g.winners() == w);
    if (stats) {
        stats->actions += actions;
        for (int p = 0; p < players; ++p) stats->qwirkles += g.qwirkles(p);
        if (turns_after_last_card == players) ++stats->final_rounds;
        else ++stats->stuck_ends;
        if (w.size() > 1) ++stats->shared_wins;
    }
    return actions;
}

}  // namespace

template <class R>
void many_games(int n) {
    game_stats st;
    for (std::uint64_t seed = 0; seed < static_cast<std::uint64_t>(n); ++seed)
        random_game<R>(2 + static_cast<int>(seed % 3), seed, &st);
    MESSAGE(n << " games: " << st.actions << " actions, " << st.qwirkles << " Qwirkles, " << st.redraws
              << " redraws, " << st.passes << " passes, " << st.final_rounds << " ended after the final round, "
              << st.stuck_ends << " ended stuck, " << st.shared_wins << " shared wins");
    CHECK(st.final_rounds > n * 9 / 10);
    CHECK(st.shared_wins > 0);
}

TEST_CASE("1000 seeded random games, Schmidt edition, 2-4 players, invariants after every action") {
    many_games<qc::schmidt_rules>(1000);
}

TEST_CASE("1000 seeded random games, 999 Games edition, 2-4 players, invariants after every action") {
    many_games<qc::games999_rules>(1000);
}

TEST_CASE("same seed, same game, another seed, another game") {
    qc::game a(3, 42), b(3, 42), c(3, 43);
    CHECK(a.observe(0) == b.observe(0));
    CHECK(a.pile_contents() == b.pile_contents());
    bool differs = false;
    for (int p = 0; p < 3; ++p) differs = differs || !(a.hand(p) == c.hand(p));
    CHECK(differs);
    CHECK(random_game<qc::schmidt_rules>(4, 7) == random_game<qc::schmidt_rules>(4, 7));
}

TEST_CASE("start player: largest group, ties to the youngest (Schmidt) or the oldest (999 Games)") {
    int ties = 0;
    for (std::uint64_t seed = 0; seed < 400; ++seed) {
        const std::vector<int> ages{30, 8, 45, 12};
        qc::game s(4, seed, ages);
        qc::basic_game<qc::games999_rules> n(4, seed, ages);
        // Same seed, same deal in both editions.
        for (int p = 0; p < 4; ++p) REQUIRE(s.hand(p) == n.hand(p));
        int best = 0;
        for (int p = 0; p < 4; ++p) best = std::max(best, qc::largest_group_size<qc::standard_rules>(s.hand(p)));
        REQUIRE(best >= 3);  // otherwise the cards are dealt again
        int youngest = -1, oldest = -1, tied = 0;
        for (int p = 0; p < 4; ++p) {
            if (qc::largest_group_size<qc::standard_rules>(s.hand(p)) != best) continue;
            ++tied;
            if (youngest < 0 || ages[static_cast<std::size_t>(p)] < ages[static_cast<std::size_t>(youngest)]) youngest = p;
            if (oldest < 0 || ages[static_cast<std::size_t>(p)] > ages[static_cast<std::size_t>(oldest)]) oldest = p;
        }
        CHECK(s.start_player() == youngest);
        CHECK(n.start_player() == oldest);
        CHECK(s.current_player() == youngest);
        ties += tied > 1;
    }
    CHECK(ties > 50);
    // Without ages, seat order is age order: seat 0 the youngest.
    for (std::uint64_t seed = 0; seed < 100; ++seed) {
        qc::game g(2, seed);
        const int a = qc::largest_group_size<qc::standard_rules>(g.hand(0)), b = qc::largest_group_size<qc::standard_rules>(g.hand(1));
        CHECK(g.start_player() == (a >= b ? 0 : 1));
    }
}

namespace {
struct short_hand_rules : qc::schmidt_rules {
    static constexpr int hand_size = 3;
};
}  // namespace

TEST_CASE("no group of 3 anywhere: all cards are shuffled and dealt again") {
    int redealt = 0;
    for (std::uint64_t seed = 0; seed < 200; ++seed) {
        qc::basic_game<short_hand_rules> g(2, seed);
        redealt += g.redeals() > 0;
        int best = 0;
        for (int p = 0; p < 2; ++p) best = std::max(best, qc::largest_group_size<short_hand_rules>(g.hand(p)));
        CHECK(best == 3);
        CHECK(every_card(g) == qc::cards_t<short_hand_rules>::full(3));
    }
    CHECK(redealt > 100);
}

TEST_CASE("first turn: Schmidt lays exactly a largest group as one row, 999 Games plays freely") {
    for (std::uint64_t seed = 0; seed < 50; ++seed) {
        qc::game s(2, seed);
        qc::basic_game<qc::games999_rules> n(2, seed);
        const auto& hand = s.hand(s.start_player());
        const auto group = qc::largest_groups<qc::standard_rules>(hand)[0];
        qc::cards_t<qc::standard_rules> all;
        for (auto c : group) all.add(c);
        if (group.size() > 3) {
            // three of the group only: refused by Schmidt, fine for 999 Games
            qc::cards_t<qc::standard_rules> three;
            qc::row r;
            for (auto c : group)
                if (three.size() < 3) three.add(c), r.push_back(c);
            const qc::turn t{three, {{r}}};
            const auto v = s.play(t);
            CHECK(v.error == qc::action_error::opening_group);
            CHECK(v.describe().find("largest group") != std::string::npos);
            CHECK(s.opening());
            qc::basic_row<qc::games999_rules> r999;
            for (auto c : r) r999.push_back(c);
            if (n.start_player() == s.start_player()) CHECK(n.play(qc::basic_turn<qc::games999_rules>{three, {{r999}}}).ok());
        }
        CHECK(s.play(qc::turn{all, {{qc::row(group)}}}).ok());
        CHECK(!s.opening());
        CHECK(s.table().card_count() == group.size());
        CHECK(s.hand(s.start_player() ).size() == 9);  // refilled
        CHECK(s.current_player() == 1 - s.start_player());
    }
}

TEST_CASE("observations: own hand, the open table and Qwirkles, sizes only of the rest") {
    qc::game g(3, 5);
    for (int p = 0; p < 3; ++p) {
        const auto o = *g.observe(p);
        CHECK(o.player == p);
        CHECK(o.hand == g.hand(p));
        CHECK(o.hand_sizes == std::vector<int>{9, 9, 9});
        CHECK(o.pile_size == 108 - 27);
        CHECK(o.current_player == g.start_player());
        CHECK(o.opening);
    }
    // Another seed with the same own hand would give the same observation: only sizes of other hands.
    CHECK(!(g.observe(0) == g.observe(1)));
}

TEST_CASE("a finished game rejects every action") {
    qc::game g(2, 11);
    int guard = 0;
    while (!g.is_terminal() && ++guard < 500) {
        const int me = g.current_player();
        if (g.opening()) {
            const auto grp = qc::largest_groups<qc::standard_rules>(g.hand(me))[0];
            qc::cards_t<qc::standard_rules> pl;
            for (auto c : grp) pl.add(c);
            REQUIRE(g.play(qc::turn{pl, {{qc::row(grp)}}}).ok());
        } else if (auto t = qc::best_turn(g.table(), g.hand(me))) {
            REQUIRE(g.play(*t).ok());
        } else {
            REQUIRE(g.cannot_play().ok());
        }
    }
    REQUIRE(g.is_terminal());
    CHECK(g.current_player() == -1);
    CHECK(g.cannot_play().error == qc::action_error::game_over);
    CHECK(g.play(qc::turn{}).error == qc::action_error::game_over);
    CHECK(!g.winners().empty());
    double sum = 0;
    for (double r : g.returns()) sum += r;
    CHECK(sum == doctest::Approx(1.0));
}
