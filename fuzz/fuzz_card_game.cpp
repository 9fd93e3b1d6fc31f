// fuzz_card_game: whole card games driven by the fuzzer's bytes, for both editions (Schmidt 2014,
// 999 Games 2015) and a small edition, through the one game_state interface (apply(player, action),
// legal_actions). Each step is an action of any kind, most of them illegal: a legal action, the best
// turn, an arrangement of part of the hand, a turn built from the bytes, cannot-play, or any of
// these for the wrong seat. Properties after every step:
//   - a refused action left the game exactly as it was (operator== and history size against a twin
//     game fed only the accepted actions), check() gave the same verdict as apply(), and a legal
//     action (from legal_actions, or the best turn) is never refused;
//   - an accepted action played on the twin gives an equal game (apply is deterministic);
//   - cards are conserved: table + hands + pile + collected Qwirkles hold every card `copies` times;
//   - legal_actions() is empty exactly when the game is over, and check() accepts each of them;
//     redeal_hidden keeps the observation.
// Cost per input: legal_actions() lists every distinct outcome of every playable part of the hand
// (seconds under ASan with 9 cards), so it runs on at most one step per input, the one the bytes
// choose (op 0), and whole only when the hand has at most few_parts playable parts (or none, or in
// the opening, or once the game is over); otherwise that step lists the outcomes of a part of at most
// two cards of the hand (for_each_outcome, the function legal_actions() calls), each a legal turn.
// The solver's other calls (best turn, arrange) are one per step, and a game is at most max_steps
// steps.
#include "fuzz_card_turns.hpp"

#include <array>
#include <vector>

using namespace qwirkle_fuzz;

namespace {

template <qc::card_ruleset R>
void conserved(const qc::basic_game<R>& g) {
    using card = qc::card_t<R>;
    auto all = g.table().contents();
    all += g.pile_contents();
    for (int p = 0; p < g.players(); ++p) {
        all += g.hand(p);
        FUZZ_CHECK(g.hand(p).size() <= R::hand_size);
        for (const auto& r : g.collected(p)) {
            FUZZ_CHECK(r.is_qwirkle());
            for (const card c : r) all.add(c);
        }
    }
    FUZZ_CHECK(all == qc::cards_t<R>::full(R::copies));
    FUZZ_CHECK(g.table().valid());
    FUZZ_CHECK(g.is_terminal() == (g.current_player() == qwirkle::no_player));
}

template <qc::card_ruleset R>
void play(bytes& in) {
    using game_type = qc::basic_game<R>;
    using action = typename game_type::action_type;
    using card = qc::card_t<R>;
    const int players = pick(in, R::min_players - 1, R::max_players + (pick(in, 0, 7) == 0));
    std::vector<int> ages;
    if (pick(in, 0, 3) == 0)
        for (int p = pick(in, 0, players + 1); p > 0; --p) ages.push_back(pick(in, 0, 99));
    const auto seed = in.ConsumeIntegral<std::uint64_t>();
    if (!game_type::validate(players, ages).empty()) {
        bool threw = false;
        try {
            game_type g(players, seed, ages);
        } catch (const std::invalid_argument&) {
            threw = true;
        }
        FUZZ_CHECK(threw);
        return;
    }
    game_type g(players, seed, ages);
    game_type twin = g;  // fed only the accepted actions: a refused one must leave g equal to it
    conserved(g);
    bool enumerated = false;  // legal_actions() listed once per input at most (see above)
    constexpr int max_steps = 96;
    constexpr int few_parts = 8;  // playable parts of the hand up to which legal_actions() is listed whole
    for (int step = 0; step < max_steps && in.remaining_bytes() > 0; ++step) {
        const int op = pick(in, 0, 11);
        const int seat = g.is_terminal() ? 0 : g.current_player();
        const auto& hand = g.hand(seat);
        int player = g.current_player();
        action a = action::cannot_play();
        bool must_pass = false;
        if (op == 0 && !enumerated) {  // every legal action accepted by check; play one of them
            enumerated = true;
            std::vector<action> legal;
            if (g.is_terminal() || (g.opening() && R::first_turn == qc::first_turn_rule::largest_group) ||
                qc::count_playable_subsets(g.table(), hand) <= few_parts) {
                legal = g.legal_actions();
                FUZZ_CHECK(g.is_terminal() == legal.empty());
            } else {  // many playable parts: the outcomes of a part of at most 2 cards of the hand (each one a legal turn)
                qc::cards_t<R> part, rest = hand;
                for (int k = pick(in, 1, 2); k > 0; --k) {
                    const card x = tile_from<card>(in, rest);
                    part.add(x);
                    rest.remove(x);
                }
                if (hand.includes(part))
                    qc::for_each_outcome(g.table(), part, [&](const qc::basic_turn<R>& t) { legal.push_back(action::play(t)); });
            }
            for (const auto& l : legal) FUZZ_CHECK(g.check(l).ok(), "legal action refused: %s", g.check(l).describe().c_str());
            if (!legal.empty()) {
                a = legal[static_cast<std::size_t>(pick(in, 0, static_cast<int>(legal.size()) - 1))];
                must_pass = true;
            }
        } else if (op <= 4) {  // the best turn (legal but for Schmidt's opening), or cannot-play
            if (const auto b = qc::best_turn(g.table(), hand, pick(in, 0, 1) ? qc::objective::qwirkles_then_cards
                                                                              : qc::objective::cards_then_qwirkles))
                a = action::play(*b);
            must_pass = !g.is_terminal() && !(g.opening() && R::first_turn == qc::first_turn_rule::largest_group);
        } else if (op <= 6) {  // part of the hand, arranged
            if (const auto t = qc::arrange(g.table(), part_of<card>(in, hand))) a = action::play(*t);
        } else if (op <= 9) {
            a = action::play(turn_from<R>(in, g.table(), hand));
        } else if (op == 10) {
            player = pick(in, -1, g.players());
            if (pick(in, 0, 1)) a = action::play(turn_from<R>(in, g.table(), hand));
        } else {
            const int p = pick(in, -1, g.players());
            const auto o = g.observe(p);
            FUZZ_CHECK(o.has_value() == (p >= 0 && p < g.players()));
            if (o) {
                qwirkle::rng r(in.ConsumeIntegral<std::uint64_t>());
                FUZZ_CHECK(g.redeal_hidden(p, r).observe(p) == o);
            }
            continue;
        }
        const auto verdict = g.check(player, a);
        const auto e = g.apply(player, a);
        FUZZ_CHECK(e.error == verdict.error);
        FUZZ_CHECK(!e.describe().empty());
        if (!e.ok()) {
            FUZZ_CHECK(g == twin && g.history().size() == twin.history().size(),
                       "refused action changed the game: %s", e.describe().c_str());
            FUZZ_CHECK(!must_pass, "legal action refused: %s", e.describe().c_str());
            continue;
        }
        FUZZ_CHECK(player == twin.current_player());
        FUZZ_CHECK(g.history().size() > twin.history().size());
        FUZZ_CHECK(twin.apply(player, a).ok());
        FUZZ_CHECK(g == twin && g.history().size() == twin.history().size(), "the same action played twice differs");
        conserved(g);
    }
    if (g.is_terminal()) FUZZ_CHECK(g.legal_actions().empty());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    bytes in(data, size);
    switch (in.ConsumeIntegralInRange<int>(0, 2)) {
        case 0: play<qc::schmidt_rules>(in); break;
        case 1: play<qc::games999_rules>(in); break;
        default: play<mini_card_rules>(in); break;
    }
    return 0;
}
