// SPDX-License-Identifier: MIT
/// @file
/// The exact endgame solver: two players, the bag empty.
///
/// Once the bag is empty a two-player game is a game of perfect information: the tiles a player has
/// not seen are exactly the opponent's hand. The solver returns the margin under optimal play by both
/// — the points the player to move scores from now on (end bonus included) minus the points the
/// opponent scores from now on — and a move that achieves it.
///
/// Rules of the endgame (docs/rules.md §2): a player who can place must place (no exchange with an
/// empty bag); one who cannot passes; placing the last tile ends the game and earns the end bonus;
/// two passes in a row end it without.
///
/// Search: negamax alpha-beta over placements, a transposition table keyed by a Zobrist hash of the
/// tiles placed since the root, both hands, the side to move and a pending pass; moves ordered by the
/// table's best move, then going out, then score plus a history of the moves that made cutoffs
/// earlier in the solve. Root moves are taken in a canonical order (score,
/// then cells and tiles), so the best move reported among equals does not depend on the move
/// generator's internal order. A node and a time budget stop a search that takes too long: the
/// result then says it is not solved.
///
/// Best guesses (`endgame_options::best_guess`): the search deepens one ply at a time instead
/// (iterative deepening: at the horizon a position is worth the margin so far), each depth's
/// table entries ordering the next; a depth no line of play outlasts is the exact answer. When
/// the budget runs out first, the result is not solved but carries the best move of the deepest
/// depth finished. A child already answered by the table is read before its move is placed.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "../board/board.hpp"
#include "../game/state.hpp"
#include "../rules/movegen.hpp"

namespace qwirkle {

/// Budgets of one solve.
struct endgame_options {
    std::uint64_t max_nodes = 0;  ///< stop after this many nodes (0: no limit)
    double seconds = 0;           ///< stop after this much time (0: no limit)
    int table_bits = 20;          ///< transposition table of 2^table_bits entries (16 bytes each)
    /// Deepen one ply at a time, and when the budget runs out give the best move of the deepest
    /// depth finished (`basic_endgame_result::depth`) instead of none. Exact answers are the
    /// same; reaching one costs more nodes (about twice on full hands).
    bool best_guess = false;
    int max_depth = 0;            ///< with best_guess: the deepest depth tried (0: until the answer is exact)
};

/// What a solve found.
template <ruleset R = standard_rules>
struct basic_endgame_result {
    bool solved = false;                ///< the search finished within its budgets: margin and best are exact
    int margin = 0;                     ///< the player to move's points from now on minus the opponent's
    std::optional<basic_move<R>> best;  ///< a move achieving the margin; empty: the player must pass
    std::uint64_t nodes = 0;            ///< positions visited
    double seconds = 0;                 ///< time taken
    std::string why;                    ///< when not solved: why (budget spent, or not an endgame)
    /// When not solved but `best` holds a best guess (endgame_options::best_guess): how many plies
    /// ahead it looked, `margin` being its value at that depth; 0 otherwise.
    int depth = 0;
};

namespace detail {

inline constexpr std::uint64_t mix64(std::uint64_t x) noexcept {
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

/// Zobrist key of a tile on a cell.
template <class Tile>
constexpr std::uint64_t placement_key(cell c, Tile t) noexcept {
    const auto x = static_cast<std::uint32_t>(c.x), y = static_cast<std::uint32_t>(c.y);
    return mix64((static_cast<std::uint64_t>(x) << 32 | y) ^ (static_cast<std::uint64_t>(t.index() + 1) * 0x100000001b3ull << 7));
}

/// Zobrist key of copy `copy` (1-based) of a tile in player `p`'s hand.
template <class Tile>
constexpr std::uint64_t hand_key(int p, Tile t, int copy) noexcept {
    return mix64(0xa5a5a5a5ull + static_cast<std::uint64_t>(p) * 0x10000 + static_cast<std::uint64_t>(t.index()) * 16 +
                 static_cast<std::uint64_t>(copy));
}

}  // namespace detail

/// The solver with its transposition table (reuse one object for many solves: the table is kept,
/// cleared between root positions).
template <ruleset R = standard_rules, int Radius = unlimited_radius>
class basic_endgame_solver {
public:
    using tile_type = tile_t<R>;                      ///< the tiles of the rule set
    using board_type = basic_board<R, Radius>;        ///< the board it solves on
    using hand_type = basic_tile_multiset<tile_type>; ///< a player's hand
    using move_type = basic_move<R>;                  ///< a placement move
    using result_type = basic_endgame_result<R>;      ///< what `solve` returns

