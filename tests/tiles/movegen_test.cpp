// Move generation is exact: for_each_move / legal_moves / count_moves / best_move list every distinct legal
// placement (a set of (cell, tile) pairs) once, with its score — checked against an independent brute force
// (every arrangement of distinct hand tiles on every row/column window near the board, kept when
// check_placement accepts it, scored by score_placement) on positions from seeded random games.
#include "support.hpp"

#include <fstream>
#include <iterator>
#include <map>
#include <sstream>

using namespace qwirkle_test;

namespace {

template <class Board>
using move_key = std::vector<basic_placement<typename Board::tile_type>>;
template <class Board>
using move_map = std::map<move_key<Board>, int>;

struct brute_options {
    bool contact_filter = true;  ///< skip windows where no cell touches the board (the contact rule)
    bool group_filter = true;    ///< only try tile sets of one colour or one shape (all placed tiles share one)
    bool reference = false;      ///< judge and score with the naive rules of support.hpp instead of the library
};

/// Every legal placement by exhaustive search. Cells outside the board's extent are tried too (they must be
/// refused by check_placement as off_board), so on small boards this also checks the generator stays inside.
template <class Board>
move_map<Board> brute_force(const Board& b, const basic_tile_multiset<typename Board::tile_type>& hand,
                            const placement_context& ctx, brute_options opt = {}) {
    using T = typename Board::tile_type;
    using R = typename Board::rules_type;
    constexpr std::size_t max_line = rules_traits<R>::max_line;
    move_map<Board> out;
    std::vector<T> kinds(hand.distinct().begin(), hand.distinct().end());
    REQUIRE(kinds.size() <= 8);
    // Tile sets that may be placed together, by size.
    std::vector<std::vector<std::vector<T>>> groups(max_line + 1);
    const unsigned subsets = 1u << kinds.size();
    for (unsigned s = 1; s < subsets; ++s) {
        std::vector<T> g;
        for (std::size_t i = 0; i < kinds.size(); ++i)
            if (s >> i & 1u) g.push_back(kinds[i]);
        if (g.size() > max_line) continue;
        bool same_colour = true, same_shape = true;
        for (T t : g) {
            same_colour = same_colour && t.colour() == g[0].colour();
            same_shape = same_shape && t.shape() == g[0].shape();
        }
        if (opt.group_filter && !same_colour && !same_shape) continue;
        groups[g.size()].push_back(g);
    }
    // The region to search: the bounding box widened by 7 along the line, by 1 across it.
    cell lo{-7, -7}, hi{7, 7};
    if (!b.empty()) {
        const auto box = b.bounding_box();
        lo = {box.min.x - 7, box.min.y - 7};
        hi = {box.max.x + 7, box.max.y + 7};
    }
    const auto touches = [&](cell c) {
        return b.occupied({c.x - 1, c.y}) || b.occupied({c.x + 1, c.y}) || b.occupied({c.x, c.y - 1}) ||
               b.occupied({c.x, c.y + 1});
    };
    for (const axis a : {axis::row, axis::column}) {
        const int across_lo = a == axis::row ? lo.y : lo.x, across_hi = a == axis::row ? hi.y : hi.x;
        const int along_lo = a == axis::row ? lo.x : lo.y, along_hi = a == axis::row ? hi.x : hi.y;
        const auto at = [a](int along, int across) { return a == axis::row ? cell{along, across} : cell{across, along}; };
        for (int across = across_lo; across <= across_hi; ++across) {
            if (!b.empty() && (across < across_lo + 6 || across > across_hi - 6)) continue;  // ±1 around the box
            for (int s = along_lo; s <= along_hi; ++s) {
                if (b.occupied(at(s, across))) continue;
                std::vector<cell> empties;
                for (int e = s; e <= along_hi; ++e) {
                    const cell c = at(e, across);
                    if (b.occupied(c)) continue;
                    empties.push_back(c);
                    const std::size_t k = empties.size();
                    if (k > max_line) break;
                    // A single tile is one move whichever axis: try it on rows only.
                    if (k == 1 && a == axis::column) continue;
                    if (opt.contact_filter && !b.empty() &&
                        std::none_of(empties.begin(), empties.end(), touches))
                        continue;
                    for (const auto& g : groups[k]) {
                        std::vector<T> perm = g;  // sorted by index: next_permutation visits all orders
                        do {
                            basic_move<R> m;
                            for (std::size_t i = 0; i < k; ++i) m.push_back({empties[i], perm[i]});
                            const bool legal = opt.reference ? naive_check(b, hand, m, ctx) == placement_rule::ok
                                                             : check_placement(b, hand, m, ctx).ok();
                            if (legal) {
                                const int score = opt.reference ? naive_score(b, m) : score_placement(b, m);
                                const auto [it, inserted] = out.emplace(key_of(m), score);
                                REQUIRE_MESSAGE(inserted, "brute force found a move twice: ", to_string(m));
                            }
                        } while (std::next_permutation(perm.begin(), perm.end()));
                    }
                }
            }
        }
    }
    return out;
}

template <class Key>
std::string describe(const Key& k) {
    std::string s;
    for (const auto& p : k) s += (s.empty() ? "" : " ") + to_string(p);
    return s;
}

template <class Board, class Hand>
std::string position_text(const Board& b, const Hand& hand) {
    return to_string(b) + " | " + to_string(hand);
}

/// Compares every generator entry point with the brute force on one position; returns the move count.
template <class Board>
std::size_t compare(const Board& b, const basic_tile_multiset<typename Board::tile_type>& hand, const movegen_options& opt = {},
                    bool reference = false) {
    using R = typename Board::rules_type;
    placement_context ctx;
    ctx.opening_size = opt.opening_size;
    ctx.forbidden = opt.forbidden;
    brute_options bo;
    bo.reference = reference;
    const move_map<Board> expected = brute_force(b, hand, ctx, bo);
    INFO("position: ", position_text(b, hand), opt.forbidden ? " forbidden " + to_string(*opt.forbidden) : std::string(),
         opt.opening_size ? " opening " + std::to_string(opt.opening_size) : std::string());

    // for_each_move (multiset overload): every move once, with score_placement's score.
    move_map<Board> got;
    std::size_t calls = 0;
    for_each_move(b, hand, [&](const basic_move<R>& m, int score) {
        ++calls;
        got.emplace(key_of(m), score);
        for (const auto& p : m) CHECK(Board::contains(p.at));
    }, opt);
    CHECK_MESSAGE(calls == got.size(), "the generator listed a move twice");
    if (got != expected) {
        std::string missing, extra, wrong;
        for (const auto& [k, s] : expected) {
            const auto it = got.find(k);
            if (it == got.end()) missing += "  " + std::to_string(s) + " " + describe(k) + "\n";
            else if (it->second != s)
                wrong += "  " + describe(k) + ": " + std::to_string(it->second) + " instead of " + std::to_string(s) + "\n";
        }
        for (const auto& [k, s] : got)
            if (!expected.count(k)) extra += "  " + std::to_string(s) + " " + describe(k) + "\n";
        FAIL_CHECK("generator differs from brute force\nmissing:\n", missing, "extra:\n", extra, "wrong score:\n", wrong);
    }

    // The tile_set overload gives the same.
    move_map<Board> by_set;
    for_each_move(b, hand.distinct(), [&](const basic_move<R>& m, int score) { by_set.emplace(key_of(m), score); }, opt);
    CHECK(by_set == got);

    // legal_moves into an output iterator, and into a span (also one too small: the count is still exact).
    std::vector<basic_scored_move<R>> list;
    legal_moves(b, hand, std::back_inserter(list), opt);
    move_map<Board> listed;
    for (const auto& sm : list) listed.emplace(key_of(sm.move), sm.score);
    CHECK(list.size() == expected.size());
    CHECK(listed == expected);
    std::vector<basic_scored_move<R>> buffer(expected.size() + 3);
    CHECK(legal_moves(b, hand, std::span<basic_scored_move<R>>(buffer), opt) == expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        const auto it = expected.find(key_of(buffer[i].move));
        REQUIRE(it != expected.end());
        CHECK(it->second == buffer[i].score);
    }
    if (expected.size() > 1) {
        std::vector<basic_scored_move<R>> small(expected.size() / 2);
        CHECK(legal_moves(b, hand, std::span<basic_scored_move<R>>(small), opt) == expected.size());
    }

    // count_moves, can_place and best_move.
    move_stats stats;
    for (const auto& [k, s] : expected) {
        ++stats.moves;
        stats.total += static_cast<std::uint64_t>(s);
        stats.best = std::max(stats.best, s);
    }
    CHECK(count_moves(b, hand, opt) == stats);
    CHECK(can_place(b, hand, opt) == !expected.empty());
    const auto best = best_move(b, hand, opt);
    CHECK(best.has_value() == !expected.empty());
    if (best) {
        CHECK(best->score == stats.best);
        const auto it = expected.find(key_of(best->move));
        REQUIRE(it != expected.end());
        CHECK(it->second == stats.best);
        // best_move skips what cannot beat the best so far, yet keeps the same move as the
        // plain scan: the first generated of the highest-scoring ones (the bots' games depend on it).
        std::optional<basic_scored_move<R>> first;
        for_each_move(b, hand, [&](const basic_move<R>& m, int score) {
            if (!first || score > first->score) first = basic_scored_move<R>{m, score};
        }, opt);
        REQUIRE(first.has_value());
        CHECK(best->move == first->move);
    }
    return expected.size();
}

/// Positions (board, hand to move) from a seeded game with random legal moves; calls f on each.
template <class Game, class F>
void random_positions(std::uint64_t seed, int players, int max_turns, F&& f) {
    // On a small board, hands no bigger than the opening it can hold (validate() refuses others).
    constexpr int radius = Game::board_type::radius;
    constexpr int line = qwirkle::rules_traits<typename Game::board_type::rules_type>::max_line;
    Game g(config_of(players, seed, Game::board_type::limited && radius + 1 < line ? radius + 1 : 0));
    rng r(seed * 7919 + 1);
    for (int turn = 0; turn < max_turns && !g.is_terminal(); ++turn) {
        f(g, r);
        const auto moves = g.legal_moves();
        if (!moves.empty()) {
            REQUIRE(g.place(moves[r.below(static_cast<std::uint32_t>(moves.size()))].move).ok());
        } else if (g.can_exchange()) {
            typename Game::hand_type give;
            g.hand(g.current_player()).for_each([&](auto t) {
                if (give.size() < g.bag_size() && (give.empty() || r.below(2))) give.add(t);
            });
            REQUIRE(g.exchange(give).ok());
        } else {
            REQUIRE(g.pass().ok());
        }
    }
}

/// A random hand of n tiles from what the board leaves (at most 3 copies of a tile in all), often with duplicates.
template <class Board>
basic_tile_multiset<typename Board::tile_type> random_hand(const Board& b, rng& r, int n) {
    using T = typename Board::tile_type;
    auto pool = basic_tile_multiset<T>::full(Board::rules_type::copies);
    pool -= tiles_on(b);
    std::vector<T> left;
    pool.for_each([&](T t) { left.push_back(t); });
    basic_tile_multiset<T> h;
    for (int i = 0; i < n && !left.empty(); ++i) {
        const auto j = r.below(static_cast<std::uint32_t>(left.size()));
        h.add(left[j]);
        if (r.below(3) == 0 && h.count(left[j]) < pool.count(left[j]) && i + 1 < n) {
            h.add(left[j]);  // a duplicate
            ++i;
        }
        left.erase(left.begin() + static_cast<std::ptrdiff_t>(j));
    }
    return h;
}

}  // namespace

