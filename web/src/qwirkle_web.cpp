// qwirkle web binding — the one translation unit compiled to WebAssembly (em++ with embind). Every
// query answers one JSON text (parsed once on the JavaScript side, web/lib/index.js); games are
// objects (`TileGame`, `CardGame`), the rest are functions. Nothing throws: errors are JSON
// verdicts naming the rule, or "" / an error string for set-up calls.
#include <emscripten/bind.h>

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <qwirkle/version.hpp>

#include "cards.hpp"
#include "tiles.hpp"
#include "tools.hpp"

namespace {

using namespace qwirkle::web;

/// A seed in decimal (JavaScript numbers stop being exact at 2^53, so seeds cross as text).
bool parse_seed(const std::string& s, std::uint64_t& out) {
    return qwirkle::detail::parse_integer(std::string_view(s), out, std::uint64_t{0}, ~std::uint64_t{0});
}

/// Ages as space-separated integers ("" for none).
bool parse_ages(const std::string& s, std::vector<int>& out) {
    for (const auto& tk : qwirkle::split_tokens(s)) {
        int v = 0;
        if (!qwirkle::detail::parse_integer(tk.text, v, 0, 1000)) return false;
        out.push_back(v);
    }
    return true;
}

class TileGame {
public:
    std::string start(int players, const std::string& seed, const std::string& rules, int hand_size, const std::string& ages) {
        std::uint64_t s = 0;
        std::vector<int> a;
        if (!parse_seed(seed, s)) return "the seed must be an integer from 0 to 2^64 - 1";
        if (!parse_ages(ages, a)) return "ages must be integers from 0 to 1000";
        return session_.start(players, s, rules, hand_size, a);
    }
    std::string load(const std::string& record) { return session_.load(record); }
    std::string record() const { return session_.record(); }
    std::string state() const { return session_.state(); }
    std::string observe(int player) const { return session_.observe(player); }
    std::string legal_moves() const { return session_.legal_moves(); }
    std::string legal_actions(int limit) const { return session_.legal_actions(limit); }
    std::string hints(int n) const { return session_.hints(n); }
    std::string check(const std::string& action, int player) const { return session_.check(action, player); }
    std::string preview(const std::string& move) const { return session_.preview(move); }
    std::string apply(const std::string& action, int player) { return session_.apply(action, player); }
    std::string targets(const std::string& pending, const std::string& tile) const { return session_.targets(pending, tile); }
    std::string bot_action(const std::string& name, double seconds, double salt) const {
        return session_.bot_action(name, seconds, static_cast<std::uint64_t>(salt));
    }
    std::string suggested_exchange() const { return session_.suggested_exchange(); }
    bool undo() { return session_.undo(); }
    int undo_turn(int player) { return session_.undo_turn(player); }

private:
    tile_session session_;
};

class CardGame {
public:
    std::string start(int players, const std::string& seed, const std::string& edition, const std::string& ages) {
        std::uint64_t s = 0;
        std::vector<int> a;
        if (!parse_seed(seed, s)) return "the seed must be an integer from 0 to 2^64 - 1";
        if (!parse_ages(ages, a)) return "ages must be integers from 0 to 1000";
        if (auto why = validate_cards(players, edition, a); !why.empty()) return why;
        session_ = make_card_session(players, s, edition, a);
        return {};
    }
    std::string load(const std::string& record) {
        std::string error;
        auto s = load_card_record(record, error);
        if (s) session_ = std::move(s);
        return error;
    }
    std::string record() const { return session_ ? session_->record() : std::string(); }
    std::string state() const { return session_ ? session_->state() : std::string(R"J({"started":false})J"); }
    std::string observe(int player) const { return session_ ? session_->observe(player) : std::string("null"); }
    std::string check(const std::string& action, int player) const { return session_ ? session_->check(action, player) : none(); }
    std::string apply(const std::string& action, int player) { return session_ ? session_->apply(action, player) : none(); }
    std::string arrange(const std::string& cards) const { return session_ ? session_->arrange(cards) : none(); }
    std::string play_cards(const std::string& cards) { return session_ ? session_->play_cards(cards) : none(); }
    std::string hint() const { return session_ ? session_->hint() : none(); }
    std::string bot_action(const std::string& name, double salt) const {
        return session_ ? session_->bot_action(name, static_cast<std::uint64_t>(salt)) : none();
    }
    std::string legal_actions(int limit) const { return session_ ? session_->legal_actions(limit) : std::string("[]"); }
    bool can_play() const { return session_ && session_->can_play(); }
    bool undo() { return session_ && session_->undo(); }
    int undo_turn(int player) { return session_ ? session_->undo_turn(player) : 0; }

private:
    static std::string none() { return R"J({"ok":false,"rule":"no_game","message":"no game started"})J"; }
    std::unique_ptr<card_session_base> session_;
};

std::string version() { return QWIRKLE_VERSION_STRING; }

std::string rules() {
    json j;
    j.begin_array();
    for (const auto& r : qwirkle::rules_choices)
        j.begin_object().field("name", r.name).field("minPlayers", r.min_players).field("maxPlayers", r.max_players)
            .field("description", r.description).end_object();
    return j.end_array().take();
}

/// A list of names as a JSON array.
std::string names_json(std::span<const std::string_view> names) {
    json j;
    j.begin_array();
    for (const auto name : names) j.value(name);
    return j.end_array().take();
}
/// The tile game's bots, by the names make_bot knows (bot_names: the library's one list).
std::string bots() { return names_json(qwirkle::bot_names); }
/// The card game's bots, by the names make_card_bot knows (card_bot_names).
std::string card_bots() { return names_json(qwirkle::cards::card_bot_names); }

std::string perft_line(const std::string& line, bool list, const std::string& forbid) { return tiles_perft(line, list, forbid); }
std::string cards_perft_line(const std::string& line, bool best, int line_no) { return cards_perft(line, best, line_no); }
std::string check_move(const std::string& position, const std::string& move) { return check_position_move(position, move); }
std::string moves_of(const std::string& position) { return position_moves(position); }
std::string solve(const std::string& position, const std::string& goal) { return card_solve(position, goal); }
std::string arrange(const std::string& table, const std::string& played) { return card_arrange(table, played); }
std::string playable(const std::string& position) { return card_playable(position); }
std::string can_play(const std::string& position) { return card_can_play(position); }
std::string check_turn(const std::string& before, const std::string& hand, const std::string& played, const std::string& after) {
    return card_check_turn(before, hand, played, after);
}
std::string parse_action_text(const std::string& text) { return parse_action_json(text); }
std::string parse_position_text(const std::string& text) { return parse_position_json(text); }
std::string cards_parse_position(const std::string& text) { return card_parse_position(text); }
std::string bench_moves(const std::string& positions, double seconds) { return bench_movegen(positions, seconds); }
std::string bench_games(int games) { return bench_selfplay(games); }

}  // namespace