    /// A solver with these budgets and table size; the table itself is allocated by the first solve.
    explicit basic_endgame_solver(endgame_options o = {}) : o_(o) {}
    /// New budgets and table size, used from the next solve on (a new `table_bits`, clamped to
    /// [4, 28], reallocates the table then).
    void set_options(const endgame_options& o) { o_ = o; }
    /// The budgets and table size in use.
    const endgame_options& options() const noexcept { return o_; }

    /// Solves the position: `to_move` holds the hand of the player to move, `other` the opponent's,
    /// the bag is empty; `passed`: the opponent has just passed (a pass now ends the game).
    result_type solve(const board_type& b, const hand_type& to_move, const hand_type& other, bool passed = false) {
        result_type r;
        const auto start = std::chrono::steady_clock::now();
        start_ = start;
        aborted_ = false;
        nodes_ = 0;
        limit_ = 0;
        if (to_move.empty() || other.empty()) {
            r.why = "a hand is empty: the game is over";
            return r;
        }
        const std::size_t size = std::size_t{1} << std::clamp(o_.table_bits, 4, 28);
        if (table_.size() != size || ++generation_ == 0) {
            table_.assign(size, entry{});
            generation_ = 1;
        }
        std::fill(history_.begin(), history_.end(), 0);
        board_ = b;
        hands_[0] = to_move;
        hands_[1] = other;
        key_ = 0;
        for (int p = 0; p < 2; ++p)
            for (const tile_type t : hands_[p].distinct())
                for (int c = 1; c <= hands_[p].count(t); ++c) key_ ^= detail::hand_key(p, t, c);
        if (moves_.size() < 64) moves_.resize(64);

        // The root: every move in a canonical order, searched with a full window; the first move
        // reaching the best value is kept.
        auto& root = moves_[0];
        generate(0, root);
        if (root.empty()) {
            if (passed) {
                r.margin = 0;
            } else {
                const auto known = probe(1, true, -infinity, infinity, 1);
                r.margin = known ? -*known : -search(1, true, -infinity, infinity, 1);
            }
        } else {
            std::vector<std::pair<move_type, std::size_t>> order;
            for (std::size_t i = 0; i < root.size(); ++i) order.emplace_back(root[i].move.sorted(), i);
            std::sort(order.begin(), order.end(), [&](const auto& x, const auto& y) {
                if (root[x.second].order != root[y.second].order) return root[x.second].order > root[y.second].order;
                return less(x.first, y.first);
            });
            // Without best guesses one pass to the end; with them depth 1, 2, ... until a depth
            // cuts no line short (exact) or max_depth.
            for (int depth = o_.best_guess ? 1 : 0;; ++depth) {
                limit_ = depth;
                const std::uint64_t cut_before = cut_;
                int best = -infinity, alpha = -infinity;
                std::size_t pick = 0;
                for (std::size_t i = 0; i < order.size() && !aborted_; ++i) {
                    const scored m = root[order[i].second];  // (a copy: the search below reuses no root storage, but stay safe)
                    int v = i == 0 ? play(0, m, alpha, infinity, 0) : play(0, m, alpha, alpha + 1, 0);
                    if (!aborted_ && i > 0 && v > alpha) v = play(0, m, v, infinity, 0);
                    if (aborted_) break;
                    if (v > best) {
                        best = v;
                        pick = i;
                        alpha = std::max(alpha, v);
                    }
                }
                if (aborted_) break;
                r.margin = best;
                r.best = order[pick].first;
                if (depth == 0 || cut_ == cut_before) {  // exact
                    r.depth = 0;
                    break;
                }
                r.depth = depth;
                if (depth == o_.max_depth) break;
            }
        }
        r.nodes = nodes_;
        r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (aborted_ || r.depth > 0) {
            if (r.depth == 0) {
                r.best.reset();
                r.margin = 0;
            }
            r.why = aborted_ ? "not solved within the budget (" + std::to_string(nodes_) + " nodes)"
                             : "not solved within max_depth " + std::to_string(o_.max_depth);
            if (r.depth > 0) r.why += "; best guess from " + std::to_string(r.depth) + " plies ahead";
            return r;
        }
        r.solved = true;
        return r;
    }

private:
    static constexpr int infinity = 1 << 20;
    enum : std::uint8_t { empty_entry, exact, lower, upper };
    static constexpr std::uint64_t draft_bits = 0xFF;
    static constexpr std::uint8_t full_draft = 0xFF;  ///< a value searched to the end of the game
    struct entry {
        /// The position's key, its low 8 bits replaced by the draft: how many plies below the
        /// position the value was searched (full_draft: to the end; else a best-guess depth's).
        std::uint64_t key = 0;
        std::uint32_t best = 0;  ///< low bits of the best move's key
        std::int16_t value = 0;
        std::uint8_t flag = empty_entry;
        std::uint8_t generation = 0;  ///< the solve that wrote it (older entries are ignored)
    };
    struct scored {
        move_type move;
        std::uint64_t key = 0;  ///< XOR of the placements' keys
        int score = 0;
        int order = 0;
    };

