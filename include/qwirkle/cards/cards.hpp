// SPDX-License-Identifier: MIT
/// @file
/// Qwirkle Cards (docs/rules.md §4): the whole card game in one include — rule sets, rows, the
/// tableau, turn legality, the exact solver, the notation, the game and perft.
#pragma once

#include "rules.hpp"
#include "row.hpp"
#include "tableau.hpp"
#include "legality.hpp"
#include "solver.hpp"
#include "notation.hpp"
#include "game.hpp"
#include "perft.hpp"
#include "identifiers.hpp"
