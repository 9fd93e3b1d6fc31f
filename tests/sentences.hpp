// SPDX-License-Identifier: MIT
// Shared by the tests of both games' refusal sentences (tests/tiles/messages_test.cpp,
// tests/cards/messages_test.cpp).
#pragma once

#include <doctest/doctest.h>

#include <set>
#include <string>

namespace qwirkle_test {

/// `sentence(r)` for every value r of an enumeration from 0 to `last`: each a sentence of its own,
/// not the "?" of a value out of range; the value after `last` reads "?". (`last` is the
/// enumeration's last value: one added after it goes unchecked until the call names it.)
template <class Sentence>
void each_sentence_once(int last, Sentence&& sentence) {
    std::set<std::string> seen;
    for (int r = 0; r <= last; ++r) {
        const std::string text = sentence(r);
        CAPTURE(r);
        CHECK(text != "?");
        CHECK(text.size() > 1);
        CHECK(seen.insert(text).second);
    }
    CHECK(std::string(sentence(last + 1)) == "?");
}

}  // namespace qwirkle_test