TEST_CASE("movegen: the brute force itself — filters are sound (same moves without the contact and group filters)") {
    int positions = 0;
    random_positions<qwirkle::game>(5, 2, 12, [&](const qwirkle::game& g, rng& rr) {
        const auto& b = g.board();
        const auto hand = random_hand(b, rr, 4);
        placement_context ctx;
        CHECK(brute_force(b, hand, ctx) == brute_force(b, hand, ctx, brute_options{false, false}));
        ++positions;
    });
    CHECK(positions == 12);
}

TEST_CASE("movegen: same moves and scores as the brute force judged by the naive reference rules (support.hpp)") {
    std::size_t positions = 0, moves = 0;
    for (std::uint64_t seed = 300; seed < 304; ++seed) {
        random_positions<qwirkle::game>(seed, 2 + static_cast<int>(seed % 4), 200, [&](const qwirkle::game& g, rng& r) {
            const auto& b = g.board();
            movegen_options opt = g.move_options();
            if (!b.empty() && r.below(4) == 0)
                opt.forbidden = b.anchors()[r.below(static_cast<std::uint32_t>(b.anchors().size()))].at();
            moves += compare(b, g.hand(g.current_player()), opt, true);
            ++positions;
        });
    }
    MESSAGE("compared ", positions, " positions, ", moves, " moves");
    CHECK(positions >= 100);
}

