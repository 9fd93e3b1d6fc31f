// Rule variants (docs/rules.md §2–3): the mini-expansions' special and action tiles, the 5–6 player rule
// set, run-time choices, and seeded random games under every rule set with invariants after each action.
#include <doctest/doctest.h>

#include <bit>
#include <vector>

#include <qwirkle/qwirkle.hpp>

#include "../scale.hpp"

using namespace qwirkle;
using namespace qwirkle::literals;

namespace {

board board_of(std::initializer_list<placement> ps) {
    board b;
    for (const auto& p : ps) REQUIRE(b.place(p.at, p.tile));
    return b;
}

/// Plays random legal actions (action tiles a third of the time they are usable).
template <class R>
struct random_player {
    rng r;
    basic_action<R> choose(const basic_game<R>& g) {
        if (!g.action_this_turn()) {
            const auto choices = action_tile_choices(g);
            if (!choices.empty() && r.below(3) == 0) return choices[r.below(static_cast<std::uint32_t>(choices.size()))];
        }
        const auto moves = g.legal_moves();
        if (!moves.empty()) return basic_action<R>::place(moves[r.below(static_cast<std::uint32_t>(moves.size()))].move);
        const auto& hand = g.hand(g.current_player());
        if (g.can_exchange()) {
            basic_tile_multiset<tile> give;
            int n = 1 + static_cast<int>(r.below(static_cast<std::uint32_t>(std::min({hand.size(), g.bag_size(), g.hand_size()}))));
            hand.for_each([&](tile t) {
                if (n-- > 0) give.add(t);
            });
            return basic_action<R>::exchange(give);
        }
        return basic_action<R>::pass();
    }
};

/// Invariants after every action: pieces conserved (with the special tiles), action tiles accounted
/// for, scores the sum of the turns.
template <class R>
void check_invariants(const basic_game<R>& g) {
    auto all = g.bag_contents();
    for (int p = 0; p < g.players(); ++p) all += g.hand(p);
    g.board().for_each_tile([&](cell, tile t) { all.add(t); });
    REQUIRE(all == tile_multiset::full(R::copies));
    // The bag holds the unrevealed special tiles besides its tiles: 108 + specials in all.
    const int specials_left = std::popcount(g.special_tiles() & ~g.specials_revealed());
    REQUIRE(g.bag_size() == g.bag_contents().size() + specials_left);
    for (int p = 0; p < g.players(); ++p) {
        REQUIRE((g.actions_used(p) & ~g.actions_held(p)) == 0u);            // used ⊆ held
        REQUIRE((g.specials_revealed() & ~g.actions_held(p)) == 0u);        // a revealed special: everyone holds its tile
        if (!g.action_this_turn() || p != g.current_player())
            REQUIRE(g.hand(p).size() <= g.hand_size() + 3);
    }
    std::vector<int> sums(static_cast<std::size_t>(g.players()), 0);
    for (const auto& t : g.history()) sums[static_cast<std::size_t>(t.player)] += t.score + t.bonus;
    for (int p = 0; p < g.players(); ++p) REQUIRE(sums[static_cast<std::size_t>(p)] == g.score(p));
}

template <class R>
void random_games(int games, int min_players, int max_players) {
    long actions = 0, action_tiles = 0;
    for (int s = 1; s <= games; ++s) {
        game_config c;
        c.players = min_players + s % (max_players - min_players + 1);
        c.seed = static_cast<std::uint64_t>(s) * 7919;
        basic_game<R> g(c);
        random_player<R> bot{rng(c.seed)};
        check_invariants(g);
        while (!g.is_terminal()) {
            const auto a = bot.choose(g);
            const auto before = g.board();
            if (a.kind == action_kind::place) {
                placement_context ctx;
                ctx.opening_size = g.opening_size();
                ctx.forbidden = g.forbidden_cell();
                REQUIRE(check_placement(g.board(), g.hand(g.current_player()), a.move, ctx).ok());
            }
            const int expected = a.kind == action_kind::place ? score_placement(before, a.move) : 0;
            const auto e = g.apply(a);
            REQUIRE_MESSAGE(e.ok(), e.describe());
            REQUIRE(g.history().back().score == expected);
            action_tiles += is_action_tile(a.kind);
            ++actions;
            check_invariants(g);
        }
        REQUIRE(!g.winners().empty());
    }
    CHECK(actions > games * 20);
    if (rules_traits<R>::special_tiles | rules_traits<R>::starting_actions) CHECK(action_tiles > games);
}

}  // namespace

