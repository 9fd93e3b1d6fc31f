// SPDX-License-Identifier: MIT
/// @file
/// The expert bot: information-set Monte-Carlo tree search, and the exact endgame solver.
///
/// Single-observer ISMCTS (Cowling, Powley, Whitehouse 2012): one tree over the bot's information
/// set. Every iteration deals a determinisation consistent with what the bot has seen
/// (basic_state::determinize: its hand, the board, scores, hand sizes, bag size, action tiles; the
/// unseen tiles dealt at random into the other hands and the bag), walks down the tree choosing among
/// the actions legal in that determinisation (UCB1 over availability counts, each seat maximising its
/// own reward), adds one node, plays greedy turns up to a fixed horizon (whole rounds: every seat as
/// often; with more than two players one more turn of the bot's own, so that what it sets up for
/// itself counts as well as what it leaves the others) — or, once the bag holds at most
/// `full_rollouts_bag` tiles, on to the game's end — and backs up a reward per seat: the seat's
/// points gained since the root minus the best other seat's (with more than two players: minus the
/// mean of the others'), squashed into (0, 1); a game that ends inside the walk scores its final
/// margin. The actions of a node: the best-scoring
/// placements, a few exchanges (which tiles go back is part of the action: the sensible choice —
/// duplicates and tiles outside the largest group —, the duplicates only, and the whole hand), and
/// the action tiles (draw three; take the tile that allows the best placement). 2 to 6 players.
///
/// By default the tree is one level deep (`expert_options::tree_depth` = 1): the root and its
/// actions, each iteration choosing one of them by UCB1 and going on with greedy turns. At 100 ms
/// a decision that played better than the unlimited tree against every opponent measured (the
/// README's figures). Once two players face an empty bag and the solver has not finished, the
/// tree grows without limit (`endgame_tree_depth` = 0): the game is then one of perfect
/// information, and the search plain Monte-Carlo tree search.
///
/// With two players the deals are not uniform: the opponent's hand is drawn from what the bot
/// infers of the tiles it kept, from the tiles it placed and what they scored (bots/inference.hpp;
/// `expert_options::inference`). With two players and an empty bag the game is one of perfect
/// information: the bot asks the exact endgame solver (search/endgame.hpp) within its budget and
/// plays its move when solved. When it is not, by default (`endgame_guess`) the bot plays the
/// solver's best guess: the best move of the deepest depth its iterative deepening finished,
/// valued at the horizon by the margin so far. On 134 first endgame positions the solver did not
/// finish at 100 ms a decision, those moves lost 0.22 points of margin to the exact best on
/// average, where ISMCTS's lost 0.80 (docs/notes/lead-round20.md).
///
/// Budget: iterations per decision and a node budget for the solver (reproducible for a seed), or,
/// when `seconds` > 0, a time limit per decision: the solver, when asked, gets what is left of it
/// (without `endgame_guess`: 60% of it, and ISMCTS what is left if the solver does not finish).
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <iterator>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "../search/endgame.hpp"
#include "bot.hpp"
#include "inference.hpp"

