// fuzz_record: game records parsed and replayed, for every rule set (named by a `# rules NAME` line as
// in tests/data/records_0.1.0.txt, else by the text's length). Properties: nothing crashes or throws;
// a record that replays prints back (to_record) to a record with the same configuration and actions
// that replays to an equal game; a refused action is refused with the same verdict by check() on the
// game replayed up to it, and that game is left unchanged.
#include "fuzz_support.hpp"

using namespace qwirkle;

namespace {

struct free_opening_rules : standard_rules {
    static constexpr opening_rule opening = opening_rule::free;
};

template <ruleset R>
void replay_record(std::string_view text) {
    const auto rec = parse_record<R>(text);
    if (!rec) {
        FUZZ_CHECK(!rec.error().describe().empty());
        return;
    }
    if (rec->actions.size() > 400) return;  // (a long game is a chain of short ones: keep executions fast)
    using game_type = basic_game<R>;
    const auto r = game_type::replay(rec->config, rec->actions);
    if (!r.config_error.empty()) {
        FUZZ_CHECK(!r.game);
        FUZZ_CHECK(!game_type::validate(rec->config).empty());
        return;
    }
    if (!r.game) {
        FUZZ_CHECK(r.failed_at < rec->actions.size());
        FUZZ_CHECK(!r.error.ok());
        const std::span<const basic_action<R>> before(rec->actions.data(), r.failed_at);
        auto g = game_type::replay(rec->config, before).game;
        FUZZ_CHECK(g.has_value());
        const auto copy = *g;
        const auto& a = rec->actions[r.failed_at];
        FUZZ_CHECK(g->check(a).rule == r.error.rule);
        FUZZ_CHECK(!g->apply(a).ok());
        FUZZ_CHECK(*g == copy && g->history().size() == copy.history().size());
        FUZZ_CHECK(!r.error.describe().empty());
        return;
    }
    const game_type& g = *r.game;
    FUZZ_CHECK(g.history().size() == rec->actions.size());
    const std::string again = to_record(g);
    const auto rec2 = parse_record<R>(again);
    FUZZ_CHECK(rec2.ok(), "%s\n%s", again.c_str(), rec2.error().describe().c_str());
    FUZZ_CHECK(rec2->actions == rec->actions);
    FUZZ_CHECK(rec2->config.players == rec->config.players && rec2->config.seed == rec->config.seed &&
               rec2->config.ages == rec->config.ages);
    const auto r2 = game_type::replay(rec2->config, rec2->actions);
    FUZZ_CHECK(r2.game && *r2.game == g, "%s", again.c_str());
    if (!g.history().empty()) {  // undo = replay without the last action
        auto u = g;
        FUZZ_CHECK(u.undo());
        const std::span<const basic_action<R>> but_last(rec->actions.data(), rec->actions.size() - 1);
        const auto r3 = game_type::replay(rec->config, but_last);
        FUZZ_CHECK(r3.game && *r3.game == u);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > 1 << 14) return 0;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    std::string_view rules;
    if (const auto at = text.find("# rules "); at != std::string_view::npos) {
        rules = text.substr(at + 8);
        rules = rules.substr(0, rules.find_first_of(" \n"));
    }
    const int which = rules == "standard"           ? 0
                      : rules == "classic"          ? 1
                      : rules == "five-six"         ? 2
                      : rules == "mini"             ? 3
                      : rules == "actions-at-start" ? 4
                      : rules == "free"             ? 5
                                                    : static_cast<int>(size % 6);
    switch (which) {
        case 0: replay_record<standard_rules>(text); break;
        case 1: replay_record<classic_rules>(text); break;
        case 2: replay_record<five_six_player_rules>(text); break;
        case 3: replay_record<mini_expansion_rules>(text); break;
        case 4: replay_record<action_tiles_at_start_rules>(text); break;
        default: replay_record<free_opening_rules>(text); break;
    }
    return 0;
}
