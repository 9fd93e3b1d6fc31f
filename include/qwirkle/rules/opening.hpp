// SPDX-License-Identifier: MIT
/// @file
/// The opening rule: the largest group in a hand (docs/rules.md §2.4).
#pragma once

#include "../pieces/tile_set.hpp"

namespace qwirkle {

/// The size of the largest group of tiles in a hand that could form one line: same colour with
/// different shapes, or same shape with different colours (identical tiles count once).
template <class Tile>
constexpr int largest_group(const basic_tile_multiset<Tile>& hand) noexcept {
    const auto kinds = hand.distinct();
    int best = 0;
    for (int c = 0; c < Tile::colours; ++c) {
        const int n = (kinds & basic_tile_set<Tile>::of_colour(c)).size();
        best = n > best ? n : best;
    }
    for (int s = 0; s < Tile::shapes; ++s) {
        const int n = (kinds & basic_tile_set<Tile>::of_shape(s)).size();
        best = n > best ? n : best;
    }
    return best;
}

}  // namespace qwirkle
