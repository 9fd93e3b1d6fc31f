// qwirkle Python binding — the extension module `qwirkle._core`. The pure-Python package
// (python/qwirkle/) re-exports it with the environments on top; see python/qwirkle/_core.pyi.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <random>

#include "cards.hpp"
#include "tiles.hpp"

namespace py = pybind11;
using namespace qpy;

namespace {

py::object action_code_object(const std::optional<action_code>& c) {
    return c ? py::object(py::int_(*c)) : py::object(py::none());
}

void bind_action(py::module_& m) {
    py::class_<py_action>(m, "Action", "A tile-game action: place, exchange, pass, draw3 or take.")
        .def_property_readonly("kind", [](const py_action& a) { return id(a.a.kind); })
        .def_property_readonly("code", [](const py_action& a) { return action_code_object(a.code()); })
        .def_property_readonly("notation", [](const py_action& a) {
            return a.a.kind == action_kind::place ? to_string(a.a.move.sorted()) : to_string(a.a);
        })
        .def_property_readonly("score", [](const py_action& a) { return a.score < 0 ? py::object(py::none()) : py::object(py::int_(a.score)); })
        .def_property_readonly("placements", [](const py_action& a) {
            py::list l;
            for (const auto& p : a.a.move.sorted()) l.append(py::make_tuple(p.at.x, p.at.y, to_string(p.tile)));
            return l;
        })
        .def_property_readonly("cells", [](const py_action& a) {
            py::list l;
            for (const auto& p : a.a.move.sorted()) l.append(py::make_tuple(p.at.x, p.at.y));
            return l;
        })
        .def_property_readonly("tiles", [](const py_action& a) {
            if (a.a.kind == action_kind::exchange) return tiles_list(a.a.tiles);
            py::list l;
            for (const auto& p : a.a.move.sorted()) l.append(to_string(p.tile));
            return l;
        })
        .def_property_readonly("at", [](const py_action& a) {
            return a.a.kind == action_kind::take_tile ? py::object(py::make_tuple(a.a.at.x, a.a.at.y)) : py::object(py::none());
        })
        .def("__eq__", [](const py_action& x, const py_action& y) {
            return x.a.kind == y.a.kind && x.a.move.same_as(y.a.move) && x.a.tiles == y.a.tiles && x.a.at == y.a.at;
        }, py::is_operator())
        .def("__hash__", [](const py_action& a) { return std::hash<std::uint64_t>{}(a.code().value_or(0)); })
        .def("__repr__", [](const py_action& a) {
            std::string s = "Action(" + std::string(id(a.a.kind)) + " '" +
                            (a.a.kind == action_kind::place ? to_string(a.a.move.sorted()) : to_string(a.a)) + "'";
            if (a.score >= 0) s += ", score=" + std::to_string(a.score);
            return s + ")";
        })
        .def_static("parse", [](const std::string& s) { return py_action{to_action(py::str(s))}; }, py::arg("text"),
                    "The action written in the notation (raises NotationError).")
        .def_static("from_code", [](const py::int_& c) { return py_action{to_action(c)}; }, py::arg("code"));
}

void bind_game(py::module_& m) {
    py::class_<py_game>(m, "Game", "A tile game with its history (records, replay, undo).")
        .def(py::init<int, std::uint64_t, const std::string&, int, const std::vector<int>&>(), py::arg("players") = 2,
             py::arg("seed") = 0, py::arg("rules") = "standard", py::arg("hand_size") = 0, py::arg("ages") = std::vector<int>{})
        .def_property_readonly("players", [](const py_game& g) { return g.g.players(); })
        .def_property_readonly("seed", [](const py_game& g) { return g.g.config().seed; })
        .def_property_readonly("rules", [](const py_game& g) { return g.rules; })
        .def_property_readonly("current_player", [](const py_game& g) { return g.g.current_player(); })
        .def("is_terminal", [](const py_game& g) { return g.g.is_terminal(); })
        .def_property_readonly("end_reason", [](const py_game& g) { return id(g.g.end_reason()); })
        .def_property_readonly("turn", [](const py_game& g) { return g.g.state().turn(); })
        .def_property_readonly("bag_size", [](const py_game& g) { return g.g.bag_size(); })
        .def_property_readonly("hand_size", [](const py_game& g) { return g.g.hand_size(); })
        .def_property_readonly("opening_size", [](const py_game& g) { return g.g.opening_size(); })
        .def("hand", [](const py_game& g, int p) { return tiles_list(g.g.hand(p)); }, py::arg("player"))
        .def("score", [](const py_game& g, int p) { return g.g.score(p); }, py::arg("player"))
        .def_property_readonly("scores", [](const py_game& g) {
            std::vector<int> v(g.g.scores().begin(), g.g.scores().end());
            return v;
        })
        .def("board", [](const py_game& g) {
            std::vector<std::tuple<int, int, std::string>> v;
            g.g.board().for_each_tile([&](cell c, tile t) { v.emplace_back(c.x, c.y, to_string(t)); });
            std::sort(v.begin(), v.end(), [](const auto& a, const auto& b) {
                return std::get<1>(a) != std::get<1>(b) ? std::get<1>(a) < std::get<1>(b) : std::get<0>(a) < std::get<0>(b);
            });
            return v;
        }, "The tiles on the table as (x, y, tile), by row then column.")
        .def("render", [](const py_game& g) { return to_string(g.g.board()); })
        .def("winners", [](const py_game& g) { return g.g.winners(); })
        .def("returns", [](const py_game& g) {
            const auto r = g.g.returns();
            return std::vector<double>(r.begin(), r.end());
        })
        .def("legal_moves", &py_game::legal_moves, "Every legal placement with its score (generator order).")
        .def("legal_actions", &py_game::legal_actions, "Every legal action, ordered by code.")
        .def("legal_codes", [](const py_game& g) {
            std::vector<action_code> v;
            legal_codes(g.g.state(), v);
            py::array_t<std::int64_t> out(static_cast<py::ssize_t>(v.size()));
            std::copy(v.begin(), v.end(), out.mutable_data());
            return out;
        }, "The codes of every legal action, ascending (numpy int64).")
        .def("check", [](const py_game& g, const py::handle& a, std::optional<int> player) -> py::object {
            const auto act = to_action(a);
            const auto e = player ? g.g.check(*player, act) : g.g.check(act);
            if (e.ok()) return py::none();
            return py::make_tuple(rule_id(e), e.describe());
        }, py::arg("action"), py::arg("player") = py::none(), "None when legal, else (rule, message).")
        .def("apply", &py_game::apply, py::arg("action"), py::arg("player") = py::none(),
             "Plays an Action, notation or code; raises IllegalAction (state unchanged).")
        .def("undo", [](py_game& g) { return g.g.undo(); }, "Takes back the last action; False when none.")
        .def("clone", [](const py_game& g) { return py_game(g); })
        .def("__copy__", [](const py_game& g) { return py_game(g); })
        .def("__deepcopy__", [](const py_game& g, py::dict) { return py_game(g); })
        .def("__eq__", [](const py_game& a, const py_game& b) { return a.g == b.g; }, py::is_operator())
        .def("observe", [](const py_game& g, int p, int window) -> py::object {
            const auto o = g.g.observe(p);
            if (!o) return py::none();
            return observation_dict(*o, window);
        }, py::arg("player"), py::arg("window") = 0)
        .def("action_features", [](const py_game& g, const py::handle& a) {
            // Features are those of a legal action: the scoring they read assumes one (of an
            // illegal placement its answer means nothing; before 4b19a70 a placement off one line
            // never returned).
            const auto act = to_action(a);
            g.raise_if(g.g.check(act));
            py::array_t<float> f(feature_count);
            action_features(g.g.state(), act, f.mutable_data());
            return f;
        }, py::arg("action"), "The features of a legal action of the player to act; raises IllegalAction otherwise.")
        .def("history", [](const py_game& g) {
            py::list l;
            for (const auto& t : g.g.history()) {
                py::dict d;
                d["player"] = t.player;
                d["kind"] = id(t.action.kind);
                d["action"] = to_string(t.action);
                d["score"] = t.score;
                d["bonus"] = t.bonus;
                l.append(d);
            }
            return l;
        })
        .def("actions", [](const py_game& g) {
            std::vector<std::string> v;
            for (const auto& a : g.g.actions()) v.push_back(to_string(a));
            return v;
        })
        .def("record", [](const py_game& g) { return to_record(g.g); }, "The game record (`qwirkle-game 1`).")
        .def_static("from_record", [](const std::string& text) {
            auto rec = parse_record(text);
            if (!rec) raise_notation(rec.error());
            auto r = game::replay(rec->config, rec->actions);
            if (!r.config_error.empty()) throw py::value_error("the record's settings: " + r.config_error);
            if (!r.game)
                raise_illegal(rule_id(r.error), "action " + std::to_string(r.failed_at + 1) + " (" +
                                                    to_string(rec->actions[r.failed_at]) + "): " + r.error.describe());
            return py_game(std::move(*r.game), rules_of(rec->config));
        }, py::arg("text"), "Replays a record; raises NotationError or IllegalAction naming the action.")
        .def("bot_action", [](const py_game& g, const std::string& name, std::uint64_t seed) {
            auto b = make_bot(name);
            if (!b) throw py::value_error("unknown bot '" + name + "' (" + bot_names_text() + ")");
            if (g.g.is_terminal()) raise_illegal("game_over", "the game is over");
            rng random(seed);
            return py_action{b->choose(*g.g.observe(g.g.current_player()), random)};
        }, py::arg("bot"), py::arg("seed") = 0, "What the named bot plays now (it sees only its observation).");
}

template <class R>
void bind_card_game(py::module_& m, const char* name, const char* action_name) {
    using G = py_card_game<R>;
    using A = py_card_action<R>;
    py::class_<A>(m, action_name)
        .def_property_readonly("kind", [](const A& a) { return a.a.is_cannot_play() ? "cannot_play" : "play"; })
        .def_property_readonly("code", [](const A& a) { return a.code() ? py::object(py::int_(*a.code())) : py::object(py::none()); })
        .def_property_readonly("cards", [](const A& a) { return tiles_list(basic_tile_multiset<tile>(a.a.turn.played)); })
        .def_property_readonly("qwirkles", [](const A& a) { return a.a.is_cannot_play() ? 0 : a.a.turn.qwirkles(); })
        .def_property_readonly("table", [](const A& a) { return cards::to_string(a.a.turn.result); })
        .def("__repr__", [](const A& a) {
            if (a.a.is_cannot_play()) return std::string("CardAction(cannot_play)");
            return "CardAction('" + to_string(a.a.turn.played) + "', qwirkles=" + std::to_string(a.a.turn.qwirkles()) + ")";
        });
    py::class_<G>(m, name)
        .def(py::init<int, std::uint64_t, std::vector<int>, std::string>(), py::arg("players"), py::arg("seed"), py::arg("ages"),
             py::arg("edition"))
        .def_property_readonly("edition", [](const G& g) { return g.edition; })
        .def_property_readonly("players", [](const G& g) { return g.g.players(); })
        .def_property_readonly("current_player", [](const G& g) { return g.g.current_player(); })
        .def("is_terminal", [](const G& g) { return g.g.is_terminal(); })
        .def_property_readonly("pile_size", [](const G& g) { return g.g.pile_size(); })
        .def_property_readonly("opening", [](const G& g) { return g.g.opening(); })
        .def("hand", [](const G& g, int p) { return tiles_list(basic_tile_multiset<tile>(g.g.hand(p))); }, py::arg("player"))
        .def("qwirkles", [](const G& g, int p) { return g.g.qwirkles(p); }, py::arg("player"))
        .def("table", [](const G& g) { return cards::to_string(g.g.table()); })
        .def("winners", [](const G& g) { return g.g.winners(); })
        .def("returns", [](const G& g) {
            const auto r = g.g.returns();
            return std::vector<double>(r.begin(), r.end());
        })
        .def("legal_actions", &G::legal_actions)
        .def("legal_codes", &G::legal_codes)
        .def("apply", &G::apply, py::arg("action"), py::arg("player") = py::none())
        .def("check", [](const G& g, const py::handle& a, std::optional<int> player) -> py::object {
            const auto act = g.to_action(a);
            const auto v = player ? g.g.check(*player, act) : g.g.check(act);
            if (v.ok()) return py::none();
            return py::make_tuple(g.rule_of(v), v.describe());
        }, py::arg("action"), py::arg("player") = py::none())
        .def("observe", &G::observe, py::arg("player"))
        .def("clone", [](const G& g) { return G(g); })
        .def("__copy__", [](const G& g) { return G(g); })
        .def("__deepcopy__", [](const G& g, py::dict) { return G(g); })
        .def("__eq__", [](const G& a, const G& b) { return a.g == b.g; }, py::is_operator())
        .def("bot_action", [](const G& g, const std::string& bot, std::uint64_t seed) {
            auto b = cards::make_card_bot<R>(bot);
            if (!b) throw py::value_error("unknown card bot '" + bot + "' (" + cards::card_bot_names_text() + ")");
            if (g.g.is_terminal()) raise_illegal("game_over", "the game is over");
            rng random(seed);
            return A{b->choose(*g.g.observe(g.g.current_player()), random)};
        }, py::arg("bot"), py::arg("seed") = 0);
}

// ---- bots and tournaments ----------------------------------------------------------------------

py::dict tile_tournament(const std::vector<std::string>& bots, int games, int players, std::uint64_t seed, const std::string& rules,
                         int threads) {
    if (bots.empty()) throw py::value_error("name at least one bot");
    for (const auto& b : bots)
        if (!make_bot(b)) throw py::value_error("unknown bot '" + b + "' (" + bot_names_text() + ")");
    if (games < 1) throw py::value_error("play at least one game");
    const game_config base = make_config(players, seed, rules, 0, {});
    struct outcome {
        std::vector<int> scores;
        std::vector<double> returns;
        std::vector<int> seat_bot;
        std::string error;
    };
    std::vector<outcome> results;
    {
        py::gil_scoped_release release;
        results = play_games(static_cast<std::size_t>(games), threads,
            [&](std::size_t i) {
                game_config c = base;
                c.seed = seed + i;
                return game(c);
            },
            [&](std::size_t i) {
                std::vector<std::unique_ptr<bot>> v;
                for (int p = 0; p < players; ++p) v.push_back(make_bot(bots[(i + static_cast<std::size_t>(p)) % bots.size()]));
                return v;
            },
            [&](std::size_t i) { return seed * 31 + i; },
            [&](std::size_t i, const game& g, const auto& r) {
                outcome o;
                for (int p = 0; p < g.players(); ++p) {
                    o.scores.push_back(g.score(p));
                    o.returns.push_back(g.returns()[p]);
                    o.seat_bot.push_back(static_cast<int>((i + static_cast<std::size_t>(p)) % bots.size()));
                }
                if (!r) o.error = r.describe();
                return o;
            });
    }
    std::vector<double> wins(bots.size(), 0.0), points(bots.size(), 0.0);
    std::vector<int> seats(bots.size(), 0);
    py::list errors;
    for (const auto& o : results) {
        if (!o.error.empty()) errors.append(o.error);
        for (std::size_t p = 0; p < o.scores.size(); ++p) {
            const auto b = static_cast<std::size_t>(o.seat_bot[p]);
            wins[b] += o.returns[p];
            points[b] += o.scores[p];
            ++seats[b];
        }
    }
    py::dict d;
    py::list rows;
    for (std::size_t b = 0; b < bots.size(); ++b) {
        py::dict r;
        r["bot"] = bots[b];
        r["games"] = seats[b];
        r["wins"] = wins[b];
        r["win_rate"] = seats[b] ? wins[b] / seats[b] : 0.0;
        r["mean_score"] = seats[b] ? points[b] / seats[b] : 0.0;
        rows.append(r);
    }
    d["bots"] = rows;
    d["games"] = games;
    d["errors"] = errors;
    return d;
}

// ---- the environments ----------------------------------------------------------------------------

struct py_tile_env {
    tile_env_core core;
    int max_actions;
    int window;
    std::vector<float> last_rewards;

