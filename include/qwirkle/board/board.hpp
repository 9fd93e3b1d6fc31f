// qwirkle — the grid board: tiles on cells, with the anchor data move generation needs kept up to date.
//
// Cells x, y lie in [-Radius, Radius]; the default radius is the largest |x| or |y| a legal game can
// reach from a first tile at 0,0 (90 for the standard game: see rules_traits::reach), so no legal
// game overflows it. A smaller radius gives a smaller board: placing outside it is refused, never UB.
//
// Representation (chosen for move generation, see README "Design"): a mailbox grid with a wall border,
// one byte per cell; the list of occupied cells; and the list of *anchors* — empty cells next to a
// tile — each holding, for the four directions, the set and length of the run of tiles that starts
// next to it, and for both axes the mask of tiles its crossing line still allows. Placing or removing
// a tile refreshes only the anchors at the ends of the runs through that cell (at most five).
// Undo is `remove`; copying costs about 100 KiB for the default radius.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>

#include "../core/bits.hpp"
#include "../core/ruleset.hpp"
#include "../lines/line.hpp"
#include "move.hpp"

namespace qwirkle {

template <ruleset Rules = standard_rules, int Radius = rules_traits<Rules>::reach>
class basic_board {
    static_assert(Radius >= 1 && Radius <= 1000, "board radius out of range");

public:
    using rules_type = Rules;
    using tile_type = tile_t<Rules>;
    using mask = detail::mask64;

    static constexpr int radius = Radius;
    static constexpr int stride = 2 * Radius + 3;  ///< row length of the grid, walls included
    static constexpr int cell_count = stride * stride;
    static constexpr int capacity = rules_traits<Rules>::piece_count;  ///< most tiles it can hold
    static constexpr int max_anchors = 4 * capacity + 4;

    /// Directions, in the order of anchor runs: left (−x), right (+x), up (−y), down (+y).
    static constexpr std::array<int, 4> step{-1, 1, -stride, stride};
    /// Raw cell values: a tile index (below wall_cell), or one of these.
    static constexpr std::uint8_t empty_cell = 0xFF;   ///< free, no tile next to it
    static constexpr std::uint8_t anchor_cell = 0xFE;  ///< free, next to a tile
    static constexpr std::uint8_t wall_cell = 0xFD;    ///< the border outside the board
    static constexpr std::uint16_t no_slot = 0xFFFF;

    /// An empty cell next to at least one tile.
    struct anchor {
        int index = 0;                 ///< grid index of the cell
        std::array<mask, 4> run{};     ///< tiles of the run starting next to it, per direction
        std::array<std::uint8_t, 4> length{};  ///< lengths of those runs
        std::uint8_t repeated = 0;     ///< bit d: run d holds a tile twice (boards built without the rules)
        std::array<mask, 2> allows{};  ///< per axis (row, column): tiles that keep that line valid here
    };

    constexpr basic_board() noexcept {
        tiles_.fill(empty_cell);
        slot_.fill(no_slot);
        for (int i = 0; i < stride; ++i) {
            tiles_[at_index(i)] = wall_cell;
            tiles_[at_index(cell_count - 1 - i)] = wall_cell;
            tiles_[at_index(i * stride)] = wall_cell;
            tiles_[at_index(i * stride + stride - 1)] = wall_cell;
        }
    }

    // ---- cells and tiles ------------------------------------------------------------------------

    /// Is the cell inside the board?
    static constexpr bool contains(cell c) noexcept {
        return c.x >= -Radius && c.x <= Radius && c.y >= -Radius && c.y <= Radius;
    }
    static constexpr int index_of(cell c) noexcept { return (c.y + Radius + 1) * stride + (c.x + Radius + 1); }
    static constexpr cell cell_of(int index) noexcept {
        return cell{index % stride - Radius - 1, index / stride - Radius - 1};
    }

    constexpr int size() const noexcept { return size_; }
    constexpr bool empty() const noexcept { return size_ == 0; }
    constexpr bool occupied(cell c) const noexcept { return contains(c) && is_tile(tiles_[at_index(index_of(c))]); }
    /// The tile on a cell, if any.
    constexpr std::optional<tile_type> at(cell c) const noexcept {
        if (!occupied(c)) return std::nullopt;
        return tile_type::from_index(tiles_[at_index(index_of(c))]);
    }
    /// Does an empty cell have a tile next to it?
    constexpr bool is_anchor(cell c) const noexcept {
        return contains(c) && tiles_[at_index(index_of(c))] == anchor_cell;
    }