    static bool less(const move_type& a, const move_type& b) noexcept {
        const int n = std::min(a.size(), b.size());
        for (int i = 0; i < n; ++i) {
            const auto& p = a[i];
            const auto& q = b[i];
            if (p.at != q.at) return p.at < q.at;
            if (p.tile.index() != q.tile.index()) return p.tile.index() < q.tile.index();
        }
        return a.size() < b.size();
    }

    void generate(int side, std::vector<scored>& out) {
        out.clear();
        const int held = hands_[side].size();
        for_each_move(board_, hands_[side], [&](const move_type& m, int score) {
            scored s;
            s.move = m;
            s.score = score;
            for (const auto& p : m) s.key ^= detail::placement_key(p.at, p.tile);
            s.order = score + (m.size() == held ? R::end_bonus + 1000 : 0);
            out.push_back(s);
        });
    }

    bool out_of_budget() {
        if (o_.max_nodes && nodes_ >= o_.max_nodes) return true;
        if (o_.seconds > 0 && (nodes_ & 1023) == 0 &&
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count() >= o_.seconds)
            return true;
        return false;
    }

    /// Plays `m` for `side`, returns its value for `side` within (alpha, beta) (fail-soft), undoes it.
    /// The board is touched only when the child is neither the game's end nor answered by the table.
    int play(int side, const scored& m, int alpha, int beta, int ply) {
        auto& h = hands_[side];
        std::uint64_t hk = 0;
        for (const auto& p : m.move) {
            hk ^= detail::hand_key(side, p.tile, h.count(p.tile));
            h.remove(p.tile);
        }
        key_ ^= m.key ^ hk;
        int v;
        if (h.empty()) {
            v = m.score + R::end_bonus;
        } else if (const auto known = probe(1 - side, false, m.score - beta, m.score - alpha, ply + 1)) {
            v = m.score - *known;
        } else {
            const auto mark = board_.current_mark();
            board_.place(m.move);
            v = m.score - search(1 - side, false, m.score - beta, m.score - alpha, ply + 1);
            // Exactly as before (the siblings are generated in one order), unless more than the
            // board's journal_depth tiles lie above this ply (hands of 30+ tiles): then undo, which
            // voids the marks below too, so they undo as well.
            if (!board_.rewind(mark)) board_.undo(m.move);
        }
        key_ ^= m.key ^ hk;
        for (const auto& p : m.move) h.add(p.tile);
        return v;
    }

