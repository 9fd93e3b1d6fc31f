// SPDX-License-Identifier: MIT
/// @file
/// The grid board: tiles on cells, with the anchor data move generation needs kept up to date.
///
/// Cells have integer coordinates without a fixed extent: no legal game, however far it snakes (take-a-tile
/// included), is ever refused for running out of room. What is bounded is the *span* of a position — the
/// distance between its leftmost and rightmost columns, and between its top and bottom rows: a legal
/// position of T tiles with lines of at most L spans at most X where X + ⌈X / (L − 1)⌉ ≤ T (90 for the
/// standard game, see rules_traits::reach), and the board accepts any position spanning up to
/// `span_limit` (100) in both directions. A `Radius` below the default also limits |x| and |y| (small
/// boards for tests); placing outside it is refused, never undefined.
///
/// Representation (chosen for copying and move generation; see README "Design"): cells are keyed by
/// their coordinates modulo 128 (a torus of 128 × 128, wider than any position plus the reach of a
/// move, so distinct cells of a position never share a key) in an open-addressing table of 1024
/// entries, each cell's home slot its place in a 32 × 32 window (the cells of a position that fits
/// in it never share a slot, so look-ups end at the first slot); beside it, the list of tiles and the list of *anchors* — empty cells next to a tile — each
/// holding, for the four directions, the set and length of the run of tiles that starts next to it, and
/// for both axes the mask of tiles its crossing line still allows. Placing a tile updates only the
/// anchors at the ends of its row and column runs; a board copies in well under 100 ns (only the used
/// parts of the lists are copied). Each placement writes what it changed to a journal (the last
/// `journal_depth`): rewind() writes it back, leaving the board exactly as it was; remove() and
/// undo() read the runs and masks from it instead of walking the runs again, but rebuild the
/// anchor list in the order 0.1.0 did (see rewind).
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <span>

#include "../core/bits.hpp"
#include "../core/ruleset.hpp"
#include "../lines/line.hpp"
#include "move.hpp"

namespace qwirkle {

/// The default `Radius` of a board: no limit on the coordinates beyond what a cell's int holds
/// (text notation limits them further, see `max_coordinate`).
inline constexpr int unlimited_radius = 1'100'000'000;

/// The grid board of the tile game (docs/rules.md §2.3): tiles on cells, plus, for every empty
/// cell next to a tile (an *anchor*), the runs of tiles around it and the tiles its two lines still
/// allow, kept up to date on every placement and removal.
///
/// It checks no rule but the room it has: `place` refuses an occupied cell, a cell outside
/// `Radius`, a tile beyond `capacity` or a position wider or taller than `span_limit`, and then
/// changes nothing. Legality (docs/rules.md §2.5) is for rules/legality.hpp, scoring for
/// rules/scoring.hpp. See the file description for the representation.
/// @tparam Rules  the rule set (its colours, shapes and copies give the tiles and `capacity`)
/// @tparam Radius the coordinate limit: cells with |x| or |y| above it are refused
///                (`unlimited_radius`, the default, means no limit beyond the int)
template <ruleset Rules = standard_rules, int Radius = unlimited_radius>
class basic_board {
    static_assert(Radius >= 1 && Radius <= unlimited_radius, "board radius out of range");

public:
    using rules_type = Rules;        ///< the rule set the board is for
    using tile_type = tile_t<Rules>; ///< the tiles of that rule set
    /// A set of tiles: bit i stands for the tile of index i (`tile_type::index()`).
    using mask = detail::mask64;
    /// A cell's place in the hash table: its coordinates modulo 128 (14 bits).
    using key_type = std::uint16_t;

    static constexpr int radius = Radius;  ///< the coordinate limit `Radius`
    /// Whether the coordinates are limited (`Radius` below `unlimited_radius`).
    static constexpr bool limited = Radius < unlimited_radius;
    static constexpr int capacity = rules_traits<Rules>::piece_count;  ///< most tiles it can hold
    /// Most anchors there can be at once: four per tile, plus four (more than any position has).
    static constexpr int max_anchors = 4 * capacity + 4;
    /// The widest (and tallest) position the board holds: more than any legal position reaches.
    static constexpr int span_limit = 100;
    static_assert(rules_traits<Rules>::reach <= span_limit, "a legal position of this rule set could exceed the board");

    /// Raw cell values: a tile (bit 15 clear: tile index in the low byte, its place in the tile
    /// list above), an anchor (bit 15 set: its place in the anchor list), or `empty_value`.
    using value_type = std::uint16_t;
    static constexpr value_type anchor_flag = 0x8000;  ///< bit 15: set in the raw value of an anchor
    /// The raw value of a cell with no tile and no tile next to it: an anchor's value naming the
    /// record after the last anchor there can be, which is open_cell() (see anchor_of).
    static constexpr value_type empty_value = static_cast<value_type>(anchor_flag | max_anchors);

    /// An empty cell next to at least one tile. Directions, in the order of `run`: left (−x),
    /// right (+x), up (−y), down (+y).
    /// (A trivial aggregate, so that the board's storage costs nothing until used: `anchor{}` is
    /// the record of no runs.)
    struct anchor {
        int x /**< the cell's column */, y; ///< the cell's row
        /// The cell, as a `cell`.
        constexpr cell at() const noexcept { return {x, y}; }
        std::array<mask, 4> run;            ///< tiles of the run starting next to it, per direction
        std::array<std::uint8_t, 4> length; ///< lengths of those runs
        key_type key;                       ///< the cell's hash key
        std::uint8_t repeated;  ///< bit d: run d holds a tile twice (boards built without the rules)
        std::array<mask, 2> allows;         ///< per axis (row, column): tiles that keep that line valid here
    };

    constexpr basic_board() noexcept {  // the lists are read only up to their sizes (and the open record)
        table_.fill(empty_entry);
        anchors_[max_anchors] = open_cell();
    }
    /// A copy of the tiles and anchors of `o` (only the parts of its lists in use are copied).
    /// The copy starts with an empty journal: taking back a tile placed before the copy walks
    /// the runs instead of reading them back.
    constexpr basic_board(const basic_board& o) noexcept {
        anchors_[max_anchors] = open_cell();
        copy_from(o, ~std::uint32_t{0});  // (every row of the table to write: none is yet)
    }
    /// Makes this board a copy of `o` (as the copy constructor does); self-assignment changes nothing.
    constexpr basic_board& operator=(const basic_board& o) noexcept {
        if (this != &o) copy_from(o, used_rows());
        return *this;
    }