    py_tile_env(int players, std::uint64_t seed, const std::string& rules, int max_actions_, int window_, const std::string& reward)
        : core(make_config(players, seed, rules, 0, {})), max_actions(max_actions_), window(window_),
          last_rewards(static_cast<std::size_t>(players), 0.0f) {
        if (max_actions < 1) throw py::value_error("max_actions must be positive");
        check_window(window, false);
        if (reward == "score") core.mode = reward_mode::score;
        else if (reward != "win") throw py::value_error("reward is 'win' or 'score'");
    }
    py::array_t<bool> mask() const {
        py::array_t<bool> m(max_actions);
        auto* p = m.mutable_data();
        const int n = static_cast<int>(std::min<std::uint64_t>(static_cast<std::uint64_t>(max_actions), core.legal.size()));
        std::fill(p, p + max_actions, false);
        std::fill(p, p + n, true);
        return m;
    }
    py::array_t<std::int64_t> codes() const {
        py::array_t<std::int64_t> out(static_cast<py::ssize_t>(core.legal.size()));
        auto* o = out.mutable_data();
        for (std::uint64_t k = 0; k < core.legal.size(); ++k) o[k] = slot_code(core.legal, k);
        return out;
    }
    void step_action(const tile_action& a) {
        const auto e = core.play(a, last_rewards.data());
        if (!e.ok()) raise_illegal(rule_id(e), e.describe());
    }
    void step(long long slot) {
        if (core.s.is_terminal()) raise_illegal("game_over", "the game is over");
        const std::uint64_t legal = std::min<std::uint64_t>(core.legal.size(), static_cast<std::uint64_t>(max_actions));
        if (slot < 0 || static_cast<std::uint64_t>(slot) >= legal)
            raise_illegal("not_legal", "slot " + std::to_string(slot) + " is not a legal action (" + std::to_string(legal) + " legal)");
        step_action(core.legal.at(static_cast<std::uint64_t>(slot)));
    }
    py::array_t<float> features() const {
        const auto n = static_cast<py::ssize_t>(core.legal.size());
        py::array_t<float> f({n, static_cast<py::ssize_t>(feature_count)});
        for (py::ssize_t i = 0; i < n; ++i)
            action_features(core.s, core.legal.at(static_cast<std::uint64_t>(i)), f.mutable_data() + i * feature_count);
        return f;
    }
};

struct py_batch_env {
    batch_core core;
    int window;
    py_batch_env(int n, int players, std::uint64_t seed, const std::string& rules, int window_)
        : core(n, make_config(players, seed, rules, 0, {})), window(window_) {
        check_window(window, false);
    }
    int players() const { return core.config.players; }

