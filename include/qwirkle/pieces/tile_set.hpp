// SPDX-License-Identifier: MIT
/// @file
/// Sets (bitmasks) and multisets (counts) of pieces: hands, bags, "unseen" tracking.
#pragma once

#include <array>
#include <cstdint>

#include "../core/bits.hpp"
#include "tile.hpp"

namespace qwirkle {

/// A set of distinct pieces as a bitmask over the piece indices.
template <class Tile>
class basic_tile_set {
public:
    /// The piece type (tile, or a variant's tile type).
    using tile_type = Tile;
    /// The bitmask: bit i stands for the piece of index i (at most 64 kinds).
    using mask_type = std::uint64_t;
    /// The number of distinct pieces (colours × shapes), e.g. 36.
    static constexpr int kinds = Tile::kinds;

    /// The empty set.
    constexpr basic_tile_set() = default;
    /// The set whose bits are `bits`; bits at kinds and above are dropped.
    constexpr explicit basic_tile_set(mask_type bits) noexcept : bits_(bits & all_bits()) {}
    /// The set of these pieces (duplicates count once).
    constexpr basic_tile_set(std::initializer_list<Tile> tiles) noexcept {
        for (Tile t : tiles) insert(t);
    }

    /// The mask with the low `kinds` bits set.
    static constexpr mask_type all_bits() noexcept { return detail::low_bits(kinds); }
    /// Every piece kind.
    static constexpr basic_tile_set all() noexcept { return basic_tile_set(all_bits()); }
    /// Every piece of one colour.
    static constexpr basic_tile_set of_colour(int colour) noexcept {
        return basic_tile_set(detail::low_bits(Tile::shapes) << (colour * Tile::shapes));
    }
    /// Every piece of one shape.
    static constexpr basic_tile_set of_shape(int shape) noexcept {
        mask_type m = 0;
        for (int c = 0; c < Tile::colours; ++c) m |= detail::bit(c * Tile::shapes + shape);
        return basic_tile_set(m);
    }

    /// The mask: bit i set when the piece of index i is in the set.
    constexpr mask_type bits() const noexcept { return bits_; }
    /// Whether the set holds no piece.
    constexpr bool empty() const noexcept { return bits_ == 0; }
    /// The number of pieces in the set, 0 .. kinds.
    constexpr int size() const noexcept { return detail::popcount(bits_); }
    /// Whether `t` is in the set.
    constexpr bool contains(Tile t) const noexcept { return (bits_ >> t.index()) & 1u; }
    /// Adds `t` (no effect when it is already there).
    constexpr void insert(Tile t) noexcept { bits_ |= detail::bit(t.index()); }
    /// Removes `t` (no effect when it is absent).
    constexpr void erase(Tile t) noexcept { bits_ &= ~detail::bit(t.index()); }
    /// Whether every piece of this set is in `o`.
    constexpr bool subset_of(basic_tile_set o) const noexcept { return (bits_ & ~o.bits_) == 0; }

    /// Union.
    friend constexpr basic_tile_set operator|(basic_tile_set a, basic_tile_set b) noexcept { return basic_tile_set(a.bits_ | b.bits_); }
    /// Intersection.
    friend constexpr basic_tile_set operator&(basic_tile_set a, basic_tile_set b) noexcept { return basic_tile_set(a.bits_ & b.bits_); }
    /// Difference: the pieces of `a` not in `b`.
    friend constexpr basic_tile_set operator-(basic_tile_set a, basic_tile_set b) noexcept { return basic_tile_set(a.bits_ & ~b.bits_); }
    /// Equal when they hold the same pieces.
    friend constexpr bool operator==(basic_tile_set, basic_tile_set) = default;

    /// Iterates the pieces in index order.
    class iterator {
    public:
        /// The piece type.
        using value_type = Tile;
        /// Required of a std::input_iterator.
        using difference_type = std::ptrdiff_t;
        /// The end iterator (no piece left).
        constexpr iterator() = default;
        /// An iterator over the pieces whose bits are set in `m`, lowest index first.
        constexpr explicit iterator(mask_type m) noexcept : m_(m) {}
        /// The piece of lowest index still to visit (precondition: not the end).
        constexpr Tile operator*() const noexcept { return detail::tile_at<Tile>(detail::lowest_bit(m_)); }
        /// Moves to the next piece.
        constexpr iterator& operator++() noexcept { m_ &= m_ - 1; return *this; }
        /// Moves to the next piece, returns the iterator as it was.
        constexpr iterator operator++(int) noexcept { auto c = *this; ++*this; return c; }
        /// Equal when the same pieces remain to be visited.
        friend constexpr bool operator==(iterator, iterator) = default;
    private:
        mask_type m_ = 0;
    };
    /// The first piece, in index order.
    constexpr iterator begin() const noexcept { return iterator(bits_); }
    /// Past the last piece.
    constexpr iterator end() const noexcept { return iterator(); }

private:
    mask_type bits_ = 0;
};

/// A multiset of pieces as a count per piece kind (a hand, a bag's contents, what is unseen).
template <class Tile>
class basic_tile_multiset {
public:
    /// The piece type (tile, or a variant's tile type).
    using tile_type = Tile;
    /// The set of the same pieces (distinct()).
    using set_type = basic_tile_set<Tile>;
    /// The number of distinct pieces (colours × shapes), e.g. 36.
    static constexpr int kinds = Tile::kinds;

