// qwirkle Python binding — the tile game: actions as objects and codes, observations as numpy
// arrays, the game with its history, and the C++ cores of the RL environments.
#pragma once

#include <algorithm>
#include <bit>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common.hpp"

#include <qwirkle/game/action_list.hpp>

namespace qpy {

using tile_action = qwirkle::action;
using tile_state = qwirkle::state;
using tile_observation = qwirkle::observation;

/// Number of features per action (see action_features).
inline constexpr int feature_count = 10;
/// The planes of a board window: colour + 1, shape + 1 (0: empty), 1 on the cells next to a tile.
inline constexpr int board_planes = 3;
inline constexpr int tile_kinds = tile::kinds;

/// An action as Python sees it: the action, its code, and for placements the score when known.
struct py_action {
    tile_action a;
    int score = -1;  ///< points of a placement (legal moves; −1 when not computed)
    std::optional<action_code> code() const { return encode_action(a); }
};

inline py::list tiles_list(const tile_multiset& m) {
    py::list l;
    m.for_each([&](tile t) { l.append(to_string(t)); });
    return l;
}

inline py::array_t<std::int8_t> counts_array(const tile_multiset& m) {
    py::array_t<std::int8_t> a(tile_kinds);
    auto* p = a.mutable_data();
    for (int k = 0; k < tile_kinds; ++k) p[k] = static_cast<std::int8_t>(m.count(*tile::from_index(k)));
    return a;
}

inline action_code code_or_throw(const tile_action& a) {
    const auto c = encode_action(a);
    if (!c) throw py::value_error("this action has no code (not one line, or beyond the code's range)");
    return *c;
}

/// Converts what Python passes as an action: an Action, a notation string, or an integer code.
inline tile_action to_action(const py::handle& o) {
    if (py::isinstance<py_action>(o)) return o.cast<const py_action&>().a;
    if (py::isinstance<py::str>(o)) {
        const auto s = o.cast<std::string>();
        auto a = parse_action(s);
        if (!a) raise_notation(a.error());
        return *a;
    }
    if (py::isinstance<py::int_>(o)) {
        const auto v = o.cast<py::int_>();
        if (PyObject_RichCompareBool(v.ptr(), py::int_(0).ptr(), Py_LT) == 1)
            throw py::value_error("an action code is not negative");
        const unsigned long long code = PyLong_AsUnsignedLongLong(o.ptr());
        if (PyErr_Occurred()) {
            PyErr_Clear();
            throw py::value_error("no action has a code beyond 64 bits");
        }
        auto a = decode_action<standard_rules>(code);
        if (!a) throw py::value_error("no action has the code " + std::to_string(code));
        return *a;
    }
    throw py::type_error("an action is an Action, a notation string or an integer code");
}

/// Features of one action in a position (for learning agents): is place / exchange / pass /
/// action tile, score / 12, tiles placed / 6, Qwirkles made, distinct tiles kept / 6, tiles
/// exchanged / 6, ends the game.
template <class State>
void action_features(const State& s, const tile_action& a, float* out) {
    std::fill(out, out + feature_count, 0.0f);
    const int p = s.current_player();
    if (p < 0) return;
    const auto& hand = s.hand(p);
    switch (a.kind) {
        case action_kind::place: {
            out[0] = 1;
            out[4] = static_cast<float>(a.move.size()) / 6.0f;
            out[3] = static_cast<float>(score_placement(s.board(), a.move)) / 12.0f;
            out[5] = static_cast<float>(qwirkles_made(s.board(), a.move));
            const auto left = hand_after(hand, a.move);
            out[6] = static_cast<float>(left.distinct().size()) / 6.0f;
            out[9] = left.empty() && s.bag_size() == 0 ? 1.0f : 0.0f;
            out[8] = static_cast<float>(std::max(0, left.size() - left.distinct().size())) / 6.0f;  // duplicates kept
            break;
        }
        case action_kind::exchange:
            out[1] = 1;
            out[7] = static_cast<float>(a.tiles.size()) / 6.0f;
            out[6] = static_cast<float>(hand.distinct().size()) / 6.0f;
            break;
        case action_kind::pass: out[2] = 1; break;
        default: out[2] = 1; out[7] = -1; break;  // action tiles
    }
}

/// The legal actions of a state as sorted codes.
template <class State>
void legal_codes(const State& s, std::vector<action_code>& out) {
    out.clear();
    append_legal_codes(s, out);
    std::sort(out.begin(), out.end());
}

/// Writes the board window with top-left cell `origin` (size h × w) as planes into out[3][h][w].
template <class Board>
void write_planes(const Board& b, cell origin, int h, int w, std::uint8_t* out) {
    std::memset(out, 0, static_cast<std::size_t>(board_planes * h * w));
    const auto inside = [&](cell c) { return c.x >= origin.x && c.x < origin.x + w && c.y >= origin.y && c.y < origin.y + h; };
    const auto at = [&](int plane, cell c) -> std::uint8_t& {
        return out[(plane * h + (c.y - origin.y)) * w + (c.x - origin.x)];
    };
    b.for_each_tile([&](cell c, tile t) {
        if (!inside(c)) return;
        at(0, c) = static_cast<std::uint8_t>(t.colour() + 1);
        at(1, c) = static_cast<std::uint8_t>(t.shape() + 1);
    });
    for (const auto& an : b.anchors()) {
        const cell c = an.at();
        if (inside(c)) at(2, c) = 1;
    }
    if (b.empty() && inside(cell{0, 0})) at(2, cell{0, 0}) = 1;
}

/// The window of a fixed size centred on the tiles' bounding box; true when every tile fits.
template <class Board>
cell centred_origin(const Board& b, int size, bool& fits) {
    const auto box = b.bounding_box();
    const int cx = (box.min.x + box.max.x) / 2, cy = (box.min.y + box.max.y) / 2;
    const cell origin{cx - size / 2, cy - size / 2};
    fits = b.empty() || (box.min.x >= origin.x && box.max.x < origin.x + size && box.min.y >= origin.y && box.max.y < origin.y + size);
    return origin;
}

/// An observation as a dict of numpy arrays and numbers. `window` 0: the board planes cover the
/// tiles' bounding box and one cell around it; otherwise a window × window square centred on it.
inline constexpr int max_window = 256;

inline void check_window(int window, bool zero_ok) {
    if (!(zero_ok && window == 0) && (window < 3 || window > max_window))
        throw py::value_error(std::string("window must be ") + (zero_ok ? "0 (the tiles and one cell around) or " : "") +
                              "3 to " + std::to_string(max_window));
}

inline py::dict observation_dict(const tile_observation& o, int window) {
    check_window(window, true);
    py::dict d;
    d["player"] = o.player;
    d["current_player"] = o.current_player;
    d["terminal"] = o.terminal;
    d["turn"] = o.turn;
    d["bag_size"] = o.bag_size;
    d["hand_limit"] = o.hand_limit;
    d["opening_size"] = o.opening_size;
    d["passes"] = o.passes;
    const int n = o.players();
    py::array_t<std::int32_t> scores(n), sizes(n), held(n), used(n);
    for (int p = 0; p < n; ++p) {
        scores.mutable_data()[p] = o.scores[p];
        sizes.mutable_data()[p] = o.hand_sizes[p];
        held.mutable_data()[p] = static_cast<std::int32_t>(o.actions_held[p]);
        used.mutable_data()[p] = static_cast<std::int32_t>(o.actions_used[p]);
    }
    d["scores"] = scores;
    d["hand_sizes"] = sizes;
    d["actions_held"] = held;
    d["actions_used"] = used;
    d["specials_in_bag"] = std::popcount(o.specials_in_bag);
    d["hand"] = counts_array(o.hand);
    d["unseen"] = counts_array(o.unseen);
    cell origin;
    int h, w;
    bool fits = true;
    if (window <= 0) {
        const auto box = o.board.bounding_box();
        origin = {box.min.x - 1, box.min.y - 1};
        w = box.max.x - box.min.x + 3;
        h = box.max.y - box.min.y + 3;
    } else {
        origin = centred_origin(o.board, window, fits);
        h = w = window;
    }
    py::array_t<std::uint8_t> planes({board_planes, h, w});
    write_planes(o.board, origin, h, w, planes.mutable_data());
    d["board"] = planes;
    d["origin"] = py::make_tuple(origin.x, origin.y);
    d["board_fits"] = fits;
    d["forbidden"] = o.forbidden ? py::object(py::make_tuple(o.forbidden->x, o.forbidden->y)) : py::none();
    return d;
}

// ---- the game (with its history) ----------------------------------------------------------------

struct py_game {
    game g;
    std::string rules = "standard";

