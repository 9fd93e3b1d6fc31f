// fuzz_tile_game: whole tile games driven by the fuzzer's bytes, for every rule set (standard,
// classic, 5–6 players, mini-expansions in all their forms, a free opening, a tiny game that stalls,
// a bounded board), through the one game_state interface (basic_game and basic_state: apply(player,
// action), legal_actions). Each step is an action of any kind, most of them illegal: a legal action,
// a mutated one, a placement, exchange, pass, draw-three or take-a-tile built from the bytes, or a
// legal action for the wrong seat. Properties after every step:
//   - a refused action left the game (operator==, history size) exactly as it was: equal to a twin
//     game fed only the accepted actions; check() gave the same verdict as apply();
//   - an accepted action played on the twin gives an equal game (apply is deterministic); on a
//     basic_state copy it gives the same state, and undo(undo_record) restores it;
//   - pieces are conserved: board + hands + bag hold every tile exactly `copies` times;
//   - legal_actions() is empty exactly when the game is over, and each of them passes check();
//   - observe/determinize round-trip; at the end, replay of the history gives an equal game.
// Cost per input: the legal actions (hundreds of placements and exchanges) are walked only on the
// steps that need one (a legal action, a mutated legal placement) or that the bytes pick for the full
// check (every legal action through check(): about one step in eight), without storing them when one
// is picked, and a game is at most max_steps steps. Half the inputs first fast-forward their game by
// up to 127 turns of the random bot (cheap: no checks), so that short inputs reach late-game states.
#define DOCTEST_CONFIG_DISABLE
#include "support.hpp"

#include "fuzz_support.hpp"

#include <bit>
#include <optional>
#include <vector>

using namespace qwirkle;
using qwirkle_fuzz::bytes;
using qwirkle_fuzz::pick;

