// fuzz_card_notation: the card game's text parsers (rows, tableaus with and without the row check,
// positions) on arbitrary text. Properties: nothing crashes; whatever parses prints back to text
// that parses to the same value; a parsed position keeps every card within its copies and every row
// valid, and the solver answers on it (best_turn passes check_turn).
#include "fuzz_card_turns.hpp"

using namespace qwirkle_fuzz;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > 4096) return 0;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    if (const auto r = qc::parse_row(text)) {
        const auto back = qc::parse_row(qc::to_string(*r));
        FUZZ_CHECK(back.ok() && *back == *r);
    }
    for (const bool check : {true, false}) {
        const auto t = qc::parse_tableau(text, 0, check);
        if (!t) {
            FUZZ_CHECK(!t.error().describe().empty());
            continue;
        }
        if (check) FUZZ_CHECK(t->valid());
        const auto back = qc::parse_tableau(qc::to_string(*t), 0, check);
        FUZZ_CHECK(back.ok() && *back == *t, "%s", qc::to_string(*t).c_str());
    }
    const auto p = qc::parse_position(text);
    if (!p) {
        FUZZ_CHECK(!p.error().describe().empty());
        return 0;
    }
    FUZZ_CHECK(p->table.valid());
    auto all = p->table.contents();
    all += p->hand;
    FUZZ_CHECK(qc::cards_t<qc::standard_rules>::full(3).includes(all));
    const auto back = qc::parse_position(qc::to_string(*p));
    FUZZ_CHECK(back.ok() && back->table == p->table && back->hand == p->hand, "%s", qc::to_string(*p).c_str());
    if (p->hand.size() <= 12)
        if (const auto b = qc::best_turn(p->table, p->hand)) FUZZ_CHECK(qc::check_turn(p->table, p->hand, *b).ok());
    return 0;
}
