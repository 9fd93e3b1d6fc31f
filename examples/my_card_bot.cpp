// Writing a bot for the card game (README "Writing a bot"): the same interface as the tile game.
// This one plays the turn with the most cards (Qwirkles second), and plays 200 games against the
// library's greedy card bot.
#include <iostream>
#include <qwirkle/bots/cards.hpp>
#include <qwirkle/cards/cards.hpp>

namespace qc = qwirkle::cards;

class hasty_bot : public qc::card_bot {
public:
    std::string name() const override { return "hasty"; }
    qc::action choose(const qc::observation& view, qwirkle::rng&) override {
        if (qc::opening_due(view)) return qc::action::play(qc::opening_row(view));  // the kit
        if (auto t = qc::best_turn(view.table, view.hand, qc::objective::cards_then_qwirkles))
            return qc::action::play(*t);
        return qc::action::cannot_play();
    }
};

int main() {
    hasty_bot mine;
    qc::greedy_card_bot greedy;
    double wins = 0;
    for (int i = 0; i < 200; ++i) {
        qc::game g(2, 1000 + i);
        std::vector<qc::card_bot*> seats{&mine, &greedy};
        if (i % 2) std::swap(seats[0], seats[1]);
        const auto result = qwirkle::play_game(g, seats, i);
        if (!result) return std::cerr << result.describe() << "\n", 1;
        wins += g.returns()[i % 2];
    }
    std::cout << "hasty won " << wins << " of 200 games against greedy\n";
}
