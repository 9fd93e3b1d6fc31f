// The opponent-hand inference (bots/inference.hpp) and the determinisation with known hands
// (basic_state::determinize) it feeds: hypotheses always made of unseen tiles and of the right size,
// closer to the true hand than uniform deals against a greedy opponent, started again on what it
// does not model, and the expert reproducible with it on or off.
#include <doctest/doctest.h>

#include <array>
#include <memory>
#include <vector>

#include <qwirkle/bots/bots.hpp>
#include <qwirkle/bots/inference.hpp>
#include <qwirkle/qwirkle.hpp>

using namespace qwirkle;

namespace {

using hand = basic_tile_multiset<tile>;

int overlap(const hand& a, const hand& b) {
    int c = 0;
    for (const auto t : a.distinct()) c += std::min(a.count(t), b.count(t));
    return c;
}

/// A greedy bot that also runs the inference on its own seat and checks it at each decision
/// against the true game (known to the test, not to the bot).
struct tracking_greedy : bot {
    const game* g = nullptr;
    hand_inference infer;
    std::unique_ptr<bot> greedy = make_bot("greedy");
    rng draws{12345};
    double sampled = 0, uniform = 0;
    int measured = 0, bad = 0;
    explicit tracking_greedy(inference_options o) : infer(o) {}
    std::string name() const override { return "tracking greedy"; }
    action_type choose(const observation_type& v, rng& random) override {
        infer.update(v, random);
        if (infer.active()) {
            const int opp = infer.opponent();
            CHECK(opp == 1 - v.player);
            for (const auto& k : infer.particles())  // kept tiles: unseen, no more than its hand
                bad += !(v.unseen.includes(k) && k.size() <= v.hand_sizes[opp]);
            const hand& truth = g->hand(opp);
            std::vector<tile> pool;
            v.unseen.for_each([&](tile t) { pool.push_back(t); });
            for (int i = 0; i < 32; ++i) {
                const hand h = infer.sample(v, draws);
                bad += !(h.size() == v.hand_sizes[opp] && v.unseen.includes(h));
                sampled += overlap(h, truth);
                draws.shuffle(pool.begin(), pool.end());
                hand u;
                for (int k = 0; k < v.hand_sizes[opp]; ++k) u.add(pool[static_cast<std::size_t>(k)]);
                uniform += overlap(u, truth);
            }
            ++measured;
        }
        const auto a = greedy->choose(v, random);
        infer.remember(v, a);
        return a;
    }
};

}  // namespace

TEST_CASE("determinize with a known hand deals it, and refuses hands that cannot be (or deals them at random)") {
    game g(2, 77);
    rng r(1);
    // Play a few turns so that both hands and the bag are mixed.
    auto greedy = make_bot("greedy");
    for (int i = 0; i < 6; ++i) REQUIRE(g.apply(g.current_player(), greedy->choose(*g.observe(g.current_player()), r)).ok());
    const auto v = *g.observe(0);
    const hand truth = g.hand(1);
    std::array<hand, 2> known{};
    known[1] = truth;
    for (int i = 0; i < 20; ++i) {
        const auto d = state::determinize(v, r, known);
        REQUIRE(d);
        CHECK(d->hand(1) == truth);
        CHECK(d->hand(0) == v.hand);
        CHECK(*d->observe(0) == v);  // the observer sees exactly what it saw
    }
    // An empty list gives exactly the uniform deal for the same stream.
    rng a(9), b(9);
    CHECK(*state::determinize(v, a, {}) == *state::determinize(v, b));
    // A hand of the wrong size is refused, and so is one holding more copies of a kind than are unseen.
    known[1].remove(*truth.distinct().begin());
    CHECK_FALSE(state::determinize(v, r, known));
    // Three copies of a kind the observer holds one of: at most two are unseen.
    const tile mine = *v.hand.distinct().begin();
    hand wrong;
    wrong.add(mine, 3);
    truth.for_each([&](tile t) {
        if (wrong.size() < truth.size()) wrong.add(t);
    });
    known[1] = wrong;
    CHECK_FALSE(v.unseen.includes(wrong));
    CHECK_FALSE(state::determinize(v, r, known));
    CHECK_FALSE(state::determinize(v, r, known, state::known_hands::required));
    // Asked to, determinize deals such a seat at random instead: the same state, from the same
    // random stream, as with no hand given; a hand that fits is still dealt as given.
    for (const hand& ruled_out : {wrong, hand{}}) {
        known[1] = ruled_out;
        rng x(21), y(21);
        const auto d = state::determinize(v, x, known, state::known_hands::if_possible);
        REQUIRE(d);
        CHECK(*d == *state::determinize(v, y));
        CHECK(x == y);
    }
    {
        known[1] = truth;
        known[1].remove(*truth.distinct().begin());  // one tile short
        rng x(22), y(22);
        const auto d = state::determinize(v, x, known, state::known_hands::if_possible);
        REQUIRE(d);
        CHECK(*d == *state::determinize(v, y));
        known[1] = truth;
        rng z(22);
        const auto e = state::determinize(v, z, known, state::known_hands::if_possible);
        REQUIRE(e);
        CHECK(e->hand(1) == truth);
        CHECK(*e->observe(0) == v);
    }
    // The observer's own seat is never overwritten.
    std::array<hand, 2> own{};
    own[0] = truth;
    const auto d = state::determinize(v, r, own);
    REQUIRE(d);
    CHECK(d->hand(0) == v.hand);
}

