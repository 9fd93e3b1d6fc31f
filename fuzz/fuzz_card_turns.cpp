// fuzz_card_turns: card-game turns on tables and hands built from the fuzzer's bytes, for the
// standard editions and two small ones. Properties:
//   - check_turn on a fuzzer-built turn agrees with the rules written out plainly;
//   - best_turn (both objectives) finds a turn exactly when can_play says one exists, the turn passes
//     check_turn, and each objective is at least as good as the other on its own first criterion;
//     arrange of the best turn's cards reaches its Qwirkles;
//   - arrange(table, cards): an arrangement returned passes check_turn and plays exactly those cards;
//     with no cards, it is a valid arrangement of the table alone;
//   - playable_subsets: count_playable_subsets agrees, it is empty exactly when can_play is false,
//     a part listed can be arranged, and a part of the hand is listed exactly when arrange finds it.
// Cost per input: each solver call costs about a millisecond under ASan, so each input asks one of
// the three questions (best_turn: half the inputs; arrange; playable parts), as its bytes choose,
// and the last one checks a few parts the bytes choose (listed ones and any sub-multisets of the
// hand), not all 2^9 of them.
#include "fuzz_card_turns.hpp"

#include <vector>

using namespace qwirkle_fuzz;

namespace {

template <qc::card_ruleset R>
void run(bytes& in) {
    using card = qc::card_t<R>;
    qc::cards_t<R> all;
    const auto table = table_from<R>(in, all);
    const auto hand = hand_from<R>(in, all, R::hand_size + 3);

    // A built turn against the plain rules.
    const auto t = turn_from<R>(in, table, hand);
    const auto v = qc::check_turn(table, hand, t);
    FUZZ_CHECK(v.ok() == plain_turn_ok(table, hand, t), "check_turn says %s", v.describe().c_str());
    FUZZ_CHECK(!v.describe().empty());

    const bool playable = qc::can_play(table, hand);
    const auto position = [&] { return qc::to_string(qc::basic_position<R>{table, hand}); };
    // One of the solver's questions per input (the bytes choose): best_turn, arrange, playable parts.
    const int focus = pick(in, 0, 3);

    // best_turn, both objectives.
    if (focus <= 1) {
        const auto q = qc::best_turn(table, hand, qc::objective::qwirkles_then_cards);
        const auto c = qc::best_turn(table, hand, qc::objective::cards_then_qwirkles);
        FUZZ_CHECK(q.has_value() == playable && c.has_value() == playable, "can_play %d, best_turn %d %d: %s", playable,
                   q.has_value(), c.has_value(), position().c_str());
        if (playable) {
            for (const auto* b : {&*q, &*c}) {
                const auto bv = qc::check_turn(table, hand, *b);
                FUZZ_CHECK(bv.ok(), "best_turn breaks: %s", bv.describe().c_str());
                FUZZ_CHECK(plain_turn_ok(table, hand, *b));
            }
            FUZZ_CHECK(q->qwirkles() >= c->qwirkles());
            FUZZ_CHECK(c->cards() >= q->cards());
            FUZZ_CHECK(q->qwirkles() > c->qwirkles() || q->cards() == c->cards());
            const auto a = qc::arrange(table, q->played);
            FUZZ_CHECK(a.has_value() && a->qwirkles() == q->qwirkles());
        }
    }

    // arrange, on a part of the hand (sometimes with foreign cards).
    if (focus == 2) {
        auto part = part_of<card>(in, hand);
        if (pick(in, 0, 3) == 0) {
            const card x = any_tile<card>(in);
            if (take_copy<R>(all, x)) part.add(x);
        }
        if (const auto a = qc::arrange(table, part)) {
            FUZZ_CHECK(a->played == part);
            if (part.empty()) {
                FUZZ_CHECK(a->result.valid() && a->result.contents() == table.contents());
            } else {
                const auto av = qc::check_turn(table, part, *a);
                FUZZ_CHECK(av.ok(), "arrange breaks: %s", av.describe().c_str());
            }
        }
    }

    // Playable parts of the hand: a few listed ones, and a few sub-multisets of the hand, chosen by the bytes.
    if (focus == 3 && hand.size() <= R::hand_size) {
        std::vector<qc::cards_t<R>> parts;
        qc::playable_subsets(table, hand, std::back_inserter(parts));
        FUZZ_CHECK(static_cast<int>(parts.size()) == qc::count_playable_subsets(table, hand));
        FUZZ_CHECK(parts.empty() == !playable);
        for (const auto& p : parts) FUZZ_CHECK(hand.includes(p) && !p.empty());
        for (int k = pick(in, 0, 3); k > 0 && !parts.empty(); --k) {
            const auto& p = parts[static_cast<std::size_t>(pick(in, 0, static_cast<int>(parts.size()) - 1))];
            FUZZ_CHECK(qc::arrange(table, p).has_value(), "listed part cannot be arranged: %s", position().c_str());
        }
        for (int k = pick(in, 0, 3); k > 0; --k) {
            const auto sub = part_of<card>(in, hand);
            if (sub.empty()) continue;
            const bool listed = std::find(parts.begin(), parts.end(), sub) != parts.end();
            FUZZ_CHECK(listed == qc::arrange(table, sub).has_value(), "listed %d: %s", listed, position().c_str());
        }
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    bytes in(data, size);
    switch (in.ConsumeIntegralInRange<int>(0, 3)) {
        case 0:
        case 1: run<qc::schmidt_rules>(in); break;
        case 2: run<mini_card_rules>(in); break;
        default: run<narrow_card_rules>(in); break;
    }
    return 0;
}
