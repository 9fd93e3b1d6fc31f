// SPDX-License-Identifier: MIT
/// @file
/// Umbrella header: the whole tile-game library, its bots and the drivers (the card game:
/// `<qwirkle/cards/cards.hpp>` and `<qwirkle/bots/cards.hpp>`; many games on threads: `<qwirkle/play/parallel.hpp>`).
#pragma once

#include "version.hpp"
#include "core/ruleset.hpp"
#include "pieces/tile.hpp"
#include "pieces/tile_set.hpp"
#include "lines/line.hpp"
#include "board/move.hpp"
#include "board/board.hpp"
#include "rules/legality.hpp"
#include "rules/scoring.hpp"
#include "rules/movegen.hpp"
#include "notation/text.hpp"
#include "notation/notation.hpp"
#include "game/rng.hpp"
#include "rules/opening.hpp"
#include "rules/take.hpp"
#include "core/seat_array.hpp"
#include "core/game_state.hpp"
#include "game/action.hpp"
#include "game/state.hpp"
#include "game/game.hpp"
#include "search/endgame.hpp"
#include "notation/record.hpp"
#include "notation/render.hpp"
#include "notation/perft.hpp"
#include "game/turns.hpp"
#include "play/bot.hpp"
#include "play/play_game.hpp"
#include "bots/bots.hpp"
