// SPDX-License-Identifier: MIT
/// @file
/// A stable 64-bit integer for every tile-game action: the action's identity for action
/// masks, replay buffers, hashing and the Python and JavaScript bindings.
///
/// The code depends only on the action (never on the state, the move generator's order or the
/// library version): `encode_action(a)` and `decode_action<R>(code)` are exact inverses up to the
/// order of a move's placements. Layout, least significant bits first (standard tiles: 6 bits per
/// tile, lines of 6):
///
/// @code{.unparsed}
///   kind        3 bits   0 place, 1 exchange, 2 pass, 3 draw three, 4 take a tile
///   place       x + 128 (8 bits), y + 128 (8 bits) of the move's first cell along its line,
///               axis (1 bit: 0 row, x grows; 1 column, y grows; a single tile is a row),
///               span mask (max_line bits: bit i set when the i-th cell of the span from the first
///               cell gets a new tile; bit 0 always set), then the new tiles in span order
///               (tile index = colour × shapes + shape, tile_bits each)
///   exchange    count (4 bits), then the tiles given back by ascending index (tile_bits each)
///   pass, draw three   nothing more (codes 2 and 3)
///   take a tile x + 128, y + 128 (8 bits each) of the cell emptied
/// @endcode
///
/// Codes of placements are below 2^62 with standard tiles, so they fit an int64 (numpy, JSON
/// doubles do not: use strings there). Sorting the legal actions by code gives an order that does
/// not depend on how they were generated.
///
/// Not every action has a code: a move whose tiles are not in one line or spread over more than
/// max_line cells, cells outside −128 … 127, exchanges of more than `max_exchange_code_tiles` tiles
/// (only with hand sizes above 9) — none of them can be legal but the last, and encode_action
/// returns an empty optional for all of them. `decode_action` refuses every code that no action
/// encodes to (unknown kind, stray bits, tiles out of range, exchange tiles out of order), so that
/// a code that decodes is canonical: encode_action(*decode_action(c)) == c.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <optional>

#include "action.hpp"