    /// Puts a tile on an empty cell inside the board. Returns false, changing nothing, when the cell
    /// is outside, occupied, or the board already holds `capacity` tiles. No rule is checked here:
    /// see check_placement.
    constexpr bool place(cell c, tile_type t) noexcept {
        if (!contains(c) || size_ >= capacity) return false;
        const int i = index_of(c);
        if (!is_free(tiles_[at_index(i)])) return false;
        if (tiles_[at_index(i)] == anchor_cell) drop_anchor(i);
        tiles_[at_index(i)] = t.index;
        slot_[at_index(i)] = static_cast<std::uint16_t>(size_);
        occupied_[static_cast<std::size_t>(size_++)] = i;
        // The free cells at both ends of the new tile's row and column runs are the only cells whose
        // anchor data change, and only in the direction facing the tile.
        for (std::size_t d = 0; d < 4; d += 2) {
            mask set = detail::bit(t.index);
            int n = 1;
            bool rep = false;
            int ends[2]{};
            for (std::size_t k = 0; k < 2; ++k) {
                int j = i + step[d + k];
                for (; is_tile(tiles_[at_index(j)]); j += step[d + k], ++n) {
                    rep = rep || (set & detail::bit(tiles_[at_index(j)]));
                    set |= detail::bit(tiles_[at_index(j)]);
                }
                ends[k] = j;
            }
            set_run(ends[0], d + 1, set, n, rep);
            set_run(ends[1], d, set, n, rep);
        }
        return true;
    }
    /// Takes the tile off a cell (undo, or the take-a-tile action). False if there is none.
    constexpr bool remove(cell c) noexcept {
        if (!occupied(c)) return false;
        const int i = index_of(c);
        std::array<int, 4> ends{};
        for (int d = 0; d < 4; ++d) ends[static_cast<std::size_t>(d)] = run_end(i, d);
        const int pos = slot_[at_index(i)];
        const int last = occupied_[static_cast<std::size_t>(--size_)];
        occupied_[static_cast<std::size_t>(pos)] = last;
        slot_[at_index(last)] = static_cast<std::uint16_t>(pos);
        tiles_[at_index(i)] = empty_cell;
        slot_[at_index(i)] = no_slot;
        for (int e : ends) refresh(e);
        if (next_to_tile(i)) {
            add_anchor(i);
            recompute(i);
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
    constexpr void clear() noexcept {
        for (int k = 0; k < size_; ++k) {
            const int i = occupied_[static_cast<std::size_t>(k)];
            tiles_[at_index(i)] = empty_cell;
            slot_[at_index(i)] = no_slot;
        }
        for (int k = 0; k < anchor_count_; ++k) {
            const int i = anchors_[static_cast<std::size_t>(k)].index;
            tiles_[at_index(i)] = empty_cell;
            slot_[at_index(i)] = no_slot;
        }
        size_ = 0;
        anchor_count_ = 0;
    }

    /// Calls f(cell, tile) for every tile on the board.
    template <class F>
    constexpr void for_each_tile(F&& f) const {
        for (int k = 0; k < size_; ++k) {
            const int i = occupied_[static_cast<std::size_t>(k)];
            f(cell_of(i), tile_type::from_index(tiles_[at_index(i)]));
        }
    }

    /// The tiles in storage order: tile_cell(k) for k in [0, size()); tile_number(c) gives k back.
    constexpr cell tile_cell(int k) const noexcept { return cell_of(occupied_[static_cast<std::size_t>(k)]); }
    /// The storage position of the tile on an occupied cell, or -1.
    constexpr int tile_number(cell c) const noexcept { return occupied(c) ? slot_[at_index(index_of(c))] : -1; }

    /// Smallest and largest x and y over the tiles (both {0,0} on an empty board).
    struct bounds {
        cell min, max;
    };
    constexpr bounds bounding_box() const noexcept {
        if (size_ == 0) return {};
        bounds b{cell_of(occupied_[0]), cell_of(occupied_[0])};
        for_each_tile([&](cell c, tile_type) {
            b.min.x = c.x < b.min.x ? c.x : b.min.x;
            b.min.y = c.y < b.min.y ? c.y : b.min.y;
            b.max.x = c.x > b.max.x ? c.x : b.max.x;
            b.max.y = c.y > b.max.y ? c.y : b.max.y;
        });
        return b;
    }

    /// Are all tiles one orthogonally connected group? (True for an empty board.)
    constexpr bool connected() const noexcept {
        if (size_ <= 1) return true;
        std::array<int, static_cast<std::size_t>(capacity)> stack{};
        std::array<bool, static_cast<std::size_t>(capacity)> seen{};
        int top = 0, reached = 1;
        stack[0] = occupied_[0];
        seen[0] = true;
        while (top >= 0) {
            const int i = stack[static_cast<std::size_t>(top--)];
            for (int d = 0; d < 4; ++d) {
                const int n = i + step[static_cast<std::size_t>(d)];
                if (!is_tile(tiles_[at_index(n)])) continue;
                const int pos = slot_[at_index(n)];
                if (seen[static_cast<std::size_t>(pos)]) continue;
                seen[static_cast<std::size_t>(pos)] = true;
                ++reached;
                stack[static_cast<std::size_t>(++top)] = n;
            }
        }
        return reached == size_;
    }

    friend constexpr bool operator==(const basic_board& a, const basic_board& b) noexcept {
        if (a.size_ != b.size_) return false;
        for (int k = 0; k < a.size_; ++k) {
            const int i = a.occupied_[static_cast<std::size_t>(k)];
            if (a.tiles_[at_index(i)] != b.tiles_[at_index(i)]) return false;
        }
        return true;
    }

    // ---- low-level access for move generation ---------------------------------------------------

    /// Raw cell content at a grid index: a tile index, empty_cell, anchor_cell or wall_cell.
    /// (Every index the library passes lies inside the grid: the wall border stops every walk. GCC 12
    /// cannot see that through the inlined recursion of the move generator and warns about indices it
    /// imagines below zero; the warning is silenced here rather than paid for with a bounds check.)
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Warray-bounds"
#endif
    constexpr std::uint8_t raw(int index) const noexcept { return tiles_.data()[index]; }
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
    static constexpr bool is_tile(std::uint8_t v) noexcept { return v < wall_cell; }
    static constexpr bool is_free(std::uint8_t v) noexcept { return v >= anchor_cell; }
    constexpr std::span<const anchor> anchors() const noexcept {
        return {anchors_.data(), static_cast<std::size_t>(anchor_count_)};
    }
    /// Per anchor (same order as anchors()): the tiles both its lines allow, kept contiguous so
    /// that the move generator scans them without touching the full anchor records.
    constexpr std::span<const mask> anchor_fits() const noexcept {
        return {fits_.data(), static_cast<std::size_t>(anchor_count_)};
    }
    /// The anchor data of an empty cell next to a tile, or nullptr.
    constexpr const anchor* anchor_at(int index) const noexcept {
        if (tiles_[at_index(index)] != anchor_cell) return nullptr;
        return &anchors_[slot_[at_index(index)]];
    }
    /// The anchor data of a cell whose raw value is anchor_cell.
    constexpr const anchor& anchor_of(int index) const noexcept { return anchors_[slot_[at_index(index)]]; }
    /// An anchor record with no runs that allows every tile: what a free cell with no tile next
    /// to it amounts to.
    static constexpr anchor open_cell() noexcept {
        anchor a;
        a.allows = {~mask{0}, ~mask{0}};
        return a;
    }

private:
    static constexpr std::size_t at_index(int i) noexcept { return static_cast<std::size_t>(i); }

    /// The first non-tile cell from i going in direction d.
    constexpr int run_end(int i, int d) const noexcept {
        int j = i + step[static_cast<std::size_t>(d)];
        while (is_tile(tiles_[at_index(j)])) j += step[static_cast<std::size_t>(d)];
        return j;
    }
    /// Sets the run facing direction d of the free cell e (a new anchor if it was not one).
    constexpr void set_run(int e, std::size_t d, mask set, int n, bool rep) noexcept {
        if (!is_free(tiles_[at_index(e)])) return;
        if (tiles_[at_index(e)] == empty_cell) add_anchor(e);  // its only tile neighbour is the new one
        anchor& a = anchors_[slot_[at_index(e)]];
        a.run[d] = set;
        a.length[d] = static_cast<std::uint8_t>(n);
        a.repeated = static_cast<std::uint8_t>(rep ? a.repeated | (1u << d) : a.repeated & ~(1u << d));
        update_allows(a, slot_[at_index(e)], d & 2);
    }
    constexpr void add_anchor(int i) noexcept {
        tiles_[at_index(i)] = anchor_cell;
        slot_[at_index(i)] = static_cast<std::uint16_t>(anchor_count_);
        constexpr mask all = detail::low_bits(tile_type::kinds);
        fits_[static_cast<std::size_t>(anchor_count_)] = all;
        anchors_[static_cast<std::size_t>(anchor_count_++)] = anchor{i, {}, {}, 0, {all, all}};
    }
    /// Recomputes the mask of tiles allowed on the line along axis d / 2 (d: its first direction).
    constexpr void update_allows(anchor& a, std::size_t slot, std::size_t d) noexcept {
        const bool bad = ((a.repeated >> d) & 3u) || (a.run[d] & a.run[d + 1]);
        a.allows[d / 2] = bad ? 0 : detail::extensions_of_distinct<tile_type>(a.run[d] | a.run[d + 1], a.length[d] + a.length[d + 1]);
        fits_[slot] = a.allows[0] & a.allows[1];
    }
    /// Brings one cell's anchor state up to date with its neighbourhood.
    constexpr void refresh(int i) noexcept {
        if (!is_free(tiles_[at_index(i)])) return;
        if (!next_to_tile(i)) {
            if (tiles_[at_index(i)] == anchor_cell) drop_anchor(i);
            return;
        }
        if (tiles_[at_index(i)] == empty_cell) add_anchor(i);
        recompute(i);
    }
    constexpr bool next_to_tile(int i) const noexcept {
        bool found = false;
        for (int s : step) found = found || is_tile(tiles_[at_index(i + s)]);
        return found;
    }
    /// Recomputes every run and mask of the anchor on cell i.
    constexpr void recompute(int i) noexcept {
        const std::size_t slot = slot_[at_index(i)];
        anchor& a = anchors_[slot];
        a.repeated = 0;
        for (std::size_t d = 0; d < 4; ++d) {
            mask set = 0;
            int n = 0;
            for (int j = i + step[d]; is_tile(tiles_[at_index(j)]); j += step[d], ++n) {
                if (set & detail::bit(tiles_[at_index(j)])) a.repeated = static_cast<std::uint8_t>(a.repeated | (1u << d));
                set |= detail::bit(tiles_[at_index(j)]);
            }
            a.run[d] = set;
            a.length[d] = static_cast<std::uint8_t>(n);
        }
        update_allows(a, slot, 0);
        update_allows(a, slot, 2);
    }
    constexpr void drop_anchor(int i) noexcept {
        const std::uint16_t s = slot_[at_index(i)];
        const int last = --anchor_count_;
        if (s != last) {
            anchors_[s] = anchors_[static_cast<std::size_t>(last)];
            fits_[s] = fits_[static_cast<std::size_t>(last)];
            slot_[at_index(anchors_[s].index)] = s;
        }
        slot_[at_index(i)] = no_slot;
        tiles_[at_index(i)] = empty_cell;
    }

    std::array<std::uint8_t, static_cast<std::size_t>(cell_count)> tiles_{};
    /// Occupied cell: its position in occupied_; anchor: its position in anchors_; else no_slot.
    std::array<std::uint16_t, static_cast<std::size_t>(cell_count)> slot_{};
    std::array<int, static_cast<std::size_t>(capacity)> occupied_{};
    std::array<anchor, static_cast<std::size_t>(max_anchors)> anchors_{};
    std::array<mask, static_cast<std::size_t>(max_anchors)> fits_{};
    int size_ = 0;
    int anchor_count_ = 0;
};

using board = basic_board<>;

}  // namespace qwirkle