namespace qwirkle {

/// Settings of the expert bot: its search budget, the width of its tree, its rollouts and its
/// reward, and whether and how long it asks the exact endgame solver.
struct expert_options {
    int iterations = 400;       ///< tree iterations per decision (when seconds == 0)
    double seconds = 0;         ///< if > 0: search this long per decision instead (the endgame solver, when asked, gets all of it; without `endgame_guess` 60%, and ISMCTS the rest)
    int root_placements = 20;   ///< best-scoring placements considered at the root
    int placements = 5;         ///< ... and below it
    int rollout_turns = 4;      ///< turns looked ahead per iteration, tree and greedy play together (rounded up to whole rounds)
    int full_rollouts_bag = 24; ///< once the bag holds at most this many tiles, iterations play on to the game's end (-1: never)
    double exploration = 0.5;   ///< UCB1 constant (below the root; at the root too without `root_halving`)
    /// At the root, sequential halving instead of UCB1: the budget is cut into ⌈log2 n⌉ equal
    /// phases over the root's n actions; each phase tries its actions in turn, and at its end the
    /// better half (by mean reward) goes on; the last phase's best is played. (UCB1 spends its
    /// visits where the reward looks best so far; what the root must find is the best action.)
    /// Off by default: at 100 ms against Monte-Carlo it won 55.6% ± 3.1 against UCB1's 54.7%,
    /// no difference the 1,000 games can tell.
    bool root_halving = false;
    double scale = 20.0;        ///< points of margin that move the reward from 0.5 to about 0.73
    bool own_last = true;       ///< with more than two players: end each iteration with one more turn of the bot's own, after the whole rounds
    bool field = true;          ///< with more than two players: compare a seat's gain with the mean of the others' gains instead of the best other's
    bool endgame = true;        ///< use the exact solver when two players face an empty bag
    std::uint64_t endgame_nodes = 1'000'000;  ///< its node budget when `seconds` is 0 (reproducible; 50,000 nodes take up to about 0.1 s); else it gets the time left of `seconds` (60% of it without `endgame_guess`)
    /// When the solver does not finish, play its best guess (endgame_options::best_guess: the best
    /// move of the deepest depth finished) instead of searching with ISMCTS.
    bool endgame_guess = true;
    /// How deep the tree grows (but see `endgame_tree_depth`): its nodes lie at most this many
    /// actions below the root, and an iteration goes on from there with greedy turns (1: a flat
    /// search over the root's actions, each followed by greedy play; 0: no limit). 1 by default:
    /// at 100 ms a decision it won 79.3% against greedy, 59.3% against Monte-Carlo and 44.6% of
    /// 4-player games against three greedy bots, where the unlimited tree won 72.4%, 55.8% and
    /// 42.4% (1,000 games each).
    int tree_depth = 1;
    /// The same once two players face an empty bag (and the solver is not asked or has not
    /// finished): the game is then one of perfect information, every iteration deals the same
    /// state, and greedy play after one action would value each action the same way every
    /// time. 0 (no limit), the
    /// default: the tree grows as in plain Monte-Carlo tree search (on first endgame positions the
    /// solver did not finish, its moves were worth 1.4 points of margin more, on average where
    /// the two differed, than those of the tree of depth one: docs/notes/lead-round19.md).
    int endgame_tree_depth = 0;
    bool inference = true;      ///< with two players: deal the opponent hands inferred from what it played (bots/inference.hpp) instead of uniform deals
    inference_options infer;    ///< the inference's settings
};

/// The expert bot of the tile game: information-set Monte-Carlo tree search over its own
/// information set, and the exact endgame solver when two players face an empty bag (see the file
/// description). It plays by the rules of the game it is given (2 to 6 players, docs/rules.md §2,
/// the mini-expansions' action tiles included); with a budget in iterations and nodes
/// (`seconds` == 0) its play is reproducible for a seed of the `rng` it is handed.
template <ruleset R = standard_rules, int Radius = unlimited_radius>
class basic_expert_bot : public basic_bot<R, Radius> {
    using Tile = tile_t<R>;
    using hand_type = basic_tile_multiset<Tile>;
    using state_type = basic_state<R, Radius>;
    static constexpr int max_players = R::max_players;

public:
    using typename basic_bot<R, Radius>::observation_type;
    using typename basic_bot<R, Radius>::action_type;
    /// A bot with these settings (the endgame solver's table is allocated on its first use).
    explicit basic_expert_bot(expert_options o = {}) : o_(o), infer_(o.infer) {}
    std::string name() const override { return "expert"; }

    /// Decisions the exact solver made (it finished within its budget and its move was played).
    int endgame_solved() const noexcept { return solved_; }
    /// Decisions where the solver was asked but did not finish within its budget (its best guess or
    /// ISMCTS then played).
    int endgame_unsolved() const noexcept { return unsolved_; }
    /// Of those, the decisions where the solver's best guess was played (`endgame_guess`).
    int endgame_guessed() const noexcept { return guessed_; }

    action_type choose(const observation_type& v, rng& random) override {
        const auto start = std::chrono::steady_clock::now();  // (the inference's time counts in the budget)
        nodes_.clear();  // (tree_size() of a decision that does not search)
        if (o_.inference) infer_.update(v, random);
        const auto a = decide(v, random, start);
        if (o_.inference) infer_.remember(v, a);
        return a;
    }

    /// The nodes of the tree the last decision searched, the root included (0 when it did not
    /// search: a single legal action, or the endgame solver's move).
    std::size_t tree_size() const noexcept { return nodes_.size(); }

