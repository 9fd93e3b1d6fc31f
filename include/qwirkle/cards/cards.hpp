// SPDX-License-Identifier: MIT
// qwirkle::cards — Qwirkle Cards (docs/rules.md §4): the whole card game in one include.
#pragma once

#include "rules.hpp"
#include "row.hpp"
#include "tableau.hpp"
#include "legality.hpp"
#include "solver.hpp"
#include "notation.hpp"
#include "game.hpp"
#include "perft.hpp"
