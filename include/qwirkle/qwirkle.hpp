// qwirkle — umbrella header: the whole tile-game library.
#pragma once

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
#include "game/action.hpp"
#include "game/game.hpp"
#include "notation/record.hpp"
