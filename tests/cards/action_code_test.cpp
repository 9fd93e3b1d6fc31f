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
                CHECK(qc::code_qwirkles<R>(*c) == (a.is_cannot_play() ? 0 : a.turn.qwirkles()));
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
    static_assert(qc::max_code_cards<qc::standard_rules> == 9);
    static_assert(qc::code_rank_bits<qc::standard_rules> == 30);  // C(45, 9) = 886,163,135 multisets of ≤ 9 cards
    qc::turn t;
    t.played.add(qc::card::from_index(7).value());
    t.played.add(qc::card::from_index(2).value());
    // Size 2: after the 1 + 36 multisets of 0 and 1 cards; sorted indices 2, 7 -> b = 2, 8:
    // C(2, 1) + C(8, 2) = 2 + 28. No Qwirkle. Code = (37 + 30) << 1.
    CHECK(qc::encode_action(qc::action::play(t)) == 134u);
    CHECK(qc::code_cards<qc::standard_rules>(134u) == t.played);
    CHECK(qc::code_qwirkles<qc::standard_rules>(134u) == 0);
    // A whole hand of 9 round trips, duplicates included, and the largest rank fits its bits.
    qc::turn nine;
    for (int i : {35, 35, 35, 34, 34, 34, 33, 33, 33}) nine.played.add(qc::card::from_index(i).value());
    const auto c9 = qc::encode_action(qc::action::play(nine));
    REQUIRE(c9.has_value());
    CHECK((*c9 >> 1) < 886163135ull);  // within the 30 bits of the rank
    CHECK((*c9 >> 1) >= 886163135ull - qc::detail::choose(44, 9));  // among the multisets of 9 cards
    CHECK(qc::code_cards<qc::standard_rules>(*c9) == nine.played);
    qc::game g(2, 5);
    CHECK_FALSE(qc::decode_action(g, 12345));  // no legal action has it
}

TEST_CASE("card action codes: the same cards leaving different Qwirkles have different codes") {
    // Playing R1 to complete either the red row or the row of 1s: one Qwirkle each, other groups.
    qc::turn red, ones;
    red.played.add(qc::card::from_index(0).value());
    ones.played = red.played;
    red.result = qc::parse_tableau<qc::standard_rules>("R1 R2 R3 R4 R5 R6 / O1 Y1 G1 B1 P1").value();
    ones.result = qc::parse_tableau<qc::standard_rules>("R2 R3 R4 R5 R6 / R1 O1 Y1 G1 B1 P1").value();
    const auto a = qc::encode_action(qc::action::play(red));
    const auto b = qc::encode_action(qc::action::play(ones));
    REQUIRE(a.has_value());
    REQUIRE(b.has_value());
    CHECK(*a != *b);
    CHECK(qc::code_qwirkles<qc::standard_rules>(*a) == 1);
    CHECK(qc::code_qwirkles<qc::standard_rules>(*b) == 1);
    CHECK(qc::code_cards<qc::standard_rules>(*a) == red.played);
    CHECK(*a == (1u << 1 | 1ull << 31));      // rank 1 (the single card R1), a Qwirkle of colour 0
    CHECK(*b == (1u << 1 | 1ull << (31 + 12)));  // ... of shape 0 (group 6)
}

TEST_CASE("card action codes: 4 random games per edition (their first 12 actions), codes distinct and decodable in every state") {
    random_games<qc::schmidt_rules>(4, 500);
    random_games<qc::games999_rules>(4, 700);
}
