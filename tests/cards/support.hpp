// Shared by the card-game tests.
#pragma once

#include <qwirkle/cards/cards.hpp>

namespace qwirkle_cards_test {

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