TEST_CASE("inference: hypotheses of unseen tiles, closer to the greedy opponent's hand than uniform deals") {
    double sampled = 0, uniform = 0;
    int measured = 0, bad = 0, followed = 0;
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        game g(2, seed);
        inference_options o;
        o.particles = 128;
        tracking_greedy tracker(o);
        tracker.g = &g;
        auto other = make_bot("greedy");
        std::array<bot*, 2> seats{};
        seats[seed % 2] = &tracker;
        seats[1 - seed % 2] = other.get();
        const auto r = play_game(g, std::span<bot* const>(seats.data(), 2), seed * 3);
        REQUIRE_MESSAGE(r.finished, r.describe());
        sampled += tracker.sampled;
        uniform += tracker.uniform;
        measured += tracker.measured;
        bad += tracker.bad;
        followed += tracker.infer.followed();
        CHECK(tracker.infer.restarted() >= 1);  // (its first decision)
    }
    CHECK(bad == 0);
    REQUIRE(measured > 200);
    CHECK(followed > measured * 3 / 4);  // most decisions follow the opponent's last move
    const double per_sample = sampled / (32.0 * measured), per_uniform = uniform / (32.0 * measured);
    MESSAGE("tiles in common with the true hand: inferred " << per_sample << ", uniform " << per_uniform);
    CHECK(per_sample > per_uniform + 0.08);
}

TEST_CASE("inference: inactive with more than two players or action tiles, restarted after a missed turn") {
    rng r(5);
    {
        game g(3, 8);
        hand_inference infer;
        infer.update(*g.observe(g.current_player()), r);
        CHECK_FALSE(infer.active());
    }
    {
        basic_game<mini_expansion_rules> g(2, 8);
        basic_hand_inference<mini_expansion_rules> infer;
        const auto v = *g.observe(g.current_player());
        infer.update(v, r);
        CHECK(infer.active() == (v.specials_in_bag == 0 && v.actions_held[0] == 0 && v.actions_held[1] == 0 && v.opening_size == 0));
    }
    // Two players: the opening is not modelled; afterwards a decision that does not follow the
    // remembered one (no remember() in between) starts again from uniform deals.
    game g(2, 21);
    auto greedy = make_bot("greedy");
    hand_inference infer;
    while (g.observe(g.current_player())->opening_size > 0)
        REQUIRE(g.apply(g.current_player(), greedy->choose(*g.observe(g.current_player()), r)).ok());
    const int me = g.current_player();
    auto v = *g.observe(me);
    infer.update(v, r);
    REQUIRE(infer.active());
    CHECK(infer.restarted() == 1);
    auto a = greedy->choose(v, r);
    infer.remember(v, a);
    REQUIRE(g.apply(me, a).ok());
    REQUIRE(g.apply(1 - me, greedy->choose(*g.observe(1 - me), r)).ok());
    infer.update(*g.observe(me), r);
    CHECK(infer.followed() + infer.restarted() == 2);
    a = greedy->choose(*g.observe(me), r);  // not remembered
    REQUIRE(g.apply(me, a).ok());
    REQUIRE(g.apply(1 - me, greedy->choose(*g.observe(1 - me), r)).ok());
    const int restarted = infer.restarted();
    infer.update(*g.observe(me), r);
    CHECK(infer.restarted() == restarted + 1);
}

TEST_CASE("expert: reproducible with the inference on and off, and legal either way") {
    for (const bool on : {true, false}) {
        std::vector<std::vector<int>> runs;
        for (int rep = 0; rep < 2; ++rep) {
            expert_options o;
            o.iterations = 40;
            o.inference = on;
            expert_bot e(o);
            auto greedy = make_bot("greedy");
            std::array<bot*, 2> seats{&e, greedy.get()};
            game g(2, 31);
            const auto r = play_game(g, std::span<bot* const>(seats.data(), 2), 62);
            REQUIRE_MESSAGE(r.finished, r.describe());
            CHECK((e.inference().followed() > 0) == on);
            std::vector<int> out(g.scores().begin(), g.scores().end());
            out.push_back(static_cast<int>(g.history().size()));
            runs.push_back(out);
        }
        CHECK(runs[0] == runs[1]);
    }
}
