// The conformance suite of the one game interface (core/game_state.hpp), after OpenSpiel's
// RandomSimTest, run on both games and every rule set and edition: thousands of random games played
// through legal_actions only. After every step:
// - every listed action applies (all of them in some games, a sample in the others), and a listed
//   action is never refused;
// - a sample of actions not in the list (mutated, random) is refused, with the state unchanged;
// - apply(player, action) for a player who is not the one to act is refused as not_your_turn, unchanged;
// - a clone plays on exactly like the original; the tile state's undo record restores it exactly;
// - every seat's observation equals that of the state rebuilt from the actions so far; bad seats
//   give none;
// - pieces are conserved;
// and every game ends.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include <qwirkle/bots/cards.hpp>
#include <qwirkle/cards/cards.hpp>
#include <qwirkle/qwirkle.hpp>

#include "../scale.hpp"

namespace {

using namespace qwirkle;
using namespace qwirkle::literals;

static_assert(game_state<game> && game_state<state> && game_state<cards::game>);
static_assert(game_state<basic_game<mini_expansion_rules>> && game_state<basic_state<action_tiles_at_start_rules>>);
static_assert(game_state<cards::basic_game<cards::games999_rules>>);

// ---- the tile game -----------------------------------------------------------------------------

template <ruleset R>
struct tile_kit {
    using game_type = basic_game<R>;
    using action_type = basic_action<R>;
    using tile_type = tile_t<R>;
    static constexpr const char* name = "tiles";

    static game_type make(std::uint64_t seed, int players) { return game_type(game_config{players, seed, 0, {}, {}, {}}); }
    static int players_for(std::uint64_t seed) { return R::min_players + static_cast<int>(seed % (R::max_players - R::min_players + 1)); }
    static game_type rebuild(const game_type& g) {
        auto r = game_type::replay(g.config(), g.actions());
        REQUIRE(r.game);
        return *r.game;
    }
    /// What makes two actions the same action (a move is a set of placements).
    static std::string key(const game_type&, const action_type& a) {
        auto b = a;
        b.move = a.move.sorted();
        return to_string(b) + (a.move.overflowed() ? " +" : "");
    }
    /// Random actions, mostly illegal: mutations of listed ones and random ones.
    static std::vector<action_type> candidates(const game_type& g, const std::vector<action_type>& listed, rng& r) {
        std::vector<action_type> out;
        const auto pick = [&](int n) { return static_cast<int>(r.below(static_cast<std::uint32_t>(n))); };
        const auto random_tile = [&] { return detail::tile_at<tile_type>(pick(tile_type::kinds)); };
        const auto& hand = g.hand(g.current_player());
        for (int k = 0; k < 6 && !listed.empty(); ++k) {
            auto a = listed[static_cast<std::size_t>(pick(static_cast<int>(listed.size())))];
            if (a.kind == action_kind::place && !a.move.empty()) {
                basic_move<R> m;
                const int which = pick(a.move.size());
                for (int i = 0; i < a.move.size(); ++i) {
                    auto p = a.move[i];
                    if (i == which) {
                        switch (pick(3)) {
                            case 0: p.tile = random_tile(); break;
                            case 1: p.at.x += pick(3) - 1; break;
                            default: p.at.y += pick(5) - 2; break;
                        }
                    }
                    m.push_back(p);
                }
                if (pick(4) == 0) m.push_back({{m[0].at.x + 1, m[0].at.y}, random_tile()});
                a.move = m;
            } else if (a.kind == action_kind::exchange) {
                a.tiles.add(random_tile());
            }
            out.push_back(a);
        }
        basic_tile_multiset<tile_type> give;
        for (int i = 0, n = 1 + pick(7); i < n; ++i) give.add(random_tile());
        out.push_back(action_type::exchange(give));
        out.push_back(action_type::exchange({}));
        out.push_back(action_type::pass());
        out.push_back(action_type::draw_three());
        if (!g.board().empty()) out.push_back(action_type::take_tile(g.board().tile_cell(pick(g.board().size()))));
        out.push_back(action_type::take_tile({pick(200) - 100, pick(200) - 100}));
        if (!hand.empty()) {
            const tile_type t = *hand.distinct().begin();
            out.push_back(action_type::place(basic_move<R>{{cell{pick(11) - 5, pick(11) - 5}, t}}));
        }
        // Seven placements: more than a line holds (the move is overflowed, never truncated).
        basic_move<R> seven;
        for (int i = 0; i < 7; ++i) seven.push_back({{i, 0}, random_tile()});
        out.push_back(action_type::place(seven));
        return out;
    }
    /// Every piece is on the board, in a hand or in the bag.
    static void conserved(const game_type& g) {
        int n = g.board().size() + g.bag_size();
        for (int p = 0; p < g.players(); ++p) n += g.hand(p).size();
        const int specials_boxed = std::popcount(g.specials_revealed());
        CHECK(n + specials_boxed == rules_traits<R>::piece_count + std::popcount(g.special_tiles()));
    }
    static bool refused_as_not_your_turn(const typename game_type::error_type& e) { return e.rule == action_rule::not_your_turn; }
    /// The lean state's undo record restores it exactly.
    static void undo_restores(const game_type& g, const action_type& a) {
        auto s = g.state();
        const auto before = s;
        typename basic_state<R>::undo_record u;
        REQUIRE(s.apply(a, u).ok());
        REQUIRE(s.undo(u));
        CHECK(s == before);
        for (int p = 0; p < g.players(); ++p) CHECK(*s.observe(p) == *before.observe(p));
    }
};

// ---- the card game -----------------------------------------------------------------------------

template <cards::card_ruleset R>
struct card_kit {
    using game_type = cards::basic_game<R>;
    using action_type = cards::basic_action<R>;
    using card_type = cards::card_t<R>;
    static constexpr const char* name = "cards";

