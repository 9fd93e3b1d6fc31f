// SPDX-License-Identifier: MIT
/// @file
/// The seeded random source of both games: same seed, same game, on every compiler and platform.
///
/// The standard library's engines are portable but its distributions and std::shuffle are not
/// (their output is implementation-defined), so the library uses its own: xoshiro256** seeded through
/// SplitMix64, integers in [0, n) by Lemire's multiply-and-reject method (exact, no modulo bias), and a
/// Fisher–Yates shuffle drawing from it, from the last position down.
#pragma once

#include <cstdint>

namespace qwirkle {

/// The library's random source: xoshiro256** seeded through SplitMix64, with exact bounded integers
/// and a Fisher–Yates shuffle. Its output is specified bit for bit, so a seed gives the same bag
/// order, hence the same game, on every compiler and platform.
class rng {
public:
    /// The stream of `seed`: the four state words are four SplitMix64 outputs from it (any seed, 0 included).
    constexpr explicit rng(std::uint64_t seed = 0) noexcept {
        std::uint64_t x = seed;
        for (auto& w : s_) w = splitmix64(x);
    }

    /// The next 64 random bits (xoshiro256**).
    constexpr std::uint64_t next() noexcept {
        const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
        const std::uint64_t t = s_[1] << 17;
        s_[2] ^= s_[0];
        s_[3] ^= s_[1];
        s_[1] ^= s_[2];
        s_[0] ^= s_[3];
        s_[2] ^= t;
        s_[3] = rotl(s_[3], 45);
        return result;
    }

    /// Uniform in [0, n): Lemire's method on the high 32 bits of a 64-bit draw (0 when n is 0).
    constexpr std::uint32_t below(std::uint32_t n) noexcept {
        if (n == 0) return 0;
        std::uint64_t m = (next() >> 32) * n;
        auto low = static_cast<std::uint32_t>(m);
        if (low < n) {
            const std::uint32_t threshold = static_cast<std::uint32_t>(-n) % n;
            while (low < threshold) {
                m = (next() >> 32) * n;
                low = static_cast<std::uint32_t>(m);
            }
        }
        return static_cast<std::uint32_t>(m >> 32);
    }

    /// Fisher–Yates over [first, last): for i from last−1 down to 1, swap i with below(i + 1).
    template <class It>
    constexpr void shuffle(It first, It last) noexcept {
        const auto n = last - first;
        for (auto i = n - 1; i > 0; --i) {
            const auto j = below(static_cast<std::uint32_t>(i + 1));
            auto tmp = first[i];
            first[i] = first[j];
            first[j] = tmp;
        }
    }

    /// A seed for a derived stream (e.g. one per game of a tournament).
    constexpr std::uint64_t fork() noexcept { return next() ^ 0x9e3779b97f4a7c15ull; }

    /// Equal when the states are equal: both streams give the same numbers from here on.
    friend constexpr bool operator==(const rng&, const rng&) = default;

private:
    static constexpr std::uint64_t rotl(std::uint64_t x, int k) noexcept { return (x << k) | (x >> (64 - k)); }
    static constexpr std::uint64_t splitmix64(std::uint64_t& x) noexcept {
        std::uint64_t z = (x += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    std::uint64_t s_[4]{};
};

}  // namespace qwirkle
