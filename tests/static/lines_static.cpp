// Compile-time tests (compiling is passing): docs/rules.md §1 pieces and §2 line validity as tables.
#include <qwirkle/qwirkle.hpp>

#include <array>

namespace {

using namespace qwirkle;
using namespace qwirkle::literals;

// ---- §1 pieces -------------------------------------------------------------------------------------
static_assert(tile::kinds == 36);
static_assert(rules_traits<standard_rules>::piece_count == 108);
static_assert(rules_traits<standard_rules>::max_line == 6);
static_assert(rules_traits<standard_rules>::max_hand == 6);
static_assert(standard_rules::hand_size(2) == 6 && standard_rules::hand_size(4) == 6);
static_assert(standard_rules::hand_size(5) == 5 && standard_rules::hand_size(6) == 4);
static_assert("R1"_t == tile(0, 0) && "P6"_t == tile(5, 5) && "g3"_t == tile(3, 2));
static_assert("R1"_t.colour_letter() == 'R' && "R1"_t.shape_digit() == '1');
static_assert("B4"_t.colour_letter() == 'B' && "B4"_t.shape_digit() == '4');
static_assert(compatible("R1"_t, "R2"_t) && compatible("R1"_t, "G1"_t));
static_assert(!compatible("R1"_t, "R1"_t) && !compatible("R1"_t, "G2"_t));
static_assert(tile_set::all().size() == 36 && tile_set::of_colour(2).size() == 6 && tile_set::of_shape(4).size() == 6);
static_assert((tile_set::of_colour(0) & tile_set::of_shape(0)) == tile_set{"R1"_t});
static_assert(tile_multiset::full(3).size() == 108);
static_assert(tile_multiset{"R1"_t, "R1"_t, "G2"_t}.count("R1"_t) == 2);
static_assert(tile_multiset{"R1"_t, "R1"_t, "G2"_t}.distinct().size() == 2);

// ---- §2 line validity: a table of lines and their verdicts -------------------------------------------
struct line_case {
    std::array<tile, 7> pieces;
    int length;
    line_fault expected;
};

constexpr line_case line_table[] = {
    {{"R1"_t}, 1, line_fault::none},
    {{"R1"_t, "R2"_t}, 2, line_fault::none},
    {{"R1"_t, "G1"_t}, 2, line_fault::none},
    {{"R6"_t, "R1"_t, "R4"_t}, 3, line_fault::none},
    {{"R1"_t, "R2"_t, "R3"_t, "R4"_t, "R5"_t, "R6"_t}, 6, line_fault::none},
    {{"R1"_t, "O1"_t, "Y1"_t, "G1"_t, "B1"_t, "P1"_t}, 6, line_fault::none},
    {{"Y1"_t, "Y2"_t, "Y3"_t, "Y4"_t, "Y5"_t, "Y6"_t, "Y1"_t}, 7, line_fault::too_long},  // a 7th tile
    {{"R1"_t, "O1"_t, "Y1"_t, "G1"_t, "B1"_t, "P1"_t, "R1"_t}, 7, line_fault::too_long},
    {{"R1"_t, "R1"_t}, 2, line_fault::duplicate},
    {{"B4"_t, "G4"_t, "B4"_t}, 3, line_fault::duplicate},  // "nur ein blaues Quadrat"
    {{"R1"_t, "R2"_t, "R1"_t}, 3, line_fault::duplicate},  // "nur einen roten Kreis"
    {{"R1"_t, "G2"_t}, 2, line_fault::mixed},
    {{"R1"_t, "R2"_t, "G2"_t}, 3, line_fault::mixed},
    {{"R1"_t, "G1"_t, "G2"_t}, 3, line_fault::mixed},
};

constexpr detail::mask64 mask_of(const line_case& c) {
    detail::mask64 m = 0;
    for (int i = 0; i < c.length; ++i) m |= detail::bit(c.pieces[static_cast<std::size_t>(i)].index());
    return m;
}

constexpr bool table_holds() {
    for (const auto& c : line_table) {
        const auto span = std::span<const tile>(c.pieces.data(), static_cast<std::size_t>(c.length));
        if (check_line(span) != c.expected) return false;
        if (valid_line(span) != (c.expected == line_fault::none)) return false;
        if (valid_line<tile>(mask_of(c), c.length) != (c.expected == line_fault::none)) return false;
    }
    return true;
}
static_assert(table_holds());

// Kind and completeness of valid lines.
static_assert(kind_of_line<tile>(tile_set{"R1"_t, "R2"_t}.bits()) == line_kind::colour);
static_assert(kind_of_line<tile>(tile_set{"R1"_t, "G1"_t}.bits()) == line_kind::shape);
static_assert(kind_of_line<tile>(tile_set{"R1"_t}.bits()) == line_kind::single);
static_assert(complete_line<tile>(tile_set::of_colour(3).bits(), 6));
static_assert(complete_line<tile>(tile_set::of_shape(3).bits(), 6));
static_assert(!complete_line<tile>(tile_set{"R1"_t, "R2"_t}.bits(), 2));

// Extensions: what a line still accepts.
static_assert(line_extensions<tile>(0, 0) == tile_set::all().bits());
static_assert(line_extensions<tile>(tile_set{"R1"_t}.bits(), 1) ==
              ((tile_set::of_colour(0) | tile_set::of_shape(0)) - tile_set{"R1"_t}).bits());
static_assert(line_extensions<tile>(tile_set{"R1"_t, "R2"_t}.bits(), 2) == tile_set{"R3"_t, "R4"_t, "R5"_t, "R6"_t}.bits());
static_assert(line_extensions<tile>(tile_set{"R1"_t, "O1"_t, "Y1"_t}.bits(), 3) == tile_set{"G1"_t, "B1"_t, "P1"_t}.bits());
static_assert(line_extensions<tile>(tile_set::of_colour(0).bits(), 6) == 0);  // a Qwirkle takes nothing
static_assert(line_extensions<tile>(tile_set{"R1"_t, "R2"_t}.bits(), 3) == 0);  // R1 R2 R1: a duplicate
static_assert(line_extensions<tile>(tile_set{"R1"_t, "G2"_t}.bits(), 2) == 0);  // mixed

// ---- §2 points of a line ---------------------------------------------------------------------------
static_assert(line_points<tile>(tile_set{"R1"_t}.bits(), 1, 6) == 0);
static_assert(line_points<tile>(tile_set{"R1"_t, "R2"_t}.bits(), 2, 6) == 2);
static_assert(line_points<tile>(tile_set::of_colour(0).bits(), 6, 6) == 12);  // "Ein Qwirkle bringt immer 12 Punkte"
static_assert(line_points<tile>(tile_set::of_shape(5).bits(), 6, 6) == 12);

// ---- a smaller rule set: 4 colours x 5 shapes x 2 copies (the rules generalise) ---------------------
struct small_rules : standard_rules {
    static constexpr int colours = 4;
    static constexpr int shapes = 5;
    static constexpr int copies = 2;
};
using small_tile = tile_t<small_rules>;
static_assert(ruleset<small_rules>);
static_assert(rules_traits<small_rules>::piece_count == 40);
static_assert(rules_traits<small_rules>::max_line == 5);
// A colour line holds up to 5 (shapes), a shape line up to 4 (colours).
static_assert(complete_line<small_tile>(basic_tile_set<small_tile>::of_colour(0).bits(), 5));
static_assert(complete_line<small_tile>(basic_tile_set<small_tile>::of_shape(0).bits(), 4));
static_assert(line_points<small_tile>(basic_tile_set<small_tile>::of_shape(0).bits(), 4, 6) == 10);
static_assert(line_points<small_tile>(basic_tile_set<small_tile>::of_colour(0).bits(), 5, 6) == 11);

}  // namespace

// Nothing out of range can be built: make and from_index check, the two-integer constructor is
// consteval (tile(9, 9) does not compile).
static_assert(!tile::make(6, 0) && !tile::make(0, 6) && !tile::make(-1, 0) && tile::make(5, 5) == tile(5, 5));
static_assert(!tile::from_index(36) && !tile::from_index(-1) && !tile::from_index(200) && tile::from_index(35) == "P6"_t);
static_assert(tile::from_index(7)->colour() == 1 && tile::from_index(7)->shape() == 1);