    /// The hand inference (bots/inference.hpp) as it stands after the last decision.
    const basic_hand_inference<R, Radius>& inference() const noexcept { return infer_; }

private:
    action_type decide(const observation_type& v, rng& random, std::chrono::steady_clock::time_point start) {
        // One legal action only (a forced pass, a single placement): no search.
        auto root_state = state_type::determinize(v, random);
        if (!root_state) return fallback(v);
        std::vector<action_type> first;
        std::vector<int> first_scores;
        candidates(*root_state, first, first_scores, true);
        if (first.size() == 1) return first[0];
        if (first.empty()) return fallback(v);

        if (o_.endgame && v.players() == 2 && v.bag_size == 0 && endgame_refusal(*root_state).empty()) {
            if (!solver_) solver_ = std::make_unique<basic_endgame_solver<R, Radius>>();
            endgame_options eo;
            // With a time budget the solver gets what is left of it (with best guesses), or most
            // of it, ISMCTS then having the rest when it fails.
            if (o_.seconds > 0)
                eo.seconds = o_.endgame_guess ? std::max(o_.seconds * 0.1, o_.seconds - elapsed(start)) : o_.seconds * 0.6;
            else
                eo.max_nodes = o_.endgame_nodes;
            eo.table_bits = 18;
            eo.best_guess = o_.endgame_guess;
            solver_->set_options(eo);
            const auto r = solve_endgame(*root_state, *solver_);
            if (r.solved) {
                ++solved_;
                return r.best ? action_type::place(*r.best) : action_type::pass();
            }
            ++unsolved_;
            if (r.best) {
                ++guessed_;
                return action_type::place(*r.best);
            }
        }
        double seconds = o_.seconds;
        if (seconds > 0) seconds = std::max(seconds * 0.1, seconds - elapsed(start));
        return search(v, random, first, first_scores, seconds);
    }

    static double elapsed(std::chrono::steady_clock::time_point start) {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    }

    /// A node of the tree: the action that reaches it is known by its key (the root's children by
    /// their place in `root_children_`, the same as in the root's action list), so that nodes stay
    /// small: thousands of them are read at random.
    struct node {
        std::uint64_t key = 0;  ///< key_of the action that reaches it
        int actor = 0;          ///< the seat that played that action
        int parent = -1;
        int visits = 0, available = 0;
        std::array<double, static_cast<std::size_t>(max_players)> reward{};
    };

    /// Below the root, a node's children are found by (parent, action key, actor) in one hash
    /// table: with thousands of iterations a node can have hundreds of children (one per action
    /// seen across determinisations), and scanning them was a third of the search's time.
    struct child_slot {
        std::uint64_t tag = 0;  ///< 0: free
        int node = -1;
    };
    static std::uint64_t child_tag(int parent, std::uint64_t key, int actor) noexcept {
        return detail::mix64(key + 0x9E3779B97F4A7C15ull * (static_cast<std::uint64_t>(parent) * 8 + static_cast<std::uint64_t>(actor) + 1)) | 1u;
    }
    /// The child of `parent` reached by `actor` playing the action of key `key`, or -1.
    int find_child(int parent, std::uint64_t key, int actor) const noexcept {
        const std::uint64_t tag = child_tag(parent, key, actor);
        const std::size_t mask = child_table_.size() - 1;
        for (std::size_t h = static_cast<std::size_t>(tag) & mask;; h = (h + 1) & mask) {
            const child_slot& e = child_table_[h];
            if (e.tag == 0) return -1;
            if (e.tag != tag) continue;
            const node& n = nodes_[static_cast<std::size_t>(e.node)];
            if (n.key == key && n.actor == actor && n.parent == parent) return e.node;
        }
    }
    void add_child(int child) {
        if (2 * (child_count_ + 1) > child_table_.size()) {  // keep the load at most 1/2
            std::vector<child_slot> old(2 * child_table_.size());
            old.swap(child_table_);
            child_count_ = 0;
            for (const child_slot& e : old)
                if (e.tag != 0) add_child(e.node);
        }
        const node& n = nodes_[static_cast<std::size_t>(child)];
        const std::uint64_t tag = child_tag(n.parent, n.key, n.actor);
        const std::size_t mask = child_table_.size() - 1;
        std::size_t h = static_cast<std::size_t>(tag) & mask;
        while (child_table_[h].tag != 0) h = (h + 1) & mask;
        child_table_[h] = {tag, child};
        ++child_count_;
    }

