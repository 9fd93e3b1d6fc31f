// docs/rules.md §1 (pieces, notation) and §2.3 (lines): tiles, sets, multisets, line validity and extensions.
#include "support.hpp"

#include <array>
#include <set>

using namespace qwirkle_test;

TEST_CASE("§1 pieces: 6 colours x 6 shapes = 36 kinds, R1 is the red circle, P6 the purple clover") {
    CHECK(tile::kinds == 36);
    CHECK(rules_traits<standard_rules>::piece_count == 108);
    const tile r1 = "R1"_t;
    CHECK(r1.colour() == 0);
    CHECK(r1.shape() == 0);
    CHECK(colour_names[r1.colour()] == "red");
    CHECK(shape_names[r1.shape()] == "circle");
    const tile p6 = "P6"_t;
    CHECK(colour_names[p6.colour()] == "purple");
    CHECK(shape_names[p6.shape()] == "clover");
    CHECK(shape_names[("G3"_t).shape()] == "diamond");
    CHECK(shape_names[("B4"_t).shape()] == "square");
    CHECK(shape_names[("O5"_t).shape()] == "star");
    CHECK(shape_names[("Y2"_t).shape()] == "cross");
    CHECK(tile(5, 5) == p6);
    CHECK(tile::make(5, 5) == p6);
    CHECK_FALSE(tile::make(6, 0));  // (colours and shapes out of range: no tile)
    CHECK_FALSE(tile::make(0, 6));
    CHECK_FALSE(tile::make(-1, 2));
    CHECK(*tile::from_index(35) == p6);
    CHECK("r1"_t == r1);  // lower case accepted
}

TEST_CASE("§1 notation: every tile round-trips through its text, lower case is accepted") {
    for (int i = 0; i < tile::kinds; ++i) {
        const tile t = *tile::from_index(i);
        const std::string s = to_string(t);
        CHECK(s.size() == 2);
        CHECK(std::string_view("ROYGBP").find(s[0]) != std::string_view::npos);
        CHECK(s[1] >= '1');
        CHECK(s[1] <= '6');
        const auto back = parse_tile(s);
        REQUIRE(back.ok());
        CHECK(*back == t);
        std::string lower = s;
        lower[0] = static_cast<char>(lower[0] - 'A' + 'a');
        const auto back_lower = parse_tile(lower);
        REQUIRE(back_lower.ok());
        CHECK(*back_lower == t);
    }
    // Multisets keep duplicates and print in index order.
    const auto h = parse_tiles("g1 R1 R1 p6");
    REQUIRE(h.ok());
    CHECK(h->size() == 4);
    CHECK(h->count("R1"_t) == 2);
    CHECK(to_string(*h) == "R1 R1 G1 P6");
}

TEST_CASE("§1 notation: malformed tiles are rejected with token, column and reason") {
    struct bad {
        const char* text;
        const char* why;
    };
    for (const bad b : {bad{"X1", "colour"}, bad{"R7", "shape"}, bad{"R0", "shape"}, bad{"R", "colour letter"},
                        bad{"R11", "colour letter"}, bad{"1R", "colour"}, bad{"", "colour letter"}}) {
        CAPTURE(b.text);
        const auto r = parse_tile(b.text, 5);
        REQUIRE_FALSE(r.ok());
        CHECK(r.error().token == b.text);
        CHECK(r.error().column == 5);
        CHECK(r.error().message.find(b.why) != std::string::npos);
    }
    const auto r = parse_tiles("R1 G2  Q3 B4");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().token == "Q3");
    CHECK(r.error().column == 7);
    CHECK(r.error().describe().find("column 8") != std::string::npos);
}

