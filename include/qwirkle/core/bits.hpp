// SPDX-License-Identifier: MIT
/// @file
/// Bit helpers usable in constant expressions.
#pragma once

#include <bit>
#include <cstdint>

/// Forces inlining of the few helpers the move generator calls at every node (GCC and Clang leave
/// them out of line in the recursive walk otherwise).
#if defined(__GNUC__) || defined(__clang__)
#define QWIRKLE_ALWAYS_INLINE [[gnu::always_inline]]
#else
#define QWIRKLE_ALWAYS_INLINE
#endif

namespace qwirkle::detail {

using mask64 = std::uint64_t;

constexpr int popcount(mask64 m) noexcept { return std::popcount(m); }
constexpr int lowest_bit(mask64 m) noexcept { return std::countr_zero(m); }
constexpr mask64 bit(int i) noexcept { return mask64{1} << i; }
/// 1 when m has a bit set, else 0: a test and a set, no branch (GCC 12 and Clang 14 emit `setne`;
/// it is the select `m != 0 ? x : 0` that GCC turns into a branch).
constexpr mask64 nonzero(mask64 m) noexcept { return static_cast<mask64>(m != 0); }
constexpr mask64 low_bits(int n) noexcept { return n >= 64 ? ~mask64{0} : (mask64{1} << n) - 1; }

}  // namespace qwirkle::detail
