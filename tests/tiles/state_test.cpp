// The lean state (game/state.hpp): clones and undo records restore exactly, the search path never
// touches the heap, and a game whose remaining tiles can never be placed ends.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <string>
#include <vector>
#include <cstdlib>
#include <new>

#include <qwirkle/qwirkle.hpp>

#include "support.hpp"

// Every allocation of this test program is counted (the test reads the counter around the code
// that must not allocate).
namespace {
std::atomic<long> allocations{0};
}
void* operator new(std::size_t n) {
    ++allocations;
    if (void* p = std::malloc(n ? n : 1)) return p;
    throw std::bad_alloc();
}
void* operator new[](std::size_t n) { return operator new(n); }
// The nothrow forms too: the library's own would pair a sanitizer's allocation with our free.
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
    ++allocations;
    return std::malloc(n ? n : 1);
}
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept {
    ++allocations;
    return std::malloc(n ? n : 1);
}
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }

using namespace qwirkle;
using qwirkle_test::tiny_rules;

namespace {

/// A legal action of the state, chosen without allocating: the k-th placement, else an exchange
/// of the first tile, else whatever else is legal.
template <class S>
typename S::action_type some_action(const S& s, unsigned k) {
    typename S::action_type pick{};
    bool found = false;
    unsigned seen = 0;
    s.for_each_legal_action([&](const typename S::action_type& a) {
        if (!found || (a.kind == action_kind::place && seen++ == k)) {
            pick = a;
            found = true;
        }
    });
    REQUIRE(found);
    return pick;
}

}  // namespace

TEST_CASE("state: clone, apply with an undo record, undo and observe never allocate") {
    for (std::uint64_t seed = 1; seed <= 30; ++seed) {
        basic_state<mini_expansion_rules> s(2 + static_cast<int>(seed % 3), seed);
        rng r(seed);
        while (!s.is_terminal()) {
            const long before = allocations.load();
            const auto clone = s;  // clone
            const auto a = some_action(s, static_cast<unsigned>(r.below(8)));
            typename basic_state<mini_expansion_rules>::undo_record u;
            REQUIRE(s.apply(a, u).ok());
            const auto seen = s.observe(0);
            REQUIRE(seen.has_value());
            REQUIRE(s.undo(u));
            const bool restored = s == clone;
            REQUIRE(s.apply(a).ok());
            const long after = allocations.load();
            REQUIRE(restored);
            REQUIRE(after == before);
        }
    }
}

TEST_CASE("state: after any sequence of actions and undos, every query answers as on the state replayed from scratch") {
    using S = basic_state<action_tiles_at_start_rules>;
    const auto keys = [](const S& s) {
        std::vector<std::string> k;
        for (const auto& a : s.legal_actions()) {
            auto b = a;
            b.move = a.move.sorted();
            k.push_back(to_string(b));
        }
        std::sort(k.begin(), k.end());
        return k;
    };
    long compared = 0;
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        const game_config config{2 + static_cast<int>(seed % 4), seed, 0, {}, {}, {}};
        S s(config);
        std::vector<S::action_type> played;
        std::vector<S::undo_record> undos;
        rng r(seed);
        for (int step = 0; step < 300 && !s.is_terminal(); ++step) {
            if (!played.empty() && r.below(3) == 0) {  // take back one to three actions
                for (int k = static_cast<int>(r.below(3)); k >= 0 && !played.empty(); --k) {
                    REQUIRE(s.undo(undos.back()));
                    undos.pop_back();
                    played.pop_back();
                }
            } else {
                const auto acts = s.legal_actions();
                const auto a = acts[r.below(static_cast<std::uint32_t>(acts.size()))];
                undos.emplace_back();
                REQUIRE(s.apply(a, undos.back()).ok());
                played.push_back(a);
            }
            S fresh(config);
            for (const auto& a : played) REQUIRE(fresh.apply(a).ok());
            REQUIRE(s == fresh);
            CHECK(keys(s) == keys(fresh));
            CHECK(count_moves(s.board(), s.hand(std::max(0, s.current_player())), s.move_options()) ==
                  count_moves(fresh.board(), fresh.hand(std::max(0, fresh.current_player())), fresh.move_options()));
            for (int p = 0; p < s.players(); ++p) CHECK(*s.observe(p) == *fresh.observe(p));
            ++compared;
        }
    }
    MESSAGE(compared << " states compared with their replay");
}

TEST_CASE("stalemate by deduction: tiles left in the bag that no cell can ever take end the game") {
    // In 0.1.0 such a game exchanged forever. With hands of one tile, many seeds reach a board on
    // which none of the remaining tiles fits anywhere while the bag still holds some.
    int blocked = 0;
    for (std::uint64_t seed = 1; seed <= 400; ++seed) {
        basic_state<tiny_rules> s(2, seed);
        rng r(seed);
        int steps = 0;
        while (!s.is_terminal()) {
            REQUIRE(++steps < 200);  // every game ends
            const auto acts = s.legal_actions();
            REQUIRE(s.apply(acts[r.below(static_cast<std::uint32_t>(acts.size()))]).ok());
        }
        if (s.end_reason() != game_end::stalemate || s.bag_size() == 0) continue;
        ++blocked;
        // Checked by brute force: no tile of a hand or of the bag is legal on any cell.
        auto off_board = s.bag_contents();
        for (int p = 0; p < 2; ++p) off_board += s.hand(p);
        const auto box = s.board().bounding_box();
        for (int y = box.min.y - 1; y <= box.max.y + 1; ++y)
            for (int x = box.min.x - 1; x <= box.max.x + 1; ++x)
                for (const auto t : off_board.distinct())
                    CHECK_FALSE(check_placement(s.board(), off_board, basic_move<tiny_rules>{{cell{x, y}, t}}).ok());
        CHECK(s.winners().size() >= 1);
    }
    MESSAGE(blocked << " of 400 tiny games ended blocked with tiles in the bag");
    CHECK(blocked > 0);
}

TEST_CASE("state: undo gives the actions back in the order they came before (the board rewinds exactly)") {
    using S = basic_state<action_tiles_at_start_rules>;
    const auto ordered = [](const S& s) {
        std::vector<std::string> k;
        for (const auto& a : s.legal_actions()) k.push_back(to_string(a));
        return k;
    };
    long exact = 0;
    for (std::uint64_t seed = 1; seed <= 30; ++seed) {
        const game_config config{2 + static_cast<int>(seed % 3), seed, 0, {}, {}, {}};
        S s(config);
        struct step {
            S::undo_record undo;
            std::vector<std::string> before;
            int takes;  ///< tiles taken before this action was applied
        };
        std::vector<step> stack;
        int takes = 0;  // every take-a-tile action applied (undone ones too) voids the board's marks
        rng r(seed * 31);
        for (int n = 0; n < 200 && !s.is_terminal(); ++n) {
            if (!stack.empty() && r.below(3) == 0) {
                REQUIRE(s.undo(stack.back().undo));
                if (stack.back().takes == takes) {
                    REQUIRE(ordered(s) == stack.back().before);
                    ++exact;
                }
                stack.pop_back();
            } else {
                const auto acts = s.legal_actions();
                const auto a = acts[r.below(static_cast<std::uint32_t>(acts.size()))];
                stack.push_back({{}, ordered(s), takes});
                REQUIRE(s.apply(a, stack.back().undo).ok());
                if (a.kind == action_kind::take_tile) ++takes;
            }
        }
    }
    MESSAGE(exact << " undos gave the actions back in their order");
    CHECK(exact > 500);
}