TEST_CASE("rulebook 001, mini-expansions: Julia takes the yellow square and scores 14 with it and a green square") {
    // The other yellow line: Y1 Y2 Y3 Y5 Y6 in row 0 (the square missing); the yellow square stands
    // above Y1 in a yellow column of two.
    const board b = board_of({{{0, 0}, "Y1"_t}, {{1, 0}, "Y2"_t}, {{2, 0}, "Y3"_t}, {{3, 0}, "Y5"_t},
                              {{4, 0}, "Y6"_t}, {{0, -1}, "Y4"_t}});
    REQUIRE(check_take(b, {0, -1}) == take_rule::ok);
    board after = b;
    after.remove({0, -1});
    tile_multiset hand{"Y4"_t, "G4"_t, "R1"_t};
    // Y4 completes the yellow row (a Qwirkle: 6 + 6) and G4 below it makes a line of two squares.
    const move julia{{{5, 0}, "Y4"_t}, {{5, 1}, "G4"_t}};
    REQUIRE(check_placement(after, hand, julia, {0, cell{0, -1}}).ok());
    CHECK(score_placement(after, julia) == 14);
    const auto best = best_move(after, hand, {0, cell{0, -1}});
    CHECK(best->score == 14);
    // The tile may not go back on its own cell in the same turn.
    const move back{{{0, -1}, "Y4"_t}};
    CHECK(check_placement(after, hand, back, {0, cell{0, -1}}).rule == placement_rule::forbidden_cell);
}

TEST_CASE("take a tile: not from a Qwirkle, not if the board would split, not the last tile") {
    const board b = board_of({{{0, 0}, "R1"_t}, {{1, 0}, "R2"_t}, {{2, 0}, "R3"_t}, {{3, 0}, "R4"_t},
                              {{4, 0}, "R5"_t}, {{5, 0}, "R6"_t}, {{2, 1}, "G3"_t}, {{2, 2}, "B3"_t}});
    CHECK(check_take(b, {0, 0}) == take_rule::in_qwirkle);
    CHECK(check_take(b, {2, 1}) == take_rule::disconnects);
    CHECK(check_take(b, {2, 2}) == take_rule::ok);
    CHECK(check_take(b, {7, 7}) == take_rule::no_tile);
    CHECK(check_take(board_of({{{0, 0}, "R1"_t}}), {0, 0}) == take_rule::last_tile);
    std::vector<cell> targets;
    take_targets(b, std::back_inserter(targets));
    CHECK(targets == std::vector<cell>{{2, 2}});
}

TEST_CASE("action tiles: every precondition refused with its reason, the state unchanged") {
    // Variant 2: everyone holds both action tiles from the start.
    basic_game<action_tiles_at_start_rules> g(2, 11);
    CHECK(g.actions_held(0) == all_action_tiles);
    // The opening turn: no action tile.
    CHECK(g.apply(action::draw_three()).rule == action_rule::action_in_opening);
    REQUIRE(g.place(best_move(g.board(), g.hand(g.current_player()), g.move_options())->move).ok());

    const int p = g.current_player();
    const int hand_before = g.hand(p).size();
    const int bag_before = g.bag_size();
    REQUIRE(g.apply(action::draw_three()).ok());
    CHECK(g.current_player() == p);  // the turn goes on
    CHECK(g.hand(p).size() == hand_before + 3);
    CHECK(g.bag_size() == bag_before - 3);
    CHECK(g.action_this_turn());
    // A second action tile in the same turn.
    const auto take_any = action::take_tile(g.board().tile_cell(0));
    CHECK(g.apply(take_any).rule == action_rule::one_action_per_turn);
    // Place, then (after the other player's turn) draw three again: already used.
    const auto m = best_move(g.board(), g.hand(p), g.move_options());
    REQUIRE(m);
    REQUIRE(g.place(m->move).ok());
    CHECK(g.hand(p).size() == hand_before + 3 - m->move.size());  // no refill while holding 6 or more
    REQUIRE(g.place(best_move(g.board(), g.hand(g.current_player()), g.move_options())->move).ok());
    REQUIRE(g.current_player() == p);
    const auto before = to_record(g);
    CHECK(g.apply(action::draw_three()).rule == action_rule::action_already_used);
    CHECK(to_record(g) == before);

    // Standard rules: nobody holds action tiles.
    game plain(2, 3);
    REQUIRE(plain.place(best_move(plain.board(), plain.hand(plain.current_player()), plain.move_options())->move).ok());
    CHECK(plain.apply(action::draw_three()).rule == action_rule::action_not_held);
}

