// Action codes (game/action_code.hpp): hand-computed codes, exact round trips over every legal
// action of seeded random games (every rule set with action tiles too), distinct codes per
// state, and refusal of every malformed code.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <set>
#include <vector>

#include <qwirkle/game/action_code.hpp>
#include <qwirkle/qwirkle.hpp>

#include "support.hpp"

using namespace qwirkle;

namespace {

template <class R>
void check_round_trip(const basic_action<R>& a) {
    const auto c = encode_action(a);
    REQUIRE(c.has_value());
    const auto back = decode_action<R>(*c);
    REQUIRE(back.has_value());
    CHECK(back->kind == a.kind);
    CHECK(back->move.same_as(a.move));
    CHECK(back->tiles == a.tiles);
    CHECK(back->at == a.at);
    CHECK(encode_action(*back) == c);
}

template <class R>
void random_games(int games, std::uint64_t seed0, game_config base) {
    long actions = 0;
    for (int i = 0; i < games; ++i) {
        base.seed = seed0 + static_cast<std::uint64_t>(i);
        base.players = 2 + i % 3;
        basic_state<R> s(base);
        rng pick(base.seed * 7 + 1);
        while (!s.is_terminal()) {
            std::vector<action_code> codes;
            std::vector<basic_action<R>> legal;
            s.for_each_legal_action([&](const basic_action<R>& a) { legal.push_back(a); });
            REQUIRE(!legal.empty());
            for (const auto& a : legal) {
                check_round_trip(a);
                codes.push_back(*encode_action(a));
            }
            std::sort(codes.begin(), codes.end());
            std::vector<action_code> fast;  // the fast path gives the same set
            append_legal_codes(s, fast);
            std::sort(fast.begin(), fast.end());
            CHECK(fast == codes);
            CHECK(std::adjacent_find(codes.begin(), codes.end()) == codes.end());  // distinct
            CHECK(codes.back() < (action_code{1} << 62));                          // fits an int64
            // The state takes the decoded action exactly like the original.
            const auto code = codes[pick.below(static_cast<std::uint32_t>(codes.size()))];
            REQUIRE(s.apply(*decode_action<R>(code)).ok());
            ++actions;
        }
    }
    CHECK(actions > games * 10);
}

/// Codes of every width (random bits up to a random length): each one that decodes is canonical
/// (it re-encodes to itself), placements of every size and exchanges of 1 to 6 tiles among them.
template <class R>
void random_codes_canonical(int codes, std::uint64_t seed) {
    constexpr int line = rules_traits<R>::max_line;
    rng r(seed);
    std::array<int, 16> placements{}, exchanges{};
    for (int i = 0; i < codes; ++i) {
        const int width = 3 + static_cast<int>(r.below(62));  // 3 to 64 bits
        const action_code c = width == 64 ? r.next() : r.next() & ((action_code{1} << width) - 1);
        const auto a = decode_action<R>(c);
        if (!a) continue;
        CHECK(encode_action(*a) == c);
        if (a->kind == action_kind::place) ++placements[static_cast<std::size_t>(a->move.size())];
        if (a->kind == action_kind::exchange) ++exchanges[static_cast<std::size_t>(std::min(a->tiles.size(), 15))];
    }
    for (std::size_t n = 1; n <= static_cast<std::size_t>(line); ++n) {
        CAPTURE(n);
        CHECK(placements[n] > 0);
    }
    for (std::size_t n = 1; n <= 6; ++n) {
        CAPTURE(n);
        CHECK(exchanges[n] > 0);
    }
}

}  // namespace

TEST_CASE("action codes: hand-computed values of the documented layout") {
    CHECK(encode_action(action::pass()) == 2u);
    CHECK(encode_action(action::draw_three()) == 3u);
    // take a tile at 1,-2: kind 4 | (1+128) << 3 | (-2+128) << 11
    CHECK(encode_action(action::take_tile({1, -2})) == (4u | (129u << 3) | (126u << 11)));
    // exchange B6 R1 R1: tile indices 35, 0, 0, written ascending
    const tile r1 = tile::from_index(0).value(), b6 = tile::from_index(35).value();
    tile_multiset ex{b6, r1, r1};
    CHECK(encode_action(action::exchange(ex)) == (1u | (3u << 3) | (0ull << 7) | (0ull << 13) | (35ull << 19)));
    // place two tiles on 0,0 and 2,0 (a gap at 1,0 filled by the board): row, mask 0b101
    move m{{{2, 0}, b6}, {{0, 0}, r1}};
    const action_code want = 0u | (128ull << 3) | (128ull << 11) | (0ull << 19) | (0b101ull << 20) | (0ull << 26) | (35ull << 32);
    CHECK(encode_action(action::place(m)) == want);
    // a column: 5,3 and 5,4
    move col{{{5, 4}, r1}, {{5, 3}, b6}};
    CHECK(encode_action(action::place(col)) == ((133ull << 3) | (131ull << 11) | (1ull << 19) | (0b11ull << 20) | (35ull << 26) | (0ull << 32)));
    check_round_trip(action::place(m));
    check_round_trip(action::place(col));
    check_round_trip(action::exchange(ex));
}

