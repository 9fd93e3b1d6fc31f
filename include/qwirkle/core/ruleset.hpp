// SPDX-License-Identifier: MIT
/// @file
/// Rule sets: the one type that carries every rule parameter through all layers.
///
/// A rule set is a plain struct of constants. Every template in the library takes one as its first
/// parameter, defaulting to `standard_rules`. A variant is a new rule set (usually derived from
/// `standard_rules` with a few constants redefined), never an edit of the move generator.
#pragma once

#include <algorithm>
#include <concepts>

namespace qwirkle {

/// Who starts and with what: the rulebook's opening rule, or a free first move (any legal line).
enum class opening_rule {
    largest_group,  ///< the player with the largest group opens by placing it (docs/rules.md §2.4)
    free            ///< seat 0 opens, with any legal placement (its first tile on 0,0)
};

/// The action tiles of the mini-expansions (rulebook 001, second part), as bits of a mask. Each has
/// a matching special tile that may be shuffled into the bag.
enum class action_tile : unsigned {
    draw_three = 1u << 0,  ///< draw 3 extra tiles at the start of the turn
    take_tile = 1u << 1,   ///< take a tile from the board into the hand
};
/// The mask bit of an action tile (for the masks held, used, in the bag).
inline constexpr unsigned action_bit(action_tile a) noexcept { return static_cast<unsigned>(a); }
/// Every action tile the library knows (new kinds get the next bits).
inline constexpr unsigned all_action_tiles = action_bit(action_tile::draw_three) | action_bit(action_tile::take_tile);
/// The number of action tile kinds: bits 0 .. action_tile_kinds − 1 of a mask are in use.
inline constexpr int action_tile_kinds = 2;

/// The standard tile game (docs/rules.md §1–2): 6 colours × 6 shapes × 3 copies, hands of 6
/// (5 with five players, 4 with six: the 5–6 player variant of rulebook 003).
struct standard_rules {
    /// Tile colours, 2 .. 26 (one letter each in the notation: R O Y G B P, then colour_letters; docs/rules.md §1).
    static constexpr int colours = 6;
    /// Tile shapes, 2 .. 9 (one digit each in the notation, 1 up).
    static constexpr int shapes = 6;
    /// Copies of every colour-shape pair in the game.
    static constexpr int copies = 3;
    /// Fewest seats a game may have.
    static constexpr int min_players = 2;
    /// Most seats a game may have (5–6 players: docs/rules.md §2.8).
    static constexpr int max_players = 6;
    static constexpr int qwirkle_bonus = 6;  ///< extra points for completing a line (a Qwirkle)
    static constexpr int end_bonus = 6;      ///< for the player who places the last tile
    /// Points for a placement that forms no line of two or more (a lone opening tile, docs/rules.md §2.6).
    static constexpr int lone_tile_score = 1;
    /// Who opens: largest_group is the rulebook's (docs/rules.md §2.4).
    static constexpr opening_rule opening = opening_rule::largest_group;
    /// Hand size by player count (docs/rules.md §2.8: the 5–6 player variant of 003).
    static constexpr int hand_size(int players) noexcept { return players <= 4 ? 6 : players == 5 ? 5 : 4; }
    /// Mini-expansions: the special tiles shuffled into the bag (a mask of action_tile bits)...
    static constexpr unsigned special_tiles = 0;
    /// ...and the action tiles every player holds from the start (variant 2).
    static constexpr unsigned starting_actions = 0;
};

/// The base game as rulebook 001 prints it: 2–4 players.
struct classic_rules : standard_rules {
    /// Rulebook 001: at most four players.
    static constexpr int max_players = 4;
};

/// The 5–6 player variant of rulebook 003: hands of 5 (five players) or 4 (six players).
struct five_six_player_rules : standard_rules {
    /// The variant is for five or six players.
    static constexpr int min_players = 5;
    /// Six players at most (hands of 4).
    static constexpr int max_players = 6;
};

/// The mini-expansions with both special tiles in the bag (110 tiles): whoever draws one shows it,
/// and every player receives the matching action tile.
struct mini_expansion_rules : standard_rules {
    /// Both special tiles (draw three, take a tile) are shuffled into the bag.
    static constexpr unsigned special_tiles = all_action_tiles;
};

/// Mini-expansions, variant 1: only the chosen special tiles (a mask of action_tile bits).
template <unsigned Specials>
struct mini_expansion_subset_rules : standard_rules {
    /// The chosen special tiles (action_tile bits).
    static constexpr unsigned special_tiles = Specials;
};

/// Mini-expansions, variant 2: every player holds both action tiles from the start; no special tiles.
struct action_tiles_at_start_rules : standard_rules {
    /// Every player holds both action tiles from the start.
    static constexpr unsigned starting_actions = all_action_tiles;
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

namespace detail {
template <class R>
constexpr unsigned special_tiles_of() noexcept {
    if constexpr (requires { R::special_tiles; }) return R::special_tiles;
    else return 0;
}
template <class R>
constexpr unsigned starting_actions_of() noexcept {
    if constexpr (requires { R::starting_actions; }) return R::starting_actions;
    else return 0;
}
}  // namespace detail

/// Why a choice of mini-expansions cannot be played (empty when it can).
constexpr const char* check_expansions(unsigned special_tiles, unsigned starting_actions) noexcept {
    if ((special_tiles | starting_actions) & ~all_action_tiles) return "unknown action tile";
    if (special_tiles & starting_actions)
        return "an action tile is either held from the start (variant 2) or won through its special tile, not both";
    return "";
}

/// Quantities derived from a rule set.
template <ruleset R>
struct rules_traits {
    /// Special tiles shuffled into the bag (R::special_tiles, or 0 when the rule set names none).
    static constexpr unsigned special_tiles = detail::special_tiles_of<R>();
    /// Action tiles every player holds from the start (R::starting_actions, or 0).
    static constexpr unsigned starting_actions = detail::starting_actions_of<R>();
    static_assert(check_expansions(special_tiles, starting_actions)[0] == '\0',
                  "invalid mini-expansion choice: see check_expansions");
    static constexpr int kinds = R::colours * R::shapes;        ///< distinct tiles
    static constexpr int piece_count = kinds * R::copies;       ///< tiles in the game (108)
    static constexpr int max_line = std::max(R::colours, R::shapes);  ///< longest valid line
    /// The largest hand size over the rule set's player counts (the size of fixed hand buffers).
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
static_assert(ruleset<mini_expansion_rules> && ruleset<five_six_player_rules> && ruleset<classic_rules>);
static_assert(rules_traits<standard_rules>::reach == 90);
static_assert(rules_traits<standard_rules>::piece_count == 108);

}  // namespace qwirkle