EMSCRIPTEN_BINDINGS(qwirkle) {
    using namespace emscripten;
    class_<TileGame>("TileGame")
        .constructor<>()
        .function("start", &TileGame::start)
        .function("load", &TileGame::load)
        .function("record", &TileGame::record)
        .function("state", &TileGame::state)
        .function("observe", &TileGame::observe)
        .function("legalMoves", &TileGame::legal_moves)
        .function("legalActions", &TileGame::legal_actions)
        .function("hints", &TileGame::hints)
        .function("check", &TileGame::check)
        .function("preview", &TileGame::preview)
        .function("apply", &TileGame::apply)
        .function("targets", &TileGame::targets)
        .function("botAction", &TileGame::bot_action)
        .function("suggestedExchange", &TileGame::suggested_exchange)
        .function("undo", &TileGame::undo)
        .function("undoTurn", &TileGame::undo_turn);
    class_<CardGame>("CardGame")
        .constructor<>()
        .function("start", &CardGame::start)
        .function("load", &CardGame::load)
        .function("record", &CardGame::record)
        .function("state", &CardGame::state)
        .function("observe", &CardGame::observe)
        .function("check", &CardGame::check)
        .function("apply", &CardGame::apply)
        .function("arrange", &CardGame::arrange)
        .function("playCards", &CardGame::play_cards)
        .function("hint", &CardGame::hint)
        .function("botAction", &CardGame::bot_action)
        .function("legalActions", &CardGame::legal_actions)
        .function("canPlay", &CardGame::can_play)
        .function("undo", &CardGame::undo)
        .function("undoTurn", &CardGame::undo_turn);
    function("version", &version);
    function("rules", &rules);
    function("bots", &bots);
    function("cardBots", &card_bots);
    function("perft", &perft_line);
    function("cardsPerft", &cards_perft_line);
    function("checkMove", &check_move);
    function("movesOf", &moves_of);
    function("cardsSolve", &solve);
    function("cardsArrange", &arrange);
    function("cardsPlayable", &playable);
    function("cardsCanPlay", &can_play);
    function("cardsCheckTurn", &check_turn);
    function("parseAction", &parse_action_text);
    function("parsePosition", &parse_position_text);
    function("cardsParsePosition", &cards_parse_position);
    function("benchMovegen", &bench_moves);
    function("benchSelfplay", &bench_games);
}
