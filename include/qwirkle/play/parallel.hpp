// SPDX-License-Identifier: MIT
/// @file
/// Many seeded games across threads, with results identical to a serial run.
///
/// Job i depends only on i (its game, its bots, its seeds), so the results do not depend on how the
/// jobs are spread over threads: parallel_map(n, 8, job) == parallel_map(n, 1, job).
/// Needs the platform's threads (std::thread); nothing else of the library does.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <type_traits>
#include <vector>

#include "play_game.hpp"

namespace qwirkle {

/// The number of threads `threads` asks for: itself when positive, else every core.
inline int thread_count(int threads) noexcept {
    if (threads > 0) return threads;
    const unsigned n = std::thread::hardware_concurrency();
    return n ? static_cast<int>(n) : 1;
}

/// results[i] = job(i) for i in [0, n), computed on `threads` threads (0: every core). `progress`,
/// if given, is called with the number of jobs done so far (from the worker threads, serialised).
/// An exception thrown by a job is rethrown here (the first one, by job index).
template <class Job>
auto parallel_map(std::size_t n, int threads, Job&& job, const std::function<void(std::size_t)>& progress = {})
    -> std::vector<std::invoke_result_t<Job&, std::size_t>> {
    using result_type = std::invoke_result_t<Job&, std::size_t>;
    std::vector<std::unique_ptr<result_type>> slots(n);
    std::vector<std::exception_ptr> errors(n);
    std::atomic<std::size_t> next{0}, done{0};
    std::mutex report;
    const auto work = [&] {
        for (std::size_t i; (i = next.fetch_add(1)) < n;) {
            try {
                slots[i] = std::make_unique<result_type>(job(i));
            } catch (...) {
                errors[i] = std::current_exception();
            }
            const std::size_t d = ++done;
            if (progress) {
                const std::lock_guard<std::mutex> lock(report);
                progress(d);
            }
        }
    };
    const int t = std::min<int>(thread_count(threads), static_cast<int>(std::max<std::size_t>(n, 1)));
    if (t <= 1) {
        work();
    } else {
        std::vector<std::thread> pool;
        for (int k = 0; k < t; ++k) pool.emplace_back(work);
        for (auto& th : pool) th.join();
    }
    for (auto& e : errors)
        if (e) std::rethrow_exception(e);
    std::vector<result_type> out;
    out.reserve(n);
    for (auto& s : slots) out.push_back(std::move(*s));
    return out;
}

/// Plays n games across threads: game i is make_game(i), played by the bots make_bots(i) (one
/// std::unique_ptr<bot_for<G>> per seat) with bot seed bot_seed(i); returns summarise(i, game,
/// result) for each, in order. Identical for any number of threads. A game still going after
/// `max_actions` actions is stopped (play_game's safety net: its result says so).
template <class MakeGame, class MakeBots, class BotSeed, class Summarise>
auto play_games(std::size_t n, int threads, MakeGame&& make_game, MakeBots&& make_bots, BotSeed&& bot_seed,
                Summarise&& summarise, const std::function<void(std::size_t)>& progress = {},
                int max_actions = 1'000'000) {
    return parallel_map(n, threads, [&](std::size_t i) {
        auto g = make_game(i);
        using G = std::remove_cvref_t<decltype(g)>;
        auto owned = make_bots(i);
        std::vector<bot_for<G>*> seats;
        for (auto& b : owned) seats.push_back(b.get());
        const auto result = play_game(g, seats, static_cast<std::uint64_t>(bot_seed(i)), max_actions);
        return summarise(i, g, result);
    }, progress);
}

}  // namespace qwirkle
