// qwirkle Python binding — the card game (both editions), the card solver and the card perft.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "common.hpp"

namespace qpy {

inline constexpr int card_kinds = cards::card::kinds;

template <cards::card_ruleset R>
struct py_card_action {
    cards::basic_action<R> a;
    std::optional<cards::action_code> code() const { return cards::encode_action(a); }
};

template <cards::card_ruleset R>
py::array_t<std::int8_t> card_counts(const cards::cards_t<R>& m) {
    py::array_t<std::int8_t> a(card_kinds);
    auto* p = a.mutable_data();
    for (int k = 0; k < card_kinds; ++k) p[k] = static_cast<std::int8_t>(m.count(*cards::card_t<R>::from_index(k)));
    return a;
}

template <cards::card_ruleset R>
py::list rows_list(const cards::basic_tableau<R>& t) {
    py::list l;
    for (const auto& r : t.rows) l.append(cards::to_string(r));
    return l;
}

inline const char* id(cards::objective o) {
    return o == cards::objective::qwirkles_then_cards ? "qwirkles" : "cards";
}

template <cards::card_ruleset R>
struct py_card_game {
    using game_type = cards::basic_game<R>;
    using action_type = cards::basic_action<R>;
    game_type g;
    std::string edition;

    py_card_game(int players, std::uint64_t seed, std::vector<int> ages, std::string e)
        : g(make(players, seed, std::move(ages))), edition(std::move(e)) {}

    static game_type make(int players, std::uint64_t seed, std::vector<int> ages) {
        if (auto why = game_type::validate(players, ages); !why.empty()) throw py::value_error(why);
        return game_type(players, seed, std::move(ages));
    }

    /// An action from Python: a CardAction, an integer code (a legal action of this state), the
    /// notation of the cards to play (arranged by the solver: most Qwirkles), or "cannot".
    action_type to_action(const py::handle& o) const {
        if (py::isinstance<py_card_action<R>>(o)) return o.cast<const py_card_action<R>&>().a;
        if (py::isinstance<py::int_>(o)) {
            if (PyObject_RichCompareBool(o.ptr(), py::int_(0).ptr(), Py_LT) == 1) throw py::value_error("an action code is not negative");
            const unsigned long long code = PyLong_AsUnsignedLongLong(o.ptr());
            if (PyErr_Occurred()) {
                PyErr_Clear();
                raise_illegal("no_such_action", "no action has a code beyond 64 bits");
            }
            auto a = cards::decode_action(g, code);
            if (!a) raise_illegal("no_such_action", "no legal action has the code " + std::to_string(code));
            return *a;
        }
        if (py::isinstance<py::str>(o)) {
            const auto s = o.cast<std::string>();
            if (s == "cannot" || s == "cannot-play" || s == "cannot play") return action_type::cannot_play();
            auto played = parse_tiles<cards::card_t<R>>(s);
            if (!played) raise_notation(played.error());
            const cards::cards_t<R> m = *played;
            auto t = cards::arrange(g.table(), m);
            if (!t) {
                // Not arrangeable: let the game name the rule (cards not held, or no valid table).
                cards::basic_turn<R> bad;
                bad.played = m;
                bad.result = g.table();
                return action_type::play(bad);
            }
            return action_type::play(*t);
        }
        throw py::type_error("a card action is a CardAction, an integer code, the cards to play, or 'cannot'");
    }

    std::string rule_of(const cards::basic_action_verdict<R>& v) const {
        if (v.error == cards::action_error::illegal_turn) return id(v.turn.rule);
        return id(v.error);
    }

    py::dict apply(const py::handle& o, std::optional<int> player) {
        const action_type a = to_action(o);
        const int p = g.current_player();
        const auto v = player ? g.apply(*player, a) : g.apply(a);
        if (!v.ok()) raise_illegal(rule_of(v), v.describe());
        py::dict d;
        d["player"] = p;
        d["cannot_play"] = a.is_cannot_play();
        d["cards"] = a.is_cannot_play() ? 0 : a.turn.cards();
        d["qwirkles"] = a.is_cannot_play() ? 0 : a.turn.qwirkles();
        return d;
    }

    std::vector<py_card_action<R>> legal_actions() const {
        std::vector<std::pair<cards::action_code, py_card_action<R>>> v;
        g.for_each_legal_action([&](const action_type& a) { v.push_back({cards::encode_action(a).value_or(~0ull), {a}}); });
        std::stable_sort(v.begin(), v.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
        std::vector<py_card_action<R>> out;
        for (auto& [c, a] : v) out.push_back(a);
        return out;
    }

    py::array_t<std::int64_t> legal_codes() const {
        std::vector<std::int64_t> v;
        g.for_each_legal_action([&](const action_type& a) {
            if (auto c = cards::encode_action(a)) v.push_back(static_cast<std::int64_t>(*c));
        });
        std::sort(v.begin(), v.end());
        py::array_t<std::int64_t> out(static_cast<py::ssize_t>(v.size()));
        std::copy(v.begin(), v.end(), out.mutable_data());
        return out;
    }

    py::object observe(int player) const {
        const auto o = g.observe(player);
        if (!o) return py::none();
        py::dict d;
        d["player"] = o->player;
        d["current_player"] = o->current_player;
        d["terminal"] = o->terminal;
        d["opening"] = o->opening;
        d["final_round"] = o->final_round;
        d["final_turns_left"] = o->final_turns_left;
        d["hand"] = card_counts<R>(o->hand);
        d["table"] = card_counts<R>(o->table.contents());
        d["rows"] = rows_list(o->table);
        d["pile_size"] = o->pile_size;
        const int n = o->players();
        py::array_t<std::int32_t> sizes(n), collected(n);
        for (int p = 0; p < n; ++p) {
            sizes.mutable_data()[p] = o->hand_sizes[static_cast<std::size_t>(p)];
            collected.mutable_data()[p] = static_cast<std::int32_t>(o->collected[static_cast<std::size_t>(p)].size());
        }
        d["hand_sizes"] = sizes;
        d["qwirkles"] = collected;
        // Cards this player has not seen: all copies minus the table, the own hand and every
        // collected Qwirkle (the pile and the other hands).
        auto unseen = cards::cards_t<R>::full(R::copies);
        unseen -= o->table.contents();
        unseen -= o->hand;
        for (const auto& rows : o->collected)
            for (const auto& r : rows)
                for (auto c : r) unseen.remove(c);
        d["unseen"] = card_counts<R>(unseen);
        return d;
    }
};

}  // namespace qpy