    // ---- cells and tiles ------------------------------------------------------------------------

    /// Is the cell within this board's coordinate limit (always, for the default board)?
    static constexpr bool contains(cell c) noexcept {
        if constexpr (!limited) return true;
        else return c.x >= -Radius && c.x <= Radius && c.y >= -Radius && c.y <= Radius;
    }
    /// The hash key of a cell: x modulo 128 in bits 0–6, y modulo 128 in bits 7–13. Distinct cells
    /// of one position never share a key (positions span at most `span_limit`).
    static constexpr key_type key_of(cell c) noexcept {
        return static_cast<key_type>(((static_cast<unsigned>(c.y) & 127u) << 7) | (static_cast<unsigned>(c.x) & 127u));
    }

    /// The number of tiles on the board, in [0, `capacity`].
    constexpr int size() const noexcept { return size_; }
    /// Is there no tile on the board?
    constexpr bool empty() const noexcept { return size_ == 0; }
    /// Is there a tile on the cell?
    constexpr bool occupied(cell c) const noexcept { return tile_number(c) >= 0; }
    /// The tile on a cell, if any.
    constexpr std::optional<tile_type> at(cell c) const noexcept {
        const value_type v = look(c);
        if (!is_tile(v)) return std::nullopt;
        return detail::tile_at<tile_type>(v & 0xFF);
    }
    /// Does an empty cell have a tile next to it?
    constexpr bool is_anchor(cell c) const noexcept { return anchor_at(c) != nullptr; }

    /// Puts a tile on an empty cell. Returns false, changing nothing, when the cell is occupied or
    /// outside this board's limit, when the board already holds `capacity` tiles, or when the
    /// position would span more than `span_limit` columns or rows. No rule is checked here: see
    /// check_placement.
    constexpr bool place(cell c, tile_type t) noexcept {
        if (!contains(c) || size_ >= capacity || size_ + anchor_count_ + 5 > table_limit) return false;
        bounds grown;  // the box with c
        if (!fits_span(c, grown)) return false;
        const key_type k = key_of(c);
        const std::size_t home = hash(k);
        // Within the window (nearly always) every cell looked up below is at its home slot, or absent.
        const bool direct = direct_box(grown);
        const std::size_t h = slot_in(k, home, direct);  // (insertions below never move an entry: h stays valid)
        const value_type before = static_cast<value_type>(table_[h] >> 16);  // (empty_value for a free slot)
        if (is_tile(before)) return false;
        // What the cell held: its runs give the new tile's lines without walking them.
        journal_entry& j = journal_push();
        j.key = k;
        j.box = {box_.min.x, box_.min.y, box_.max.x, box_.max.y};
        j.anchors_before = static_cast<std::uint16_t>(anchor_count_);
        // (The counts of table writes and changed end cells are kept here and stored once: a store
        // to the table may change any word, so the entry's own counters would be read again after each.)
        journal_counts n{0, 0};
        j.was_anchor = before != empty_value;
        if (j.was_anchor) {
            // The cell leaves the anchor list: the last anchor moves into its place (its table
            // entry says so); the cell's own entry is overwritten below.
            const std::size_t s = before & ~anchor_flag;
            j.anchor_slot = static_cast<std::uint16_t>(s);
            j.cell = anchors_[s];
            const std::size_t last = static_cast<std::size_t>(--anchor_count_);
            if (s != last) {
                anchors_[s] = anchors_[last];
                fits_[s] = fits_[last];
                const key_type km = anchors_[s].key;
                const std::size_t hm = slot_in(km, hash(km), direct);
                log_write(j, n, hm);
                table_[hm] = static_cast<std::uint32_t>(km) | (static_cast<std::uint32_t>(anchor_flag | s) << 16);
            }
        } else {
            j.cell.run = {};
            j.cell.length = {};
            j.cell.repeated = 0;
            j.cell.allows = {all_tiles, all_tiles};  // (what run_ends reads: lines of no tile allow every tile)
        }
        log_write(j, n, h);
        table_[h] = static_cast<std::uint32_t>(k) | (static_cast<std::uint32_t>(tile_value(t, size_)) << 16);
        occupied_[static_cast<std::size_t>(size_++)] = tile_entry{c.x, c.y, k, static_cast<std::uint8_t>(t.index())};
        box_ = grown;
        // The free cells at both ends of the new tile's row and column runs are the only cells whose
        // anchor data change, and only in the direction facing the tile.
        run_ends<0>(c, k, home, t, j, n, direct);
        run_ends<2>(c, k, home, t, j, n, direct);
        j.writes = n.writes;
        j.ends = n.ends;
        return true;
    }
    /// Takes the tile off a cell (undo, or the take-a-tile action). False if there is none.
    constexpr bool remove(cell c) noexcept {
        const key_type k = key_of(c);
        const std::size_t home = hash(k);
        const bool direct = direct_box(box_);  // (box_ bounds the tiles, c's among them if it holds one)
        const std::size_t h = slot_in(k, home, direct);
        const value_type v = static_cast<value_type>(table_[h] >> 16);  // (empty_value for a free slot)
        if (!is_tile(v) || tile_cell_of(v) != c) return false;
        // The runs next to the cell once the tile is gone: from the journal when this is the last
        // tile placed, else by walking them.
        std::array<mask, 4> run{};
        std::array<std::uint8_t, 4> length{};
        std::uint8_t repeated = 0;
        // From the journal also the crossing-line masks the cells had before the tile came (the
        // same tiles around them again): restored rather than computed.
        const journal_entry* j = nullptr;
        // Either way the anchors come back in an order of their own (the order 0.1.0's boards
        // had, which the records of its Monte-Carlo games depend on), not as before the placement:
        // every mark is void from here (rewind restores the order too).
        ++epoch_;
        if (journal_top_ != journal_bottom_ && journal_top().key == k) {
            j = &journal_top();
            run = j->cell.run;
            length = j->cell.length;
            repeated = j->cell.repeated;
            --journal_top_;  // (the entry stays readable until the next placement)
        } else {
            journal_top_ = journal_bottom_ = 0;  // the journal no longer describes the board
            for (std::size_t d = 0; d < 4; ++d) walk(c, d, run[d], length[d], repeated);
        }
        const int pos = (v >> 8) & 0x7F;
        if (pos != --size_) {  // the last tile of the list takes its place
            const tile_entry last = occupied_[static_cast<std::size_t>(size_)];
            occupied_[static_cast<std::size_t>(pos)] = last;
            set_value(last.key, tile_value(detail::tile_at<tile_type>(last.tile), pos), direct);
        }
        // The cell stays in the table when it becomes an anchor (its entry is overwritten below,
        // after the anchors the removal drops, so that the anchor list keeps its order).
        const bool becomes_anchor = word_of(length) != 0;
        if (!becomes_anchor) erase_at(h, direct);  // (h still holds it: set_value moves no entry)
        restore_end<0>(k, home, run[0], length[0], repeated, j, direct);
        restore_end<1>(k, home, run[1], length[1], repeated, j, direct);
        restore_end<2>(k, home, run[2], length[2], repeated, j, direct);
        restore_end<3>(k, home, run[3], length[3], repeated, j, direct);
        if (becomes_anchor) {  // a new anchor, at the end of the list
            const std::size_t s = static_cast<std::size_t>(anchor_count_++);
            set_value(k, static_cast<value_type>(anchor_flag | s), direct);
            anchor& a = anchors_[s];  // (each field written once)
            a.x = c.x;
            a.y = c.y;
            a.key = k;
            a.run = run;
            a.length = length;
            a.repeated = repeated;
            if (j && j->was_anchor) {
                a.allows = j->cell.allows;
                fits_[s] = a.allows[0] & a.allows[1];
            } else {
                a.allows = {all_tiles, all_tiles};
                update_allows(a, s, 0);
                update_allows(a, s, 2);
            }
        }
        return true;
    }
    /// Places every tile of a move (no rule checked); false, changing nothing, if any cannot be placed.
    constexpr bool place(const basic_move<Rules>& m) noexcept {
        for (int k = 0; k < m.size(); ++k) {
            if (!place(m[k].at, m[k].tile)) {
                while (k-- > 0) remove(m[k].at);
                return false;
            }
        }
        return true;
    }
    /// Takes a placed move back off the board.
    constexpr void undo(const basic_move<Rules>& m) noexcept {
        for (int k = m.size(); k-- > 0;) remove(m[k].at);
    }
    /// Takes every tile off: the board is as newly built (and every mark void).
    constexpr void clear() noexcept { *this = basic_board(); }

