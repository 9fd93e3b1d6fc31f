// Strict command-line parsing shared by the example tools (not part of the library).
//
// Every tool reads its options the same way:
//   - an option's value is the next argument (`--seed 7`); a missing one is a usage error;
//   - an integer is the whole token: digits, after at most one sign ('+', or '-' where the range has
//     negative values), within the option's range: `--seed abc`, `--seed -1`, `--games 1e3`,
//     `--games 99999999999` are refused, never read as 0 or wrapped around;
//   - `--help` (or `-h`) prints the usage on standard output and exits 0;
//   - a usage error (unknown option, missing or bad value) prints `<tool>: <what>` and the usage on
//     standard error and exits 2, before the tool has done anything.
#pragma once

#include <charconv>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <type_traits>

namespace qwirkle_cli {

/// `s` as an integer in [lo, hi]: the whole token, digits after at most one sign ('+', or '-' when T is
/// signed); nothing otherwise (empty, spaces, "+-3", "1e3", "0x10", out of range).
template <class T>
std::optional<T> parse_integer(std::string_view s, T lo, T hi) {
    static_assert(std::is_integral_v<T>);
    const std::size_t sign = !s.empty() && (s[0] == '+' || (s[0] == '-' && std::is_signed_v<T>)) ? 1 : 0;
    if (sign == s.size()) return std::nullopt;
    for (std::size_t k = sign; k < s.size(); ++k)
        if (s[k] < '0' || s[k] > '9') return std::nullopt;
    T v{};
    const char* first = s.data() + (s[0] == '+' ? 1 : 0);
    const auto [ptr, ec] = std::from_chars(first, s.data() + s.size(), v);
    if (ec != std::errc() || ptr != s.data() + s.size() || v < lo || v > hi) return std::nullopt;
    return v;
}

/// "an integer 0..18446744073709551615".
template <class T>
std::string integer_range(T lo, T hi) {
    return "an integer " + std::to_string(lo) + ".." + std::to_string(hi);
}

/// One tool's command line.
class command_line {
public:
    /// `usage`: the usage text, one or more lines each ending in '\n' (it starts with "usage: ").
    command_line(std::string_view tool, std::string_view usage, int argc, char** argv)
        : tool_(tool), usage_(usage), argc_(argc), argv_(argv) {}

    /// `<tool>: <why>` and the usage on standard error; exit status 2.
    [[noreturn]] void usage_error(const std::string& why) const {
        std::cerr << tool_ << ": " << why << '\n' << usage_;
        std::exit(2);
    }

    /// An argument no branch took: `--help` / `-h` prints the usage and exits 0; anything else is a
    /// usage error ("unknown option '--x'", or "unexpected argument 'x'" for a non-option).
    [[noreturn]] void unknown(std::string_view arg) const {
        if (arg == "--help" || arg == "-h") {
            std::cout << usage_;
            std::exit(0);
        }
        usage_error(std::string(!arg.empty() && arg[0] == '-' ? "unknown option '" : "unexpected argument '") +
                    std::string(arg) + "'");
    }

    /// The value of the option at argv[i] (argv[i + 1]; i moves past it).
    std::string_view value(int& i) const {
        if (i + 1 >= argc_) usage_error(std::string(argv_[i]) + ": expected a value");
        return argv_[++i];
    }

    /// The value of the option at argv[i] as an integer in [lo, hi] (i moves past it).
    template <class T>
    T integer(int& i, T lo, T hi) const {
        const std::string_view name = argv_[i];
        return integer_of(name, value(i), lo, hi);
    }

    /// `text` (the value of `name`, an option or a positional argument) as an integer in [lo, hi].
    template <class T>
    T integer_of(std::string_view name, std::string_view text, T lo, T hi) const {
        if (const auto v = parse_integer(text, lo, hi)) return *v;
        usage_error(std::string(name) + ": expected " + integer_range(lo, hi) + ", got '" + std::string(text) + "'");
    }

private:
    std::string_view tool_, usage_;
    int argc_;
    char** argv_;
};

}  // namespace qwirkle_cli
