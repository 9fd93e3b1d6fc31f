// SPDX-License-Identifier: MIT
// The repetitions of the long randomized tests, scaled for the sanitizer build.
#pragma once

#include <algorithm>
#include <cstdlib>

namespace qwirkle_test {

/// `n` scaled by QWIRKLE_TEST_SCALE, a percentage (1-1000; 100 when unset), and at least 1. The
/// ASan+UBSan preset sets 10: it checks memory and undefined behaviour on the same paths, which
/// a tenth of the games reaches; the two development builds run the full counts.
inline int scaled(int n) {
    const char* s = std::getenv("QWIRKLE_TEST_SCALE");
    const int percent = s ? std::atoi(s) : 100;
    return std::max(1, static_cast<int>(static_cast<long long>(n) * std::clamp(percent, 1, 1000) / 100));
}

}  // namespace qwirkle_test