TEST_CASE("movegen: hand-checked positions") {
    // | R1 R2 R3 G1 G1 B4 → 5 singles + 16 pairs (4 pairs x 2 orders x 2 directions) + 12 triples.
    CHECK(count_moves(small_board{}, hand_of("R1 R2 R3 G1 G1 B4")) == move_stats{33, 73, 3});
    // One tile on the board, one in hand: four neighbours, 2 points each.
    CHECK(count_moves(board_of("0,0,R1"), hand_of("R2")) == move_stats{4, 8, 2});
    // R1 R2 on the board; R3 fits 6 cells (3 at the row's ends, 2 in each column), G1 only above/below R1.
    CHECK(count_moves(board_of("0,0,R1 1,0,R2"), hand_of("R3 G1")) == move_stats{8, 18, 3});
    // Identical tiles make one move per (cell, tile) set: R2 R2 R2 is the same as R2.
    CHECK(count_moves(board_of("0,0,R1"), hand_of("R2 R2 R2")) == move_stats{4, 8, 2});
    // An empty hand has no move.
    CHECK(count_moves(board_of("0,0,R1"), tile_multiset{}) == move_stats{});
    CHECK_FALSE(best_move(board_of("0,0,R1"), tile_multiset{}).has_value());
    // A hand that fits nowhere.
    CHECK(count_moves(board_of("0,0,R6 0,1,G6 1,0,G6 1,1,Y6"), hand_of("B2 G3 P1 O1 P3 R4")) == move_stats{});
}