    /// Games with the actions applied so far (the card game keeps no replayable record itself).
    static game_type make(std::uint64_t seed, int players) { return game_type(players, seed); }
    static int players_for(std::uint64_t seed) { return R::min_players + static_cast<int>(seed % (R::max_players - R::min_players + 1)); }
    /// Turns with the same cards played and the same Qwirkles formed are one action (the rest of
    /// the arrangement does not matter to the rules); a turn whose result is not a valid
    /// arrangement of the table and the cards played is no action at all (checked here without
    /// the library's check_turn: every row valid, the cards exactly the table's and the played ones).
    static std::string key(const game_type& g, const action_type& a) {
        if (a.is_cannot_play()) return "cannot";
        auto expected = g.table().contents();
        expected += a.turn.played;
        bool valid = !a.turn.played.empty() && a.turn.result.contents() == expected && g.hand(g.current_player()).includes(a.turn.played);
        std::vector<std::string> qwirkles;
        for (const auto& r : a.turn.result.rows) {
            valid = valid && r.valid();
            if (r.is_qwirkle()) qwirkles.push_back(to_string(r));
        }
        if (!valid) return "invalid turn";
        std::sort(qwirkles.begin(), qwirkles.end());
        std::string k = "play " + to_string(a.turn.played);
        for (const auto& q : qwirkles) k += " / " + q;
        return k;
    }
    static std::vector<action_type> candidates(const game_type& g, const std::vector<action_type>& listed, rng& r) {
        std::vector<action_type> out;
        const auto pick = [&](int n) { return static_cast<int>(r.below(static_cast<std::uint32_t>(n))); };
        const auto& hand = g.hand(g.current_player());
        // A legal arrangement of a random part of the hand, when there is one (it must be listed).
        cards::cards_t<R> part;
        hand.for_each([&](card_type c) {
            if (pick(3) == 0) part.add(c);
        });
        if (!part.empty())
            if (auto t = cards::arrange(g.table(), part)) out.push_back(action_type::play(*t));
        // Broken turns: a listed turn with a row dropped or a card added from nowhere.
        for (int k = 0; k < 3 && !listed.empty(); ++k) {
            auto a = listed[static_cast<std::size_t>(pick(static_cast<int>(listed.size())))];
            if (a.is_cannot_play()) continue;
            if (!a.turn.result.rows.empty() && pick(2) == 0) a.turn.result.rows.pop_back();
            else a.turn.played.add(detail::tile_at<card_type>(pick(cards::card_traits<R>::kinds)));
            out.push_back(a);
        }
        out.push_back(action_type::cannot_play());
        out.push_back(action_type::play({}));
        return out;
    }
    static void conserved(const game_type& g) {
        int n = g.table().card_count() + g.pile_size();
        for (int p = 0; p < g.players(); ++p) n += g.hand(p).size() + 6 * g.qwirkles(p);
        CHECK(n == cards::card_traits<R>::kinds * R::copies);
    }
    static bool refused_as_not_your_turn(const typename game_type::error_type& e) { return e.error == cards::action_error::not_your_turn; }
    static void undo_restores(const game_type&, const action_type&) {}
};

template <class G>
void same_observations(const G& a, const G& b) {
    for (int p = 0; p < a.players(); ++p) CHECK(*a.observe(p) == *b.observe(p));
}

/// One random game through the interface, every check after every step. `all_listed`: apply every
/// listed action to a clone (else a sample of 6).
template <class Kit>
void conformance_game(std::uint64_t seed, bool all_listed, int max_steps, long& steps, long& refused) {
    using G = typename Kit::game_type;
    using A = typename Kit::action_type;
    rng r(seed * 7919 + 1);
    G g = Kit::make(seed, Kit::players_for(seed));
    G fresh = Kit::make(seed, g.players());
    std::vector<A> applied;
    CAPTURE(seed);
    for (int step = 0; !g.is_terminal(); ++step) {
        REQUIRE(step < max_steps);
        CAPTURE(step);
        const int me = g.current_player();
        REQUIRE(me >= 0);
        REQUIRE(me < g.players());
        const std::vector<A> listed = g.legal_actions();
        REQUIRE(!listed.empty());
        std::map<std::string, int> keys;
        for (const auto& a : listed) CHECK(++keys[Kit::key(g, a)] == 1);  // each action listed once
        // Listed actions apply.
        for (std::size_t i = 0; i < listed.size(); ++i) {
            if (!all_listed && listed.size() > 6 && r.below(static_cast<std::uint32_t>(listed.size())) >= 6) continue;
            G c = g;
            const auto e = c.apply(me, listed[i]);
            REQUIRE_MESSAGE(e.ok(), e.describe());
            Kit::undo_restores(g, listed[i]);
        }
        // Unlisted actions are refused and change nothing; listed ones among the candidates apply.
        for (const auto& a : Kit::candidates(g, listed, r)) {
            G c = g;
            const auto e = c.apply(me, a);
            const std::string k = Kit::key(g, a);
            if (keys.count(k)) {
                CHECK_MESSAGE(e.ok(), e.describe());
            } else {
                CHECK_MESSAGE(!e.ok(), k);
                CHECK(c == g);
                ++refused;
            }
        }
        // Not your turn.
        for (int other : {me + 1, me - 1, g.players(), -1, 1000}) {
            if (other == me || (other >= 0 && other < g.players() && g.players() == 1)) continue;
            G c = g;
            const auto e = c.apply(other, listed.front());
            CHECK(!e.ok());
            CHECK(Kit::refused_as_not_your_turn(e));
            CHECK(c == g);
        }
        // Bad seats observe nothing; good ones match the state rebuilt from the actions.
        CHECK(!g.observe(-1));
        CHECK(!g.observe(g.players()));
        if (r.below(8) == 0) {
            G rebuilt = fresh;
            for (const auto& a : applied) REQUIRE(rebuilt.apply(a).ok());
            CHECK(rebuilt == g);
            same_observations(rebuilt, g);
        }
        // Play a listed action on the game and on a clone: they stay equal.
        const A a = listed[static_cast<std::size_t>(r.below(static_cast<std::uint32_t>(listed.size())))];
        G clone = g;
        REQUIRE(g.apply(me, a).ok());
        REQUIRE(clone.apply(a).ok());
        CHECK(clone == g);
        applied.push_back(a);
        Kit::conserved(g);
        ++steps;
    }
    CHECK(g.current_player() == no_player);
    CHECK(g.legal_actions().empty());
    double total = 0;
    for (double x : g.returns()) total += x;
    CHECK(total == doctest::Approx(1.0));
    G rebuilt = fresh;
    for (const auto& a : applied) REQUIRE(rebuilt.apply(a).ok());
    CHECK(rebuilt == g);
    same_observations(rebuilt, g);
}

template <class Kit>
void conformance(int games, int all_listed_games, int max_steps) {
    games = qwirkle_test::scaled(games);  // (the sanitizer build runs fewer)
    long steps = 0, refused = 0;
    for (int i = 0; i < games; ++i)
        conformance_game<Kit>(static_cast<std::uint64_t>(1000 + i), i < all_listed_games, max_steps, steps, refused);
    MESSAGE(std::string(Kit::name) << ": " << games << " games, " << steps << " steps, " << refused << " unlisted actions refused");
}

}  // namespace