    // slots: one per game (checked by step()); or decoded: the actions of checked codes; or random.
    py::tuple step_impl(const std::int64_t* slots, const tile_action* decoded, bool random, std::uint64_t seed) {
        const int n = core.n, P = players();
        py::array_t<float> rewards({n, P});
        py::array_t<bool> dones(n);
        py::array_t<std::int32_t> finals({n, P});
        auto* r = rewards.mutable_data();
        auto* d = reinterpret_cast<std::uint8_t*>(dones.mutable_data());
        auto* f = finals.mutable_data();
        std::fill(f, f + n * P, -1);
        std::string error;
        {
            py::gil_scoped_release release;
            rng pick(seed);
            for (int i = 0; i < n && error.empty(); ++i) {
                const auto& legal = core.legal[static_cast<std::size_t>(i)];
                tile_action a;
                if (random) {
                    a = legal.at(random_slot(legal, pick));
                } else if (decoded) {
                    a = decoded[i];
                } else {
                    if (slots[i] < 0 || static_cast<std::uint64_t>(slots[i]) >= legal.size()) {
                        error = "game " + std::to_string(i) + ": slot " + std::to_string(slots[i]) + " is not a legal action (" +
                                std::to_string(legal.size()) + " legal)";
                        break;
                    }
                    a = legal.at(static_cast<std::uint64_t>(slots[i]));
                }
                core.step_one(i, a, r + i * P, d + i, f + i * P);
            }
        }
        if (!error.empty()) raise_illegal("not_legal", error + " (games before it were stepped)");
        return py::make_tuple(rewards, dones, finals);
    }
    py::tuple step(py::array_t<std::int64_t, py::array::c_style | py::array::forcecast> a, bool codes) {
        if (a.ndim() != 1 || a.shape(0) != core.n) throw py::value_error("give one action per game (" + std::to_string(core.n) + ")");
        // Check every slot (decode every code) before stepping any game, so that a bad batch changes nothing.
        const auto* p = a.data();
        std::vector<tile_action> decoded;
        if (codes) decoded.reserve(static_cast<std::size_t>(core.n));
        for (int i = 0; i < core.n; ++i) {
            const auto& legal = core.legal[static_cast<std::size_t>(i)];
            bool ok;
            if (codes) {
                auto d = p[i] >= 0 ? decode_action<standard_rules>(static_cast<action_code>(p[i])) : std::nullopt;
                ok = d && core.games[static_cast<std::size_t>(i)].check(*d).ok();
                if (ok) decoded.push_back(*d);
            } else {
                ok = p[i] >= 0 && static_cast<std::uint64_t>(p[i]) < legal.size();
            }
            if (!ok)
                raise_illegal("not_legal", "game " + std::to_string(i) + ": " + (codes ? "code " : "slot ") + std::to_string(p[i]) +
                                               " is not a legal action (" + std::to_string(legal.size()) + " legal); nothing was stepped");
        }
        return step_impl(p, codes ? decoded.data() : nullptr, false, 0);
    }
    py::array_t<std::int32_t> counts() const {
        py::array_t<std::int32_t> c(core.n);
        for (int i = 0; i < core.n; ++i)
            c.mutable_data()[i] = static_cast<std::int32_t>(std::min<std::uint64_t>(core.legal[static_cast<std::size_t>(i)].size(), 0x7FFFFFFF));
        return c;
    }
    py::tuple codes(int width) const {
        if (width < 1) throw py::value_error("width must be positive");
        py::array_t<std::int64_t> out({core.n, width});
        py::array_t<bool> mask({core.n, width});
        auto* o = out.mutable_data();
        auto* m = mask.mutable_data();
        for (int i = 0; i < core.n; ++i) {
            const auto& l = core.legal[static_cast<std::size_t>(i)];
            for (int k = 0; k < width; ++k) {
                const bool in = static_cast<std::uint64_t>(k) < l.size();
                const std::size_t at = static_cast<std::size_t>(i) * static_cast<std::size_t>(width) + static_cast<std::size_t>(k);
                o[at] = in ? slot_code(l, static_cast<std::uint64_t>(k)) : -1;
                m[at] = in;
            }
        }
        return py::make_tuple(out, mask);
    }
    py::dict observe(bool board) const {
        const int n = core.n, P = players();
        py::array_t<std::int8_t> hand({n, tile_kinds}), unseen({n, tile_kinds});
        py::array_t<std::int32_t> scores({n, P}), sizes({n, P}), bag(n), current(n), turn(n);
        py::array_t<std::uint8_t> planes(board ? std::vector<py::ssize_t>{n, board_planes, window, window} : std::vector<py::ssize_t>{n, 0, 0, 0});
        py::array_t<bool> fits(n);
        {
            py::gil_scoped_release release;
            for (int i = 0; i < n; ++i) {
                const auto& s = core.games[static_cast<std::size_t>(i)];
                const int p = s.current_player();
                const auto seen = s.observe(p);  // (`*s.observe(p)` into a value would copy it, its board too)
                const auto& o = *seen;
                for (int k = 0; k < tile_kinds; ++k) {
                    const tile t = *tile::from_index(k);
                    hand.mutable_data()[i * tile_kinds + k] = static_cast<std::int8_t>(o.hand.count(t));
                    unseen.mutable_data()[i * tile_kinds + k] = static_cast<std::int8_t>(o.unseen.count(t));
                }
                // Seats from the point of view of the player to act: column 0 is that player.
                for (int q = 0; q < P; ++q) {
                    scores.mutable_data()[i * P + q] = o.scores[(p + q) % P];
                    sizes.mutable_data()[i * P + q] = o.hand_sizes[(p + q) % P];
                }
                bag.mutable_data()[i] = o.bag_size;
                current.mutable_data()[i] = p;
                turn.mutable_data()[i] = o.turn;
                bool f = true;
                if (board) {
                    const cell origin = centred_origin(o.board, window, f);
                    write_planes(o.board, origin, window, window, planes.mutable_data() + static_cast<std::size_t>(i) * board_planes * window * window);
                }
                fits.mutable_data()[i] = f;
            }
        }
        py::dict d;
        d["hand"] = hand;
        d["unseen"] = unseen;
        d["scores"] = scores;
        d["hand_sizes"] = sizes;
        d["bag_size"] = bag;
        d["current_player"] = current;
        d["turn"] = turn;
        if (board) {
            d["board"] = planes;
            d["board_fits"] = fits;
        }
        return d;
    }
    py::array_t<float> features(int width) const {
        const int n = core.n;
        py::array_t<float> f({n, width, feature_count});
        auto* o = f.mutable_data();
        std::fill(o, o + static_cast<std::size_t>(n) * width * feature_count, 0.0f);
        py::gil_scoped_release release;
        for (int i = 0; i < n; ++i) {
            const auto& l = core.legal[static_cast<std::size_t>(i)];
            for (int k = 0; k < width && static_cast<std::uint64_t>(k) < l.size(); ++k)
                action_features(core.games[static_cast<std::size_t>(i)], l.at(static_cast<std::uint64_t>(k)),
                                o + (static_cast<std::size_t>(i) * width + k) * feature_count);
        }
        return f;
    }
};

/// The features of every game's legal actions back to back: (float32[total, F], int64 offsets[N + 1]);
/// game i's actions are rows offsets[i] .. offsets[i + 1] − 1, in slot order.
py::tuple batch_features_flat(const py_batch_env& b) {
    const int n = b.core.n;
    py::array_t<std::int64_t> offsets(n + 1);
    auto* off = offsets.mutable_data();
    off[0] = 0;
    for (int i = 0; i < n; ++i) off[i + 1] = off[i] + static_cast<std::int64_t>(b.core.legal[static_cast<std::size_t>(i)].size());
    py::array_t<float> f({static_cast<py::ssize_t>(off[n]), static_cast<py::ssize_t>(feature_count)});
    auto* o = f.mutable_data();
    {
        py::gil_scoped_release release;
        for (int i = 0; i < n; ++i) {
            const auto& l = b.core.legal[static_cast<std::size_t>(i)];
            for (std::uint64_t k = 0; k < l.size(); ++k)
                action_features(b.core.games[static_cast<std::size_t>(i)], l.at(k), o + (static_cast<std::size_t>(off[i]) + k) * feature_count);
        }
    }
    return py::make_tuple(f, offsets);
}

template <class R>
py::dict card_solve(const std::string& position, const std::string& goal) {
    auto pos = cards::parse_position<R>(position);
    if (!pos) raise_notation(pos.error());
    cards::objective o;
    if (goal == "qwirkles") o = cards::objective::qwirkles_then_cards;
    else if (goal == "cards") o = cards::objective::cards_then_qwirkles;
    else throw py::value_error("objective is 'qwirkles' (most Qwirkles, then cards) or 'cards'");
    std::optional<cards::basic_turn<R>> t;
    int plays = 0;
    bool can = false;
    {
        py::gil_scoped_release release;
        t = cards::best_turn(pos->table, pos->hand, o);
        plays = cards::count_playable_subsets(pos->table, pos->hand);
        can = cards::can_play(pos->table, pos->hand);
    }
    py::dict d;
    d["can_play"] = can;
    d["playable_subsets"] = plays;
    if (t) {
        d["cards"] = to_string(t->played);
        d["played"] = t->cards();
        d["qwirkles"] = t->qwirkles();
        d["table"] = cards::to_string(t->result);
    } else {
        d["cards"] = py::none();
        d["played"] = 0;
        d["qwirkles"] = 0;
        d["table"] = py::none();
    }
    return d;
}

}  // namespace