    static std::uint64_t key_of(const action_type& a) noexcept {
        std::uint64_t k = detail::mix64(static_cast<std::uint64_t>(a.kind) + 1);
        switch (a.kind) {
            case action_kind::place:
                for (const auto& p : a.move) k ^= detail::placement_key(p.at, p.tile);
                break;
            case action_kind::exchange:
                a.tiles.for_each([&](Tile t) { k = detail::mix64(k + static_cast<std::uint64_t>(t.index()) + 1); });
                break;
            case action_kind::take_tile: k ^= detail::placement_key(a.at, Tile{}); break;
            default: break;
        }
        return k;
    }

    /// What to give back: the hand's duplicates and tiles outside its largest colour or shape group.
    static hand_type sensible(const hand_type& h) {
        basic_tile_set<Tile> keep;
        const auto kinds = h.distinct();
        for (int c = 0; c < Tile::colours; ++c) {
            const auto g = kinds & basic_tile_set<Tile>::of_colour(c);
            if (g.size() > keep.size()) keep = g;
        }
        for (int s = 0; s < Tile::shapes; ++s) {
            const auto g = kinds & basic_tile_set<Tile>::of_shape(s);
            if (g.size() > keep.size()) keep = g;
        }
        hand_type give;
        h.for_each([&](Tile t) {
            if (!keep.contains(t) || give.count(t) + 1 < h.count(t)) give.add(t);
        });
        return give;
    }

    /// The visitor keeping the k best-scoring placements, best first, the first generated first
    /// among equals; once it holds k, a move must score more than the last to enter, which is
    /// its floor.
    struct top_keeper {
        std::vector<std::pair<int, detail::kept_move<R>>>& list;
        std::size_t k;
        void operator()(const detail::move_in_progress<R>& m, int score) {
            if (list.size() == k && score <= list.back().first) return;
            auto at = list.end();
            while (at != list.begin() && std::prev(at)->first < score) --at;
            if (list.size() == k) list.pop_back();
            list.insert(at, {score, detail::kept_move<R>(m)});
        }
        int floor() const noexcept { return list.size() == k ? list.back().first : -1; }
    };

    /// The actions searched in state `s` for the seat to act; `scores[i]`: the score of out[i] when
    /// it is a placement, else -1.
    void candidates(const state_type& s, std::vector<action_type>& out, std::vector<int>& scores, bool root) const {
        out.clear();
        scores.clear();
        if (s.is_terminal()) return;
        // The k best-scoring placements, best first, the first generated first among equals; the
        // moves are built once the list is final.
        const auto k = static_cast<std::size_t>(std::max(1, root ? o_.root_placements : o_.placements));
        scored_.clear();
        top_keeper keep{scored_, k};  // (with a floor: the generator skips what cannot enter the list)
        s.for_each_legal_move(keep);
        for (const auto& [score, m] : scored_) {
            out.push_back(action_type::place(m.to_move()));
            scores.push_back(score);
        }
        const int best = scored_.empty() ? -1 : scored_.front().first;
        if (s.can_use(action_tile::take_tile)) {
            if (auto t = best_take(s, best)) out.push_back(action_type::take_tile(*t));
        }
        if (s.can_use(action_tile::draw_three)) out.push_back(action_type::draw_three());
        if (s.can_exchange()) {
            const hand_type& h = s.hand(s.current_player());
            const int limit = std::min({h.size(), s.hand_size(), s.bag_size()});
            std::array<hand_type, 3> gives{};
            gives[0] = sensible(h);
            for (const Tile t : h.distinct())
                if (h.count(t) > 1) gives[1].add(t, h.count(t) - 1);
            gives[2] = h;
            for (std::size_t i = 0; i < gives.size(); ++i) {
                hand_type g = first_tiles(gives[i], limit);
                if (g.empty()) continue;
                bool seen = false;
                for (std::size_t j = 0; j < i; ++j) seen = seen || first_tiles(gives[j], limit) == g;
                if (!seen) out.push_back(action_type::exchange(g));
            }
        }
        if (out.empty() && s.check(action_type::pass()).ok()) out.push_back(action_type::pass());
        scores.resize(out.size(), -1);
    }