TEST_CASE("movegen: a tile exactly two others join (count_moves counts its moves without a walk) — hand-checked and = brute force") {
    // R1 alone, R2 R3 R4 in hand: every tile on an anchor is joined by exactly the other two.
    // 12 moves of one tile (4 cells x 3 tiles, 2 points). Along R1's line: 36 of two (3 sets of
    // cells x 6 orders x 2 axes, 3 points) and 48 of three (4 sets x 6 orders x 2 axes, 4 points:
    // both others forward, -1,0 R1 1,0 2,0; one back and one forward, -2,0 -1,0 R1 1,0; both back,
    // -3,0 -2,0 -1,0 R1; and R1 1,0 2,0 3,0). Across it, through one of the 4 cells beside R1: 48
    // of two (2 cells next to it x 6 orders, 2 + 2 points) and 72 of three (3 sets of cells x 6
    // orders, 3 + 2 points).
    CHECK(count_moves(board_of("0,0,R1"), hand_of("R2 R3 R4")) == move_stats{216, 876, 5});
    // With G2 too: where R2's line holds R2 alone (across R1's line), R3 R4 and G2 all join it,
    // but G2 goes with neither of the others and never next to R1. It adds only the 8 moves of R2
    // on one of the 4 cells beside R1 and G2 on either side of it, across: 2 + 2 points each.
    CHECK(count_moves(board_of("0,0,R1"), hand_of("R2 R3 R4 G2")) == move_stats{224, 908, 5});
    // Lines that reach max_line: R1 R2 R3 at 0..2,0 and R4 R5 R6 in hand, each joined by the other
    // two. Along the row, by hand: 6 moves of one tile (-1,0 or 3,0: 4 points), 18 of two (cells
    // -2..-1, -1 and 3, or 3..4, x 6 orders: 5 points) and 24 of three that complete the line
    // (-3..-1, -2..-1 and 3, -1 and 3..4, or 3..5, x 6 orders: 6 + 6 points); across the row 312
    // more (the brute force's count, below). With -3,0 forbidden, -3..-1 goes: 6 moves of 12 points.
    CHECK(count_moves(board_of("0,0,R1 1,0,R2 2,0,R3"), hand_of("R4 R5 R6")) == move_stats{360, 1920, 12});
    movegen_options forbid;
    forbid.forbidden = cell{-3, 0};
    CHECK(count_moves(board_of("0,0,R1 1,0,R2 2,0,R3"), hand_of("R4 R5 R6"), forbid) == move_stats{354, 1848, 12});
    // Boards with runs ahead of the free cells and crossing lines at them, hands whose two joining
    // tiles go together or not (R3 and G2 both join R2 in the row below R1, which holds no tile,
    // but share neither colour nor shape; R3 R4 of R2's colour and G2 of its shape all join it
    // there, and only the first two go together: counted as a pair and a tile alone); and the
    // same with a forbidden cell, and on a board of radius 3, whose edge cuts lines short.
    std::size_t moves = 0;
    for (const char* board : {"0,0,R1", "0,0,R1 1,0,R2", "0,0,R1 0,1,G1", "0,0,R1 2,0,R3", "0,0,R1 1,0,G1 2,0,B1",
                              "0,0,R1 2,0,R3 2,1,G3 0,-1,R5", "0,0,R1 3,0,R4 1,1,B2", "0,0,R1 1,0,R2 2,0,R3"})
        for (const char* hand : {"R2 R3 R4", "R2 R3 G2", "G1 B1 Y1", "R2 R3 G4 B4", "R5 R6 G5 G6", "R2 R4 R6 G2 G4", "R4 R5 R6", "R2 R3 R4 G2"}) {
            moves += compare(board_of(board), hand_of(hand));
            moves += compare(board_of(board), hand_of(hand), forbid);
            moves += compare(board_of<basic_board<standard_rules, 3>>(board), hand_of(hand));
        }
    MESSAGE("compared ", moves, " moves");
    CHECK(moves > 10'000);
}

TEST_CASE("movegen: the empty board — every opening from 0,0 toward +x or +y, with and without opening_size") {
    rng r(2024);
    const small_board empty;
    for (int i = 0; i < 60; ++i) {
        const auto hand = random_hand(empty, r, 1 + static_cast<int>(r.below(6)));
        CAPTURE(to_string(hand));
        compare(empty, hand);
        movegen_options opt;
        opt.opening_size = largest_group(hand);
        compare(empty, hand, opt);
    }
    // Hands forming one long group: the six reds give 6! orders x 2 directions of the full line, etc.
    const std::size_t n = compare(empty, hand_of("R1 R2 R3 R4 R5 R6"));
    std::size_t expected = 6;  // singles
    for (int k = 2, perms = 1; k <= 6; ++k) {
        perms = 1;
        for (int i = 0; i < k; ++i) perms *= 6 - i;
        expected += 2 * static_cast<std::size_t>(perms);
    }
    CHECK(n == expected);
}

TEST_CASE("movegen: same moves and scores as the brute force on positions of seeded random games (2-4 players)") {
    std::size_t positions = 0, moves = 0;
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        random_positions<qwirkle::game>(seed, 2 + static_cast<int>(seed % 3), 200, [&](const qwirkle::game& g, rng& r) {
            const auto& b = g.board();
            // The player's own hand (duplicates happen), and every third position an extra random hand.
            moves += compare(b, g.hand(g.current_player()), g.move_options());
            ++positions;
            if (r.below(3) == 0) {
                moves += compare(b, random_hand(b, r, 6));
                ++positions;
            }
        });
    }
    MESSAGE("compared ", positions, " positions, ", moves, " moves");
    CHECK(positions >= 300);
}