TEST_CASE("conformance: tile game, standard rules, 2-6 players") { conformance<tile_kit<standard_rules>>(200, 8, 3000); }
TEST_CASE("conformance: tile game, classic rules") { conformance<tile_kit<classic_rules>>(60, 3, 3000); }
TEST_CASE("conformance: tile game, 5-6 players") { conformance<tile_kit<five_six_player_rules>>(60, 3, 3000); }
TEST_CASE("conformance: tile game, mini-expansions") { conformance<tile_kit<mini_expansion_rules>>(120, 5, 3000); }
TEST_CASE("conformance: tile game, mini-expansions variant 1 (take a tile only)") {
    conformance<tile_kit<mini_expansion_subset_rules<action_bit(action_tile::take_tile)>>>(60, 3, 3000);
}
TEST_CASE("conformance: tile game, action tiles from the start") { conformance<tile_kit<action_tiles_at_start_rules>>(120, 5, 3000); }
TEST_CASE("conformance: card game, Schmidt edition") { conformance<card_kit<cards::schmidt_rules>>(20, 2, 2000); }
TEST_CASE("conformance: card game, 999 Games edition") { conformance<card_kit<cards::games999_rules>>(20, 2, 2000); }

// ---- observations hold no hidden information ---------------------------------------------------

TEST_CASE("observations: states that differ only in what a player cannot see give equal observations (tile game)") {
    int differing = 0;
    for (std::uint64_t seed = 1; seed <= 200; ++seed) {
        basic_state<mini_expansion_rules> s(2 + static_cast<int>(seed % 3), seed);
        rng r(seed);
        for (int step = 0; !s.is_terminal() && step < 40; ++step) {
            const auto acts = s.legal_actions();
            REQUIRE(s.apply(acts[r.below(static_cast<std::uint32_t>(acts.size()))]).ok());
        }
        for (int p = 0; p < s.players(); ++p) {
            const auto d = s.redeal_hidden(p, r);
            CHECK(*d.observe(p) == *s.observe(p));
            CHECK(d.hand(p) == s.hand(p));
            bool hidden_differs = d.bag_contents() != s.bag_contents();
            for (int q = 0; q < s.players(); ++q) hidden_differs = hidden_differs || (q != p && d.hand(q) != s.hand(q));
            differing += hidden_differs;
            // What the others see does change: the observation is this player's alone.
            for (int q = 0; q < s.players(); ++q)
                if (q != p && d.hand(q) != s.hand(q)) CHECK(!(*d.observe(q) == *s.observe(q)));
        }
    }
    CHECK(differing > 100);
}