    /// The tile to take first when that allows a better placement than `best_plain`.
    static std::optional<cell> best_take(const state_type& s, int best_plain) {
        std::vector<cell> targets;
        take_targets(s.board(), std::back_inserter(targets));
        auto b = s.board();
        std::optional<cell> pick;
        int best = best_plain;
        for (const cell c : targets) {
            const auto t = *b.at(c);
            b.remove(c);
            auto hand = s.hand(s.current_player());
            hand.add(t);
            movegen_options mo;
            mo.forbidden = c;
            if (const auto m = best_move(b, hand, mo); m && m->score > best) {
                best = m->score;
                pick = c;
            }
            b.place(c, t);
        }
        return pick;
    }

    /// One greedy turn (the best placement, else draw three, else a sensible exchange, else pass),
    /// and the placement's score (-1 for the other actions).
    static std::pair<action_type, int> greedy(const state_type& s) {
        if (auto m = s.best_move()) return {action_type::place(std::move(m->move)), m->score};
        return {other_than_placement(s), -1};
    }
    /// The greedy turn of a player who cannot place.
    static action_type other_than_placement(const state_type& s) {
        if (s.can_use(action_tile::draw_three)) return action_type::draw_three();
        if (s.can_exchange()) {
            const hand_type& h = s.hand(s.current_player());
            hand_type g = first_tiles(sensible(h), std::min({h.size(), s.hand_size(), s.bag_size()}));
            if (g.empty()) g = first_tiles(h, std::min({h.size(), s.hand_size(), s.bag_size()}));
            return action_type::exchange(g);
        }
        return action_type::pass();
    }