PYBIND11_MODULE(_core, m) {
    m.doc() = "qwirkle: the rules library for the Qwirkle tile game and Qwirkle Cards (C++ core)";
    m.attr("__version__") = QWIRKLE_VERSION_STRING;
    errors::illegal() = py::reinterpret_borrow<py::object>(py::exception<std::runtime_error>(m, "IllegalAction", PyExc_ValueError));
    errors::notation() = py::reinterpret_borrow<py::object>(py::exception<std::invalid_argument>(m, "NotationError", PyExc_ValueError));
    m.attr("FEATURES") = feature_count;
    m.attr("TILE_KINDS") = tile_kinds;
    py::list rules;
    for (const auto& r : rules_choices) {
        py::dict d;
        d["name"] = r.name;
        d["min_players"] = r.min_players;
        d["max_players"] = r.max_players;
        d["description"] = r.description;
        rules.append(d);
    }
    m.attr("RULE_SETS") = rules;
    m.attr("BOTS") = std::vector<std::string>(std::begin(bot_names), std::end(bot_names));

    bind_action(m);
    bind_game(m);

    m.def("perft", [](const std::string& line, bool list, std::optional<std::pair<int, int>> forbid) {
        perft_options o;
        o.list = list;
        if (forbid) o.forbid = cell{forbid->first, forbid->second};
        return text(perft(line, o));
    }, py::arg("line"), py::arg("list") = false, py::arg("forbid") = py::none(),
       "Exactly the line qwirkle-perft prints for this input (without the newline).");
    m.def("parse_move", [](const std::string& s) {
        auto mv = parse_move(s);
        if (!mv) raise_notation(mv.error());
        return py_action{tile_action::place(*mv)};
    }, py::arg("text"));
    m.def("format_action", [](const py::handle& a) { return to_string(to_action(a)); }, py::arg("action"));
    m.def("encode", [](const py::handle& a) { return code_or_throw(to_action(a)); }, py::arg("action"));
    m.def("tournament", &tile_tournament, py::arg("bots"), py::arg("games") = 100, py::arg("players") = 2, py::arg("seed") = 1,
          py::arg("rules") = "standard", py::arg("threads") = 1);

    py::class_<py_tile_env>(m, "_TileEnv")
        .def(py::init<int, std::uint64_t, const std::string&, int, int, const std::string&>())
        .def("reset", [](py_tile_env& e, std::uint64_t seed) {
            e.core.reset(seed);
            std::fill(e.last_rewards.begin(), e.last_rewards.end(), 0.0f);
        })
        .def_property_readonly("players", [](const py_tile_env& e) { return e.core.s.players(); })
        .def_property_readonly("current_player", [](const py_tile_env& e) { return e.core.s.current_player(); })
        .def("is_terminal", [](const py_tile_env& e) { return e.core.s.is_terminal(); })
        .def("mask", &py_tile_env::mask)
        .def("codes", &py_tile_env::codes)
        .def("legal_count", [](const py_tile_env& e) { return e.core.legal.size(); })
        .def("step", &py_tile_env::step)
        .def("step_code", [](py_tile_env& e, const py::handle& a) {
            if (e.core.s.is_terminal()) raise_illegal("game_over", "the game is over");
            e.step_action(to_action(a));
        })
        .def("rewards", [](const py_tile_env& e) { return e.last_rewards; })
        .def("returns", [](const py_tile_env& e) {
            const auto r = e.core.s.returns();
            return std::vector<double>(r.begin(), r.end());
        })
        .def("scores", [](const py_tile_env& e) { return std::vector<int>(e.core.s.scores().begin(), e.core.s.scores().end()); })
        .def("observe", [](const py_tile_env& e, int p) -> py::object {
            const auto o = e.core.s.observe(p);
            if (!o) return py::none();
            return observation_dict(*o, e.window);
        })
        .def("features", &py_tile_env::features)
        .def("game_record", [](const py_tile_env& e) { return e.core.config.seed; });

    py::class_<py_batch_env>(m, "_BatchEnv")
        .def(py::init<int, int, std::uint64_t, const std::string&, int>())
        .def_property_readonly("size", [](const py_batch_env& b) { return b.core.n; })
        .def_property_readonly("players", &py_batch_env::players)
        .def_property_readonly("steps", [](const py_batch_env& b) { return b.core.steps; })
        .def_property_readonly("episodes", [](const py_batch_env& b) { return b.core.episodes; })
        .def("reset", [](py_batch_env& b, std::uint64_t seed) { b.core.reset(seed); })
        .def("counts", &py_batch_env::counts)
        .def("codes", &py_batch_env::codes, py::arg("width"))
        .def("features", &py_batch_env::features, py::arg("width"))
        .def("features_flat", &batch_features_flat)
        .def("step", &py_batch_env::step, py::arg("actions"), py::arg("codes") = false)
        .def("step_random", [](py_batch_env& b, std::uint64_t seed) { return b.step_impl(nullptr, nullptr, true, seed); }, py::arg("seed"))
        .def("observe", &py_batch_env::observe, py::arg("board") = true);

    // ---- the card game ----
    auto c = m.def_submodule("cards", "Qwirkle Cards");
    bind_card_game<cards::schmidt_rules>(c, "_SchmidtGame", "CardAction");
    bind_card_game<cards::games999_rules>(c, "_Games999Game", "_Games999Action");
    c.attr("BOTS") = std::vector<std::string>(std::begin(cards::card_bot_names), std::end(cards::card_bot_names));
    c.def("perft", [](const std::string& line, bool best, int line_no) {
        cards::perft_options o;
        o.best = best;
        return text(cards::perft(line, o, line_no));
    }, py::arg("line"), py::arg("best") = false, py::arg("line_no") = 1,
       "Exactly the line qwirkle-cards-perft prints for this input (without the newline).");
    c.def("solve", &card_solve<cards::standard_rules>, py::arg("position"), py::arg("objective") = "qwirkles",
          "The best turn for '<tableau> | <hand>' (the exact solver).");
}