    /// The empty multiset.
    constexpr basic_tile_multiset() = default;
    /// The multiset of these pieces, copies counted.
    constexpr basic_tile_multiset(std::initializer_list<Tile> tiles) noexcept {
        for (Tile t : tiles) add(t);
    }
    /// `copies` of every kind: the full game's contents.
    static constexpr basic_tile_multiset full(int copies) noexcept {
        basic_tile_multiset m;
        for (int i = 0; i < kinds; ++i) m.add(detail::tile_at<Tile>(i), copies);
        return m;
    }

    /// The number of copies of `t`.
    constexpr int count(Tile t) const noexcept { return counts_[t.index()]; }
    /// The number of pieces, copies counted.
    constexpr int size() const noexcept { return size_; }
    /// Whether no piece is present.
    constexpr bool empty() const noexcept { return size_ == 0; }
    /// Whether at least one copy of `t` is present.
    constexpr bool contains(Tile t) const noexcept { return counts_[t.index()] > 0; }
    /// The distinct kinds present, as a set.
    constexpr set_type distinct() const noexcept { return set_type(present_); }

    /// Adds `n` copies of `t` (precondition: n ≥ 0 and at most 255 copies of a kind in all).
    constexpr void add(Tile t, int n = 1) noexcept {
        counts_[t.index()] = static_cast<std::uint8_t>(counts_[t.index()] + n);
        size_ += n;
        present_ |= detail::bit(t.index());
    }
    /// Removes `n` copies; returns false (and changes nothing) when fewer are present.
    constexpr bool remove(Tile t, int n = 1) noexcept {
        if (counts_[t.index()] < n) return false;
        counts_[t.index()] = static_cast<std::uint8_t>(counts_[t.index()] - n);
        size_ -= n;
        if (counts_[t.index()] == 0) present_ &= ~detail::bit(t.index());
        return true;
    }
    /// Does this multiset hold every piece of `o` (with multiplicity)?
    constexpr bool includes(const basic_tile_multiset& o) const noexcept {
        for (std::uint64_t m = o.present_; m; m &= m - 1)  // (the kinds o holds: the others cannot fail)
            if (o.counts_[detail::lowest_bit(m)] > counts_[detail::lowest_bit(m)]) return false;
        return true;
    }
    /// Adds every piece of `o` (copies counted).
    constexpr basic_tile_multiset& operator+=(const basic_tile_multiset& o) noexcept {
        for (std::uint64_t m = o.present_; m; m &= m - 1) {
            const int i = detail::lowest_bit(m);
            if (o.counts_[i]) add(detail::tile_at<Tile>(i), o.counts_[i]);
        }
        return *this;
    }
    /// Precondition: includes(o).
    constexpr basic_tile_multiset& operator-=(const basic_tile_multiset& o) noexcept {
        for (std::uint64_t m = o.present_; m; m &= m - 1) {
            const int i = detail::lowest_bit(m);
            if (o.counts_[i]) remove(detail::tile_at<Tile>(i), o.counts_[i]);
        }
        return *this;
    }
    /// Equal when every kind has the same count.
    friend constexpr bool operator==(const basic_tile_multiset&, const basic_tile_multiset&) = default;

    /// Calls f(tile) once per piece (copies repeated), in index order.
    template <class F>
    constexpr void for_each(F&& f) const {
        for (std::uint64_t m = present_; m; m &= m - 1) {  // (the kinds present, in index order)
            const int i = detail::lowest_bit(m);
            for (int k = 0; k < counts_[i]; ++k) f(detail::tile_at<Tile>(i));
        }
    }

private:
    std::array<std::uint8_t, static_cast<std::size_t>(kinds)> counts_{};
    int size_ = 0;
    std::uint64_t present_ = 0;
};

/// A set of standard tiles.
using tile_set = basic_tile_set<tile>;
/// A multiset of standard tiles (a hand, a bag).
using tile_multiset = basic_tile_multiset<tile>;

}  // namespace qwirkle