    std::uint64_t position_key(int side, bool passed) const noexcept {
        return key_ ^ (side ? 0x6a09e667f3bcc909ull : 0) ^ (passed ? 0xbb67ae8584caa73bull : 0);
    }
    /// The plies still to search below a node at `ply` (full_draft: to the end).
    std::uint8_t draft(int ply) const noexcept {
        return limit_ == 0 ? full_draft : static_cast<std::uint8_t>(std::clamp(limit_ - ply, 0, full_draft - 1));
    }

    /// Counts a node and answers it when it can without its moves: the budget spent (aborted,
    /// 0), the depth's horizon (0: the margin so far), or the table.
    std::optional<int> probe(int side, bool passed, int alpha, int beta, int ply) {
        ++nodes_;
        if (aborted_ || out_of_budget()) {
            aborted_ = true;
            return 0;
        }
        if (limit_ != 0 && ply >= limit_) {
            ++cut_;
            return 0;
        }
        const std::uint64_t key = position_key(side, passed);
        const entry& e = table_[key & (table_.size() - 1)];
        if (e.generation != generation_ || ((e.key ^ key) & ~draft_bits) != 0) return std::nullopt;
        const auto searched = static_cast<std::uint8_t>(e.key & draft_bits);
        if (searched < draft(ply)) return std::nullopt;
        const int v = e.value;
        if (e.flag == exact || (e.flag == lower && v >= beta) || (e.flag == upper && v <= alpha)) {
            if (searched != full_draft) ++cut_;  // (a best-guess depth's value: not exact)
            return v;
        }
        return std::nullopt;
    }

    /// The value of the node for `side` (fail-soft); `probe` has counted it and found no answer.
    int search(int side, bool passed, int alpha, int beta, int ply) {
        const std::uint64_t key = position_key(side, passed);
        entry& e = table_[key & (table_.size() - 1)];
        const std::uint32_t hint = e.generation == generation_ && ((e.key ^ key) & ~draft_bits) == 0 ? e.best : 0;
        const std::uint64_t cut_before = cut_;
        if (moves_.size() <= static_cast<std::size_t>(ply)) moves_.resize(static_cast<std::size_t>(ply) + 16);
        auto& list = moves_[static_cast<std::size_t>(ply)];
        generate(side, list);
        if (list.empty()) {
            if (passed) return 0;  // two passes in a row: the game ends
            if (const auto known = probe(1 - side, true, -beta, -alpha, ply + 1)) return -*known;
            return -search(1 - side, true, -beta, -alpha, ply + 1);
        }
        for (auto& m : list) {
            if (hint && static_cast<std::uint32_t>(m.key) == hint) m.order += 1 << 20;
            m.order += history_[m.key & (history_size - 1)];
        }
        const int alpha0 = alpha;
        int best = -infinity;
        std::uint32_t best_key = 0;
        for (std::size_t i = 0; i < list.size(); ++i) {
            // Selection: the next move is the best-ordered of those left.
            std::size_t k = i;
            for (std::size_t j = i + 1; j < list.size(); ++j)
                if (list[j].order > list[k].order) k = j;
            if (k != i) std::swap(list[i], list[k]);
            // Principal variation search: the first move with the full window, the others with a
            // null window first, searched again only when they may be better.
            int v;
            if (i == 0) {
                v = play(side, list[i], alpha, beta, ply);
            } else {
                v = play(side, list[i], alpha, alpha + 1, ply);
                if (!aborted_ && v > alpha && v < beta) v = play(side, list[i], v, beta, ply);
            }
            if (aborted_) return 0;
            if (v > best) {
                best = v;
                best_key = static_cast<std::uint32_t>(list[i].key);
                if (v > alpha) alpha = v;
                if (alpha >= beta) {
                    auto& h = history_[list[i].key & (history_size - 1)];
                    h = std::min(h + history_step, history_cap);
                    break;
                }
            }
        }
        // Searched to the end unless some line below was cut at the horizon.
        e.key = (key & ~draft_bits) | (cut_ == cut_before ? full_draft : draft(ply));
        e.value = static_cast<std::int16_t>(best);
        e.best = best_key;
        e.flag = best <= alpha0 ? upper : best >= beta ? lower : exact;
        e.generation = generation_;
        return best;
    }