TEST_CASE("action codes: actions without a code are refused, never cut short") {
    const tile t = tile::from_index(1).value();
    CHECK_FALSE(encode_action(action::place(move{{{0, 0}, t}, {{1, 1}, t}})));   // not one line
    CHECK_FALSE(encode_action(action::place(move{{{0, 0}, t}, {{6, 0}, t}})));   // span of 7 cells
    CHECK_FALSE(encode_action(action::place(move{{{0, 0}, t}, {{0, 0}, t}})));   // same cell twice
    CHECK_FALSE(encode_action(action::place(move{{{200, 0}, t}})));               // off the code's range
    CHECK_FALSE(encode_action(action::place(move{})));                            // empty
    CHECK_FALSE(encode_action(action::take_tile({0, -129})));
    tile_multiset ten;
    ten.add(t, 10);
    CHECK_FALSE(encode_action(action::exchange(ten)));
    tile_multiset nine;
    nine.add(t, 9);
    check_round_trip(action::exchange(nine));
}

TEST_CASE("action codes: malformed codes decode to nothing") {
    CHECK_FALSE(decode_action<standard_rules>(5));                 // unknown kind
    CHECK_FALSE(decode_action<standard_rules>(7));
    CHECK_FALSE(decode_action<standard_rules>(2 | (1u << 3)));     // pass with stray bits
    CHECK_FALSE(decode_action<standard_rules>(3 | (1ull << 40)));
    CHECK_FALSE(decode_action<standard_rules>(4 | (1ull << 19)));  // take with stray bits
    CHECK_FALSE(decode_action<standard_rules>(0));                 // place with an empty span
    CHECK_FALSE(decode_action<standard_rules>((1ull << 19) | (1ull << 20)));  // single tile as a column
    CHECK_FALSE(decode_action<standard_rules>((1ull << 20) | (36ull << 26)));  // tile index 36
    CHECK_FALSE(decode_action<standard_rules>((1ull << 20) | (1ull << 63)));   // stray high bit
    CHECK_FALSE(decode_action<standard_rules>(1 | (2u << 3) | (5u << 7) | (4u << 13)));  // exchange out of order
    CHECK_FALSE(decode_action<standard_rules>(1 | (10u << 3)));   // exchange of 10
    // Every code below 2^16 that decodes is canonical.
    int decoded = 0;
    for (action_code c = 0; c < (1u << 16); ++c)
        if (const auto a = decode_action<standard_rules>(c)) {
            ++decoded;
            CHECK(encode_action(*a) == c);
        }
    CHECK(decoded > 100);
    random_codes_canonical<standard_rules>(1'000'000, 77);
}

TEST_CASE("action codes: random codes of rule sets with other tiles and lines decode canonically or not at all") {
    random_codes_canonical<qwirkle_test::four_colours_five_shapes>(300'000, 78);  // 5 bits a tile, lines of 5
    random_codes_canonical<qwirkle_test::four_colours_two_shapes>(300'000, 79);   // 3 bits, lines of 4
    random_codes_canonical<qwirkle_test::three_colours_six_shapes>(300'000, 80);  // 5 bits, lines of 6
}

TEST_CASE("action codes: every legal action of 60 random games round-trips, codes distinct per state, append_legal_codes agrees") {
    random_games<standard_rules>(60, 9100, {});
}

TEST_CASE("action codes: mini-expansions (draw three, take a tile) round-trip too") {
    game_config c;
    c.special_tiles = rules_traits<mini_expansion_rules>::special_tiles;
    random_games<standard_rules>(20, 9300, c);
    game_config s;
    s.starting_actions = rules_traits<action_tiles_at_start_rules>::starting_actions;
    random_games<standard_rules>(20, 9400, s);
}
