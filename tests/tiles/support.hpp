// Helpers shared by the tile-game tests: building boards, hands and moves from text, canonical move keys.
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <qwirkle/qwirkle.hpp>

namespace qwirkle_test {

using namespace qwirkle;
using namespace qwirkle::literals;

/// The error of a position text that must be refused (docs/notation.md).
inline parse_error position_error(std::string_view position) {
    const auto pos = parse_position(position);
    REQUIRE_FALSE(pos.ok());
    return pos.error();
}

/// A small board: enough for every hand-made position, cheap to copy.
/// Rule sets with other sizes (docs/rules.md §1: the rules hold with "6" read as the number of
/// colours or shapes), for the move generator's tests and its fuzz target: the standard rules with
/// other numbers of colours, shapes and copies.
template <int Colours, int Shapes, int Copies>
struct sized_rules : standard_rules {
    static constexpr int colours = Colours;
    static constexpr int shapes = Shapes;
    static constexpr int copies = Copies;
};
using four_colours_five_shapes = sized_rules<4, 5, 2>;
using three_colours_six_shapes = sized_rules<3, 6, 3>;
/// Two beyond the sizes whose tiles best_move's bound counts by group with a table and a
/// multiplication (at most 8 shapes, fewer colours than 2^shapes): it counts their bits one by one.
using four_colours_two_shapes = sized_rules<4, 2, 3>;
using two_colours_nine_shapes = sized_rules<2, 9, 2>;
/// A tiny game that can stall: 2 colours x 2 shapes, 3 copies (12 tiles), lines of at most 2 (a
/// complete line, a Qwirkle), hands of one; the bag runs dry within a few turns. Also the smallest
/// rule set of fuzz_tile_game.
struct tiny_rules : standard_rules {
    static constexpr int colours = 2;
    static constexpr int shapes = 2;
    static constexpr int copies = 3;
    static constexpr int max_players = 2;
    static constexpr int hand_size(int) noexcept { return 1; }
};

using small_board = basic_board<standard_rules, 12>;

/// Places `x,y,TILE ...` on a board without any rule check (for hand-built positions).
template <class Board>
Board board_of(std::string_view text) {
    Board b;
    for (const auto& tk : split_tokens(text)) {
        const auto p = parse_placement(tk.text);
        REQUIRE_MESSAGE(p.ok(), "bad placement in test board: ", std::string(tk.text));
        REQUIRE_MESSAGE(b.place(p->at, p->tile), "cannot place ", std::string(tk.text));
    }
    return b;
}
inline small_board board_of(std::string_view text) { return board_of<small_board>(text); }

inline tile_multiset hand_of(std::string_view text) {
    const auto h = parse_tiles(text);
    REQUIRE_MESSAGE(h.ok(), "bad hand in test: ", std::string(text));
    return *h;
}

inline qwirkle::move move_of(std::string_view text) {
    const auto m = parse_move(text);
    REQUIRE_MESSAGE(m.ok(), "bad move in test: ", std::string(text));
    return *m;
}

/// A move as a sorted list of placements: equal keys = the same set of (cell, tile) pairs.
template <ruleset R = standard_rules>
std::vector<basic_placement<tile_t<R>>> key_of(const basic_move<R>& m) {
    std::vector<basic_placement<tile_t<R>>> k(m.begin(), m.end());
    std::sort(k.begin(), k.end());
    return k;
}

/// Every tile of a board as a multiset.
template <class Board>
basic_tile_multiset<typename Board::tile_type> tiles_on(const Board& b) {
    basic_tile_multiset<typename Board::tile_type> m;
    b.for_each_tile([&](cell, typename Board::tile_type t) { m.add(t); });
    return m;
}

// ---- a naive reference implementation of docs/rules.md §2 placement legality and scoring ----------------------
// Written from the rule text, using only board.at(): no anchor data, no masks. Generic over the rule set
// ("replace 6 with the number of colours / shapes").

template <class Board>
using board_move_t = basic_move<typename Board::rules_type>;

/// The tile on cell `x` once the move is made (the board's, or the move's), or nothing.
template <class Board>
std::optional<typename Board::tile_type> naive_at(const Board& b, const board_move_t<Board>& m, cell x) {
    if (auto t = b.at(x)) return t;
    for (const auto& p : m)
        if (p.at == x) return p.tile;
    return std::nullopt;
}

/// The cell `k` steps from `x` along `a`.
constexpr cell naive_step(cell x, axis a, int k) { return a == axis::row ? cell{x.x + k, x.y} : cell{x.x, x.y + k}; }

/// The first cell of the line through `c` along `a` once the move is made.
template <class Board>
cell naive_line_start(const Board& b, const board_move_t<Board>& m, cell c, axis a) {
    cell start = c;
    while (naive_at(b, m, naive_step(start, a, -1))) start = naive_step(start, a, -1);
    return start;
}

/// What the rules ask of the line through `c` along `a` once the move is made, read tile by tile
/// from its first cell (no allocation: the fuzzer and the random-game tests ask this millions of
/// times under ASan): its length, first cell, first two tiles, whether all its tiles share a colour
/// or a shape, and whether a tile repeats.
template <class Board>
struct naive_line_facts {
    using tile_type = typename Board::tile_type;
    std::size_t size = 0;
    cell start{};
    tile_type first{}, second{};
    bool one_colour = true, one_shape = true, repeated = false;
};

/// The facts of the line through `c` along `a` once the move is made.
template <class Board>
naive_line_facts<Board> naive_line(const Board& b, const board_move_t<Board>& m, cell c, axis a) {
    using T = typename Board::tile_type;
    naive_line_facts<Board> line;
    line.start = naive_line_start(b, m, c, a);
    std::array<bool, static_cast<std::size_t>(T::kinds)> present{};
    for (cell x = line.start;; x = naive_step(x, a, 1)) {
        const auto t = naive_at(b, m, x);
        if (!t) break;
        if (line.size == 0) line.first = *t;
        if (line.size == 1) line.second = *t;
        ++line.size;
        line.one_colour = line.one_colour && t->colour() == line.first.colour();
        line.one_shape = line.one_shape && t->shape() == line.first.shape();
        bool& seen = present[static_cast<std::size_t>(t->index())];
        line.repeated = line.repeated || seen;
        seen = true;
    }
    return line;
}

/// What breaks one line of the naive reference rules (placement_rule::ok when nothing does).
template <class Board>
placement_rule naive_line_fault(const naive_line_facts<Board>& line) {
    using T = typename Board::tile_type;
    const std::size_t n = line.size;
    if (n < 2) return placement_rule::ok;
    if (n > static_cast<std::size_t>(std::max(T::colours, T::shapes))) return placement_rule::line_too_long;
    if (!line.one_colour && !line.one_shape) return placement_rule::mixed_line;
    // A colour line holds at most one tile per shape, a shape line one per colour.
    if (line.one_colour && !line.one_shape && n > static_cast<std::size_t>(T::shapes)) return placement_rule::line_too_long;
    if (line.one_shape && !line.one_colour && n > static_cast<std::size_t>(T::colours)) return placement_rule::line_too_long;
    if (line.repeated) return placement_rule::duplicate_in_line;
    return placement_rule::ok;
}

/// The first rule broken, in the order check_placement documents; ok when none.
template <class Board>
placement_rule naive_check(const Board& b, const basic_tile_multiset<typename Board::tile_type>& hand,
                           const board_move_t<Board>& m, const placement_context& ctx) {
    using T = typename Board::tile_type;
    if (m.empty()) return placement_rule::empty_move;
    std::array<int, static_cast<std::size_t>(T::kinds)> used{};
    for (const auto& p : m)
        if (++used[static_cast<std::size_t>(p.tile.index())] > hand.count(p.tile)) return placement_rule::tile_not_in_hand;
    for (auto p = m.begin(); p != m.end(); ++p) {
        if (!Board::contains(p->at)) return placement_rule::off_board;
        if (b.at(p->at)) return placement_rule::cell_occupied;
        if (std::any_of(m.begin(), p, [&](const auto& q) { return q.at == p->at; })) return placement_rule::cell_repeated;
        if (ctx.forbidden && *ctx.forbidden == p->at) return placement_rule::forbidden_cell;
    }
    const bool same_row = std::all_of(m.begin(), m.end(), [&](const auto& p) { return p.at.y == m[0].at.y; });
    const bool same_column = std::all_of(m.begin(), m.end(), [&](const auto& p) { return p.at.x == m[0].at.x; });
    // With two or more tiles the first two fix the direction.
    axis main = axis::row;
    if (m.size() >= 2) main = m[0].at.y == m[1].at.y ? axis::row : axis::column;
    if (m.size() >= 2 && !(main == axis::row ? same_row : same_column)) return placement_rule::not_in_one_line;
    int lo = 1 << 30, hi = -(1 << 30);
    for (const auto& p : m) {
        const int v = main == axis::row ? p.at.x : p.at.y;
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    }
    for (int v = lo; v <= hi; ++v) {
        const cell c = main == axis::row ? cell{v, m[0].at.y} : cell{m[0].at.x, v};
        const bool filled = b.at(c).has_value() || std::any_of(m.begin(), m.end(), [&](const auto& p) { return p.at == c; });
        if (!filled) return placement_rule::gap_in_line;
    }
    if (b.empty()) {
        const cell first = main == axis::row ? cell{lo, m[0].at.y} : cell{m[0].at.x, lo};
        if (first != cell{0, 0}) return placement_rule::opening_not_at_origin;
        if (ctx.opening_size > 0 && m.size() != ctx.opening_size) return placement_rule::opening_group_size;
    } else {
        bool touches = false;
        for (const auto& p : m)
            for (const cell n : {cell{p.at.x - 1, p.at.y}, cell{p.at.x + 1, p.at.y}, cell{p.at.x, p.at.y - 1},
                                 cell{p.at.x, p.at.y + 1}})
                touches = touches || b.at(n).has_value();
        if (!touches) return placement_rule::no_contact;
    }
    if (const auto f = naive_line_fault(naive_line(b, m, m[0].at, main)); f != placement_rule::ok) return f;
    const axis cross = main == axis::row ? axis::column : axis::row;
    for (const auto& p : m)
        if (const auto f = naive_line_fault(naive_line(b, m, p.at, cross)); f != placement_rule::ok) return f;
    return placement_rule::ok;
}

/// Every distinct line (2+ tiles) through a placed tile scores its length, plus the Qwirkle bonus when it
/// holds every shape (colour line) or every colour (shape line); a move making no line scores the lone score.
template <class Board>
int naive_score(const Board& b, const board_move_t<Board>& m) {
    using R = typename Board::rules_type;
    // The lines counted so far, by axis and first cell: at most two per placed tile.
    std::array<std::pair<axis, cell>, 2 * static_cast<std::size_t>(board_move_t<Board>::capacity)> counted{};
    std::size_t n_counted = 0;
    int total = 0;
    for (const auto& p : m)
        for (const axis a : {axis::row, axis::column}) {
            const auto line = naive_line(b, m, p.at, a);
            const std::pair<axis, cell> id{a, line.start};
            if (line.size < 2 || std::find(counted.begin(), counted.begin() + static_cast<std::ptrdiff_t>(n_counted), id) !=
                                     counted.begin() + static_cast<std::ptrdiff_t>(n_counted))
                continue;
            counted[n_counted++] = id;
            const bool colour_line = line.first.colour() == line.second.colour();
            const int full = colour_line ? R::shapes : R::colours;
            total += static_cast<int>(line.size) + (static_cast<int>(line.size) == full ? R::qwirkle_bonus : 0);
        }
    return total == 0 ? R::lone_tile_score : total;
}

/// A game configuration from its first four settings (the others keep their defaults).
inline game_config config_of(int players, std::uint64_t seed, int hand_size = 0, std::vector<int> ages = {}) {
    game_config c;
    c.players = players;
    c.seed = seed;
    c.hand_size = hand_size;
    c.ages = std::move(ages);
    return c;
}

/// Everything observable about a game, for "the state did not change" checks.
template <class Game>
struct snapshot {
    std::string board;
    std::vector<tile_multiset> hands;
    std::vector<int> scores;
    tile_multiset bag;
    int bag_size = 0;
    std::vector<std::string> history;
    int current = 0;
    int opening = 0;
    game_end end = game_end::running;