    /// ISMCTS from the observation; `root` holds the root's candidates and `root_scores` their
    /// scores (the same in every determinisation: they depend only on what the bot sees).
    action_type search(const observation_type& v, rng& random, const std::vector<action_type>& root,
                       const std::vector<int>& root_scores, double seconds) {
        const int n = v.players();
        nodes_.clear();
        nodes_.push_back(node{});
        root_children_.clear();
        child_table_.assign(1024, child_slot{});
        child_count_ = 0;
        nodes_[0].actor = -1;
        std::vector<int> path;
        std::vector<action_type> acts;
        std::vector<int> act_scores;
        per_seat_scores start_scores{};
        for (int p = 0; p < n; ++p) start_scores[static_cast<std::size_t>(p)] = v.scores[p];
        const int fixed_horizon = (std::max(1, o_.rollout_turns) + n - 1) / n * n + (o_.own_last && n > 2 ? 1 : 0);
        // Near the end the race to go out decides games (the end bonus, the tiles left in hand): the
        // iterations then play to the game's end instead of stopping after the fixed horizon
        // (`full_horizon` turns at most: a safety cap, far beyond what a game from there lasts).
        const int horizon = v.bag_size <= o_.full_rollouts_bag ? full_horizon : fixed_horizon;
        const int depth = n == 2 && v.bag_size == 0 ? o_.endgame_tree_depth : o_.tree_depth;
        const auto start = std::chrono::steady_clock::now();
        const int me = v.player;
        // Sequential halving at the root: the root's actions still in the running, each one's
        // tries, the phase under way and how many there are.
        std::vector<std::size_t> running(root.size());
        for (std::size_t i = 0; i < root.size(); ++i) running[i] = i;
        std::vector<int> tries(root.size(), 0);
        int phase = 0;
        const int phases = std::bit_width(root.size() - 1);  // ⌈log2 n⌉ (n ≥ 2 here)
        const auto mean_of = [&](std::size_t i) {  // (an action not tried yet ranks last)
            if (i >= root_children_.size() || visits_of(root_children_[i]) == 0) return -1.0;
            const node& c = nodes_[static_cast<std::size_t>(root_children_[i])];
            return c.reward[static_cast<std::size_t>(me)] / c.visits;
        };
        const auto by_mean = [&](std::size_t a, std::size_t b) {  // better first; the earlier action among equals
            const double ma = mean_of(a), mb = mean_of(b);
            return ma != mb ? ma > mb : a < b;
        };
        // At the end of a phase (its share of the budget spent, every action in the running tried),
        // the better half goes on.
        const auto halve = [&](double spent) {
            if (!o_.root_halving || phase + 1 >= phases || spent < static_cast<double>(phase + 1) / phases) return;
            for (const std::size_t i : running)
                if (tries[i] == 0) return;
            std::stable_sort(running.begin(), running.end(), by_mean);
            running.resize((running.size() + 1) / 2);
            std::sort(running.begin(), running.end());
            ++phase;
        };
        for (int it = 0;; ++it) {
            if (seconds > 0) {
                if (it > 0 && (it & 7) == 0) {
                    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
                    if (elapsed >= seconds) break;
                    halve(elapsed / seconds);
                }
            } else if (it >= std::max(1, o_.iterations)) {
                break;
            } else {
                halve(static_cast<double>(it) / std::max(1, o_.iterations));
            }
            // The root's action of this iteration under halving: the least tried in the running
            // (the first among equals: the actions are expanded in their order).
            std::size_t root_turn = running.front();
            if (o_.root_halving)
                for (const std::size_t i : running)
                    if (tries[i] < tries[root_turn]) root_turn = i;
            // (Built in place: a default-constructed std::optional of a state followed by an
            // assignment zero-fills its 50 KB first, which was 39% of an iteration's instructions.)
            std::optional<state_type> d = deal(v, random);
            if (!d) break;
            state_type& s = *d;
            path.clear();
            path.push_back(0);
            int cur = 0;
            bool expanded = false;
            // Plays an action generated in `s` (a placement with its score: not checked again).
            const auto play = [&](const action_type& a, int score) {
                if (score >= 0) {
                    detail::state_access::apply_generated(s, a, score);
                    return true;
                }
                return s.apply(a).ok();  // (cannot fail: the action was generated legal)
            };
            // Every iteration looks the same number of turns ahead (whole rounds: each seat as
            // often), in the tree and then in greedy play, so that the margins compare.
            int turns = 0;
            while (!s.is_terminal() && !expanded && turns < horizon && (depth <= 0 || static_cast<int>(path.size()) <= depth)) {
                const int p = s.current_player();
                if (cur != 0) candidates(s, acts, act_scores, false);
                const std::vector<action_type>& acts_here = cur == 0 ? root : acts;
                const std::vector<int>& scores_here = cur == 0 ? root_scores : act_scores;
                if (acts_here.empty()) break;
                // Children compatible with this determinisation; an untried action is expanded.
                int pick = -1;
                std::size_t pick_action = 0;
                double best = -1;
                for (std::size_t i = 0; i < acts_here.size(); ++i) {
                    if (cur == 0 && o_.root_halving && i != root_turn) continue;
                    const auto& a = acts_here[i];
                    int child = -1;
                    // The root's actions are the same in every determinisation and expanded in their
                    // order: action i's child is the i-th (no search among them, no key needed).
                    const std::uint64_t k = cur == 0 ? 0 : key_of(a);
                    if (cur == 0) {
                        if (i < root_children_.size()) child = root_children_[i];
                    } else {
                        child = find_child(cur, k, p);
                    }
                    if (child < 0) {
                        node fresh;
                        fresh.key = k;  // (0 for the root's children: found by their place)
                        fresh.actor = p;
                        fresh.parent = cur;
                        nodes_.push_back(fresh);
                        child = static_cast<int>(nodes_.size()) - 1;
                        if (cur == 0) root_children_.push_back(child);
                        else add_child(child);
                        ++nodes_[static_cast<std::size_t>(child)].available;
                        pick = child;
                        pick_action = i;
                        expanded = true;
                        break;
                    }
                    node& c = nodes_[static_cast<std::size_t>(child)];
                    ++c.available;
                    if (c.visits == 0) {
                        pick = child;
                        pick_action = i;
                        break;
                    }
                    const double mean = c.reward[static_cast<std::size_t>(p)] / c.visits;
                    const double ucb = mean + o_.exploration * std::sqrt(log_of(c.available) / c.visits);
                    if (ucb > best) {
                        best = ucb;
                        pick = child;
                        pick_action = i;
                    }
                }
                // (The action as generated in this determinisation: the child's, by its key.)
                const auto& chosen = acts_here[pick_action];
                if (cur == 0) ++tries[pick_action];
                if (!play(chosen, scores_here[pick_action])) break;
                turns += !is_action_tile(chosen.kind);
                cur = pick;
                path.push_back(cur);
            }
            // Greedy play for a few turns after the tree. The last turn of a fixed horizon, when it
            // is a placement, only adds its points (and the end bonus when it empties the hand with
            // the bag empty): what it leaves behind is never looked at.
            per_seat_scores last{};
            while (turns < horizon && !s.is_terminal()) {
                const auto [a, score] = greedy(s);
                if (turns + 1 == horizon && score >= 0) {
                    const int p = s.current_player();
                    const bool out = s.bag_size() == 0 && a.move.size() == s.hand(p).size();
                    last[static_cast<std::size_t>(p)] = score + (out ? R::end_bonus : 0);
                    break;
                }
                if (!play(a, score)) break;
                turns += !is_action_tile(a.kind);
            }
            // Rewards: each seat's gain since the root minus the best other seat's gain (with
            // `field`: the mean of the others' gains).
            std::array<double, static_cast<std::size_t>(max_players)> reward{};
            const auto value = [&](const state_type& st, int q) {
                const auto i = static_cast<std::size_t>(q);
                return static_cast<double>(st.score(q) + last[i] - start_scores[i]);
            };
            for (int p = 0; p < n; ++p) {
                double others = o_.field ? 0.0 : -1e9;
                for (int q = 0; q < n; ++q)
                    if (q != p) others = o_.field ? others + value(s, q) / (n - 1) : std::max(others, value(s, q));
                const double margin = value(s, p) - others;
                reward[static_cast<std::size_t>(p)] = 0.5 + 0.5 * std::tanh(margin / o_.scale);
            }
            for (const int i : path) {
                node& x = nodes_[static_cast<std::size_t>(i)];
                ++x.visits;
                for (int p = 0; p < n; ++p) x.reward[static_cast<std::size_t>(p)] += reward[static_cast<std::size_t>(p)];
            }
        }
        // Under halving: the best of those still in the running. Else the root action tried most
        // often (the first among equals).
        if (o_.root_halving) {
            const std::size_t best = *std::min_element(running.begin(), running.end(), by_mean);
            return best < root_children_.size() ? root[best] : fallback(v);
        }
        std::size_t pick = root_children_.size();
        for (std::size_t i = 0; i < root_children_.size(); ++i)
            if (pick == root_children_.size() || visits_of(root_children_[i]) > visits_of(root_children_[pick])) pick = i;
        if (pick == root_children_.size()) return fallback(v);
        return root[pick];
    }
    int visits_of(int n) const noexcept { return nodes_[static_cast<std::size_t>(n)].visits; }