    /// A point of the board's history to come back to with rewind(); only for the board that made it.
    struct mark {
        std::uint32_t epoch;  ///< the board's epoch: which stretch of its history
        std::uint32_t depth;  ///< how many placements of that stretch there were
        std::uint64_t serial; ///< how many placements the board had made (so a mark rewound past is void)
        /// The same point.
        friend constexpr bool operator==(const mark&, const mark&) = default;
    };
    /// The board as it is now, as a point to rewind to.
    constexpr mark current_mark() const noexcept { return {epoch_, journal_top_, serial_}; }
    /// Can rewind(m) bring the board back to `m`? Yes while every placement since is still in the
    /// journal (at most `journal_depth` of them) and no tile has been taken off with remove() or
    /// undo() since (they change the anchors' order; so does a refused place(move), which takes
    /// back the tiles it placed with remove()), nor the board copied, assigned or cleared, nor
    /// rewound to before `m` and placed on again (a history `m` is not part of).
    constexpr bool can_rewind(mark m) const noexcept {
        if (m.epoch != epoch_ || m.depth < journal_bottom_ || m.depth > journal_top_) return false;
        // The placement just before the mark must be the one that was there: placed before it.
        return m.depth == journal_bottom_ || journal_[(m.depth - 1) & (journal_capacity - 1)].serial < m.serial;
    }
    /// Takes back every tile placed since `m`, leaving the board exactly as it was then: the same
    /// tiles and the same internal order, so that moves are generated in the same order as then
    /// (undo() gives the same tiles, in an order of its own). Cheaper than undo(): it writes back
    /// what the placements changed instead of working out the runs and masks again. False,
    /// changing nothing, when !can_rewind(m).
    constexpr bool rewind(mark m) noexcept {
        if (!can_rewind(m)) return false;
        while (journal_top_ != m.depth) take_back_top();
        return true;
    }
    /// Most placements rewind() can take back at once.
    static constexpr int journal_depth = 64;

    /// Calls f(cell, tile) for every tile on the board.
    template <class F>
    constexpr void for_each_tile(F&& f) const {
        for (int k = 0; k < size_; ++k) {
            const tile_entry& e = occupied_[static_cast<std::size_t>(k)];
            f(e.at(), detail::tile_at<tile_type>(e.tile));
        }
    }

    /// The tiles in storage order: tile_cell(k) for k in [0, size()); tile_number(c) gives k back.
    constexpr cell tile_cell(int k) const noexcept { return occupied_[static_cast<std::size_t>(k)].at(); }
    /// The storage position of the tile on an occupied cell, or -1.
    constexpr int tile_number(cell c) const noexcept {
        const value_type v = look(c);
        return is_tile(v) ? (v >> 8) & 0x7F : -1;
    }

    /// Smallest and largest x and y over the tiles (both {0,0} on an empty board).
    struct bounds {
        cell min /**< the smallest x and the smallest y */, max; ///< the largest x and the largest y
    };
    /// The box around the tiles, computed exactly (`{}`, both corners 0,0, for an empty board).
    constexpr bounds bounding_box() const noexcept {
        if (size_ == 0) return {};
        bounds b{occupied_[0].at(), occupied_[0].at()};
        for_each_tile([&](cell c, tile_type) {
            b.min.x = c.x < b.min.x ? c.x : b.min.x;
            b.min.y = c.y < b.min.y ? c.y : b.min.y;
            b.max.x = c.x > b.max.x ? c.x : b.max.x;
            b.max.y = c.y > b.max.y ? c.y : b.max.y;
        });
        return b;
    }