    endgame_options o_;
    std::vector<entry> table_;
    std::vector<std::vector<scored>> moves_;
    board_type board_;
    hand_type hands_[2];
    std::uint64_t key_ = 0, nodes_ = 0;
    std::uint64_t cut_ = 0;  ///< lines cut short at a best-guess depth's horizon, so far
    /// History of cutoffs: how often a move (by its key's low bits; kinds of moves, the same tiles
    /// on the same cells, anywhere in the tree) made one in this solve, added to its order.
    static constexpr std::size_t history_size = std::size_t{1} << 16;
    static constexpr int history_step = 2, history_cap = 40;
    std::vector<int> history_ = std::vector<int>(history_size, 0);
    int limit_ = 0;          ///< the depth searched (0: to the end)
    bool aborted_ = false;
    std::uint8_t generation_ = 0;
    std::chrono::steady_clock::time_point start_;
};

/// Solves a two-player position with an empty bag: `to_move` is the hand of the player to move.
template <ruleset R, int Radius>
basic_endgame_result<R> solve_endgame(const basic_board<R, Radius>& b, const basic_tile_multiset<tile_t<R>>& to_move,
                                      const basic_tile_multiset<tile_t<R>>& other, const endgame_options& o = {}) {
    basic_endgame_solver<R, Radius> s(o);
    return s.solve(b, to_move, other);
}

/// Why a game state is not an endgame the solver takes (empty string: it is one): two players, the
/// game running and opened, the bag empty, no action tile in the middle of a turn and no take-a-tile
/// action left to either player (draw three draws nothing from an empty bag).
template <ruleset R, int Radius>
std::string endgame_refusal(const basic_state<R, Radius>& s) {
    if (s.players() != 2) return "the endgame solver takes two players";
    if (s.is_terminal()) return "the game is over";
    if (s.bag_size() != 0) return "the bag is not empty";
    if (s.opening_size() != 0) return "the game has not opened";
    if (s.action_this_turn()) return "an action tile was just used";
    const unsigned take = action_bit(action_tile::take_tile);
    for (int p = 0; p < 2; ++p)
        if (s.actions_held(p) & ~s.actions_used(p) & take) return "a take-a-tile action is still held";
    return {};
}

/// Solves the endgame of a game state (see endgame_refusal for the states it takes; otherwise the
/// result is not solved and says why). The margin is for the player to act.
template <ruleset R, int Radius>
basic_endgame_result<R> solve_endgame(const basic_state<R, Radius>& s, basic_endgame_solver<R, Radius>& solver) {
    if (auto why = endgame_refusal(s); !why.empty()) {
        basic_endgame_result<R> r;
        r.why = why;
        return r;
    }
    const int p = s.current_player();
    const bool passed = s.observe(p)->passes > 0;
    return solver.solve(s.board(), s.hand(p), s.hand(1 - p), passed);
}

/// The same with a solver of its own, built with the budgets `o` (for a single solve; reuse a
/// solver for many).
template <ruleset R, int Radius>
basic_endgame_result<R> solve_endgame(const basic_state<R, Radius>& s, const endgame_options& o = {}) {
    basic_endgame_solver<R, Radius> solver(o);
    return solve_endgame(s, solver);
}

using endgame_result = basic_endgame_result<>;  ///< the result of a solve of the standard game
using endgame_solver = basic_endgame_solver<>;  ///< the solver of the standard game

}  // namespace qwirkle
