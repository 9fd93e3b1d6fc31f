// SPDX-License-Identifier: MIT
// qwirkle — sets (bitmasks) and multisets (counts) of pieces: hands, bags, "unseen" tracking.
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
    using tile_type = Tile;
    using mask_type = std::uint64_t;
    static constexpr int kinds = Tile::kinds;

    constexpr basic_tile_set() = default;
    constexpr explicit basic_tile_set(mask_type bits) noexcept : bits_(bits & all_bits()) {}
    constexpr basic_tile_set(std::initializer_list<Tile> tiles) noexcept {
        for (Tile t : tiles) insert(t);
    }

    static constexpr mask_type all_bits() noexcept { return detail::low_bits(kinds); }
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

    constexpr mask_type bits() const noexcept { return bits_; }
    constexpr bool empty() const noexcept { return bits_ == 0; }
    constexpr int size() const noexcept { return detail::popcount(bits_); }
    constexpr bool contains(Tile t) const noexcept { return (bits_ >> t.index()) & 1u; }
    constexpr void insert(Tile t) noexcept { bits_ |= detail::bit(t.index()); }
    constexpr void erase(Tile t) noexcept { bits_ &= ~detail::bit(t.index()); }
    constexpr bool subset_of(basic_tile_set o) const noexcept { return (bits_ & ~o.bits_) == 0; }

    friend constexpr basic_tile_set operator|(basic_tile_set a, basic_tile_set b) noexcept { return basic_tile_set(a.bits_ | b.bits_); }
    friend constexpr basic_tile_set operator&(basic_tile_set a, basic_tile_set b) noexcept { return basic_tile_set(a.bits_ & b.bits_); }
    friend constexpr basic_tile_set operator-(basic_tile_set a, basic_tile_set b) noexcept { return basic_tile_set(a.bits_ & ~b.bits_); }
    friend constexpr bool operator==(basic_tile_set, basic_tile_set) = default;

    /// Iterates the pieces in index order.
    class iterator {
    public:
        using value_type = Tile;
        using difference_type = std::ptrdiff_t;
        constexpr iterator() = default;
        constexpr explicit iterator(mask_type m) noexcept : m_(m) {}
        constexpr Tile operator*() const noexcept { return detail::tile_at<Tile>(detail::lowest_bit(m_)); }
        constexpr iterator& operator++() noexcept { m_ &= m_ - 1; return *this; }
        constexpr iterator operator++(int) noexcept { auto c = *this; ++*this; return c; }
        friend constexpr bool operator==(iterator, iterator) = default;
    private:
        mask_type m_ = 0;
    };
    constexpr iterator begin() const noexcept { return iterator(bits_); }
    constexpr iterator end() const noexcept { return iterator(); }

private:
    mask_type bits_ = 0;
};

/// A multiset of pieces as a count per piece kind (a hand, a bag's contents, what is unseen).
template <class Tile>
class basic_tile_multiset {
public:
    using tile_type = Tile;
    using set_type = basic_tile_set<Tile>;
    static constexpr int kinds = Tile::kinds;

    constexpr basic_tile_multiset() = default;
    constexpr basic_tile_multiset(std::initializer_list<Tile> tiles) noexcept {
        for (Tile t : tiles) add(t);
    }
    /// `copies` of every kind: the full game's contents.
    static constexpr basic_tile_multiset full(int copies) noexcept {
        basic_tile_multiset m;
        for (int i = 0; i < kinds; ++i) m.add(detail::tile_at<Tile>(i), copies);
        return m;
    }

    constexpr int count(Tile t) const noexcept { return counts_[t.index()]; }
    constexpr int size() const noexcept { return size_; }
    constexpr bool empty() const noexcept { return size_ == 0; }
    constexpr bool contains(Tile t) const noexcept { return counts_[t.index()] > 0; }
    /// The distinct kinds present, as a set.
    constexpr set_type distinct() const noexcept { return set_type(present_); }

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
        for (int i = 0; i < kinds; ++i)
            if (o.counts_[i] > counts_[i]) return false;
        return true;
    }
    constexpr basic_tile_multiset& operator+=(const basic_tile_multiset& o) noexcept {
        for (int i = 0; i < kinds; ++i)
            if (o.counts_[i]) add(detail::tile_at<Tile>(i), o.counts_[i]);
        return *this;
    }
    /// Precondition: includes(o).
    constexpr basic_tile_multiset& operator-=(const basic_tile_multiset& o) noexcept {
        for (int i = 0; i < kinds; ++i)
            if (o.counts_[i]) remove(detail::tile_at<Tile>(i), o.counts_[i]);
        return *this;
    }
    friend constexpr bool operator==(const basic_tile_multiset&, const basic_tile_multiset&) = default;

    /// Calls f(tile) once per piece (copies repeated), in index order.
    template <class F>
    constexpr void for_each(F&& f) const {
        for (int i = 0; i < kinds; ++i)
            for (int k = 0; k < counts_[i]; ++k) f(detail::tile_at<Tile>(i));
    }

private:
    std::array<std::uint8_t, static_cast<std::size_t>(kinds)> counts_{};
    int size_ = 0;
    std::uint64_t present_ = 0;
};

using tile_set = basic_tile_set<tile>;
using tile_multiset = basic_tile_multiset<tile>;

}  // namespace qwirkle
