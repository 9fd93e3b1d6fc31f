// fuzz_tile_notation: the tile game's text parsers (cells, placements, tiles, moves, actions,
// positions) and the perft line, on arbitrary text. Properties: nothing crashes; whatever parses
// prints back to text that parses to the same value; a position reprinted from its board (with the
// translation undone or not) has the same moves; perft agrees with the position's own count.
#include "fuzz_support.hpp"

using namespace qwirkle;

namespace {

template <ruleset R, int Radius>
void position(std::string_view text) {
    const auto pos = parse_position<R, Radius>(text);
    if (!pos) {
        FUZZ_CHECK(!pos.error().describe().empty());
        return;
    }
    FUZZ_CHECK(pos->board.connected());
    const auto stats = count_moves(pos->board, pos->hand);
    // The board printed in board coordinates, and the hand: the same position up to translation.
    const std::string again = to_string(pos->board) + " | " + to_string(pos->hand);
    const auto pos2 = parse_position<R, Radius>(again);
    FUZZ_CHECK(pos2.ok(), "reprinted position refused: %s\n%s", again.c_str(), pos2.error().describe().c_str());
    FUZZ_CHECK(pos2->hand == pos->hand);
    FUZZ_CHECK(count_moves(pos2->board, pos2->hand) == stats, "%s", again.c_str());
    if constexpr (std::is_same_v<R, standard_rules> && Radius == unlimited_radius) {
        const int max_hand = rules_traits<R>::max_hand;
        const std::string line(text);
        if (line.find('\n') == std::string::npos && line.find('\r') == std::string::npos && !perft_skips(line) &&
            pos->hand.size() >= 1 && pos->hand.size() <= max_hand) {
            const std::string expected = "moves=" + std::to_string(stats.moves) + " total=" + std::to_string(stats.total) +
                                         " best=" + std::to_string(stats.best);
            const std::string got = perft(line);
            FUZZ_CHECK(got == expected, "perft: %s, count_moves: %s", got.c_str(), expected.c_str());
        }
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > 4096) return 0;
    const std::string_view text(reinterpret_cast<const char*>(data), size);

    if (const auto c = parse_cell(text)) {
        const auto back = parse_cell(to_string(*c));
        FUZZ_CHECK(back.ok() && *back == *c);
    }
    if (const auto p = parse_placement(text)) {
        const auto back = parse_placement(to_string(*p));
        FUZZ_CHECK(back.ok() && *back == *p);
    }
    if (const auto t = parse_tiles(text)) {
        const auto back = parse_tiles(to_string(*t));
        FUZZ_CHECK(back.ok() && *back == *t);
    }
    if (const auto m = parse_move(text)) {
        const auto back = parse_move(to_string(*m));
        FUZZ_CHECK(back.ok() && *back == *m, "%s", to_string(*m).c_str());
    }
    if (const auto a = parse_action(text)) {
        const auto back = parse_action(to_string(*a));
        FUZZ_CHECK(back.ok() && *back == *a, "%s", to_string(*a).c_str());
    }
    if (const auto a = parse_action<mini_expansion_rules>(text)) FUZZ_CHECK(parse_action<mini_expansion_rules>(to_string(*a)).ok());
    position<standard_rules, unlimited_radius>(text);
    position<standard_rules, 12>(text);
    return 0;
}
