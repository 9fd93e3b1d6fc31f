// Shared by the fuzz targets: a byte reader, the check macro, and helpers that build pieces,
// cells and rule sets from the fuzzer's bytes.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include <fuzzer/FuzzedDataProvider.h>

#include <qwirkle/qwirkle.hpp>

/// A broken property: print where and what, then abort (libFuzzer saves the input as a crash).
#define FUZZ_CHECK(cond, ...)                                                                     \
    do {                                                                                         \
        if (!(cond)) {                                                                           \
            std::fprintf(stderr, "%s:%d: property failed: %s\n", __FILE__, __LINE__, #cond);    \
            std::fprintf(stderr, "" __VA_ARGS__);                                                \
            std::fprintf(stderr, "\n");                                                          \
            std::abort();                                                                        \
        }                                                                                        \
    } while (0)

namespace qwirkle_fuzz {

using bytes = FuzzedDataProvider;

/// A value in [lo, hi]; lo once the bytes run out.
inline int pick(bytes& in, int lo, int hi) { return in.ConsumeIntegralInRange<int>(lo, hi); }

/// Any piece of a piece type (tile or card).
template <class Tile>
Tile any_tile(bytes& in) {
    return qwirkle::detail::tile_at<Tile>(pick(in, 0, Tile::kinds - 1));
}

/// A piece of `hand` most of the time (when it holds any), else any piece.
template <class Tile>
Tile tile_from(bytes& in, const qwirkle::basic_tile_multiset<Tile>& hand) {
    if (hand.empty() || pick(in, 0, 7) == 0) return any_tile<Tile>(in);
    int k = pick(in, 0, hand.size() - 1);
    Tile out{};
    hand.for_each([&](Tile t) {
        if (k-- == 0) out = t;
    });
    return out;
}

/// A sub-multiset of `hand` chosen by the bytes (each copy kept or not).
template <class Tile>
qwirkle::basic_tile_multiset<Tile> part_of(bytes& in, const qwirkle::basic_tile_multiset<Tile>& hand) {
    qwirkle::basic_tile_multiset<Tile> out;
    hand.for_each([&](Tile t) {
        if (in.ConsumeBool()) out.add(t);
    });
    return out;
}

}  // namespace qwirkle_fuzz
