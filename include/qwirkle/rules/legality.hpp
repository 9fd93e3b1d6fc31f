// SPDX-License-Identifier: MIT
/// @file
/// Is a placement legal? (docs/rules.md §2.4–2.5)
///
/// check_placement returns ok or the first rule the move breaks, naming the cell, tile or line
/// concerned. Checks run in this order: empty move, tiles in hand, cells (on the board, free, not
/// repeated, not forbidden), one row or column, no gap, contact (or the opening rules on an empty
/// board), then every line the move makes: not longer than a line can be, no piece twice, one
/// colour or one shape.
#pragma once

#include <type_traits>

#include <optional>
#include <string>

#include "../pieces/tile_set.hpp"
#include "scoring.hpp"

namespace qwirkle {

/// The rules a placement can break.
enum class placement_rule : std::uint8_t {
    ok,                     ///< the placement is legal
    empty_move,             ///< no tile placed
    too_many_tiles,         ///< more tiles than a line holds (a move built with too many placements)
    tile_not_in_hand,       ///< the hand lacks this tile (or as many copies of it)
    off_board,              ///< outside this board's limit, or the position would span more than it holds
    cell_occupied,          ///< a tile already lies there
    cell_repeated,          ///< the move puts two tiles on one cell
    forbidden_cell,         ///< the cell a tile was just taken from (take-a-tile action)
    not_in_one_line,        ///< the tiles are not all in one row or one column
    gap_in_line,            ///< an empty cell lies between placed tiles
    no_contact,             ///< no placed tile touches a tile on the board
    line_too_long,          ///< a line would exceed the longest possible line (a 7th tile)
    duplicate_in_line,      ///< a line would hold the same tile twice
    mixed_line,             ///< a line would be neither one colour nor one shape
    opening_not_at_origin,  ///< on the empty board the move must start at 0,0 (toward +x or +y)
    opening_group_size,     ///< the opening move must place the largest group (this many tiles)
};

/// A short English phrase naming the rule ("ok" for placement_rule::ok, "?" for a value out of range).
constexpr const char* rule_name(placement_rule r) noexcept {
    switch (r) {
        case placement_rule::ok: return "ok";
        case placement_rule::empty_move: return "empty move";
        case placement_rule::too_many_tiles: return "more tiles than a line holds";
        case placement_rule::tile_not_in_hand: return "tile not in hand";
        case placement_rule::off_board: return "cell off the board";
        case placement_rule::cell_occupied: return "cell occupied";
        case placement_rule::cell_repeated: return "two tiles on one cell";
        case placement_rule::forbidden_cell: return "tile taken from this cell this turn";
        case placement_rule::not_in_one_line: return "tiles not in one row or column";
        case placement_rule::gap_in_line: return "gap in the line";
        case placement_rule::no_contact: return "touches no tile on the board";
        case placement_rule::line_too_long: return "line too long";
        case placement_rule::duplicate_in_line: return "same tile twice in a line";
        case placement_rule::mixed_line: return "line neither one colour nor one shape";
        case placement_rule::opening_not_at_origin: return "opening move must start at 0,0";
        case placement_rule::opening_group_size: return "opening move must place the largest group";
    }
    return "?";
}

/// The verdict on a placement: ok, or the rule broken and what it concerns.
template <class Tile>
struct basic_placement_error {
    placement_rule rule = placement_rule::ok;  ///< the rule broken (ok: the placement is legal)
    cell where{};           ///< the cell concerned (for a line: its first cell)
    Tile tile{};            ///< the tile concerned (tile_not_in_hand, and the placed tile otherwise)
    axis line = axis::row;  ///< for line faults: which way the line runs
    int length = 0;         ///< for line faults: its length; for opening_group_size: the size required

    /// Whether the placement is legal.
    constexpr bool ok() const noexcept { return rule == placement_rule::ok; }
    /// Equal when every field is equal.
    friend constexpr bool operator==(const basic_placement_error&, const basic_placement_error&) = default;

