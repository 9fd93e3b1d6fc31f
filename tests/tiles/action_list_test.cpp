// The indexed action list (game/action_list.hpp): on every state of seeded random games (several
// rule sets, action tiles, hand sizes 1 to 12, 2 to 6 players) it holds exactly legal_actions(),
// in the same order, with the same codes; exchange ranks against an explicit enumeration,
// exhaustively over small hands.
#include <doctest/doctest.h>

#include <vector>

#include <qwirkle/game/action_list.hpp>
#include <qwirkle/qwirkle.hpp>

#include "support.hpp"

using namespace qwirkle;

namespace {

template <class R>
long same_as_legal_actions(int games, std::uint64_t seed0, game_config base, int players_from, int players_to) {
    basic_action_list<R> list;
    long states = 0;
    for (int i = 0; i < games; ++i) {
        base.seed = seed0 + static_cast<std::uint64_t>(i);
        base.players = players_from + i % (players_to - players_from + 1);
        basic_state<R> s(base);
        rng pick(base.seed * 3 + 1);
        while (true) {
            list.assign(s);
            const auto legal = s.legal_actions();
            REQUIRE(list.size() == legal.size());
            for (std::size_t k = 0; k < legal.size(); ++k) {
                REQUIRE(list.at(k) == legal[k]);
                CHECK(list.kind(k) == legal[k].kind);
                CHECK(list.code(k) == encode_action(legal[k]));
            }
            ++states;
            if (s.is_terminal()) break;
            CHECK(!list.empty());
            REQUIRE(s.apply(list.at(pick.below(static_cast<std::uint32_t>(list.size())))).ok());
        }
        CHECK(list.empty());
    }
    return states;
}

}  // namespace

TEST_CASE("action list: equals legal_actions() on every state of random games, standard rules, 2 to 4 players") {
    CHECK(same_as_legal_actions<standard_rules>(40, 500, {}, 2, 4) > 40 * 20);
}

TEST_CASE("action list: action tiles (mini-expansions, actions at the start) are listed in order") {
    game_config c;
    c.special_tiles = rules_traits<mini_expansion_rules>::special_tiles;
    same_as_legal_actions<standard_rules>(15, 600, c, 2, 4);
    game_config s;
    s.starting_actions = rules_traits<action_tiles_at_start_rules>::starting_actions;
    same_as_legal_actions<standard_rules>(15, 700, s, 2, 4);
    same_as_legal_actions<mini_expansion_rules>(10, 800, {}, 2, 4);
}

TEST_CASE("action list: hand sizes 1, 3, 9 and 12, five and six players, small rule sets") {
    for (const int hand : {1, 3, 9, 12}) {
        game_config c;
        c.hand_size = hand;
        same_as_legal_actions<standard_rules>(hand > 6 ? 4 : 8, 900 + static_cast<std::uint64_t>(hand), c, 2, 2);
    }
    same_as_legal_actions<five_six_player_rules>(6, 1000, {}, 5, 6);
    same_as_legal_actions<qwirkle_test::four_colours_five_shapes>(10, 1100, {}, 2, 3);
    same_as_legal_actions<qwirkle_test::three_colours_six_shapes>(10, 1200, {}, 2, 3);
}

TEST_CASE("action list: with the bag empty and nothing to place, the one action is a pass") {
    // Two hands of 54 empty the bag at the start, so players who cannot place come often in greedy
    // games (random ones place long lines and end in about 40 turns without one).
    basic_action_list<standard_rules> list;
    int passes = 0;
    for (std::uint64_t seed = 1; seed < 100 && passes < 20; ++seed) {
        game_config c;
        c.seed = seed;
        c.hand_size = 54;
        basic_state<standard_rules> s(c);
        while (!s.is_terminal()) {
            list.assign(s);
            const auto legal = s.legal_actions();
            REQUIRE(list.size() == legal.size());
            const bool stuck = s.bag_size() == 0 && !s.can_place() && s.opening_size() == 0;
            CHECK(stuck == (legal.size() == 1 && legal[0].kind == action_kind::pass));
            if (stuck) {
                ++passes;
                CHECK(list.kind(0) == action_kind::pass);
                CHECK(list.at(0) == action::pass());
                CHECK(list.code(0) == encode_action(action::pass()));
            }
            const auto a = qwirkle_test::greedy_action(s);
            CHECK(list.size() > 0);
            REQUIRE(s.apply(a).ok());
        }
    }
    CHECK(passes >= 20);
}

TEST_CASE("exchange ranks: every hand of up to 7 tiles over 4 kinds (counts ≤ 3), every limit, against the enumeration") {
    // Hands are count vectors; the expected order is the one of basic_state::for_each_exchange:
    // by size, then lexicographically with larger counts of earlier kinds first.
    exchange_ranks<tile> ranks;
    long hands = 0;
    for (int a = 0; a <= 3; ++a)
        for (int b = 0; b <= 3; ++b)
            for (int c = 0; c <= 3; ++c)
                for (int d = 0; d <= 3 && a + b + c + d <= 7; ++d) {
                    tile_multiset h;
                    const std::array<int, 4> most{a, b, c, d};
                    const std::array<tile, 4> kinds{*tile::make(0, 0), *tile::make(1, 2), *tile::make(3, 4), *tile::make(5, 5)};
                    for (int k = 0; k < 4; ++k)
                        if (most[static_cast<std::size_t>(k)]) h.add(kinds[static_cast<std::size_t>(k)], most[static_cast<std::size_t>(k)]);
                    for (int limit = 0; limit <= h.size() + 1; ++limit) {
                        std::vector<tile_multiset> expected;
                        for (int size = 1; size <= std::min(limit, h.size()); ++size)
                            for (int x = 3; x >= 0; --x)
                                for (int y = 3; y >= 0; --y)
                                    for (int z = 3; z >= 0; --z)
                                        for (int w = 3; w >= 0; --w) {
                                            const std::array<int, 4> take{x, y, z, w};
                                            bool ok = x + y + z + w == size;
                                            for (int k = 0; k < 4; ++k) ok = ok && take[static_cast<std::size_t>(k)] <= most[static_cast<std::size_t>(k)];
                                            if (!ok) continue;
                                            tile_multiset g;
                                            for (int k = 0; k < 4; ++k)
                                                if (take[static_cast<std::size_t>(k)]) g.add(kinds[static_cast<std::size_t>(k)], take[static_cast<std::size_t>(k)]);
                                            expected.push_back(g);
                                        }
                        ranks.assign(h, limit);
                        REQUIRE(ranks.size() == expected.size());
                        for (std::size_t i = 0; i < expected.size(); ++i) CHECK(ranks.at(i) == expected[i]);
                        ++hands;
                    }
                }
    CHECK(hands > 500);
}