TEST_CASE("determinize: a state built from an observation shows the observer exactly that observation") {
    long built = 0;
    for (std::uint64_t seed = 1; seed <= 150; ++seed) {
        basic_state<mini_expansion_rules> s(2 + static_cast<int>(seed % 5), seed);
        rng r(seed);
        for (int step = 0; !s.is_terminal() && step < 200; ++step) {
            if (step % 7 == 0)
                for (int p = 0; p < s.players(); ++p) {
                    const auto o = *s.observe(p);
                    const auto d = basic_state<mini_expansion_rules>::determinize(o, r);
                    REQUIRE(d);
                    CHECK(*d->observe(p) == o);
                    CHECK(d->legal_actions().size() == (o.current_player == p ? s.legal_actions().size() : d->legal_actions().size()));
                    ++built;
                }
            const auto acts = s.legal_actions();
            REQUIRE(s.apply(acts[r.below(static_cast<std::uint32_t>(acts.size()))]).ok());
        }
    }
    MESSAGE(built << " states built from observations");
    // An observation no game of the rule set can show is refused (empty, never an exception):
    // sizes that do not add up, a seat or a hand size the game does not have.
    const auto seen = *state(2, 1).observe(0);
    rng r(1);
    auto o = seen;
    o.bag_size += 1;
    CHECK(!state::determinize(o, r));
    for (const int limit : {-1, 0, 55, 64, 65, 1000}) {  // (two hands of 55 need 110 tiles)
        CAPTURE(limit);
        o = seen;
        o.hand_limit = limit;
        CHECK_NOTHROW(CHECK(!state::determinize(o, r)));
    }
    o = seen;
    o.hand_limit = 54;  // (the largest two hands of the 108 tiles)
    const auto d = state::determinize(o, r);
    REQUIRE(d);
    CHECK(*d->observe(0) == o);
    for (const int seat : {-1, 2}) {
        CAPTURE(seat);
        o = seen;
        o.player = seat;
        CHECK(!state::determinize(o, r));
        o = seen;
        o.current_player = seat;  // (a state with it would index its hands out of range)
        CHECK(!state::determinize(o, r));
    }
    // A hand size below 0, the bag's count raised to keep the sum: no game shows it.
    o = seen;
    o.hand_sizes[1] = -2;
    o.bag_size += 8;
    CHECK(!state::determinize(o, r));
    // Tiles the game does not have: two unseen tiles swapped for copies of R1 (five in all), the
    // sizes unchanged; and a board holding a fourth copy of a tile (its three still unseen or held).
    o = seen;
    REQUIRE(o.unseen.count("R1"_t) + o.hand.count("R1"_t) == 3);
    for (int k = 0; k < 2; ++k) {
        tile other{};
        for (const tile t : o.unseen.distinct())
            if (t != "R1"_t) other = t;
        o.unseen.remove(other);
        o.unseen.add("R1"_t);
    }
    CHECK(!state::determinize(o, r));
    o = seen;
    REQUIRE(o.board.place({0, 0}, *o.unseen.distinct().begin()));  // (the sizes still add up: the board is not among them)
    CHECK(!state::determinize(o, r));
    o = seen;
    o.turn = -1;
    CHECK(!state::determinize(o, r));
    o = seen;
    o.passes = -1;
    CHECK(!state::determinize(o, r));
}