    /// Would the position, with a tile on `c` too, still span at most `span_limit` columns and rows?
    QWIRKLE_ALWAYS_INLINE constexpr bool spans_with(cell c) const noexcept {
        // (the kept box may be stale, larger: only then the exact one is computed, out of line)
        return size_ == 0 || within(box_, c) || spans_exactly_with(c);
    }

    /// Are all tiles one orthogonally connected group? (True for an empty board.)
    constexpr bool connected() const noexcept {
        if (size_ <= 1) return true;
        std::array<int, static_cast<std::size_t>(capacity)> stack{};
        std::array<bool, static_cast<std::size_t>(capacity)> seen{};
        int top = 0, reached = 1;
        stack[0] = 0;
        seen[0] = true;
        while (top >= 0) {
            const cell c = occupied_[static_cast<std::size_t>(stack[static_cast<std::size_t>(top--)])].at();
            for (std::size_t d = 0; d < 4; ++d) {
                const int n = tile_number(step(c, d, 1));
                if (n < 0 || seen[static_cast<std::size_t>(n)]) continue;
                seen[static_cast<std::size_t>(n)] = true;
                ++reached;
                stack[static_cast<std::size_t>(++top)] = n;
            }
        }
        return reached == size_;
    }

    /// The same tiles on the same cells (the order in which they were placed does not matter).
    friend constexpr bool operator==(const basic_board& a, const basic_board& b) noexcept {
        if (a.size_ != b.size_) return false;
        for (int k = 0; k < a.size_; ++k) {
            const tile_entry& e = a.occupied_[static_cast<std::size_t>(k)];
            const auto t = b.at(e.at());
            if (!t || t->index() != e.tile) return false;
        }
        return true;
    }

    // ---- low-level access for move generation ---------------------------------------------------

    /// The raw value of the cell with this key: a tile, an anchor or empty_value. (The key alone
    /// names the cell: positions never span enough for two of their cells to share one.)
    constexpr value_type probe(key_type k) const noexcept {
        // Nearly always the home slot holds the cell or is free (a free slot's value half is
        // empty_value): one branch, taken either way, rather than one per outcome (whether a cell
        // is free or not is what move generation cannot predict). Keys are below 0x4000: the key
        // half xor k is 0 for k, at least 0x4000 for a free slot (0xFFFF), else between.
        static_assert(key_of(cell{-1, -1}) == 0x3FFF, "keys are 14 bits");
        for (std::size_t h = hash(k);; h = (h + 1) & (table_size - 1)) {
            const std::uint32_t e = table_[h];
            if ((((e & 0xFFFFu) ^ k) - 1u) >= 0x3FFFu) return static_cast<value_type>(e >> 16);
        }
    }
    /// Is this raw value (from `probe`) a tile's? (`empty_value` is not.)
    static constexpr bool is_tile(value_type v) noexcept { return (v & anchor_flag) == 0; }
    /// Is this raw value (from `probe`) an anchor's? (`empty_value` is not.)
    static constexpr bool is_anchor_value(value_type v) noexcept {
        // (anchor_flag | s for the anchor places s below max_anchors; empty_value is anchor_flag | max_anchors)
        return static_cast<value_type>(v - anchor_flag) < max_anchors;
    }
    /// The key of the cell one step from `k` along direction d (0 left, 1 right, 2 up, 3 down).
    static constexpr key_type step_key(key_type k, std::size_t d) noexcept {
        switch (d) {
            case 0: return static_cast<key_type>((k & 0x3F80u) | ((k + 127u) & 127u));
            case 1: return static_cast<key_type>((k & 0x3F80u) | ((k + 1u) & 127u));
            case 2: return static_cast<key_type>((k + 0x3F80u) & 0x3FFFu);
            default: return static_cast<key_type>((k + 0x80u) & 0x3FFFu);
        }
    }
    /// Every anchor of the position (the empty cells next to a tile), in no particular order; the
    /// view is valid until the board next changes.
    constexpr std::span<const anchor> anchors() const noexcept {
        return {anchors_.data(), static_cast<std::size_t>(anchor_count_)};
    }
    /// Per anchor (same order as anchors()): the tiles both its lines allow, kept contiguous so
    /// that the move generator scans them without touching the full anchor records.
    constexpr std::span<const mask> anchor_fits() const noexcept {
        return {fits_.data(), static_cast<std::size_t>(anchor_count_)};
    }
    /// The anchor data of an empty cell next to a tile, or nullptr.
    constexpr const anchor* anchor_at(cell c) const noexcept {
        const value_type v = look(c);
        return is_anchor_value(v) ? &anchor_of(v) : nullptr;
    }
    /// The raw value of cell c, as probe gives it but for c itself: a tile's value when a tile
    /// lies on c, an anchor's when c is an anchor, else empty_value (a distant cell whose key c
    /// shares reads as empty).
    constexpr value_type look(cell c) const noexcept {
        const value_type v = probe(key_of(c));
        if (v == empty_value) return v;
        const cell at = is_tile(v) ? tile_cell_of(v) : anchors_[v & ~anchor_flag].at();
        return at == c ? v : empty_value;
    }
    /// Is every cell within `reach` of the tiles' box (as kept: it may be larger after removals)
    /// the only cell of the table's entries (tiles, and anchors, which lie next to tiles) with its
    /// home slot? Then looking such a cell up is slot_value(home_slot(key)): one read, no key to
    /// compare. True for an empty board, and for positions up to 30 − reach cells wide and tall
    /// (all 10,209 positions of 200 greedy two-player games span at most 23).
    constexpr bool direct_within(int reach) const noexcept { return size_ == 0 || fits_window(box_, reach); }
    /// A cell's home slot in the table, from its key (see direct_within).
    static constexpr std::size_t home_slot(key_type k) noexcept { return hash(k); }
    /// The raw value at a slot of the table: see direct_within (a free slot reads empty_value).
    constexpr value_type slot_value(std::size_t slot) const noexcept { return static_cast<value_type>(table_[slot] >> 16); }
    /// The anchor data behind a raw value that is_anchor_value; for empty_value, open_cell(), the
    /// record of a cell with no tile next to it. So a free cell's record is a read, not a choice
    /// (whether a cell is an anchor is what move generation cannot predict).
    constexpr const anchor& anchor_of(value_type v) const noexcept { return anchors_[v & ~anchor_flag]; }
    /// An anchor record with no runs that allows every tile: what a free cell with no tile next
    /// to it amounts to.
    static constexpr anchor open_cell() noexcept {
        anchor a{};
        a.allows = {~mask{0}, ~mask{0}};
        return a;
    }

private:
    constexpr bool spans_exactly_with(cell c) const noexcept { return within(bounding_box(), c); }
    static constexpr mask all_tiles = detail::low_bits(tile_type::kinds);  ///< every tile
    static constexpr std::size_t table_size = 1024;
    /// A free slot: key half 0xFFFF (no key is), value half empty_value (what probe() reads there).
    static constexpr std::uint32_t empty_entry = (static_cast<std::uint32_t>(empty_value) << 16) | 0xFFFFu;
    static_assert(max_anchors < anchor_flag, "anchor places and empty_value fit beside the anchor flag");
    /// Most tiles and anchors the table holds (a load of 7/8); beyond it a placement is refused.
    /// (More than `capacity` + `max_anchors`, so never reached: a guard only. The table's entries
    /// are the tiles and the anchors, so their number is size_ + anchor_count_, not kept apart.)
    static constexpr int table_limit = static_cast<int>(table_size * 7 / 8);
    static_assert(capacity + max_anchors <= table_limit, "the table must hold every tile and anchor");
    static constexpr std::uint32_t journal_capacity = journal_depth;  // a power of two (ring indices are masked)
    /// Table writes of one placement: its cell, the anchor moved into its place, four new anchors.
    static constexpr std::size_t max_writes = 6;
    static_assert((journal_capacity & (journal_capacity - 1)) == 0);