TEST_CASE("movegen: hands with duplicates (pairs and triples of one tile) give each (cell, tile) set once") {
    std::size_t positions = 0;
    random_positions<qwirkle::game>(77, 3, 60, [&](const qwirkle::game& g, rng& r) {
        const auto& b = g.board();
        tile_multiset left = tile_multiset::full(3);
        left -= tiles_on(b);
        // Up to three copies of each of two tile kinds.
        tile_multiset hand;
        for (int k = 0; k < 2; ++k) {
            const tile t = *tile::from_index(static_cast<int>(r.below(36)));
            const int n = std::min(left.count(t) - hand.count(t), 3);
            if (n > 0) hand.add(t, n);
        }
        if (hand.empty()) return;
        compare(b, hand);
        ++positions;
    });
    CHECK(positions > 40);
}

TEST_CASE("movegen: movegen_options.forbidden keeps every tile off that cell (take-a-tile)") {
    std::size_t positions = 0;
    for (std::uint64_t seed = 100; seed < 106; ++seed) {
        random_positions<qwirkle::game>(seed, 2, 200, [&](const qwirkle::game& g, rng& r) {
            const auto& b = g.board();
            if (b.empty()) return;
            const auto& hand = g.hand(g.current_player());
            const auto moves = g.legal_moves();
            movegen_options opt;
            if (!moves.empty()) {
                // A cell some legal move uses, so the option matters.
                const auto& m = moves[r.below(static_cast<std::uint32_t>(moves.size()))].move;
                opt.forbidden = m[static_cast<int>(r.below(static_cast<std::uint32_t>(m.size())))].at;
            } else {
                opt.forbidden = b.anchors()[0].at();
            }
            compare(b, hand, opt);
            // A forbidden cell that is occupied or far away changes nothing.
            movegen_options far;
            far.forbidden = cell{1000, 1000};
            CHECK(count_moves(b, hand, far) == count_moves(b, hand));
            ++positions;
        });
    }
    CHECK(positions > 100);
}

TEST_CASE("movegen: small-radius boards — moves near the edge never leave the board") {
    std::size_t positions = 0, edge_positions = 0;
    const auto run = [&]<class Game>(Game*, std::uint64_t seed) {
        random_positions<Game>(seed, 2, 120, [&](const Game& g, rng& r) {
            const auto& b = g.board();
            compare(b, g.hand(g.current_player()), g.move_options());
            compare(b, random_hand(b, r, 6), {}, r.below(4) == 0);  // sometimes judged by the naive rules
            ++positions;
            const auto box = b.bounding_box();
            constexpr int rad = Game::board_type::radius;
            if (box.min.x == -rad || box.max.x == rad || box.min.y == -rad || box.max.y == rad) ++edge_positions;
        });
    };
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
        run(static_cast<basic_game<standard_rules, 2>*>(nullptr), seed);
        run(static_cast<basic_game<standard_rules, 3>*>(nullptr), seed);
        run(static_cast<basic_game<standard_rules, 5>*>(nullptr), seed);
    }
    MESSAGE("small boards: ", positions, " positions, ", edge_positions, " with a tile on the edge");
    CHECK(edge_positions > 50);
}

TEST_CASE("movegen: the perft suite tests/data/perft_tiles.tsv — counts and moves match the brute force") {
    std::ifstream in(std::string(QWIRKLE_TEST_DATA) + "/perft_tiles.tsv");
    REQUIRE(in.good());
    std::string line;
    int n = 0;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        const auto tab = line.find('\t');
        REQUIRE(tab != std::string::npos);
        const auto pos = parse_position(line.substr(0, tab));
        REQUIRE_MESSAGE(pos.ok(), line, ": ", pos.error().describe());
        const auto s = count_moves(pos->board, pos->hand);
        CHECK(line.substr(tab + 1) == "moves=" + std::to_string(s.moves) + " total=" + std::to_string(s.total) +
                                          " best=" + std::to_string(s.best));
        compare(pos->board, pos->hand);
        ++n;
    }
    CHECK(n >= 20);
}

