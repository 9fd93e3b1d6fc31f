// qwirkle — rule sets: the one type that carries every rule parameter through all layers.
//
// A rule set is a plain struct of constants. Every template in the library takes one as its first
// parameter, defaulting to `standard_rules`. A variant is a new rule set (usually derived from
// `standard_rules` with a few constants redefined), never an edit of the move generator.
#pragma once

#include <algorithm>
#include <concepts>

namespace qwirkle {

/// Who starts and with what: the rulebook's opening rule, or a free first move (any legal line).
enum class opening_rule { largest_group, free };

/// The standard tile game (RULES.md §1–2): 6 colours × 6 shapes × 3 copies, hands of 6
/// (5 with five players, 4 with six: the 5–6 player variant of rulebook 003).
struct standard_rules {
    static constexpr int colours = 6;
    static constexpr int shapes = 6;
    static constexpr int copies = 3;
    static constexpr int min_players = 2;
    static constexpr int max_players = 6;
    static constexpr int qwirkle_bonus = 6;  ///< extra points for completing a line (a Qwirkle)
    static constexpr int end_bonus = 6;      ///< for the player who places the last tile
    static constexpr int lone_tile_score = 1;
    static constexpr opening_rule opening = opening_rule::largest_group;
    /// Hand size by player count (RULES.md §2 and the 5–6 player variant of 003).
    static constexpr int hand_size(int players) noexcept { return players <= 4 ? 6 : players == 5 ? 5 : 4; }
};

/// What the library needs of a rule set.
template <class R>
concept ruleset = requires(int players) {
    { R::colours } -> std::convertible_to<int>;
    { R::shapes } -> std::convertible_to<int>;
    { R::copies } -> std::convertible_to<int>;
    { R::min_players } -> std::convertible_to<int>;
    { R::max_players } -> std::convertible_to<int>;
    { R::qwirkle_bonus } -> std::convertible_to<int>;
    { R::end_bonus } -> std::convertible_to<int>;
    { R::lone_tile_score } -> std::convertible_to<int>;
    { R::opening } -> std::convertible_to<opening_rule>;
    { R::hand_size(players) } -> std::convertible_to<int>;
} && (R::colours >= 2) && (R::shapes >= 2) && (R::colours * R::shapes <= 64) && (R::copies >= 1) &&
    (R::colours <= 26) && (R::shapes <= 9) && (R::min_players >= 1) && (R::min_players <= R::max_players);

/// Quantities derived from a rule set.
template <ruleset R>
struct rules_traits {
    static constexpr int kinds = R::colours * R::shapes;        ///< distinct tiles
    static constexpr int piece_count = kinds * R::copies;       ///< tiles in the game (108)
    static constexpr int max_line = std::max(R::colours, R::shapes);  ///< longest valid line
    static constexpr int max_hand = [] {
        int m = 0;
        for (int p = R::min_players; p <= R::max_players; ++p) m = std::max(m, R::hand_size(p));
        return m;
    }();
    /// Largest |x| or |y| a legal position can reach when its first tile is at 0,0.
    ///
    /// Bound: take the leftmost and rightmost columns of a legal (connected) position, X apart.
    /// Each of the X boundaries between neighbouring columns is crossed by a horizontal adjacency,
    /// and a horizontal line of at most L tiles holds at most L − 1 of them, so the position has at
    /// least ⌈X / (L − 1)⌉ lines holding at least X + ⌈X / (L − 1)⌉ tiles. With T tiles in the game,
    /// X + ⌈X / (L − 1)⌉ ≤ T; the tile at 0,0 lies between the extreme columns, so |x| ≤ X (the same
    /// for rows). Standard game: T = 108, L = 6 gives X = 90 (a staircase of 18 lines of 6 reaches it).
    static constexpr int reach = [] {
        int x = 0;
        while ((x + 1) + ((x + 1) + max_line - 2) / (max_line - 1) <= piece_count) ++x;
        return x;
    }();
};

static_assert(ruleset<standard_rules>);
static_assert(rules_traits<standard_rules>::reach == 90);
static_assert(rules_traits<standard_rules>::piece_count == 108);

}  // namespace qwirkle