    /// log(k) for an availability count k ≥ 1, from a table grown as the counts do (the same
    /// values as std::log: the same games).
    double log_of(int k) {
        const auto i = static_cast<std::size_t>(k);
        if (i >= logs_.size()) {
            const std::size_t from = logs_.size();
            logs_.resize(std::max<std::size_t>(i + 1, 2 * from + 64));
            for (std::size_t j = from; j < logs_.size(); ++j) logs_[j] = std::log(static_cast<double>(j));
        }
        return logs_[i];
    }

    /// A determinisation for one iteration: the opponent's hand drawn from the inference when it
    /// is active (uniform deals when that fails), else uniform deals.
    /// (One call, returned as it is built: a state is never moved or copied on this path.)
    std::optional<state_type> deal(const observation_type& v, rng& random) const {
        std::array<hand_type, 2> known{};
        if (o_.inference && infer_.active()) known[static_cast<std::size_t>(infer_.opponent())] = infer_.sample(v, random);
        // (A sampled hand the observation rules out is dealt at random instead.)
        return state_type::determinize(v, random, known, state_type::known_hands::if_possible);
    }

    static action_type fallback(const observation_type& v) {
        if (const auto m = best_placement(v)) return action_type::place(m->move);
        return exchange_or_pass(v);
    }

    using per_seat_scores = std::array<int, static_cast<std::size_t>(max_players)>;
    static constexpr int full_horizon = 1000;  ///< the turn cap of an iteration played to the game's end
    expert_options o_;
    std::vector<node> nodes_;
    std::vector<double> logs_;  ///< log_of's table
    std::vector<int> root_children_;       ///< the root's children, in the order of its actions
    std::vector<child_slot> child_table_;  ///< the children below the root (a power-of-two size)
    std::size_t child_count_ = 0;
    mutable std::vector<std::pair<int, detail::kept_move<R>>> scored_;  ///< candidates' best placements so far, with their scores
    std::unique_ptr<basic_endgame_solver<R, Radius>> solver_;
    basic_hand_inference<R, Radius> infer_;
    int solved_ = 0, unsolved_ = 0, guessed_ = 0;
};

/// The expert bot of the standard game.
using expert_bot = basic_expert_bot<>;

}  // namespace qwirkle