TEST_CASE("pieces: tile_set is a set of kinds (bitmask), of_colour / of_shape hold one line's kinds") {
    tile_set s{"R1"_t, "R1"_t, "G2"_t};
    CHECK(s.size() == 2);
    CHECK(s.contains("R1"_t));
    CHECK_FALSE(s.contains("R2"_t));
    s.insert("R2"_t);
    s.erase("G2"_t);
    CHECK(s == tile_set{"R1"_t, "R2"_t});
    CHECK(tile_set::all().size() == 36);
    for (int c = 0; c < 6; ++c) {
        CHECK(tile_set::of_colour(c).size() == 6);
        for (tile t : tile_set::of_colour(c)) CHECK(t.colour() == c);
    }
    for (int sh = 0; sh < 6; ++sh) {
        CHECK(tile_set::of_shape(sh).size() == 6);
        for (tile t : tile_set::of_shape(sh)) CHECK(t.shape() == sh);
    }
    CHECK((tile_set::of_colour(0) & tile_set::of_shape(0)) == tile_set{"R1"_t});
    CHECK((tile_set::of_colour(0) | tile_set::of_shape(0)).size() == 11);
    CHECK((tile_set::of_colour(0) - tile_set{"R1"_t}).size() == 5);
    CHECK(tile_set{"R1"_t}.subset_of(tile_set::of_shape(0)));
    CHECK_FALSE(tile_set{"R1"_t, "G2"_t}.subset_of(tile_set::of_shape(0)));
    // Iteration in index order.
    std::vector<tile> order(s.begin(), s.end());
    CHECK(order == std::vector<tile>{"R1"_t, "R2"_t});
}

TEST_CASE("pieces: tile_multiset counts copies (hands with duplicates, the 108-tile bag)") {
    auto full = tile_multiset::full(3);
    CHECK(full.size() == 108);
    for (int i = 0; i < 36; ++i) CHECK(full.count(*tile::from_index(i)) == 3);
    CHECK(full.distinct() == tile_set::all());

    tile_multiset h{"R1"_t, "R1"_t, "G1"_t};
    CHECK(h.size() == 3);
    CHECK(h.count("R1"_t) == 2);
    CHECK(h.distinct().size() == 2);
    CHECK_FALSE(h.remove("G1"_t, 2));  // fewer present: no change
    CHECK(h.size() == 3);
    CHECK(h.remove("R1"_t));
    CHECK(h.count("R1"_t) == 1);
    CHECK(h.contains("R1"_t));
    CHECK(h.remove("R1"_t));
    CHECK_FALSE(h.contains("R1"_t));
    CHECK_FALSE(h.distinct().contains("R1"_t));
    CHECK(full.includes(h));
    CHECK_FALSE(h.includes(full));
    auto rest = full;
    rest -= tile_multiset{"R1"_t, "R1"_t, "B4"_t};
    CHECK(rest.size() == 105);
    CHECK(rest.count("R1"_t) == 1);
    rest += tile_multiset{"R1"_t, "R1"_t, "B4"_t};
    CHECK(rest == full);
    int n = 0;
    tile_multiset{"R1"_t, "R1"_t, "B4"_t}.for_each([&](tile) { ++n; });
    CHECK(n == 3);
}

namespace {
std::vector<tile> tiles(std::string_view text) {
    std::vector<tile> v;
    for (const auto& tk : split_tokens(text)) v.push_back(*parse_tile(tk.text));
    return v;
}
line_fault fault(std::string_view text) {
    const auto v = tiles(text);
    return check_line(std::span<const tile>(v));
}
detail::mask64 mask(std::string_view text) {
    detail::mask64 m = 0;
    for (tile t : tiles(text)) m |= detail::bit(t.index());
    return m;
}
}  // namespace

TEST_CASE("§2 lines: valid = one colour with different shapes, or one shape with different colours") {
    CHECK(fault("") == line_fault::none);
    CHECK(fault("R1") == line_fault::none);
    CHECK(fault("R1 R2") == line_fault::none);
    CHECK(fault("R1 G1") == line_fault::none);
    CHECK(fault("R1 R2 R3 R4 R5 R6") == line_fault::none);
    CHECK(fault("R1 O1 Y1 G1 B1 P1") == line_fault::none);
    CHECK(fault("P6 P1 P3") == line_fault::none);  // any order
    CHECK(valid_line(std::span<const tile>(tiles("B5 B2 B4"))));
}