    struct tile_entry {
        int x, y;
        key_type key;
        std::uint8_t tile;
        constexpr cell at() const noexcept { return {x, y}; }
    };
    /// What one placement changed: enough to take it back exactly (rewind), and the runs and masks
    /// that remove() reads instead of walking and recomputing them.
    struct journal_entry {
        anchor cell;  ///< the placed cell's anchor record, if it was an anchor (else: runs empty)
        std::array<mask, 4> end_run;     ///< per direction: the run the end cell faced on that side before
        /// per direction: the mask the end cell had on that axis, for the end cells of `ends` only
        /// (a new anchor's is never read: taking the tile back drops it again)
        std::array<mask, 4> end_allows;
        std::array<std::uint32_t, max_writes> old_entry;  ///< table entries overwritten, in order
        std::array<std::uint16_t, max_writes> slot;       ///< ... and their slots
        std::array<std::uint16_t, 4> end_slot;  ///< per direction: the end cell's place in the anchor list
        std::array<std::uint8_t, 4> end_length, end_repeated;
        std::array<int, 4> box;  ///< the kept box before (plain ints: a board is built without touching the journal)
        std::uint64_t serial;    ///< the board's placement count when it was made
        key_type key;
        std::uint16_t anchor_slot;  ///< where the placed cell's anchor record was
        std::uint16_t anchors_before;
        // (Not bytes: a store through a byte may change any object, so the compiler would read
        // every counter again after each one.)
        std::uint32_t writes;  ///< entries of old_entry / slot in use
        std::uint32_t ends;    ///< bit d: the end cell in direction d was an anchor before (and changed)
        bool was_anchor;
    };
    /// The counters of a journal entry while its placement is under way: kept in a local and
    /// stored once (see place), as the entry's own fields would be read back after every store.
    struct journal_counts {
        std::uint32_t writes, ends;
    };
    constexpr void log_write(journal_entry& j, journal_counts& n, std::size_t h) const noexcept {
        j.old_entry[n.writes] = table_[h];
        j.slot[n.writes++] = static_cast<std::uint16_t>(h);
    }

    /// A cell's home slot: its place in a 32 x 32 window, x modulo 32 and y modulo 32. The cells of
    /// a position that fits in the window never share a slot, so a look-up, found or not, ends at
    /// the first slot; only cells 32 apart (wider positions) share one. (A multiplicative hash of
    /// the whole key sent a quarter of generation's look-ups on to a second slot, by a
    /// mispredicted branch.)
    static constexpr std::size_t hash(key_type k) noexcept {
        static_assert(table_size == 1024, "the home slot is a 32 x 32 window");
        return (k & 31u) | ((k >> 2) & (31u << 5));
    }
    static constexpr value_type tile_value(tile_type t, int slot) noexcept {
        return static_cast<value_type>((slot << 8) | t.index());
    }
    constexpr cell tile_cell_of(value_type v) const noexcept { return occupied_[(v >> 8) & 0x7F].at(); }
    /// The key of the cell n steps from the cell of key k in direction d (the torus wraps).
    static constexpr key_type shift_key(key_type k, std::size_t d, int n) noexcept {
        const unsigned u = static_cast<unsigned>(n);
        switch (d) {
            case 0: return static_cast<key_type>((k & 0x3F80u) | ((k - u) & 127u));
            case 1: return static_cast<key_type>((k & 0x3F80u) | ((k + u) & 127u));
            case 2: return static_cast<key_type>((k - (u << 7)) & 0x3FFFu);
            default: return static_cast<key_type>((k + (u << 7)) & 0x3FFFu);
        }
    }
    /// Four lengths as one word, to test them at once (one load, where std::bit_cast is there: the
    /// standard library of emscripten's clang 14 lacks it).
    static constexpr std::uint32_t word_of(const std::array<std::uint8_t, 4>& l) noexcept {
#if defined(__cpp_lib_bit_cast)
        return std::bit_cast<std::uint32_t>(l);
#else
        return static_cast<std::uint32_t>(l[0]) | (static_cast<std::uint32_t>(l[1]) << 8) |
               (static_cast<std::uint32_t>(l[2]) << 16) | (static_cast<std::uint32_t>(l[3]) << 24);
#endif
    }
    /// The home slot of shift_key(k, d, n), from k's home slot h (the window wraps as the torus does).
    static constexpr std::size_t shift_home(std::size_t h, std::size_t d, int n) noexcept {
        const std::size_t u = static_cast<std::size_t>(static_cast<unsigned>(n));
        switch (d) {
            case 0: return (h & ~std::size_t{31}) | ((h - u) & 31u);
            case 1: return (h & ~std::size_t{31}) | ((h + u) & 31u);
            case 2: return (h - (u << 5)) & (table_size - 1);
            default: return (h + (u << 5)) & (table_size - 1);
        }
    }
    static constexpr cell step(cell c, std::size_t d, int n) noexcept {
        switch (d) {
            case 0: return {c.x - n, c.y};
            case 1: return {c.x + n, c.y};
            case 2: return {c.x, c.y - n};
            default: return {c.x, c.y + n};
        }
    }

