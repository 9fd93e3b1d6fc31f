// Card-game action codes (cards/action_code.hpp): the documented layout, distinct codes for the
// legal actions of every state of seeded random games, decode against the state.
#include <doctest/doctest.h>

#include <algorithm>
#include <vector>

#include <qwirkle/cards/action_code.hpp>
#include <qwirkle/cards/cards.hpp>

namespace qc = qwirkle::cards;

namespace {
template <class R>
void random_games(int games, std::uint64_t seed0) {
    long actions = 0;
    for (int i = 0; i < games; ++i) {
        qc::basic_game<R> g(2 + i % 3, seed0 + static_cast<std::uint64_t>(i));
        qwirkle::rng pick(seed0 * 3 + static_cast<std::uint64_t>(i));
        for (int turn = 0; turn < 12 && !g.is_terminal(); ++turn) {  // (late tables are slow to enumerate)
            std::vector<qc::action_code> codes;
            for (const auto& a : g.legal_actions()) {
                const auto c = qc::encode_action(a);
                REQUIRE(c.has_value());
                codes.push_back(*c);
                CHECK(qc::code_qwirkles(*c) == (a.is_cannot_play() ? 0 : a.turn.qwirkles()));
                CHECK(qc::code_cards<R>(*c) == a.turn.played);
            }
            std::sort(codes.begin(), codes.end());
            CHECK(std::adjacent_find(codes.begin(), codes.end()) == codes.end());
            // Decoding against the state gives back the legal action with that code.
            const auto legal = g.legal_actions();
            const auto k = pick.below(static_cast<std::uint32_t>(legal.size()));
            const auto back = qc::decode_action(g, *qc::encode_action(legal[k]));
            REQUIRE(back.has_value());
            CHECK(*back == legal[k]);
            REQUIRE(g.apply(*back).ok());
            ++actions;
        }
    }
    CHECK(actions > games * 8);
}
}  // namespace

TEST_CASE("card action codes: the documented layout") {
    CHECK(qc::encode_action(qc::action::cannot_play()) == 1u);
    qc::turn t;
    t.played.add(qc::card::from_index(7).value());
    t.played.add(qc::card::from_index(2).value());
    // (no Qwirkle) | 2 cards << 4 | 2 << 8 | 7 << 14
    CHECK(qc::encode_action(qc::action::play(t)) == ((2u << 4) | (2u << 8) | (7u << 14)));
    CHECK(qc::code_cards<qc::standard_rules>((2u << 4) | (2u << 8) | (7u << 14)) == t.played);
    qc::game g(2, 5);
    CHECK_FALSE(qc::decode_action(g, 12345));  // no legal action has it
}

TEST_CASE("card action codes: 4 random games per edition (their first 12 actions), codes distinct and decodable in every state") {
    random_games<qc::schmidt_rules>(4, 500);
    random_games<qc::games999_rules>(4, 700);
}