TEST_CASE("§2 lines: faults — too_long (a 7th tile), duplicate (same tile twice), mixed") {
    // "In einer Reihe können somit maximal 6 Plättchen liegen."
    CHECK(fault("Y1 Y2 Y3 Y4 Y5 Y6 Y1") == line_fault::too_long);
    CHECK(fault("R1 O1 Y1 G1 B1 P1 R1") == line_fault::too_long);
    // "darf eine Reihe von Quadraten nur ein blaues Quadrat enthalten"
    CHECK(fault("B4 G4 B4") == line_fault::duplicate);
    // "darf eine Reihe von roten Plättchen nur einen roten Kreis enthalten"
    CHECK(fault("R1 R2 R1") == line_fault::duplicate);
    CHECK(fault("R1 R1") == line_fault::duplicate);
    CHECK(fault("R1 R1 R1") == line_fault::duplicate);
    CHECK(fault("R1 G2") == line_fault::mixed);
    CHECK(fault("R1 R2 G2") == line_fault::mixed);
    CHECK(fault("R1 G1 G2") == line_fault::mixed);
    CHECK(fault("R1 R2 R3 R4 R5 R6 G1") == line_fault::mixed);
    CHECK_FALSE(valid_line(std::span<const tile>(tiles("R1 R2 G2"))));
}

TEST_CASE("§2 lines: mask form agrees with check_line on every line of up to 3 tiles and on random long lines") {
    // Exhaustive for lengths 0..3 (36^3 = 46656 lines).
    std::array<tile, 3> v{};
    for (int n = 0; n <= 3; ++n) {
        const int total = n == 0 ? 1 : n == 1 ? 36 : n == 2 ? 36 * 36 : 36 * 36 * 36;
        for (int code = 0; code < total; ++code) {
            detail::mask64 m = 0;
            int c = code;
            for (int k = 0; k < n; ++k, c /= 36) {
                v[static_cast<std::size_t>(k)] = *tile::from_index(c % 36);
                m |= detail::bit(c % 36);
            }
            const auto span = std::span<const tile>(v.data(), static_cast<std::size_t>(n));
            const bool ok = check_line(span) == line_fault::none;
            if (n >= 1) REQUIRE(valid_line<tile>(m, n) == ok);
            if (ok && n >= 2) {
                const bool colour = v[0].colour() == v[1].colour();
                REQUIRE(kind_of_line<tile>(m) == (colour ? line_kind::colour : line_kind::shape));
            }
        }
    }
    // Random lines of 4..7.
    rng r(7);
    for (int i = 0; i < 20000; ++i) {
        const int n = 4 + static_cast<int>(r.below(4));
        std::vector<tile> line;
        detail::mask64 m = 0;
        const bool colour = r.below(2) == 0;
        const int fixed = static_cast<int>(r.below(6));
        for (int k = 0; k < n; ++k) {
            // Mostly lines of one colour or shape (to reach valid and duplicate lines), sometimes anything.
            const int free = static_cast<int>(r.below(6));
            tile t = *(colour ? tile::make(fixed, free) : tile::make(free, fixed));
            if (r.below(10) == 0) t = *tile::from_index(static_cast<int>(r.below(36)));
            line.push_back(t);
            m |= detail::bit(t.index());
        }
        const bool ok = check_line(std::span<const tile>(line)) == line_fault::none;
        REQUIRE(valid_line<tile>(m, n) == ok);
        if (ok) REQUIRE(complete_line<tile>(m, n) == (n == 6));
    }
}

namespace {
/// extensions_of_distinct (what move generation and the board use, without branches) against
/// check_line for tile sets of every shape: every line of up to 3 distinct pieces, and every line of
/// one colour or one shape, with every piece added. The 8 x 8 set uses all 64 bits of a mask
/// (the empty line's lowest piece, index 64, must still read "every piece").
template <class Tile>
int check_extensions_of_distinct() {
    int checked = 0;
    auto check = [&](const std::vector<int>& indices) {
        std::vector<Tile> line;
        detail::mask64 m = 0;
        for (int i : indices) {
            line.push_back(*Tile::from_index(i));
            m |= detail::bit(i);
        }
        if (check_line(std::span<const Tile>(line)) != line_fault::none) return;  // (distinct, valid lines only)
        const auto ext = detail::extensions_of_distinct<Tile>(m, static_cast<int>(line.size()));
        for (int t = 0; t < Tile::kinds; ++t) {
            auto longer = line;
            longer.push_back(*Tile::from_index(t));
            REQUIRE(((ext >> t) & 1u) == (check_line(std::span<const Tile>(longer)) == line_fault::none ? 1u : 0u));
        }
        ++checked;
    };
    check({});
    for (int a = 0; a < Tile::kinds; ++a) {
        check({a});
        for (int b = a + 1; b < Tile::kinds; ++b) {
            check({a, b});
            for (int c = b + 1; c < Tile::kinds; ++c) check({a, b, c});
        }
    }
    for (int c = 0; c < Tile::colours; ++c) {  // whole lines of one colour (every length from the first shape on)
        std::vector<int> line;
        for (int s = 0; s < Tile::shapes; ++s) {
            line.push_back(Tile::make(c, s)->index());
            check(line);
        }
    }
    for (int s = 0; s < Tile::shapes; ++s) {
        std::vector<int> line;
        for (int c = 0; c < Tile::colours; ++c) {
            line.push_back(Tile::make(c, s)->index());
            check(line);
        }
    }
    return checked;
}
}  // namespace