    // -- the hash table: linear probing, deletion by backward shift --
    /// The table slot of key k: its entry, or the free slot where it would go.
    constexpr std::size_t slot_of(key_type k) const noexcept { return slot_from(k, hash(k)); }
    /// slot_of(k), given k's home slot h.
    constexpr std::size_t slot_from(key_type k, std::size_t h) const noexcept {
        while ((table_[h] & 0xFFFF) != k && table_[h] != empty_entry) h = (h + 1) & (table_size - 1);
        return h;
    }
    /// Does every entry of the table sit at its home slot, and every other cell within one step of
    /// `box` (a bound on the tiles' box) find its home slot free? Yes when the cells within one
    /// step of the box are less than 32 apart on each axis: their home slots are then distinct, and
    /// entries (tiles and anchors, all within one step of the tiles) never leave their home slot
    /// where no other entry has the same one (linear probing with deletion by backward shift keeps
    /// each entry after its home slot with no free slot between).
    static constexpr bool direct_box(const bounds& box) noexcept { return fits_window(box, 1); }
    /// Do the cells within `reach` of `box` and the entries (within one step of it) have distinct
    /// home slots? Two cells share one only 32 or more apart on an axis.
    static constexpr bool fits_window(const bounds& box, int reach) noexcept {
        // (max >= min: the differences, at most 2^32 - 1, are exact in unsigned arithmetic)
        const unsigned room = reach < 31 ? static_cast<unsigned>(31 - reach) : 0u;
        return static_cast<unsigned>(box.max.x) - static_cast<unsigned>(box.min.x) < room &&
               static_cast<unsigned>(box.max.y) - static_cast<unsigned>(box.min.y) < room;
    }
    /// slot_from(k, h), given whether direct_box holds (then the home slot h, without a probe).
    constexpr std::size_t slot_in(key_type k, std::size_t h, bool direct) const noexcept { return direct ? h : slot_from(k, h); }
    /// Sets the value of key k (inserting it if absent); `direct`: see direct_box.
    constexpr void set_value(key_type k, value_type v, bool direct = false) noexcept {
        const std::size_t h = slot_in(k, hash(k), direct);
        table_[h] = static_cast<std::uint32_t>(k) | (static_cast<std::uint32_t>(v) << 16);
    }
    /// Takes the entry at slot h out of the table (other entries of its cluster may move; none
    /// does when direct_box holds: every entry is then at its home slot).
    constexpr void erase_at(std::size_t h, bool direct = false) noexcept {
        if (direct) {
            table_[h] = empty_entry;
            return;
        }
        // Shift back the entries of the cluster that would no longer be found.
        for (std::size_t j = (h + 1) & (table_size - 1);; j = (j + 1) & (table_size - 1)) {
            if (table_[j] == empty_entry) break;
            const std::size_t home = hash(static_cast<key_type>(table_[j] & 0xFFFF));
            if (((j - home) & (table_size - 1)) >= ((j - h) & (table_size - 1))) {
                table_[h] = table_[j];
                h = j;
            }
        }
        table_[h] = empty_entry;
    }

    // -- span: the box of the tiles, kept as an upper bound (removals do not shrink it) --
    static constexpr bool within(const bounds& b, cell c) noexcept { return narrow_enough(with(b, c)); }
    /// The box around b and c.
    static constexpr bounds with(const bounds& b, cell c) noexcept {
        return {{c.x < b.min.x ? c.x : b.min.x, c.y < b.min.y ? c.y : b.min.y}, {c.x > b.max.x ? c.x : b.max.x, c.y > b.max.y ? c.y : b.max.y}};
    }
    static constexpr bool narrow_enough(const bounds& b) noexcept {
        // (max >= min: the difference, at most 2^32 - 1, is exact in unsigned arithmetic)
        return static_cast<unsigned>(b.max.x) - static_cast<unsigned>(b.min.x) <= unsigned{span_limit} &&
               static_cast<unsigned>(b.max.y) - static_cast<unsigned>(b.min.y) <= unsigned{span_limit};
    }
    /// Would the position span at most `span_limit` with a tile on c too? Then `grown` is the box
    /// with c (the kept box, recomputed first when it would be too wide: it may be stale).
    constexpr bool fits_span(cell c, bounds& grown) noexcept {
        if (size_ == 0) {
            grown = {c, c};
            return true;
        }
        grown = with(box_, c);
        if (narrow_enough(grown)) return true;
        box_ = bounding_box();
        grown = with(box_, c);
        return narrow_enough(grown);
    }

    // -- the journal of placements, for undo without walking --
    constexpr journal_entry& journal_push() noexcept {
        if (journal_top_ - journal_bottom_ == journal_capacity) ++journal_bottom_;  // forget the oldest entry
        journal_entry& j = journal_[journal_top_++ & (journal_capacity - 1)];
        j.serial = serial_++;
        return j;
    }
    constexpr const journal_entry& journal_top() const noexcept { return journal_[(journal_top_ - 1) & (journal_capacity - 1)]; }

