// Writing a bot for the tile game (README "Writing a bot"): a bot sees only its observation and a
// seeded random source, and returns an action. This one plays the best-scoring placement that
// keeps the most varied hand, and plays 200 games against the library's greedy bot.
#include <iostream>
#include <memory>
#include <qwirkle/qwirkle.hpp>

class keeper_bot : public qwirkle::bot {
public:
    std::string name() const override { return "keeper"; }
    qwirkle::action choose(const qwirkle::observation& view, qwirkle::rng&) override {
        const qwirkle::move* pick = nullptr;
        double best = -1;
        std::vector<qwirkle::scored_move> moves;
        qwirkle::legal_moves(view.board, view.hand, std::back_inserter(moves), view.move_options());
        for (const auto& m : moves) {
            const auto left = qwirkle::hand_after(view.hand, m.move);  // what stays in hand
            const double value = m.score + 0.3 * left.distinct().size();
            if (value > best) best = value, pick = &m.move;
        }
        if (pick) return qwirkle::action::place(*pick);
        return qwirkle::exchange_or_pass(view);  // the kit: a sensible exchange, or pass
    }
};

int main() {
    keeper_bot mine;
    qwirkle::greedy_bot greedy;
    double wins = 0;
    for (int i = 0; i < 200; ++i) {
        qwirkle::game g(2, 1000 + i);
        std::vector<qwirkle::bot*> seats{&mine, &greedy};
        if (i % 2) std::swap(seats[0], seats[1]);  // alternate who sits first
        const auto result = qwirkle::play_game(g, seats, i);
        if (!result) return std::cerr << result.describe() << "\n", 1;  // which seat erred, and why
        wins += g.returns()[i % 2];
    }
    std::cout << "keeper won " << wins << " of 200 games against greedy\n";
}