    py_game(int players, std::uint64_t seed, const std::string& r, int hand_size, const std::vector<int>& ages)
        : g(make_config(players, seed, r, hand_size, ages)), rules(find_rules(r)->name) {}
    py_game(game gm, std::string r) : g(std::move(gm)), rules(std::move(r)) {}

    void raise_if(const game::error_type& e) const {
        if (!e.ok()) raise_illegal(rule_id(e), e.describe());
    }

    py::dict apply(const py::handle& o, std::optional<int> player) {
        const tile_action a = to_action(o);
        const std::size_t before = g.history().size();
        raise_if(player ? g.apply(*player, a) : g.apply(a));
        const auto& t = g.history()[before];
        py::dict d;
        d["player"] = t.player;
        d["kind"] = id(t.action.kind);
        d["action"] = to_string(t.action);
        d["score"] = t.score;
        d["bonus"] = t.bonus;
        return d;
    }

    std::vector<py_action> legal_moves() const {
        std::vector<py_action> v;
        g.for_each_legal_move([&](const move& m, int s) { v.push_back({tile_action::place(m), s}); });
        return v;
    }
    std::vector<py_action> legal_actions() const {
        std::vector<std::pair<action_code, py_action>> v;
        g.for_each_legal_action([&](const tile_action& a) {
            const int s = a.kind == action_kind::place ? score_placement(g.board(), a.move) : -1;
            v.push_back({encode_action(a).value_or(~action_code{0}), py_action{a, s}});
        });
        std::stable_sort(v.begin(), v.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
        std::vector<py_action> out;
        for (auto& [c, a] : v) out.push_back(a);
        return out;
    }
};

// ---- the cores of the RL environments ----------------------------------------------------------

/// Reward modes: 'win' (returns at the end: 1/k per tied winner), 'score' (points scored by the
/// seat at each of its turns, for shaping) — the win reward is always in returns().
enum class reward_mode { win, score };

/// One tile game stepped by slot (index into its legal actions, in the library's legal_actions()
/// order: see game/action_list.hpp) or by code.
struct tile_env_core {
    game_config config;
    tile_state s;
    action_list legal;
    reward_mode mode = reward_mode::win;