TEST_CASE("observations: states that differ only in what a player cannot see give equal observations (card game)") {
    int differing = 0;
    for (std::uint64_t seed = 1; seed <= 100; ++seed) {
        cards::game g(2 + static_cast<int>(seed % 3), seed);
        cards::greedy_card_bot bot;
        rng r(seed);
        for (int step = 0; !g.is_terminal() && step < 5; ++step) REQUIRE(g.apply(bot.choose(*g.observe(g.current_player()), r)).ok());
        for (int p = 0; p < g.players(); ++p) {
            const auto d = g.redeal_hidden(p, r);
            CHECK(*d.observe(p) == *g.observe(p));
            bool hidden_differs = d.pile_contents() != g.pile_contents();
            for (int q = 0; q < g.players(); ++q) hidden_differs = hidden_differs || (q != p && d.hand(q) != g.hand(q));
            differing += hidden_differs;
        }
    }
    CHECK(differing > 50);
}

TEST_CASE("observations are values: they outlive the game and share nothing with it") {
    observation kept;
    move_stats moves_then;
    {
        game g(2, 5);
        kept = *g.observe(g.current_player());
        moves_then = count_moves(kept.board, kept.hand, kept.move_options());
        const observation before = kept;
        REQUIRE(g.apply(g.legal_actions().front()).ok());
        CHECK(kept == before);  // the game moved on; the observation did not
        // Changing the observation's board changes nothing in the game.
        const auto board_before = g.board();
        CHECK(kept.board.place({0, 0}, *kept.hand.distinct().begin()));
        CHECK(g.board() == board_before);
        kept = before;
    }
    // The game is gone: the observation still answers every rules query (no dangling pointer: the
    // ASan build of this suite checks it).
    CHECK(count_moves(kept.board, kept.hand, kept.move_options()) == moves_then);
    CHECK(best_placement(kept).has_value() == (moves_then.moves > 0));
}