TEST_CASE("§2 lines: extensions of distinct lines, every tile set shape (3 x 6, 4 x 5, 6 x 6, 8 x 8)") {
    CHECK(check_extensions_of_distinct<basic_tile<3, 6>>() > 50);
    CHECK(check_extensions_of_distinct<basic_tile<4, 5>>() > 50);
    CHECK(check_extensions_of_distinct<tile>() > 500);
    CHECK(check_extensions_of_distinct<basic_tile<8, 8>>() > 1000);
    CHECK(detail::extensions_of_distinct<basic_tile<8, 8>>(0, 0) == ~detail::mask64{0});
}

/// The identities move generation grows a line's extensions by (rules/movegen.hpp): for every
/// valid line L (every subset of a colour or a shape group) and every piece t extending it,
/// extensions(L + t) = extensions(L) & partners[t]; and for valid disjoint lines L and H, L + H is
/// valid exactly when H lies within extensions(L), and then extensions(L + H) = extensions(L) &
/// extensions(H). Returns the number of (L, H) pairs checked.
template <class Tile>
long check_extension_intersections() {
    using detail::mask64;
    std::vector<mask64> lines{0};  // every valid line of 1+ pieces, once
    const auto add_subsets = [&](const std::vector<int>& group) {
        for (unsigned pick = 1; pick < (1u << group.size()); ++pick) {
            mask64 m = 0;
            for (std::size_t i = 0; i < group.size(); ++i)
                if ((pick >> i) & 1u) m |= detail::bit(group[i]);
            if (detail::popcount(m) >= 2 || pick == (pick & (0u - pick))) lines.push_back(m);
        }
    };
    for (int c = 0; c < Tile::colours; ++c) {
        std::vector<int> group;
        for (int s = 0; s < Tile::shapes; ++s) group.push_back(Tile::make(c, s)->index());
        add_subsets(group);
    }
    for (int s = 0; s < Tile::shapes; ++s) {
        std::vector<int> group;
        for (int c = 0; c < Tile::colours; ++c) group.push_back(Tile::make(c, s)->index());
        add_subsets(group);
    }
    std::sort(lines.begin(), lines.end());
    lines.erase(std::unique(lines.begin(), lines.end()), lines.end());
    const auto ext = [](mask64 m) { return line_extensions<Tile>(m, detail::popcount(m)); };
    const auto valid = [](mask64 m) { return valid_line<Tile>(m, detail::popcount(m)); };
    long pairs = 0;
    for (const mask64 l : lines) {
        REQUIRE(valid(l));
        for (mask64 c = ext(l); c; c &= c - 1) {
            const int t = detail::lowest_bit(c);
            REQUIRE(ext(l | detail::bit(t)) == (ext(l) & detail::line_masks<Tile>::partners[static_cast<std::size_t>(t)]));
        }
        for (const mask64 h : lines) {
            if (l & h) continue;
            ++pairs;
            const bool joined = valid(l | h);
            REQUIRE(joined == ((h & ~ext(l)) == 0));
            if (joined) REQUIRE(ext(l | h) == (ext(l) & ext(h)));
        }
    }
    return pairs;
}

