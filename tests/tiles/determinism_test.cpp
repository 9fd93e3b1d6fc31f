// Determinism across versions: the same seed and the same bots give the same game record as version
// 0.1.0. tests/data/records_0.1.0.txt holds the records of 300 seeded games made with 0.1.0 (every rule
// set, 2–6 players, the random, greedy, tactician and Monte-Carlo bots); this test plays each game
// again and compares the record line by line, then replays the stored record and checks the scores.
//
// To write the file anew (only ever from a build of 0.1.0): QWIRKLE_WRITE_RECORDS=<path> <this test>.
#include <cstdlib>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <qwirkle/bots/bots.hpp>

#include "support.hpp"

namespace {

using namespace qwirkle;

/// One stored game: how it was made, and its record.
struct record_case {
    std::string rules;
    int players = 2;
    std::vector<std::string> bots;
    std::uint64_t seed = 0;
};

std::vector<record_case> cases() {
    std::vector<record_case> v;
    const auto add = [&](std::string rules, int players, std::vector<std::string> bots, int games, std::uint64_t first) {
        for (int i = 0; i < games; ++i) v.push_back({rules, players, bots, first + static_cast<std::uint64_t>(i)});
    };
    add("standard", 2, {"greedy", "greedy"}, 60, 1000);
    add("standard", 2, {"random", "greedy"}, 40, 2000);
    add("standard", 3, {"tactician", "greedy", "random"}, 30, 3000);
    add("standard", 4, {"greedy", "random", "greedy", "tactician"}, 25, 4000);
    add("five-six", 5, {"greedy", "random", "greedy", "random", "tactician"}, 10, 5000);
    add("five-six", 6, {"greedy", "greedy", "random", "greedy", "greedy", "random"}, 10, 6000);
    add("mini", 2, {"greedy", "random"}, 40, 7000);
    add("mini", 3, {"greedy", "tactician", "greedy"}, 20, 8000);
    add("actions-at-start", 2, {"greedy", "greedy"}, 30, 9000);
    add("classic", 4, {"random", "random", "random", "random"}, 15, 10000);
    add("standard", 2, {"monte-carlo", "greedy"}, 20, 11000);
    return v;
}

template <class R>
std::string play_record(const record_case& c) {
    basic_game<R> g(c.players, c.seed);
    std::vector<std::unique_ptr<basic_bot<R>>> owned;
    std::vector<basic_bot<R>*> seats;
    for (const auto& name : c.bots) {
        owned.push_back(make_bot<R>(name));
        REQUIRE(owned.back());
        seats.push_back(owned.back().get());
    }
    REQUIRE(play_game(g, seats, c.seed ^ 0x5eedull));
    return to_record(g);
}

std::string play_record(const record_case& c) {
    if (c.rules == "standard") return play_record<standard_rules>(c);
    if (c.rules == "five-six") return play_record<five_six_player_rules>(c);
    if (c.rules == "mini") return play_record<mini_expansion_rules>(c);
    if (c.rules == "actions-at-start") return play_record<action_tiles_at_start_rules>(c);
    if (c.rules == "classic") return play_record<classic_rules>(c);
    FAIL("unknown rule set " << c.rules);
    return {};
}

std::string header_of(const record_case& c) {
    std::string s = "# rules " + c.rules + " bots";
    for (const auto& b : c.bots) s += " " + b;
    return s;
}

/// The stored file: records separated by their `# rules ... bots ...` header lines.
std::vector<std::string> stored_records(std::vector<std::string>& headers) {
    std::ifstream in(QWIRKLE_TEST_DATA "/records_0.1.0.txt");
    std::vector<std::string> out;
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("# rules ", 0) == 0) {
            headers.push_back(line);
            out.emplace_back();
            continue;
        }
        if (!out.empty()) out.back() += line + "\n";
    }
    return out;
}

template <class R>
void check_replay(const std::string& text) {
    const auto rec = parse_record<R>(text);
    REQUIRE(rec.ok());
    const auto r = basic_game<R>::replay(rec->config, rec->actions);
    REQUIRE(r.game);
    CHECK(r.game->is_terminal());
    CHECK(to_record(*r.game) == text);
}

}  // namespace

TEST_CASE("determinism: the records of 300 games made with version 0.1.0 come out the same") {
    const auto all = cases();
    if (const char* path = std::getenv("QWIRKLE_WRITE_RECORDS")) {
        std::ofstream out(path);
        for (const auto& c : all) out << header_of(c) << "\n" << play_record(c);
        MESSAGE("wrote " << all.size() << " records to " << std::string(path));
        return;
    }
    std::vector<std::string> headers;
    const auto stored = stored_records(headers);
    REQUIRE(stored.size() == all.size());
    int differ = 0;
    for (std::size_t i = 0; i < all.size(); ++i) {
        const auto& c = all[i];
        CAPTURE(i);
        CAPTURE(c.seed);
        REQUIRE(headers[i] == header_of(c));
        const std::string now = play_record(c);
        if (now != stored[i]) {
            ++differ;
            // Show where the games part.
            std::istringstream a(now), b(stored[i]);
            std::string la, lb;
            int line = 0;
            while (std::getline(a, la) && std::getline(b, lb) && la == lb) ++line;
            FAIL_CHECK("record " << i << " (" << header_of(c) << ", seed " << c.seed << ") differs at line " << line + 1
                                 << ": now '" << la << "', 0.1.0 '" << lb << "'");
        }
        if (c.rules == "standard") check_replay<standard_rules>(stored[i]);
        if (c.rules == "mini") check_replay<mini_expansion_rules>(stored[i]);
    }
    CHECK(differ == 0);
}