    /// One sentence for a player: `gap in the line at 3,0`.
    std::string describe() const {
        const auto at = [](cell c) { return std::to_string(c.x) + "," + std::to_string(c.y); };
        const std::string name = rule_name(rule);
        switch (rule) {
            case placement_rule::ok:
            case placement_rule::empty_move: return name;
            case placement_rule::too_many_tiles: return name + " (" + std::to_string(length) + ")";
            case placement_rule::tile_not_in_hand:
                return name + ": " + std::string{tile.colour_letter(), tile.shape_digit()};
            case placement_rule::line_too_long:
            case placement_rule::duplicate_in_line:
            case placement_rule::mixed_line:
                return name + ": the " + (line == axis::row ? "row" : "column") + " of " + std::to_string(length) +
                       " from " + at(where);
            case placement_rule::opening_group_size:
                return name + " (" + std::to_string(length) + " tiles)";
            default: return name + " at " + at(where);
        }
    }
};

/// What the position adds to the rules of a placement.
struct placement_context {
    /// On the empty board, the number of tiles the opening must place (the largest group); 0: any.
    int opening_size = 0;
    /// A cell no tile may go to (where the take-a-tile action took one this turn).
    std::optional<cell> forbidden;
};

namespace detail {

/// The common case of check_placement, in one pass over the move: true when the move is legal
/// (then *score, if asked for, is its score); false when it may not be (check_placement then
/// examines it rule by rule for the exact error: false is never a verdict). What it accepts, the
/// rule-by-rule path accepts too, with the same score (its checks on the anchor records on a board
/// with tiles, the opening rules and the line on the empty board); it reads what that path gathers
/// rule by rule (tiles counted against the hand, cells compared pair by pair, the move's own line
/// walked cell by cell) from the anchor records and a few masks:
/// - the tiles of a legal move are distinct (they lie in one line), so they are in the hand when
///   their set is in the hand's set (a move placing a tile twice takes the slow path);
/// - the cells lie in one row or column: a mask of their places along it (from the first cell's)
///   finds a repeated cell;
/// - no gap: each placed cell but the last is followed by the run of board tiles its anchor record
///   gives (`length` toward +x or +y); those stretches, each one free cell then tiles, are disjoint
///   and lie between the first and the last cell, so they fill that stretch exactly when their
///   lengths add up to its extent;
/// - the position spans as much with every cell as with the first and the last (the cells between
///   grow the box no further);
/// - the own line's pieces are then the placed tiles, every cell's run toward +x (+y), and the run
///   before the first cell, each set counted once, so that a piece twice shows as an overlap (runs
///   that hold a piece twice themselves, on boards built without the rules, take the slow path);
/// - the score is added up on the way (the crossing lines' points count only when they fit).
template <bool Row, ruleset R, int Radius>
constexpr bool placement_ok_fast(const basic_board<R, Radius>& b, const basic_tile_multiset<tile_t<R>>& hand,
                                 const basic_move<R>& m, const placement_context& ctx, int* score) noexcept {
    using Tile = tile_t<R>;
    using board_type = basic_board<R, Radius>;
    using anchor_type = typename board_type::anchor;
    constexpr std::size_t back = Row ? 0 : 2, ahead = back + 1, cross = Row ? 1 : 0, c0 = Row ? 2 : 0;
    const auto along = [](cell c) { return Row ? c.x : c.y; };
    const auto fixed = [](cell c) { return Row ? c.y : c.x; };
    const int n = m.size();
    const int line = fixed(m[0].at), origin = along(m[0].at);
    mask64 tiles = 0, set = 0, places = 0;
    mask64 overlap = 0, misfits = 0;  // (masks, not flags: no branch per tile)
    bool touches = false;
    int forward = 0;  // the lengths of the runs after every placed cell
    int points = 0;   // of the crossing lines
    int lo_at = origin, hi_at = origin;
    const anchor_type* first = nullptr;  // the records of the first and the last cell
    const anchor_type* last = nullptr;
    for (int i = 0; i < n; ++i) {
        const auto& p = m[i];
        if (!board_type::contains(p.at) || fixed(p.at) != line) return false;
        const int at = along(p.at);
        const unsigned place = static_cast<unsigned>(at) - static_cast<unsigned>(origin) + 32u;  // (no overflow)
        if (place >= 64 || ((places >> place) & 1u)) return false;
        places |= mask64{1} << place;
        const mask64 t = bit(p.tile.index());
        if (tiles & t) return false;
        tiles |= t;
        // The raw value of the cell's key: a tile (on this cell, or on a distant one with its key:
        // either way for the slow path), an anchor, or a free cell with no tile next to it, which
        // reads as open_cell(): no runs, every tile allowed. (Not look(): an anchor found is this
        // cell's unless the cell lies 127 or more columns or rows from the anchor, so from the
        // tiles, and then the span test below refuses the move.)
        const auto v = b.probe(board_type::key_of(p.at));
        if (board_type::is_tile(v) || (ctx.forbidden && *ctx.forbidden == p.at)) return false;
        const anchor_type& a = b.anchor_of(v);
        const bool anchor = board_type::is_anchor_value(v);
        if ((a.repeated >> back) & 3u) return false;
        touches = touches | anchor;
        misfits |= t & ~a.allows[cross];
        const mask64 after = a.run[ahead];
        overlap |= (set & t) | ((set | t) & after);
        set |= t | after;
        forward += a.length[ahead];
        // The crossing line (valid when it fits: see the allows test).
        points += points_of_valid<Tile>(a.run[c0] | a.run[c0 + 1] | t, a.length[c0] + a.length[c0 + 1] + 1, R::qwirkle_bonus);
        // (<= and >=: the first cell sets both; no other cell is equal, the cells being distinct)
        first = at <= lo_at ? &a : first;
        lo_at = at <= lo_at ? at : lo_at;
        last = at >= hi_at ? &a : last;
        hi_at = at >= hi_at ? at : hi_at;
    }
    const auto cell_at = [line](int at) { return Row ? cell{at, line} : cell{line, at}; };
    if (b.empty()) {  // the opening: from 0,0 on, the group size asked for
        if (cell_at(lo_at) != cell{0, 0} || (ctx.opening_size > 0 && n != ctx.opening_size)) return false;
    } else if (!touches) {
        return false;
    }
    if (misfits || n - 1 + forward - last->length[ahead] != hi_at - lo_at) return false;
    if (tiles & ~hand.distinct().bits()) return false;
    // (spans_with reads the kept box, else the exact one: both grow no further for the cells between)
    if (!b.spans_with(cell_at(lo_at)) || (hi_at != lo_at && !b.spans_with(cell_at(hi_at)))) return false;
    main_line_info own;
    own.set = set;
    own.length = n + forward;
    own.repeated = overlap != 0;
    own.add(first->run[back], first->length[back]);
    if (!own.valid<Tile>()) return false;
    if (score) {
        points += points_of_valid<Tile>(own.set, own.length, R::qwirkle_bonus);
        *score = points == 0 ? R::lone_tile_score : points;
    }
    return true;
}
template <ruleset R, int Radius>
constexpr bool placement_ok_fast(const basic_board<R, Radius>& b, const basic_tile_multiset<tile_t<R>>& hand,
                                 const basic_move<R>& m, const placement_context& ctx, int* score) noexcept {
    return m.size() < 2 || m[0].at.y == m[1].at.y ? placement_ok_fast<true>(b, hand, m, ctx, score)
                                                  : placement_ok_fast<false>(b, hand, m, ctx, score);
}

/// check_placement rule by rule, in the order the file description gives, for the exact error
/// (and, with `score`, the score of a legal move on a non-empty board, which the anchor records
/// give; *score is left alone otherwise). Each placed cell is looked up once: whether it is free,
/// and its anchor record, which holds its crossing line and says that it touches a tile.
template <ruleset R, int Radius>
constexpr basic_placement_error<tile_t<R>> check_placement_by_rule(const basic_board<R, Radius>& b, const basic_tile_multiset<tile_t<R>>& hand,
                                                                  const basic_move<R>& m, const placement_context& ctx, int* score) noexcept {
    using Tile = tile_t<R>;
    using error = basic_placement_error<Tile>;
    using board_type = basic_board<R, Radius>;
    using anchor_type = typename board_type::anchor;
    const auto fail = [](placement_rule r, cell c, Tile t = {}) { return error{r, c, t, axis::row, 0}; };

    if (m.empty()) return fail(placement_rule::empty_move, {});
    if (m.overflowed()) {
        error e = fail(placement_rule::too_many_tiles, m[0].at, m[0].tile);
        e.length = rules_traits<R>::max_line;
        return e;
    }

    basic_tile_multiset<Tile> used;
    for (const auto& p : m) {
        used.add(p.tile);
        if (used.count(p.tile) > hand.count(p.tile)) return fail(placement_rule::tile_not_in_hand, p.at, p.tile);
    }
    // The anchor record of each placed cell (nullptr: a free cell with no tile next to it).
    std::array<const anchor_type*, static_cast<std::size_t>(basic_move<R>::capacity)> record{};
    bool touches = false;
    for (int i = 0; i < m.size(); ++i) {
        const auto& p = m[i];
        if (!board_type::contains(p.at)) return fail(placement_rule::off_board, p.at, p.tile);
        const auto v = b.look(p.at);
        if (board_type::is_tile(v)) return fail(placement_rule::cell_occupied, p.at, p.tile);
        for (int j = 0; j < i; ++j)
            if (m[j].at == p.at) return fail(placement_rule::cell_repeated, p.at, p.tile);
        if (ctx.forbidden && *ctx.forbidden == p.at) return fail(placement_rule::forbidden_cell, p.at, p.tile);
        if (board_type::is_anchor_value(v)) {
            record[static_cast<std::size_t>(i)] = &b.anchor_of(v);
            touches = true;  // (an anchor is a free cell next to a tile)
        }
    }
    for (const auto& p : m)
        if (!b.spans_with(p.at)) return fail(placement_rule::off_board, p.at, p.tile);

    // One row or one column.
    axis main = axis::row;
    if (m.size() >= 2) {
        main = m[0].at.y == m[1].at.y ? axis::row : axis::column;
        for (const auto& p : m) {
            const bool in_line = main == axis::row ? p.at.y == m[0].at.y : p.at.x == m[0].at.x;
            if (!in_line) return fail(placement_rule::not_in_one_line, p.at, p.tile);
        }
    }
    const auto coord = [main](cell c) { return main == axis::row ? c.x : c.y; };
    int lo = 0, hi = 0;  // the placements at both ends of the move
    for (int i = 1; i < m.size(); ++i) {
        if (coord(m[i].at) < coord(m[lo].at)) lo = i;
        if (coord(m[i].at) > coord(m[hi].at)) hi = i;
    }
    // No gap between the placed tiles. The line's pieces between them are gathered on the way.
    main_line_info own;
    for (cell c = m[lo].at;; c = step_cell(c, main, 1)) {
        auto t = placed_at(m, c);
        if (!t) t = b.at(c);
        if (!t) return fail(placement_rule::gap_in_line, c);
        own.add(bit(t->index()), 1);
        if (c == m[hi].at) break;
    }

    // Contact, or the opening rules.
    if (b.empty()) {
        if (m[lo].at != cell{0, 0}) return fail(placement_rule::opening_not_at_origin, m[lo].at);
        if (ctx.opening_size > 0 && m.size() != ctx.opening_size) {
            error e = fail(placement_rule::opening_group_size, m[lo].at);
            e.length = ctx.opening_size;
            return e;
        }
    } else if (!touches) {
        return fail(placement_rule::no_contact, m[0].at, m[0].tile);
    }

    // Every line the move makes. Fast path: the anchor records answer for the crossing lines and
    // give the runs at both ends of the move's own line; only a move that fails it is examined
    // line by line for the exact error.
    if (!b.empty()) {
        const std::size_t back = main == axis::row ? 0 : 2, cross = main == axis::row ? 1 : 0;
        bool fits = true;
        for (int i = 0; i < m.size(); ++i) {
            const anchor_type* an = record[static_cast<std::size_t>(i)];
            fits = fits && (!an || ((an->allows[cross] >> m[i].tile.index()) & 1u));
        }
        if (const anchor_type* an = record[static_cast<std::size_t>(lo)]) own.add(an->run[back], an->length[back]);
        if (const anchor_type* an = record[static_cast<std::size_t>(hi)]) own.add(an->run[back + 1], an->length[back + 1]);
        if (fits && own.valid<Tile>()) {
            if (score) *score = points_of_lines(own, main, m, [&](int i) { return record[static_cast<std::size_t>(i)]; });
            return {};
        }
    }
    const auto verdict = [&](const basic_line_info<Tile>& line) -> std::optional<error> {
        if (line.length < 2) return std::nullopt;
        line_fault f = line_fault::too_long;
        if (line.length <= rules_traits<R>::max_line)
            f = check_line(std::span<const Tile>(line.pieces.data(), static_cast<std::size_t>(line.length)));
        if (f == line_fault::none) return std::nullopt;
        const placement_rule r = f == line_fault::too_long    ? placement_rule::line_too_long
                                 : f == line_fault::duplicate ? placement_rule::duplicate_in_line
                                                              : placement_rule::mixed_line;
        return error{r, line.start, Tile{}, line.direction, line.length};
    };
    if (auto e = verdict(line_through(b, m, m[0].at, main))) return *e;
    const axis cross = main == axis::row ? axis::column : axis::row;
    for (const auto& p : m)
        if (auto e = verdict(line_through(b, m, p.at, cross))) return *e;
    return {};
}

/// check_placement; with `score` (not null) also the move's score, when the move is legal and
/// either path gives it (nearly every legal move; *score is left alone otherwise): the one-pass
/// path, and what it does not accept rule by rule.
template <ruleset R, int Radius>
constexpr basic_placement_error<tile_t<R>> check_placement(const basic_board<R, Radius>& b, const basic_tile_multiset<tile_t<R>>& hand,
                                                          const basic_move<R>& m, const placement_context& ctx, int* score) noexcept {
    if (!m.empty() && !m.overflowed() && placement_ok_fast(b, hand, m, ctx, score)) return {};
    return check_placement_by_rule(b, hand, m, ctx, score);
}

}  // namespace detail

/// Is `m` a legal placement for a player holding `hand` on board `b`?
template <ruleset R, int Radius>
constexpr basic_placement_error<tile_t<R>> check_placement(const basic_board<R, Radius>& b,
                                                          const basic_tile_multiset<tile_t<R>>& hand,
                                                          const std::type_identity_t<basic_move<R>>& m,
                                                          const placement_context& ctx = {}) noexcept {
    return detail::check_placement(b, hand, m, ctx, nullptr);
}

}  // namespace qwirkle