TEST_CASE("take a tile in a game: refused targets keep the state, the taken tile joins the hand and its cell is forbidden") {
    for (std::uint64_t seed = 1; seed < 400; ++seed) {
        basic_game<action_tiles_at_start_rules> g(2, seed);
        random_player<action_tiles_at_start_rules> bot{rng(seed)};
        // Play until the current player could take and the board holds a Qwirkle tile and a cut tile.
        while (!g.is_terminal()) {
            if (g.can_use(action_tile::take_tile) && g.board().size() > 12) {
                const auto& b = g.board();
                std::optional<cell> qwirkle_tile, cut_tile, free_tile;
                for (int k = 0; k < b.size(); ++k) {
                    const cell c = b.tile_cell(k);
                    const auto why = check_take(b, c);
                    if (why == take_rule::in_qwirkle) qwirkle_tile = c;
                    if (why == take_rule::disconnects) cut_tile = c;
                    if (why == take_rule::ok) free_tile = c;
                }
                if (qwirkle_tile && cut_tile && free_tile) {
                    const auto record = to_record(g);
                    auto e = g.apply(action::take_tile(*qwirkle_tile));
                    CHECK(e.rule == action_rule::take_refused);
                    CHECK(e.take == take_rule::in_qwirkle);
                    e = g.apply(action::take_tile(*cut_tile));
                    CHECK(e.take == take_rule::disconnects);
                    CHECK(to_record(g) == record);
                    const tile taken = *g.board().at(*free_tile);
                    const int p = g.current_player();
                    const int had = g.hand(p).count(taken);
                    REQUIRE(g.apply(action::take_tile(*free_tile)).ok());
                    CHECK(g.hand(p).count(taken) == had + 1);
                    CHECK(!g.board().occupied(*free_tile));
                    CHECK(g.forbidden_cell() == free_tile);
                    const auto back = g.place(move{{*free_tile, taken}});
                    CHECK(back.rule == action_rule::illegal_placement);
                    CHECK(back.placement.rule == placement_rule::forbidden_cell);
                    g.for_each_legal_move([&](const move& m, int) {
                        for (const auto& pl : m) REQUIRE(pl.at != *free_tile);
                    });
                    return;
                }
            }
            REQUIRE(g.apply(bot.choose(g)).ok());
        }
    }
    FAIL("no game reached a position with a Qwirkle tile and a cut tile");
}

TEST_CASE("special tiles: drawing one shows it, boxes it, replaces it, and gives everyone its action tile") {
    long revealed = 0;
    for (std::uint64_t seed = 1; seed <= 50; ++seed) {
        basic_game<mini_expansion_rules> g(3, seed);
        CHECK(g.bag_size() + 3 * 6 + std::popcount(g.specials_revealed()) == 110);  // 108 tiles + 2 specials
        random_player<mini_expansion_rules> bot{rng(seed)};
        unsigned seen = g.specials_revealed();
        while (!g.is_terminal()) {
            REQUIRE(g.apply(bot.choose(g)).ok());
            const auto& t = g.history().back();
            CHECK((t.revealed & seen) == 0u);
            seen |= t.revealed;
            CHECK(seen == g.specials_revealed());
            for (int p = 0; p < 3; ++p) CHECK((g.actions_held(p) & seen) == seen);
        }
        revealed += std::popcount(seen);
    }
    CHECK(revealed == 100);  // every game draws the whole bag: both specials always come out
}

TEST_CASE("whole turns: every action-tile choice and the placements after it") {
    basic_game<action_tiles_at_start_rules> g(2, 5);
    REQUIRE(g.place(best_move(g.board(), g.hand(g.current_player()), g.move_options())->move).ok());
    REQUIRE(g.place(best_move(g.board(), g.hand(g.current_player()), g.move_options())->move).ok());
    const auto choices = action_tile_choices(g);
    REQUIRE(!choices.empty());
    CHECK(choices[0].kind == action_kind::draw_three);
    long plain = 0, after_take = 0;
    for_each_turn(g, [&](const std::optional<action>& first, const move& m, int score) {
        if (!first) {
            ++plain;
            CHECK(check_placement(g.board(), g.hand(g.current_player()), m, {g.opening_size(), {}}).ok());
            return;
        }
        ++after_take;
        // Replaying the turn on a copy gives the same score.
        auto copy = g;
        REQUIRE(copy.apply(*first).ok());
        const int before = copy.score(copy.current_player());
        REQUIRE(copy.place(m).ok());
        CHECK(copy.score(g.current_player()) - before == score);
    });
    CHECK(plain == static_cast<long>(g.legal_moves().size()));
    CHECK(after_take > 0);
}

