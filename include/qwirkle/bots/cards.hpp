// SPDX-License-Identifier: MIT
/// @file
/// Bots for the card game (docs/rules.md §4): an interface, a greedy bot (most Qwirkles, then most
/// cards) and a cautious one that also avoids leaving colour or shape groups of 5 on the table whose
/// sixth card an opponent may hold (the table can be rearranged by anyone, so what counts is what lies
/// on it).
#pragma once

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "../cards/cards.hpp"
#include "../game/rng.hpp"
#include "../play/bot.hpp"
#include "../play/play_game.hpp"

namespace qwirkle::cards {

/// The card game's bots: they see a `basic_observation` and return a `basic_action` (a turn or
/// cannot-play).
template <card_ruleset R = standard_rules>
using basic_card_bot = bot_interface<basic_observation<R>>;

/// Schmidt's opening: one largest group of the hand laid out as the first row (the first such
/// group: colour groups before shape groups).
template <card_ruleset R>
basic_turn<R> opening_row(const basic_observation<R>& v) {
    basic_turn<R> t;
    const auto group = largest_groups<R>(v.hand).front();
    for (const auto c : group) t.played.add(c);
    t.result = v.table;
    t.result.rows.push_back(basic_row<R>(group));
    return t;
}

/// Must this turn be Schmidt's opening row?
template <card_ruleset R>
bool opening_due(const basic_observation<R>& v) {
    return v.opening && R::first_turn == first_turn_rule::largest_group;
}

/// Most Qwirkles, then most cards (the exact solver's best turn).
template <card_ruleset R = standard_rules>
class basic_greedy_card_bot : public basic_card_bot<R> {
public:
    std::string name() const override { return "greedy"; }
    /// Schmidt's opening row when due, else the best turn (most Qwirkles, then most cards), else
    /// cannot-play (there is no legal turn). Does not use the random source.
    basic_action<R> choose(const basic_observation<R>& v, rng&) override {
        if (opening_due(v)) return basic_action<R>::play(opening_row(v));
        if (auto t = best_turn(v.table, v.hand, objective::qwirkles_then_cards)) return basic_action<R>::play(*t);
        return basic_action<R>::cannot_play();
    }
};

/// Greedy, but it weighs each candidate turn (the best turn, and the best turn with each card kind
/// held back) by 10 × Qwirkles + cards − 10 × the expected Qwirkles it hands to the opponents.
template <card_ruleset R = standard_rules>
class basic_cautious_card_bot : public basic_card_bot<R> {
    using card_type = card_t<R>;

public:
    std::string name() const override { return "cautious"; }
    /// Schmidt's opening row when due; else the candidate of the highest value (the plain best turn
    /// on a tie), else cannot-play (there is no legal turn). The expected Qwirkles handed on: for each
    /// colour or shape with all but one of its kinds on the table after the turn, the chance that the
    /// opponents' cards (as many as they hold, drawn from the unseen ones) include the missing card.
    /// Does not use the random source.
    basic_action<R> choose(const basic_observation<R>& v, rng&) override {
        if (opening_due(v)) return basic_action<R>::play(opening_row(v));
        auto best = best_turn(v.table, v.hand, objective::qwirkles_then_cards);
        if (!best) return basic_action<R>::cannot_play();
        double best_value = value(v, *best);
        for (const auto k : v.hand.distinct()) {
            auto hand = v.hand;
            hand.remove(k, hand.count(k));
            if (hand.empty()) continue;
            if (auto t = best_turn(v.table, hand, objective::qwirkles_then_cards)) {
                const double x = value(v, *t);
                if (x > best_value) {
                    best_value = x;
                    best = t;
                }
            }
        }
        return basic_action<R>::play(*best);
    }

private:
    double value(const basic_observation<R>& v, const basic_turn<R>& t) const {
        auto table = t.result;
        table.take_qwirkles();
        // Cards this player cannot see: every copy, less the table, the own hand after the turn and
        // every collected Qwirkle.
        auto unseen = cards_t<R>::full(R::copies);
        unseen -= table.contents();
        auto hand = v.hand;
        hand -= t.played;
        unseen -= hand;
        for (const auto& rows : v.collected)
            for (const auto& r : rows)
                for (const auto c : r) unseen.remove(c);
        double opponents = 0;
        for (std::size_t p = 0; p < v.hand_sizes.size(); ++p)
            if (static_cast<int>(p) != v.player) opponents += v.hand_sizes[p];
        const double total = std::max(1, unseen.size());
        const auto on_table = table.contents().distinct();
        double risk = 0;
        const auto group_risk = [&](basic_tile_set<card_type> group) {
            const auto present = on_table & group;
            if (present.size() != group.size() - 1) return;
            const card_type missing = *(group - present).begin();
            const double p_held = 1.0 - std::pow(std::max(0.0, 1.0 - unseen.count(missing) / total), opponents);
            risk += p_held;
        };
        for (int c = 0; c < R::colours; ++c) group_risk(basic_tile_set<card_type>::of_colour(c));
        for (int s = 0; s < R::shapes; ++s) group_risk(basic_tile_set<card_type>::of_shape(s));
        return 10.0 * t.qwirkles() + t.cards() - 10.0 * risk;
    }
};

/// A card bot by name ("greedy", "cautious"), or nullptr.
template <card_ruleset R = standard_rules>
std::unique_ptr<basic_card_bot<R>> make_card_bot(std::string_view name) {
    if (name == "greedy") return std::make_unique<basic_greedy_card_bot<R>>();
    if (name == "cautious") return std::make_unique<basic_cautious_card_bot<R>>();
    return nullptr;
}

/// A bot of the standard card game.
using card_bot = basic_card_bot<>;
/// The greedy bot of the standard card game.
using greedy_card_bot = basic_greedy_card_bot<>;
/// The cautious bot of the standard card game.
using cautious_card_bot = basic_cautious_card_bot<>;

}  // namespace qwirkle::cards