    explicit snapshot(const Game& g)
        : board(to_string(g.board())), scores(g.scores().begin(), g.scores().end()), bag(g.bag_contents()),
          bag_size(g.bag_size()), current(g.current_player()), opening(g.opening_size()), end(g.end_reason()) {
        for (int p = 0; p < g.players(); ++p) hands.push_back(g.hand(p));
        for (const auto& t : g.history())
            history.push_back(std::to_string(t.player) + ":" + to_string(t.action) + ":" + std::to_string(t.score) +
                              "+" + std::to_string(t.bonus));
    }
    friend bool operator==(const snapshot&, const snapshot&) = default;
};

/// A random legal action: a random placement if any, else a random exchange if allowed, else pass.
template <class Game>
typename Game::action_type random_action(const Game& g, rng& r) {
    using action_type = typename Game::action_type;
    const auto moves = g.legal_moves();
    if (!moves.empty()) return action_type::place(moves[r.below(static_cast<std::uint32_t>(moves.size()))].move);
    if (g.can_exchange()) {
        typename Game::hand_type give;
        g.hand(g.current_player()).for_each([&](auto t) {
            if (give.size() < g.bag_size() && (give.empty() || r.below(2))) give.add(t);
        });
        return action_type::exchange(give);
    }
    return action_type::pass();
}

/// The greedy player: a highest-scoring placement, else exchange the whole hand (or what the bag allows), else pass.
template <class Game>
typename Game::action_type greedy_action(const Game& g) {
    using action_type = typename Game::action_type;
    if (!g.is_terminal()) {
        const auto best = best_move(g.board(), g.hand(g.current_player()), g.move_options());
        if (best) return action_type::place(best->move);
    }
    if (g.can_exchange()) {
        typename Game::hand_type give;
        g.hand(g.current_player()).for_each([&](auto t) {
            if (give.size() < g.bag_size()) give.add(t);
        });
        return action_type::exchange(give);
    }
    return action_type::pass();
}

}  // namespace qwirkle_test