TEST_CASE("run-time choice of the mini-expansions, and invalid choices refused") {
    game_config c;
    c.special_tiles = action_bit(action_tile::take_tile);
    game g(c);
    CHECK(g.special_tiles() == action_bit(action_tile::take_tile));
    CHECK(g.bag_size() == 108 - 12 + 1);
    c.starting_actions = action_bit(action_tile::take_tile);
    CHECK(!game::validate(c).empty());
    CHECK_THROWS_AS(game{c}, std::invalid_argument);
    c = {};
    c.players = 5;
    CHECK(basic_game<five_six_player_rules>(c).hand(0).size() == 5);
    c.players = 4;
    CHECK(!basic_game<five_six_player_rules>::validate(c).empty());
    c.players = 6;
    CHECK(basic_game<five_six_player_rules>(c).hand(5).size() == 4);
    CHECK(!basic_game<classic_rules>::validate(c).empty());
}

TEST_CASE("records keep the action tiles and the run-time choices") {
    game_config c;
    c.seed = 99;
    c.special_tiles = all_action_tiles;
    game g(c);
    random_player<standard_rules> bot{rng(4)};
    while (!g.is_terminal()) REQUIRE(g.apply(bot.choose(g)).ok());
    const auto rec = to_record(g);
    CHECK(rec.find("specials 3") != std::string::npos);
    auto parsed = parse_record(rec);
    REQUIRE(parsed);
    const auto again = game::replay(parsed->config, parsed->actions);
    REQUIRE(again.game);
    CHECK(to_record(*again.game) == rec);
    CHECK(parse_action("take 3,-2")->at == cell{3, -2});
    CHECK(parse_action("draw3")->kind == action_kind::draw_three);
    CHECK(!parse_action("take"));
}

TEST_CASE("1,000 seeded random games per rule set with invariants after every action") {
    const int games = qwirkle_test::scaled(1000);  // (the sanitizer build runs fewer)
    SUBCASE("standard") { random_games<standard_rules>(games, 2, 4); }
    SUBCASE("5-6 players") { random_games<five_six_player_rules>(games, 5, 6); }
    SUBCASE("mini-expansions") { random_games<mini_expansion_rules>(games, 2, 4); }
    SUBCASE("mini-expansions, variant 1 (take a tile only)") {
        random_games<mini_expansion_subset_rules<action_bit(action_tile::take_tile)>>(games, 2, 4);
    }
    SUBCASE("mini-expansions, variant 2 (action tiles from the start)") {
        random_games<action_tiles_at_start_rules>(games, 2, 4);
    }
}

TEST_CASE("take a tile: boards drift but their span stays within what a legal position reaches") {
    int farthest = 0, widest = 0;
    for (std::uint64_t seed = 1; seed <= 2000; ++seed) {
        basic_game<action_tiles_at_start_rules> g(2 + static_cast<int>(seed % 5), seed);
        rng r(seed);
        while (!g.is_terminal()) {
            const auto choices = action_tile_choices(g);
            if (!g.action_this_turn() && !choices.empty() && r.below(2) == 0) {
                REQUIRE(g.apply(choices[r.below(static_cast<std::uint32_t>(choices.size()))]).ok());
                continue;
            }
            const auto moves = g.legal_moves();
            if (!moves.empty()) REQUIRE(g.place(moves[r.below(static_cast<std::uint32_t>(moves.size()))].move).ok());
            else if (g.can_exchange()) REQUIRE(g.exchange({*g.hand(g.current_player()).distinct().begin()}).ok());
            else REQUIRE(g.pass().ok());
            const auto box = g.board().bounding_box();
            farthest = std::max({farthest, -box.min.x, -box.min.y, box.max.x, box.max.y});
            widest = std::max({widest, box.max.x - box.min.x, box.max.y - box.min.y});
        }
    }
    MESSAGE("farthest coordinate reached: " << farthest << ", widest span: " << widest);
    CHECK(widest <= rules_traits<standard_rules>::reach);
}
