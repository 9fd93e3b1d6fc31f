// play_games across threads gives exactly the serial results: game i depends on i alone, whatever
// thread plays it. Seeded games with greedy, random and tactician bots (their random streams come
// from the bot seed) are played one by one with play_game, then with play_games on 1, 2 and 3
// threads, and the full game records are compared. About 0.5 s (dev build).
#include <memory>
#include <string>
#include <vector>

#include <qwirkle/bots/bots.hpp>
#include <qwirkle/play/parallel.hpp>

#include "support.hpp"

namespace {

using namespace qwirkle;

constexpr std::size_t game_count = 24;

game make(std::size_t i) { return game(2 + static_cast<int>(i % 3), 700 + i); }

std::vector<std::unique_ptr<bot>> seats_for(std::size_t i) {
    static const char* const names[] = {"greedy", "random", "tactician"};
    std::vector<std::unique_ptr<bot>> b;
    for (int p = 0; p < 2 + static_cast<int>(i % 3); ++p) b.push_back(make_bot<standard_rules>(names[(i + static_cast<std::size_t>(p)) % 3]));
    return b;
}

std::uint64_t bot_seed(std::size_t i) { return 0x5eedull + 31 * i; }

}  // namespace

TEST_CASE("play_games: the same records on 1, 2 and 3 threads as one game after another") {
    std::vector<std::string> serial;
    for (std::size_t i = 0; i < game_count; ++i) {
        auto g = make(i);
        auto owned = seats_for(i);
        std::vector<bot*> seats;
        for (auto& b : owned) seats.push_back(b.get());
        REQUIRE(play_game(g, seats, bot_seed(i)));
        serial.push_back(to_record(g));
    }
    // The games differ from one another (else the comparison below would prove little).
    for (std::size_t i = 1; i < game_count; ++i) CHECK(serial[i] != serial[0]);
    for (int threads : {1, 2, 3}) {
        CAPTURE(threads);
        std::size_t last_progress = 0;
        const auto records = play_games(
            game_count, threads, make, seats_for, bot_seed,
            [](std::size_t, const game& g, const play_result<game>& r) { return r.finished ? to_record(g) : "unfinished: " + r.describe(); },
            [&](std::size_t done) { last_progress = done; });
        REQUIRE(records.size() == game_count);
        CHECK(last_progress == game_count);
        for (std::size_t i = 0; i < game_count; ++i) {
            CAPTURE(i);
            CHECK(records[i] == serial[i]);
        }
    }
}