TEST_CASE("§2 lines: a grown line's extensions are an intersection (3 x 6, 4 x 5, 6 x 6)") {
    CHECK(check_extension_intersections<basic_tile<3, 6>>() > 1000);
    CHECK(check_extension_intersections<basic_tile<4, 5>>() > 1000);
    CHECK(check_extension_intersections<tile>() > 100000);
    // R1 R2, then R3: the other reds.
    const auto r12 = line_extensions<tile>(mask("R1 R2"), 2);
    CHECK((r12 & detail::line_masks<tile>::partners["R3"_t.index()]) == tile_set{"R4"_t, "R5"_t, "R6"_t}.bits());
    // R1 meets the run G1 B1: one line of circles (the run lies within R1's extensions), which
    // takes the other circles; R2 and G1 B1 are not one line (G1 does not go with R2).
    CHECK((mask("G1 B1") & ~line_extensions<tile>(mask("R1"), 1)) == 0);
    CHECK((line_extensions<tile>(mask("R1"), 1) & line_extensions<tile>(mask("G1 B1"), 2)) == line_extensions<tile>(mask("R1 G1 B1"), 3));
    CHECK((mask("G1 B1") & ~line_extensions<tile>(mask("R2"), 1)) != 0);
}

TEST_CASE("§2 lines: line_extensions = exactly the tiles that keep the line valid") {
    // Brute force over every line of up to 3 distinct tiles and every tile.
    int checked = 0;
    std::vector<std::vector<int>> lines{{}};
    for (int a = 0; a < 36; ++a) {
        lines.push_back({a});
        for (int b = a + 1; b < 36; ++b) {
            lines.push_back({a, b});
            for (int c = b + 1; c < 36; ++c) lines.push_back({a, b, c});
        }
    }
    for (const auto& indices : lines) {
        std::vector<tile> line;
        detail::mask64 m = 0;
        for (int i : indices) {
            line.push_back(*tile::from_index(i));
            m |= detail::bit(i);
        }
        const int n = static_cast<int>(line.size());
        const auto ext = line_extensions<tile>(m, n);
        for (int t = 0; t < 36; ++t) {
            auto longer = line;
            longer.push_back(*tile::from_index(t));
            const bool fits = check_line(std::span<const tile>(longer)) == line_fault::none &&
                              check_line(std::span<const tile>(line)) == line_fault::none;
            REQUIRE(((ext >> t) & 1u) == (fits ? 1u : 0u));
        }
        ++checked;
    }
    CHECK(checked > 7000);
    // Examples: the empty line takes anything; R1 takes the other reds and circles; a full line takes nothing;
    // a line with a duplicate (length > distinct count) takes nothing.
    CHECK(line_extensions<tile>(0, 0) == tile_set::all().bits());
    CHECK(line_extensions<tile>(mask("R1"), 1) == ((tile_set::of_colour(0) | tile_set::of_shape(0)) - tile_set{"R1"_t}).bits());
    CHECK(line_extensions<tile>(mask("R1 R2"), 2) == tile_set{"R3"_t, "R4"_t, "R5"_t, "R6"_t}.bits());
    CHECK(line_extensions<tile>(mask("R1 O1 Y1"), 3) == tile_set{"G1"_t, "B1"_t, "P1"_t}.bits());
    CHECK(line_extensions<tile>(mask("R1 R2 R3 R4 R5 R6"), 6) == 0);
    CHECK(line_extensions<tile>(mask("R1 R2"), 3) == 0);  // R1 R2 R1
    CHECK(line_extensions<tile>(mask("R1 G2"), 2) == 0);  // mixed
}

TEST_CASE("§2 scoring of a line: its length from 2 tiles on, +6 for a Qwirkle (12 in all), 0 for a lone tile") {
    CHECK(line_points<tile>(mask("R1"), 1, 6) == 0);
    CHECK(line_points<tile>(mask("R1 R2"), 2, 6) == 2);
    CHECK(line_points<tile>(mask("R1 R2 R3 R4 R5"), 5, 6) == 5);
    CHECK(line_points<tile>(mask("R1 R2 R3 R4 R5 R6"), 6, 6) == 12);
    CHECK(line_points<tile>(mask("R1 O1 Y1 G1 B1 P1"), 6, 6) == 12);
}