namespace qwirkle {

/// A tile-game action as a stable integer (see the layout above).
using action_code = std::uint64_t;

namespace detail {
/// Bits needed for the indices 0 .. n − 1.
constexpr int bit_width_for(int n) noexcept {
    int b = 0;
    while ((1 << b) < n) ++b;
    return b;
}
}  // namespace detail

/// Bits per tile index in codes of rule set R.
template <ruleset R>
inline constexpr int code_tile_bits = detail::bit_width_for(tile_t<R>::kinds);

/// The most tiles an exchange code holds for rule set R (9 with standard tiles).
template <ruleset R>
inline constexpr int max_exchange_code_tiles = std::min(15, (64 - 3 - 4) / code_tile_bits<R>);

/// The code of the placement of move `m` (the same as encode_action(basic_action<R>::place(m))).
template <ruleset R>
constexpr std::optional<action_code> encode_move(const basic_move<R>& m) noexcept {
    constexpr int tb = code_tile_bits<R>;
    constexpr int line = rules_traits<R>::max_line;
    static_assert(3 + 16 + 1 + line + line * tb <= 64, "placement codes must fit 64 bits");
    const int n = m.size();
    if (n == 0 || m.overflowed() || n > line) return std::nullopt;
    const cell c0 = m[0].at;
    bool row = true, column = n > 1;
    int min_x = c0.x, min_y = c0.y;
    for (const auto& p : m) {
        row = row && p.at.y == c0.y;
        column = column && p.at.x == c0.x;
        min_x = p.at.x < min_x ? p.at.x : min_x;
        min_y = p.at.y < min_y ? p.at.y : min_y;
    }
    if (!row && !column) return std::nullopt;
    if (min_x < -128 || min_y < -128) return std::nullopt;
    int mask = 0;
    std::array<std::uint8_t, static_cast<std::size_t>(line)> slot{};
    for (const auto& p : m) {
        const int i = row ? p.at.x - min_x : p.at.y - min_y;
        if (i >= line || (mask >> i) & 1) return std::nullopt;  // (cells beyond 127 make i too large)
        mask |= 1 << i;
        slot[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(p.tile.index());
    }
    const int max_x = row ? min_x + (std::bit_width(static_cast<unsigned>(mask)) - 1) : min_x;
    const int max_y = row ? min_y : min_y + (std::bit_width(static_cast<unsigned>(mask)) - 1);
    if (max_x > 127 || max_y > 127) return std::nullopt;
    action_code c = (static_cast<action_code>(min_x + 128) << 3) | (static_cast<action_code>(min_y + 128) << 11) |
                    (static_cast<action_code>(row ? 0 : 1) << 19) | (static_cast<action_code>(mask) << 20);
    int shift = 20 + line;
    for (int i = 0; i < line; ++i) {
        if (!((mask >> i) & 1)) continue;
        c |= static_cast<action_code>(slot[static_cast<std::size_t>(i)]) << shift;
        shift += tb;
    }
    return c;
}

/// The code of an action, or nothing when it has none (see the header comment).
template <ruleset R>
constexpr std::optional<action_code> encode_action(const basic_action<R>& a) noexcept {
    constexpr int tb = code_tile_bits<R>;
    const auto coordinate_ok = [](int v) { return v >= -128 && v <= 127; };
    const auto xy = [](cell c) { return (static_cast<action_code>(c.x + 128) << 3) | (static_cast<action_code>(c.y + 128) << 11); };
    switch (a.kind) {
        case action_kind::pass: return action_code{2};
        case action_kind::draw_three: return action_code{3};
        case action_kind::take_tile:
            if (!coordinate_ok(a.at.x) || !coordinate_ok(a.at.y)) return std::nullopt;
            return action_code{4} | xy(a.at);
        case action_kind::exchange: {
            const int n = a.tiles.size();
            if (n > max_exchange_code_tiles<R>) return std::nullopt;
            action_code c = 1 | (static_cast<action_code>(n) << 3);
            int shift = 7;
            a.tiles.for_each([&](tile_t<R> t) {  // ascending index
                c |= static_cast<action_code>(t.index()) << shift;
                shift += tb;
            });
            return c;
        }
        case action_kind::place: return encode_move(a.move);
    }
    return std::nullopt;
}

/// The action a code stands for, or nothing for a code that no action encodes to.
template <ruleset R>
constexpr std::optional<basic_action<R>> decode_action(action_code c) noexcept {
    using tile_type = tile_t<R>;
    constexpr int tb = code_tile_bits<R>;
    constexpr int line = rules_traits<R>::max_line;
    const auto bits = [&c](int shift, int width) { return static_cast<int>((c >> shift) & ((action_code{1} << width) - 1)); };
    const auto at = [&]() { return cell{bits(3, 8) - 128, bits(11, 8) - 128}; };
    const auto rest_zero = [&c](int from) { return from >= 64 || (c >> from) == 0; };
    switch (bits(0, 3)) {
        case 0: {  // place
            const bool column = bits(19, 1);
            const int mask = bits(20, line);
            if (!(mask & 1)) return std::nullopt;
            if (column && mask == 1) return std::nullopt;  // a single tile is a row
            const cell first = at();
            // (the span's last new tile beyond 127: a cell no code has, as encode_move refuses it)
            if ((column ? first.y : first.x) + static_cast<int>(std::bit_width(static_cast<unsigned>(mask))) - 1 > 127) return std::nullopt;
            basic_move<R> m;
            int shift = 20 + line;
            for (int i = 0; i < line; ++i) {
                if (!(mask & (1 << i))) continue;
                const int t = bits(shift, tb);
                shift += tb;
                if (t >= tile_type::kinds) return std::nullopt;
                const cell where = column ? cell{first.x, first.y + i} : cell{first.x + i, first.y};
                m.push_back({where, detail::tile_at<tile_type>(t)});
            }
            if (!rest_zero(shift)) return std::nullopt;
            return basic_action<R>::place(m);
        }
        case 1: {  // exchange
            const int n = bits(3, 4);
            if (n > max_exchange_code_tiles<R>) return std::nullopt;
            basic_tile_multiset<tile_type> tiles;
            int shift = 7, last = 0;
            for (int i = 0; i < n; ++i, shift += tb) {
                const int t = bits(shift, tb);
                if (t >= tile_type::kinds || t < last) return std::nullopt;
                last = t;
                tiles.add(detail::tile_at<tile_type>(t));
            }
            if (!rest_zero(shift)) return std::nullopt;
            return basic_action<R>::exchange(tiles);
        }
        case 2:
            if (!rest_zero(3)) return std::nullopt;
            return basic_action<R>::pass();
        case 3:
            if (!rest_zero(3)) return std::nullopt;
            return basic_action<R>::draw_three();
        case 4:
            if (!rest_zero(19)) return std::nullopt;
            return basic_action<R>::take_tile(at());
        default: return std::nullopt;
    }
}

/// Appends the codes of every legal action of the player to act in `s` (a basic_state or
/// basic_game) to `out` (a container with push_back), unsorted: the same set as encoding
/// s.for_each_legal_action, several times faster — placements are encoded straight from the move
/// generator and exchanges as codes, without building actions. Falls back to the general path
/// when an action tile can be used this turn.
template <class State, class Out>
void append_legal_codes(const State& s, Out& out) {
    using R = typename State::rules_type;
    using tile_type = tile_t<R>;
    if (s.is_terminal()) return;
    if (s.can_use(action_tile::draw_three) || s.can_use(action_tile::take_tile)) {
        s.for_each_legal_action([&](const basic_action<R>& a) {
            if (const auto c = encode_action(a)) out.push_back(*c);
        });
        return;
    }
    std::size_t placements = 0;
    s.for_each_legal_move([&](const basic_move<R>& m, int) {
        if (const auto c = encode_move(m)) {
            out.push_back(*c);
            ++placements;
        }
    });
    if (s.can_exchange()) {
        constexpr int tb = code_tile_bits<R>;
        const auto& h = s.hand(s.current_player());
        std::array<int, 64> kinds{}, most{};
        int n = 0;
        for (const tile_type t : h.distinct()) {
            kinds[static_cast<std::size_t>(n)] = t.index();
            most[static_cast<std::size_t>(n++)] = h.count(t);
        }
        const int limit = std::min({h.size(), s.hand_size(), s.bag_size(), max_exchange_code_tiles<R>});
        // Every vector of counts (c_k ≤ most_k, 1 ≤ Σ c_k ≤ limit), the tiles written by ascending index.
        const auto rec = [&](auto&& self, int k, int taken, action_code tiles) -> void {
            if (k == n) {
                if (taken > 0) out.push_back(1 | (static_cast<action_code>(taken) << 3) | tiles);
                return;
            }
            action_code more = tiles;
            for (int c = 0; c <= most[static_cast<std::size_t>(k)] && taken + c <= limit; ++c) {
                self(self, k + 1, taken + c, more);
                more |= static_cast<action_code>(kinds[static_cast<std::size_t>(k)]) << (7 + (taken + c) * tb);
            }
        };
        rec(rec, 0, 0, 0);
    }
    // Pass: legal once the game has opened, the bag is empty and no placement exists.
    if (placements == 0 && s.opening_size() == 0 && s.bag_size() == 0) out.push_back(action_code{2});
}

/// The kind of the action a code stands for (the low 3 bits; meaningful for valid codes only).
constexpr action_kind code_kind(action_code c) noexcept { return static_cast<action_kind>(c & 7u); }

}  // namespace qwirkle
