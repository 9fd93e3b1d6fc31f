// SPDX-License-Identifier: MIT
/// @file
/// A value per seat, without allocation: scores, hand sizes, returns.
#pragma once

#include <array>
#include <cstddef>
#include <initializer_list>

namespace qwirkle {

/// One value per seat of a game (at most `Capacity` seats), stored inline: copying it never
/// allocates. A range over the seats in play (`size()` of them).
template <class T, int Capacity>
class seat_array {
    static_assert(Capacity >= 1, "a game has at least one seat");

public:
    /// The per-seat value type.
    using value_type = T;
    /// Iterator over the seats in play.
    using iterator = T*;
    /// Read-only iterator over the seats in play.
    using const_iterator = const T*;
    /// The most seats it can hold.
    static constexpr int capacity = Capacity;

    /// No seats.
    constexpr seat_array() = default;
    /// `seats` values equal to `value` (`seats` is clamped to 0..Capacity).
    constexpr explicit seat_array(int seats, const T& value = T{}) noexcept : size_(clamp(seats)) {
        for (int i = 0; i < size_; ++i) items_[static_cast<std::size_t>(i)] = value;
    }
    /// One seat per value, in order; values beyond `Capacity` are dropped.
    constexpr seat_array(std::initializer_list<T> values) noexcept {
        for (const T& v : values)
            if (size_ < Capacity) items_[static_cast<std::size_t>(size_++)] = v;
    }

    /// The number of seats in play, 0 .. capacity.
    constexpr int size() const noexcept { return size_; }
    /// Whether there is no seat.
    constexpr bool empty() const noexcept { return size_ == 0; }
    /// Precondition: 0 <= seat < size().
    constexpr T& operator[](int seat) noexcept { return items_[static_cast<std::size_t>(seat)]; }
    /// The value of `seat` (precondition: 0 <= seat < size()).
    constexpr const T& operator[](int seat) const noexcept { return items_[static_cast<std::size_t>(seat)]; }
    /// The first seat's value.
    constexpr T* begin() noexcept { return items_.data(); }
    /// Past the last seat in play.
    constexpr T* end() noexcept { return items_.data() + size_; }
    /// The first seat's value.
    constexpr const T* begin() const noexcept { return items_.data(); }
    /// Past the last seat in play.
    constexpr const T* end() const noexcept { return items_.data() + size_; }
    /// The values, seat 0 first (size() of them are in play).
    constexpr const T* data() const noexcept { return items_.data(); }

    /// Same number of seats and equal values seat by seat (slots beyond size() are ignored).
    friend constexpr bool operator==(const seat_array& a, const seat_array& b) noexcept {
        if (a.size_ != b.size_) return false;
        for (int i = 0; i < a.size_; ++i)
            if (!(a.items_[static_cast<std::size_t>(i)] == b.items_[static_cast<std::size_t>(i)])) return false;
        return true;
    }

private:
    static constexpr int clamp(int n) noexcept { return n < 0 ? 0 : n > Capacity ? Capacity : n; }
    std::array<T, static_cast<std::size_t>(Capacity)> items_{};
    int size_ = 0;
};

}  // namespace qwirkle
