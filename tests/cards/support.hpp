// Shared by the card-game tests.
#pragma once

#include <qwirkle/cards/cards.hpp>

namespace qwirkle_cards_test {

/// A table from its text (docs/notation.md), which must be valid.
inline qwirkle::cards::tableau table(const char* s) { return qwirkle::cards::parse_tableau(s).value(); }
/// Standard cards from their text, which must be valid.
inline qwirkle::cards::cards_t<qwirkle::cards::standard_rules> cards(const char* s) { return qwirkle::parse_tiles(s).value(); }

/// Every card of a game, wherever it is: pile, hands, table and collected Qwirkles (108 of them,
/// each `copies` times, in any game).
template <class R>
qwirkle::cards::cards_t<R> every_card(const qwirkle::cards::basic_game<R>& g) {
    auto m = g.pile_contents();
    for (int p = 0; p < g.players(); ++p) m += g.hand(p);
    m += g.table().contents();
    for (int p = 0; p < g.players(); ++p)
        for (const auto& r : g.collected(p))
            for (auto c : r) m.add(c);
    return m;
}

}  // namespace qwirkle_cards_test