    /// Takes back the last placement exactly: every change it made, in reverse order.
    constexpr void take_back_top() noexcept {
        const journal_entry& j = journal_[--journal_top_ & (journal_capacity - 1)];
        const std::uint32_t ends = j.ends;  // (read once: the byte stores below may change anything)
        for (std::size_t dir = 4; dir-- > 0;) {
            if (!((ends >> dir) & 1u)) continue;
            const std::size_t s = j.end_slot[dir], d = dir ^ 1u;
            anchor& a = anchors_[s];
            a.run[d] = j.end_run[dir];
            a.length[d] = j.end_length[dir];
            a.repeated = j.end_repeated[dir];
            a.allows[d / 2] = j.end_allows[dir];
            fits_[s] = a.allows[0] & a.allows[1];
        }
        for (std::size_t w = j.writes; w-- > 0;) table_[j.slot[w]] = j.old_entry[w];
        --size_;
        box_ = {{j.box[0], j.box[1]}, {j.box[2], j.box[3]}};
        anchor_count_ = j.anchors_before;
        if (j.was_anchor) {
            const std::size_t s = j.anchor_slot, last = static_cast<std::size_t>(anchor_count_ - 1);
            if (s != last) {
                anchors_[last] = anchors_[s];
                fits_[last] = fits_[s];
            }
            anchors_[s] = j.cell;
            fits_[s] = j.cell.allows[0] & j.cell.allows[1];
        }
    }

    /// The run of tiles starting next to c in direction d: its set, length, and whether it repeats one.
    constexpr void walk(cell c, std::size_t d, mask& set, std::uint8_t& n, std::uint8_t& repeated) const noexcept {
        set = 0;
        n = 0;
        for (cell x = step(c, d, 1);; x = step(x, d, 1)) {
            const auto t = at(x);
            if (!t) break;
            if (set & detail::bit(t->index())) repeated = static_cast<std::uint8_t>(repeated | (1u << d));
            set |= detail::bit(t->index());
            ++n;
        }
    }

    /// After the tile on the cell of key kc (home slot hc) is taken off: the free cell at the end
    /// of its run in direction D (`run`, `length`; bit D of `repeated`) faces that run again. `j`:
    /// the journal entry of the tile's placement, if it is the last one (the cell's old mask is in it).
    template <std::size_t D>
    constexpr void restore_end(key_type kc, std::size_t hc, mask run, std::uint8_t length, std::uint8_t repeated, const journal_entry* j,
                               bool direct) noexcept {
        constexpr std::size_t facing = D ^ 1u;
        const std::size_t he = slot_in(shift_key(kc, D, length + 1), shift_home(hc, D, length + 1), direct);
        const value_type ev = static_cast<value_type>(table_[he] >> 16);  // (empty_value for a free slot)
        if (!is_anchor_value(ev)) return;  // (only for boards of several pieces far apart)
        const std::size_t s = ev & ~anchor_flag;
        anchor& a = anchors_[s];
        a.run[facing] = run;
        a.length[facing] = length;
        a.repeated = static_cast<std::uint8_t>((a.repeated & ~(1u << facing)) | (((repeated >> D) & 1u) << facing));
        if (word_of(a.length) == 0) {
            drop_anchor(s, he, direct);
            return;
        }
        if (j) {
            a.allows[facing / 2] = j->end_allows[D];
            fits_[s] = a.allows[0] & a.allows[1];
        } else {
            update_allows(a, s, facing & 2u);
        }
    }
    /// After a tile t is placed on c (key kc, home slot hc): the free cells at both ends of its line
    /// along the axis of direction D (0: row, 2: column) face the new run; their old masks go to
    /// the journal.
    template <std::size_t D>
    constexpr void run_ends(cell c, key_type kc, std::size_t hc, tile_type t, journal_entry& j, journal_counts& cn, bool direct) noexcept {
        const mask left = j.cell.run[D], right = j.cell.run[D + 1];
        const mask set = left | right | detail::bit(t.index());
        const bool rep = ((j.cell.repeated >> D) & 3u) || (left & right) || ((left | right) & detail::bit(t.index()));
        const int n = j.cell.length[D] + 1 + j.cell.length[D + 1];
        // What an end cell with no run on its far side allows on this axis (most end cells): the
        // extensions of the new line. The cell's mask on the axis holds those of the runs around
        // it; the line with t is valid when t is among them, and then its extensions are that mask
        // & partners[t] (see line_masks::partners); else it allows nothing.
        const mask allows = j.cell.allows[D / 2];
        const mask ext = allows & detail::line_masks<tile_type>::partners[t.index()] & (mask{0} - ((allows >> t.index()) & 1u));
        set_run<D>(c, kc, hc, j.cell.length[D] + 1, set, n, rep, ext, j, cn, direct);
        set_run<D + 1>(c, kc, hc, j.cell.length[D + 1] + 1, set, n, rep, ext, j, cn, direct);
    }
    /// Sets the run facing back toward c of the free cell `steps` from c (key kc, home slot hc) in
    /// direction `dir` (a new anchor if it was not one). `ext`: what the axis allows there when the
    /// cell has no run on its far side. What it changes goes to the journal entry `j` (its counters:
    /// `cn`), with the mask of that axis an anchor had before.
    template <std::size_t dir>
    constexpr void set_run(cell c, key_type kc, std::size_t hc, int steps, mask set, int n, bool rep, mask ext, journal_entry& j, journal_counts& cn,
                           bool direct) noexcept {
        constexpr std::size_t d = dir ^ 1u;
        const key_type k = shift_key(kc, dir, steps);
        const std::size_t h = slot_in(k, shift_home(hc, dir, steps), direct);
        if (table_[h] == empty_entry) {  // a new anchor, at the end of the list; this run is its only one
            const std::size_t s = static_cast<std::size_t>(anchor_count_++);
            log_write(j, cn, h);
            table_[h] = static_cast<std::uint32_t>(k) | (static_cast<std::uint32_t>(anchor_flag | s) << 16);
            anchor& a = anchors_[s];  // (each field written once)
            const cell at = step(c, dir, steps);
            a.x = at.x;
            a.y = at.y;
            a.key = k;
            a.run = {};
            a.run[d] = set;
            a.length = {};
            a.length[d] = static_cast<std::uint8_t>(n);
            a.repeated = static_cast<std::uint8_t>(static_cast<unsigned>(rep) << d);
            a.allows[d / 2] = ext;
            a.allows[1 - d / 2] = all_tiles;
            fits_[s] = ext;
            return;
        }
        const value_type v = static_cast<value_type>(table_[h] >> 16);
        if (is_tile(v)) return;  // (only for boards of several pieces far apart)
        const std::size_t s = v & ~anchor_flag;
        anchor& a = anchors_[s];
        cn.ends |= 1u << dir;
        j.end_slot[dir] = static_cast<std::uint16_t>(s);
        j.end_run[dir] = a.run[d];
        j.end_length[dir] = a.length[d];
        j.end_repeated[dir] = a.repeated;
        j.end_allows[dir] = a.allows[d / 2];
        a.run[d] = set;
        a.length[d] = static_cast<std::uint8_t>(n);
        a.repeated = static_cast<std::uint8_t>((a.repeated & ~(1u << d)) | (static_cast<unsigned>(rep) << d));
        if (a.length[dir] == 0) {  // nothing on the far side: the axis allows what the run does
            a.allows[d / 2] = ext;
            fits_[s] = a.allows[0] & a.allows[1];
        } else {
            update_allows(a, s, d & 2);
        }
    }
    /// Recomputes the mask of tiles allowed on the line along axis d / 2 (d: its first direction).
    constexpr void update_allows(anchor& a, std::size_t slot, std::size_t d) noexcept {
        const bool bad = ((a.repeated >> d) & 3u) || (a.run[d] & a.run[d + 1]);
        a.allows[d / 2] = bad ? 0 : detail::extensions_of_distinct<tile_type>(a.run[d] | a.run[d + 1], a.length[d] + a.length[d + 1]);
        fits_[slot] = a.allows[0] & a.allows[1];
    }
    /// Takes anchor s off the list (the last one moves into its place) and its cell out of the
    /// table (its entry: slot h). (place() does the same for the cell it fills, keeping the cell's entry and writing
    /// the moved anchor's to the journal.)
    constexpr void drop_anchor(std::size_t s, std::size_t h, bool direct) noexcept {
        const std::size_t last = static_cast<std::size_t>(--anchor_count_);
        if (s != last) {
            anchors_[s] = anchors_[last];
            fits_[s] = fits_[last];
            set_value(anchors_[s].key, static_cast<value_type>(anchor_flag | s), direct);  // (moves no entry)
        }
        erase_at(h, direct);
    }

