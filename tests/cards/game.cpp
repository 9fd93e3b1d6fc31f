// Game flow (RULES.md §4) for both editions: setup, start, opening, turns, "cannot play", final round,
// winners; seeded random games with invariants checked after every action (OpenSpiel's RandomSimTest).
#include <doctest/doctest.h>

#include <optional>
#include <tuple>
#include <vector>

#include <qwirkle/cards/cards.hpp>

namespace qc = qwirkle::cards;

namespace {

template <class R>
qc::cards_t<R> everything(const qc::basic_game<R>& g) {
    auto m = g.pile_contents();
    for (int p = 0; p < g.players(); ++p) m += g.hand(p);
    m += g.table().contents();
    for (int p = 0; p < g.players(); ++p)
        for (const auto& r : g.collected(p))
            for (auto c : r) m.add(c);
    return m;
}

template <class R>
void check_invariants(const qc::basic_game<R>& g) {
    // 108 cards conserved across pile, hands, table and collected Qwirkles.
    REQUIRE(everything(g) == qc::cards_t<R>::full(R::copies));
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
    for (int p = 0; p < g.players(); ++p) obs.push_back(g.observe(p));
    return std::tuple{obs, g.pile_contents(), g.history().size(), g.current_player()};
}

/// One random game: random playable parts (or the best turn, or a random largest group to open),
/// with an illegal action tried now and then. Returns the number of actions.
template <class R>
int random_game(int players, std::uint64_t seed) {
    qc::basic_game<R> g(players, seed);
    qwirkle::rng pick(seed ^ 0xabcdefull);
    check_invariants(g);
    int actions = 0;
    while (!g.is_terminal()) {
        REQUIRE(++actions < 1000);
        const int me = g.current_player();
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
            std::optional<qc::basic_turn<R>> t;
            if (pick.below(3) == 0) {
                t = qc::best_turn(g.table(), hand);
            } else {
                std::vector<qc::cards_t<R>> parts;
                qc::playable_subsets(g.table(), hand, std::back_inserter(parts));
                REQUIRE(!parts.empty());
                t = qc::arrange(g.table(), parts[pick.below(static_cast<std::uint32_t>(parts.size()))]);
            }
            REQUIRE(t);
            REQUIRE(qc::check_turn(g.table(), hand, *t).ok());  // every applied turn is legal
            const int q = g.qwirkles(me), expect = t->qwirkles();
            const auto v = g.play(*t);
            REQUIRE(v.ok());
            REQUIRE(g.qwirkles(me) == q + expect);
        } else {
            REQUIRE(g.cannot_play().ok());
        }
        check_invariants(g);
    }
    return actions;
}

}  // namespace

TEST_CASE("1000 seeded random games, Schmidt edition, 2-4 players, invariants after every action") {
    long actions = 0;
    for (std::uint64_t seed = 0; seed < 1000; ++seed) actions += random_game<qc::schmidt_rules>(2 + static_cast<int>(seed % 3), seed);
    MESSAGE("actions: " << actions);
}

TEST_CASE("1000 seeded random games, 999 Games edition, 2-4 players, invariants after every action") {
    long actions = 0;
    for (std::uint64_t seed = 0; seed < 1000; ++seed) actions += random_game<qc::games999_rules>(2 + static_cast<int>(seed % 3), seed);
    MESSAGE("actions: " << actions);
}