namespace {
template <class R>
std::size_t nonsquare_positions(std::uint64_t first_seed, std::uint64_t seeds) {
    std::size_t positions = 0;
    for (std::uint64_t seed = first_seed; seed < first_seed + seeds; ++seed) {
        random_positions<basic_game<R>>(seed, 2 + static_cast<int>(seed % 2), 200, [&](const basic_game<R>& g, rng& r) {
            const auto& b = g.board();
            compare(b, g.hand(g.current_player()), g.move_options(), r.below(2) == 0);
            compare(b, random_hand(b, r, 6), {}, true);
            ++positions;
        });
    }
    return positions;
}
}  // namespace

TEST_CASE("movegen: rule sets with other sizes (4 colours x 5 shapes, 3 x 6, 4 x 2, 2 x 9) — generator = brute force") {
    // Lines: a colour line holds up to `shapes` tiles, a shape line up to `colours`; each is a Qwirkle when full.
    static_assert(rules_traits<four_colours_five_shapes>::max_line == 5);
    CHECK(nonsquare_positions<four_colours_five_shapes>(1, 12) > 100);
    CHECK(nonsquare_positions<three_colours_six_shapes>(1, 12) > 100);
    // (best_move's bound counts the tiles of 4 x 2 and 2 x 9 bit by bit, not by group: see support.hpp)
    static_assert(rules_traits<four_colours_two_shapes>::max_line == 4 && rules_traits<two_colours_nine_shapes>::max_line == 9);
    CHECK(nonsquare_positions<four_colours_two_shapes>(1, 8) > 50);
    CHECK(nonsquare_positions<two_colours_nine_shapes>(1, 8) > 50);
    // Hand-checked: 4x5, a shape line of 3 colours (R1 O1 Y1) completed by the fourth colour is a Qwirkle (4 + 6).
    using T = tile_t<four_colours_five_shapes>;
    basic_board<four_colours_five_shapes, 6> b;
    REQUIRE(b.place({0, 0}, T(0, 0)));
    REQUIRE(b.place({1, 0}, T(1, 0)));
    REQUIRE(b.place({2, 0}, T(2, 0)));
    const basic_move<four_colours_five_shapes> m{{cell{3, 0}, T(3, 0)}};
    CHECK(check_placement(b, basic_tile_multiset<T>{T(3, 0)}, m).ok());
    CHECK(score_placement(b, m) == 10);
    // A fifth tile in that shape line is too long (there are only 4 colours).
    const basic_move<four_colours_five_shapes> five{{cell{3, 0}, T(3, 0)}, {cell{4, 0}, T(0, 0)}};
    CHECK(check_placement(b, basic_tile_multiset<T>{T(3, 0), T(0, 0)}, five).rule == placement_rule::line_too_long);
}

namespace {

/// Every move with its score, in generation order, from the generator looking cells up by their
/// home slots alone (Direct) or by their keys.
template <bool Direct>
std::vector<std::pair<move_key<qwirkle::board>, int>> generated(const qwirkle::board& b, const qwirkle::tile_multiset& hand,
                                                                  const movegen_options& opt) {
    std::vector<std::pair<move_key<qwirkle::board>, int>> v;
    auto visit = [&](const qwirkle::move& m, int score) { v.emplace_back(move_key<qwirkle::board>(m.begin(), m.end()), score); };
    qwirkle::detail::generator<standard_rules, unlimited_radius, decltype(visit), Direct> g(b, hand.distinct().bits(), opt, visit);
    g.run();
    return v;
}

}  // namespace