    explicit tile_env_core(game_config c) : config(std::move(c)), s(config) { refresh(); }

    void reset(std::uint64_t seed) {
        config.seed = seed;
        s = tile_state(config);
        refresh();
    }
    void refresh() { legal.assign(s); }

    /// Plays a legal action; fills per-seat rewards (size players). Returns the error (ok or not).
    tile_state::error_type play(const tile_action& a, float* rewards) {
        const int p = s.current_player();
        const int before = p >= 0 ? s.score(p) : 0;
        const auto e = s.apply(a);
        if (!e.ok()) return e;
        for (int q = 0; q < s.players(); ++q) rewards[q] = 0;
        if (mode == reward_mode::score) rewards[p] = static_cast<float>(s.score(p) - before);
        if (s.is_terminal() && mode == reward_mode::win) {
            const auto r = s.returns();
            for (int q = 0; q < s.players(); ++q) rewards[q] = static_cast<float>(r[q]);
        }
        refresh();
        return e;
    }
};

/// The code of slot k of a list, or −1 for an action without a code (see game/action_code.hpp).
inline std::int64_t slot_code(const action_list& l, std::uint64_t k) {
    const auto c = l.code(k);
    return c ? static_cast<std::int64_t>(*c) : -1;
}

/// A uniformly random slot of a non-empty list.
inline std::uint64_t random_slot(const action_list& l, rng& pick) {
    const std::uint64_t n = l.size();
    if (n <= 0xFFFFFFFFu) return pick.below(static_cast<std::uint32_t>(n));
    return pick.next() % n;  // only giant custom hands get here; the modulo bias is below n / 2^64
}

/// N tile games stepped together; a finished game starts again at once with the next seed.
struct batch_core {
    game_config config;
    std::vector<tile_state> games;
    std::vector<action_list> legal;
    std::vector<std::uint64_t> next_seed;
    std::vector<int> episode_turns;
    int n = 0;
    long long steps = 0, episodes = 0;

    batch_core(int count, game_config c) : config(std::move(c)), n(count) {
        if (count < 1) throw py::value_error("a batch holds at least one game");
        reset(config.seed);
    }
    void reset(std::uint64_t seed) {
        games.clear();
        legal.assign(static_cast<std::size_t>(n), {});
        next_seed.assign(static_cast<std::size_t>(n), 0);
        episode_turns.assign(static_cast<std::size_t>(n), 0);
        for (int i = 0; i < n; ++i) {
            // Game i plays the seeds seed + i, seed + i + n, seed + i + 2n, ...
            config.seed = seed + static_cast<std::uint64_t>(i);
            games.emplace_back(config);
            next_seed[static_cast<std::size_t>(i)] = config.seed + static_cast<std::uint64_t>(n);
            legal[static_cast<std::size_t>(i)].assign(games.back());
        }
        steps = episodes = 0;
    }
    /// Steps game i with action `a` (already known legal); rewards row of size players.
    void step_one(int i, const tile_action& a, float* rewards, std::uint8_t* done, std::int32_t* final_scores) {
        auto& s = games[static_cast<std::size_t>(i)];
        const int players = s.players();
        for (int q = 0; q < players; ++q) rewards[q] = 0;
        *done = 0;
        s.apply(a);
        ++steps;
        ++episode_turns[static_cast<std::size_t>(i)];
        if (s.is_terminal()) {
            const auto r = s.returns();
            for (int q = 0; q < players; ++q) {
                rewards[q] = static_cast<float>(r[q]);
                final_scores[q] = s.score(q);
            }
            *done = 1;
            ++episodes;
            config.seed = next_seed[static_cast<std::size_t>(i)];
            next_seed[static_cast<std::size_t>(i)] += static_cast<std::uint64_t>(n);
            s = tile_state(config);
            episode_turns[static_cast<std::size_t>(i)] = 0;
        }
        legal[static_cast<std::size_t>(i)].assign(s);
    }
};

}  // namespace qpy