namespace {

struct free_opening_rules : standard_rules {
    static constexpr opening_rule opening = opening_rule::free;
};
/// 2 colours × 2 shapes × 3 copies, hands of one: games that stall with tiles in the bag.
using qwirkle_test::tiny_rules;  // (tests/tiles/support.hpp)

template <class G>
void conserved(const G& g) {
    using R = typename G::rules_type;
    using T = tile_t<R>;
    std::array<int, T::kinds> n{};
    g.board().for_each_tile([&](cell, T t) { ++n[static_cast<std::size_t>(t.index())]; });
    for (int p = 0; p < g.players(); ++p) g.hand(p).for_each([&](T t) { ++n[static_cast<std::size_t>(t.index())]; });
    g.bag_contents().for_each([&](T t) { ++n[static_cast<std::size_t>(t.index())]; });
    for (int k = 0; k < T::kinds; ++k) FUZZ_CHECK(n[static_cast<std::size_t>(k)] == R::copies, "tile %d: %d copies", k, n[static_cast<std::size_t>(k)]);
    FUZZ_CHECK((g.specials_revealed() & ~g.special_tiles()) == 0);
    FUZZ_CHECK(g.is_terminal() == (g.current_player() == no_player));
}

template <ruleset R, int Radius>
cell some_cell(bytes& in, const basic_board<R, Radius>& b) {
    std::vector<cell> cells;
    b.for_each_tile([&](cell c, tile_t<R>) { cells.push_back(c); });
    cell c{};
    if (!cells.empty() && pick(in, 0, 7) != 0) c = cells[static_cast<std::size_t>(pick(in, 0, static_cast<int>(cells.size()) - 1))];
    if (pick(in, 0, 15) == 0)  // far away (within +-2^30, so that the steps below never overflow)
        return cell{pick(in, -(1 << 30), 1 << 30), pick(in, -(1 << 30), 1 << 30)};
    return cell{c.x + pick(in, -3, 3), c.y + pick(in, -3, 3)};
}

/// `legal_moves()` lists the legal placements (once per step, only when needed).
template <ruleset R, int Radius, class Legal>
basic_action<R> built_action(bytes& in, const basic_game<R, Radius>& g, Legal&& legal_moves) {
    using A = basic_action<R>;
    using T = tile_t<R>;
    const int seat = g.is_terminal() ? 0 : g.current_player();
    const auto& hand = g.hand(seat);
    switch (pick(in, 0, 6)) {
        case 0: {  // a placement from the bytes: a run of cells from one cell, sometimes bent
            basic_move<R> m;
            cell c = some_cell(in, g.board());
            const bool row = in.ConsumeBool();
            const int n = pick(in, 1, rules_traits<R>::max_line + 1);
            for (int k = 0; k < n; ++k) {
                m.push_back({c, qwirkle_fuzz::tile_from<T>(in, hand)});
                const int step = pick(in, 0, 9) == 0 ? pick(in, -2, 2) : 1;
                c = row ? cell{c.x + step, c.y + (pick(in, 0, 15) == 0)} : cell{c.x + (pick(in, 0, 15) == 0), c.y + step};
            }
            return A::place(m);
        }
        case 1: {  // a legal placement mutated
            const std::vector<basic_move<R>>& moves = legal_moves();
            if (moves.empty()) return A::pass();
            basic_move<R> m = moves[static_cast<std::size_t>(pick(in, 0, static_cast<int>(moves.size()) - 1))];
            basic_move<R> out;
            const int k = pick(in, 0, m.size() - 1);
            for (int i = 0; i < m.size(); ++i) {
                auto p = m[i];
                if (i == k) {
                    switch (pick(in, 0, 3)) {
                        case 0: p.tile = qwirkle_fuzz::any_tile<T>(in); break;
                        case 1: p.at = cell{p.at.x + pick(in, -1, 1), p.at.y + pick(in, -1, 1)}; break;
                        case 2: continue;  // dropped
                        default: out.push_back(p); break;  // doubled
                    }
                }
                out.push_back(p);
            }
            if (pick(in, 0, 3) == 0) out.push_back({some_cell(in, g.board()), qwirkle_fuzz::tile_from<T>(in, hand)});
            return A::place(out);
        }
        case 2: {  // an exchange: part of the hand, sometimes with foreign tiles
            auto give = qwirkle_fuzz::part_of<T>(in, hand);
            for (int k = pick(in, 0, 3); k > 0; --k) give.add(qwirkle_fuzz::any_tile<T>(in));
            return A::exchange(give);
        }
        case 3: return A::pass();
        case 4: return A::draw_three();
        case 5: return A::take_tile(some_cell(in, g.board()));
        default: {  // an empty placement, or one of many tiles on one cell
            basic_move<R> m;
            const cell c = some_cell(in, g.board());
            for (int k = pick(in, 0, 2); k > 0; --k) m.push_back({c, qwirkle_fuzz::tile_from<T>(in, hand)});
            return A::place(m);
        }
    }
}

template <ruleset R, int Radius>
void play(bytes& in) {
    using game_type = basic_game<R, Radius>;
    using state_type = basic_state<R, Radius>;
    game_config c;
    c.players = pick(in, R::min_players - 1, R::max_players + (pick(in, 0, 7) == 0));
    c.seed = in.ConsumeIntegral<std::uint64_t>();
    if constexpr (basic_board<R, Radius>::limited)  // mostly hands whose opening the small board holds
        c.hand_size = pick(in, -1, Radius + 2);
    else if (pick(in, 0, 3) == 0)
        c.hand_size = pick(in, -1, 12);
    if (pick(in, 0, 3) == 0)
        for (int p = 0; p < c.players; ++p) c.ages.push_back(pick(in, 0, 99));
    if (pick(in, 0, 3) == 0) c.special_tiles = static_cast<unsigned>(pick(in, 0, 4));
    if (pick(in, 0, 3) == 0) c.starting_actions = static_cast<unsigned>(pick(in, 0, 4));
    if (!game_type::validate(c).empty()) {
        bool threw = false;
        try {
            game_type g(c);
        } catch (const std::invalid_argument&) {
            threw = true;
        }
        FUZZ_CHECK(threw);
        return;
    }
    game_type g(c);
    conserved(g);
    // Fast-forward (half the inputs): up to 127 turns of the random bot (a uniform legal placement,
    // else an exchange or a pass: one move-generation walk a turn, each action must be accepted), so
    // that short inputs reach the middle and the end of a game, where the bag runs out.
    if (in.ConsumeBool()) {
        basic_random_bot<R, Radius> bot;
        rng r(c.seed);
        for (int k = pick(in, 1, 127); k > 0 && !g.is_terminal(); --k) {
            const int p = g.current_player();
            const auto a = bot.choose(*g.observe(p), r);
            const auto e = g.apply(p, a);
            FUZZ_CHECK(e.ok(), "the random bot's action refused: %s (%s)", to_string(a).c_str(), e.describe().c_str());
        }
        conserved(g);
    }
    game_type twin = g;  // fed only the accepted actions: a refused one must leave g equal to it
    constexpr int max_steps = 256;
    for (int step = 0; step < max_steps && in.remaining_bytes() > 0; ++step) {
        const int op = pick(in, 0, 15);
        const bool full = pick(in, 0, 7) == 0;  // this step checks every legal action
        // Legal placements are listed only when the step needs them (a mutated legal placement; not
        // the whole action list: with big hands its thousands of exchanges were most of this
        // target's time), the legal actions walked once without storing them when it needs one
        // (op < 7: one picked uniformly by a random stream seeded from the bytes), and each checked
        // on the steps `full` picks.
        std::vector<basic_move<R>> legal;
        bool listed = false;
        const auto legal_moves = [&]() -> const std::vector<basic_move<R>>& {
            if (!listed) {
                listed = true;
                std::size_t actions = 0;
                g.for_each_legal_action([&](const basic_action<R>& a) {
                    ++actions;
                    if (a.kind == action_kind::place) legal.push_back(a.move);
                });
                FUZZ_CHECK(g.is_terminal() == (actions == 0));
            }
            return legal;
        };
        std::optional<basic_action<R>> chosen;
        if (full || op < 7) {
            rng r(op < 7 ? in.ConsumeIntegral<std::uint64_t>() : 0);
            std::uint32_t n = 0;
            g.for_each_legal_action([&](const basic_action<R>& a) {
                ++n;
                if (full) FUZZ_CHECK(g.check(a).ok(), "legal action refused: %s", to_string(a).c_str());
                if (op < 7 && r.below(n) == 0) chosen = a;
            });
            FUZZ_CHECK(g.is_terminal() == (n == 0));
        }
        if (op == 15) {  // observations: each determinises into a state that observes the same
            const int p = pick(in, -1, g.players());
            const auto o = g.observe(p);
            FUZZ_CHECK(o.has_value() == (p >= 0 && p < g.players()));
            if (o) {
                rng r(in.ConsumeIntegral<std::uint64_t>());
                const auto d = state_type::determinize(*o, r);
                FUZZ_CHECK(d.has_value());
                FUZZ_CHECK(d->observe(p) == o);
                FUZZ_CHECK(g.state().redeal_hidden(p, r).observe(p) == o);
                // With the other seats' true hands known, it deals exactly those.
                std::vector<typename state_type::hand_type> known(static_cast<std::size_t>(g.players()));
                for (int q = 0; q < g.players(); ++q)
                    if (q != p) known[static_cast<std::size_t>(q)] = g.state().hand(q);
                const auto k = state_type::determinize(*o, r, known);
                FUZZ_CHECK(k.has_value());
                FUZZ_CHECK(k->observe(p) == o);
                for (int q = 0; q < g.players(); ++q) FUZZ_CHECK(k->hand(q) == g.state().hand(q));
            }
            continue;
        }
        int player = g.current_player();
        basic_action<R> a;
        if (chosen) {
            a = *chosen;
        } else {
            a = built_action(in, g, legal_moves);
        }
        if (op == 14) player = pick(in, -1, g.players());
        const auto verdict = g.check(player, a);
        const auto e = g.apply(player, a);
        FUZZ_CHECK(e.rule == verdict.rule);
        FUZZ_CHECK(!e.describe().empty());
        if (!e.ok()) {
            FUZZ_CHECK(g == twin && g.history().size() == twin.history().size(),
                       "refused action changed the game: %s (%s)", to_string(a).c_str(), e.describe().c_str());
            FUZZ_CHECK(!(chosen && player == twin.current_player()), "legal action refused by apply");
            continue;
        }
        FUZZ_CHECK(player == twin.current_player());
        FUZZ_CHECK(g.history().size() == twin.history().size() + 1);
        // The same action on a bare state, with its undo record.
        state_type s = twin.state();
        typename state_type::undo_record u;
        FUZZ_CHECK(s.apply(a, u).ok());
        FUZZ_CHECK(s == g.state());
        FUZZ_CHECK(s.undo(u));
        FUZZ_CHECK(s == twin.state());
        FUZZ_CHECK(!s.undo(u));
        FUZZ_CHECK(twin.apply(player, a).ok());
        FUZZ_CHECK(g == twin && g.history().size() == twin.history().size(), "the same action played twice differs");
        conserved(g);
    }
    const auto r = game_type::replay(c, g.actions());
    FUZZ_CHECK(r.game.has_value() && *r.game == g);
    if (!g.history().empty() && pick(in, 0, 1)) {
        auto u = g;
        FUZZ_CHECK(u.undo());
        FUZZ_CHECK(u.history().size() + 1 == g.history().size());
        conserved(u);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    bytes in(data, size);
    switch (in.ConsumeIntegralInRange<int>(0, 9)) {
        case 0: play<standard_rules, unlimited_radius>(in); break;
        case 1: play<classic_rules, unlimited_radius>(in); break;
        case 2: play<five_six_player_rules, unlimited_radius>(in); break;
        case 3: play<mini_expansion_rules, unlimited_radius>(in); break;
        case 4: play<mini_expansion_subset_rules<1>, unlimited_radius>(in); break;
        case 5: play<mini_expansion_subset_rules<2>, unlimited_radius>(in); break;
        case 6: play<action_tiles_at_start_rules, unlimited_radius>(in); break;
        case 7: play<free_opening_rules, unlimited_radius>(in); break;
        case 8: play<tiny_rules, unlimited_radius>(in); break;
        default: play<standard_rules, 4>(in); break;
    }
    return 0;
}