TEST_CASE("movegen: looking cells up by their home slots alone gives the same moves in the same order, where the board allows it") {
    using gen = qwirkle::detail::generator<standard_rules, unlimited_radius, int, true>;
    std::size_t direct = 0, moves = 0;
    for (std::uint64_t seed = 1; seed <= 30; ++seed) {
        random_positions<qwirkle::game>(seed, 2 + static_cast<int>(seed % 3), 200, [&](const qwirkle::game& g, rng& r) {
            const auto& b = g.board();
            auto opt = g.move_options();
            if (r.below(4) == 0 && !b.empty()) opt.forbidden = b.tile_cell(static_cast<int>(r.below(static_cast<std::uint32_t>(b.size()))));
            if (!b.direct_within(gen::reach)) return;
            ++direct;
            const auto hand = r.below(3) == 0 ? random_hand(b, r, 6) : g.hand(g.current_player());
            const auto a = generated<true>(b, hand, opt), k = generated<false>(b, hand, opt);
            REQUIRE(a == k);
            moves += a.size();
            // The same position stretched to the widest (or tallest) the window allows by a lone
            // tile far off (the board checks no rule): cells looked up at both ends of the window.
            const auto box = b.bounding_box();
            const int widest = 32 - 1 - gen::reach - 1;
            for (const cell far : {cell{box.min.x + widest, box.min.y + static_cast<int>(r.below(3))},
                                   cell{box.max.x - widest, box.max.y}, cell{box.min.x, box.min.y + widest}}) {
                qwirkle::board wider = b;
                if (b.empty() || !wider.place(far, qwirkle::detail::tile_at<tile>(static_cast<int>(r.below(36))))) continue;
                REQUIRE(wider.direct_within(gen::reach));
                const auto h = random_hand(wider, r, 6);
                const auto wa = generated<true>(wider, h, {}), wk = generated<false>(wider, h, {});
                REQUIRE(wa == wk);
                moves += wa.size();
            }
        });
    }
    MESSAGE(direct, " positions looked up directly, ", moves, " moves");
    // At the edge of the window: a tile X with a line of six tiles to make from the free cell next
    // to it across its line, away from a far tile F; the farthest cell looked up lies five cells
    // beyond the box on F's side's opposite end, 32 cells from the anchor beyond F when the box is
    // 26 wide. Every width the board calls direct must give the keyed generator's moves.
    tile_multiset six;
    for (int shape = 0; shape < 6; ++shape) six.add(qwirkle::detail::tile_at<tile>(shape));  // one colour, every shape
    int widths = 0;
    for (int w = 16; w <= 40; ++w)
        for (int side : {1, -1})
            for (int axis_index = 0; axis_index < 2; ++axis_index) {
                const auto at = [&](int along, int across) { return axis_index == 0 ? cell{along, across} : cell{across, along}; };
                qwirkle::board b;
                REQUIRE(b.place(at(0, 1), qwirkle::detail::tile_at<tile>(0)));
                REQUIRE(b.place(at(side * w, 0), qwirkle::detail::tile_at<tile>(7)));
                if (!b.direct_within(gen::reach)) continue;
                ++widths;
                const auto a = generated<true>(b, six, {}), k = generated<false>(b, six, {});
                REQUIRE(a == k);
            }
    CHECK(widths >= 4 * (30 - gen::reach - 16));
    CHECK(direct > 1000);
    // A position wider than the window allows is looked up by keys.
    qwirkle::board wide;
    REQUIRE(wide.place(cell{0, 0}, tile{0, 0}));
    CHECK(wide.direct_within(gen::reach));
    REQUIRE(wide.place(cell{1, 0}, tile{0, 1}));
    CHECK(wide.direct_within(gen::reach));
    qwirkle::board far = wide;
    REQUIRE(far.place(cell{32 - 1 - gen::reach - 1, 0}, tile{0, 2}));  // (the board checks no rule)
    CHECK(far.direct_within(gen::reach));
    REQUIRE(far.place(cell{32 - 1 - gen::reach, 0}, tile{0, 3}));
    CHECK_FALSE(far.direct_within(gen::reach));
}

namespace {
/// The k best-scoring moves, the first generated first among equals (the expert bot's list):
/// with a floor (the generator may skip what cannot enter the list) or without one (every move
/// seen). `Progress`: the moves as the generator holds them (detail::move_in_progress, as the
/// expert takes them), else as basic_move.
template <class R, bool Floor, bool Progress>
struct top_k {
    std::vector<std::pair<int, basic_move<R>>>& list;
    std::size_t k;
    void keep(const basic_move<R>& m, int score) {
        if (list.size() == k && score <= list.back().first) return;
        auto at = list.end();
        while (at != list.begin() && std::prev(at)->first < score) --at;
        if (list.size() == k) list.pop_back();
        list.insert(at, {score, m});
    }
    void operator()(const basic_move<R>& m, int score) requires(!Progress) { keep(m, score); }
    void operator()(const qwirkle::detail::move_in_progress<R>& m, int score) requires(Progress) { keep(m.to_move(), score); }
    int floor() const noexcept requires(Floor) { return list.size() == k ? list.back().first : -1; }
};
}  // namespace