    /// The rows of the table (the slots of the cells of one y modulo 32) that may hold entries, a
    /// bit each: within direct_box, those of the box and one step around it; else all.
    constexpr std::uint32_t used_rows() const noexcept { return rows_of(used_span()); }
    /// The same rows as the first and how many from it (wrapping past row 31 to row 0).
    struct row_span {
        unsigned first, count;
    };
    static constexpr std::uint32_t rows_of(row_span s) noexcept {
        return s.count == 32 ? ~std::uint32_t{0} : std::rotl((std::uint32_t{1} << s.count) - 1u, static_cast<int>(s.first));
    }
    constexpr row_span used_span() const noexcept {
        if (size_ == 0) return {0, 0};  // (no tile, no anchor)
        if (!direct_box(box_)) return {0, 32};
        // (at most 31 rows: see direct_box)
        return {(static_cast<unsigned>(box_.min.y) - 1u) & 31u, static_cast<unsigned>(box_.max.y) - static_cast<unsigned>(box_.min.y) + 3u};
    }
    /// Makes this board a copy of `o`; `stale`: the rows of this board's table that may hold
    /// entries (see used_rows; all for a board being built, whose table is not yet written).
    /// Into a board being built the whole table is copied (one copy of it takes less time than
    /// writing its rows in parts); else only the rows of `o` that may hold entries (in one or two
    /// stretches), and the stale rows among the others are emptied.
    constexpr void copy_from(const basic_board& o, std::uint32_t stale) noexcept {
        if (stale == ~std::uint32_t{0}) {
            table_ = o.table_;
        } else {
            const row_span s = o.used_span();
            const std::size_t first = s.first * 32, end = std::min<std::size_t>((s.first + s.count) * 32, table_size);
            std::copy(o.table_.begin() + first, o.table_.begin() + end, table_.begin() + first);
            std::copy(o.table_.begin(), o.table_.begin() + ((s.first + s.count) * 32 - end), table_.begin());  // (the rows past row 31)
            for (std::uint32_t r = stale & ~rows_of(s); r != 0; r &= r - 1)
                std::fill_n(table_.begin() + 32 * std::countr_zero(r), 32, empty_entry);
        }
        std::copy_n(o.occupied_.begin(), o.size_, occupied_.begin());
        std::copy_n(o.anchors_.begin(), o.anchor_count_, anchors_.begin());
        std::copy_n(o.fits_.begin(), o.anchor_count_, fits_.begin());
        size_ = o.size_;
        anchor_count_ = o.anchor_count_;
        box_ = o.box_;
        journal_top_ = journal_bottom_ = 0;  // a copy starts without history
        // (and no mark made before, on this board or the original, is for it)
        epoch_ = (epoch_ > o.epoch_ ? epoch_ : o.epoch_) + 1;
    }

    // The lists are left uninitialised beyond their sizes (never read there), so that building and
    // copying a board cost only what is in use.
    std::array<std::uint32_t, table_size> table_;  ///< key (low 16 bits) and value (high 16 bits)
    std::array<tile_entry, static_cast<std::size_t>(capacity)> occupied_;
    /// (each record one cache line; after the last anchor that can be, open_cell(): see anchor_of)
    alignas(64) std::array<anchor, static_cast<std::size_t>(max_anchors) + 1> anchors_;
    std::array<mask, static_cast<std::size_t>(max_anchors)> fits_;
    int size_ = 0;
    int anchor_count_ = 0;
    bounds box_{};
    std::uint32_t journal_bottom_ = 0;  ///< the oldest entry kept (entries count from the last reset)
    std::uint32_t journal_top_ = 0;     ///< one past the newest entry
    std::uint32_t epoch_ = 0;           ///< changes whenever the marks made so far become void
    std::uint64_t serial_ = 0;          ///< placements made so far (journal entries are numbered by it)
    std::array<journal_entry, static_cast<std::size_t>(journal_capacity)> journal_;
};

/// The board of the standard game (standard_rules), with no coordinate limit.
using board = basic_board<>;

}  // namespace qwirkle