TEST_CASE("movegen: a visitor with a floor gets, in the plain scan's order, every move that beats it (k best lists alike)") {
    // best_move and the expert's list skip what cannot beat their floor, and on square tile sets
    // the moves of one or two tiles of an anchor no tile is joined by two others at are handed
    // over without a walk: the lists must be those of a visitor that sees every move.
    using R = standard_rules;
    std::size_t positions = 0, kept = 0;
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
        random_positions<qwirkle::game>(seed, 2 + static_cast<int>(seed % 3), 200, [&](const qwirkle::game& g, rng& r) {
            const auto& b = g.board();
            const auto hand = r.below(3) == 0 ? random_hand(b, r, 6) : g.hand(g.current_player());
            const auto opt = r.below(3) == 0 ? movegen_options{} : g.move_options();
            for (const std::size_t k : {std::size_t{1}, std::size_t{2}, std::size_t{3}, std::size_t{5}, std::size_t{12}}) {
                std::vector<std::pair<int, basic_move<R>>> all, floored, progress;
                for_each_move(b, hand, top_k<R, false, false>{all, k}, opt);
                for_each_move(b, hand, top_k<R, true, false>{floored, k}, opt);
                for_each_move(b, hand, top_k<R, true, true>{progress, k}, opt);
                CAPTURE(k);
                CHECK(floored == all);
                CHECK(progress == all);
                kept += all.size();
            }
            ++positions;
        });
    }
    MESSAGE("compared the k best of ", positions, " positions (", kept, " moves kept)");
    CHECK(positions >= 300);
}

namespace {
/// A visitor whose floor never moves: it keeps, in the order handed over, the moves that beat it
/// (the generator may hand over others too).
template <class R>
struct above_floor {
    std::vector<std::pair<int, basic_move<R>>>& list;
    int at;
    void operator()(const basic_move<R>& m, int score) {
        if (score > at) list.push_back({score, m});
    }
    int floor() const noexcept { return at; }
};
/// The moves of legal_moves that score above `floor`, in its order, against those a visitor with
/// that floor gets; returns how many there are.
template <class Board>
std::size_t compare_above(const Board& b, const basic_tile_multiset<typename Board::tile_type>& hand, int floor,
                          const movegen_options& opt = {}) {
    using R = typename Board::rules_type;
    std::vector<basic_scored_move<R>> all;
    legal_moves(b, hand, std::back_inserter(all), opt);
    std::vector<std::pair<int, basic_move<R>>> want, got;
    for (const auto& m : all)
        if (m.score > floor) want.push_back({m.score, m.move});
    for_each_move(b, hand, above_floor<R>{got, floor}, opt);
    CAPTURE(floor);
    CHECK(got == want);
    return want.size();
}
}  // namespace

TEST_CASE("movegen: a visitor with a floor that never rises gets every move above it, in the plain scan's order") {
    // best_move's starts where no tile is joined by two others that go together are handed over
    // without a walk. In a line of the anchor's tile alone, one tile of its colour and one of its
    // shape may both join it, never together: below R1, R2's row holds R2 alone, and R3 and G2
    // each make a move of two with it on either side (2 points for the column R1 R2, 2 for the
    // row): four moves of 4 points from that anchor, each of which must be handed over.
    using R = standard_rules;
    std::vector<std::pair<int, basic_move<R>>> got;
    for_each_move(board_of("0,0,R1"), hand_of("R2 R3 G2"), above_floor<R>{got, 3});
    const tile r2 = *hand_of("R2").distinct().begin();
    std::size_t pairs_below = 0;
    for (const auto& [score, m] : got)
        if (m.size() == 2 && m[0].at == cell{0, 1} && m[0].tile == r2 && (m[1].at == cell{1, 1} || m[1].at == cell{-1, 1})) {
            CHECK(score == 4);
            ++pairs_below;
        }
    CHECK(pairs_below == 4);
    std::size_t moves = 0, positions = 0;
    for (const char* board : {"0,0,R1", "0,0,R1 1,0,R2", "0,0,R1 0,1,G1", "0,0,R1 2,0,R3", "0,0,R1 1,0,G1 2,0,B1",
                              "0,0,R1 2,0,R3 2,1,G3 0,-1,R5", "0,0,R1 3,0,R4 1,1,B2"})
        for (const char* hand : {"R2 R3 G2", "R2 G2 R3 G3", "R2 R3 G4 B4", "G1 B1 Y1", "R2 R4 R6 G2 G4"})
            for (const int floor : {-1, 0, 2, 3, 4, 6})
                moves += compare_above(board_of(board), hand_of(hand), floor);
    // And on positions of seeded random games, the player's hand or a random one, with and without
    // the position's options (a forbidden cell).
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
        random_positions<qwirkle::game>(seed, 2 + static_cast<int>(seed % 3), 150, [&](const qwirkle::game& g, rng& r) {
            const auto hand = r.below(3) == 0 ? random_hand(g.board(), r, 6) : g.hand(g.current_player());
            const auto opt = r.below(3) == 0 ? movegen_options{} : g.move_options();
            for (const int floor : {-1, 2, 4}) moves += compare_above(g.board(), hand, floor, opt);
            ++positions;
        });
    }
    MESSAGE("compared ", moves, " moves above a floor, ", positions, " positions of random games");
    CHECK(positions >= 300);
}
