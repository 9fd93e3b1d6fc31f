# The CLI suite (issue 17: every tool answers every input quickly and plainly). Each case runs one tool
# once and checks what it must: the exit status (RC), standard output (OUT: must match, NOT_OUT: must
# not), standard error (ERR), a file it wrote (FILE + FILE_MATCH) or must not have written
# (FILE_ABSENT), and the time (SECONDS, default 2: generous; a hang is killed 5 s later).
#   TOOL       perft | cards-perft | play | demo | tournament
#   ARGS       the arguments (@TMP@: a fresh directory for the case)
#   INPUT      standard input (none: end of input at once); GENERATE "<kind> <n>": a large input
#              (run_case.cmake); STDIN closed: standard input closed, not just empty
# Registered in ctest as "cli: <name>" with the label `cli` (tests/cli/CMakeLists.txt); run one with
# `ctest -R "cli: perft"` or all with `ctest -L cli`. CMake regular expressions: ^ and $ anchor the
# whole output, a newline in the pattern matches itself, there are no {m,n} counts.

# `text` as a regular expression matching itself.
function(cli_literal text out)
  string(REGEX REPLACE "([][+.*()^$?|\\])" "\\\\\\1" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

set(seed_range "an integer 0\\.\\.18446744073709551615")
set(play_usage "usage: qwirkle-play \\[--players 2-6\\]")
set(tournament_usage "usage: qwirkle-tournament \\[--game tiles\\|cards\\]")

# --- 3. Every check on a position is linear: huge lines are refused at once, and the next line served.
cli_case("perft: 100000-cell board line refused in time" TOOL perft GENERATE "board_line 100000" RC 1
  OUT "^error: column 22, token \"3,0,R1\": more than 3 copies of R1\nmoves=4 total=8 best=2\n$")
cli_case("perft: 400000-cell board line refused in time" TOOL perft GENERATE "board_line 400000" RC 1
  OUT "^error: column 22, token \"3,0,R1\": more than 3 copies of R1\nmoves=4 total=8 best=2\n$")
cli_case("perft: 400000-tile hand refused in time" TOOL perft GENERATE "hand 400000" RC 1
  OUT "^error: column 10, token \"R2\": more than 3 copies of R2\nmoves=4 total=8 best=2\n$")
cli_case("perft: 1000000-letter token refused in time" TOOL perft GENERATE "token 1000000" RC 1
  OUT "^error: column 1000001: expected '<board> \\| <hand>': no '\\|'\nmoves=4 total=8 best=2\n$")
cli_case("cards-perft: 400000-card row refused in time" TOOL cards-perft GENERATE "card_table 400000" RC 1
  OUT "^error: line 1, column [0-9]+, token \"[^\"\n]+\": [^\n]+\nplays=[0-9]+ maxcards=[0-9]+ maxqwirkles=[0-9]+\n$")
cli_case("cards-perft: 400000-card hand refused in time" TOOL cards-perft GENERATE "card_hand 400000" RC 1
  OUT "^error: line 1, column [0-9]+, token \"[^\"\n]+\": [^\n]+\nplays=[0-9]+ maxcards=[0-9]+ maxqwirkles=[0-9]+\n$")
cli_case("play: 400000-tile move refused in time" TOOL play ARGS --seed 1 --no-colour --ascii GENERATE "move_line 400000" RC 0
  OUT "your move> not understood: column 43, token \"0,0,R1\": a move places at most 6 tiles \\(type 'help'\\)\nyour move> bye: the game stays unfinished \\(scores 0 : 0\\)\n$")

# --- 4. Every cell a tool prints is one it reads back: tiles of a position lie within +-999999994, so
# every move and neighbour stays within +-10^9; a tile beyond is refused by name, not listed.
cli_case("perft: tile beyond the position limit refused, nothing printed beyond the range" TOOL perft ARGS --list
  INPUT "1000000000,0,R1 | R2\n0,-1000000000,R1 | R2\n999999995,0,R1 | R2\n0,0,R1 | R2\n" RC 1
  OUT "^error: column 1, token \"1000000000,0,R1\": the tiles of a position lie within \\+-999999994 \\(so that every cell next to a move is within \\+-1000000000\\)\nerror: column 1, token \"0,-1000000000,R1\": [^\n]*999999994[^\n]*\nerror: column 1, token \"999999995,0,R1\": [^\n]*999999994[^\n]*\nmoves=4 total=8 best=2\n2 -1,0,R2\n2 1,0,R2\n2 0,-1,R2\n2 0,1,R2\n$"
  NOT_OUT "1000000001")
cli_case("perft: moves listed at the position limit stay in range" TOOL perft ARGS --list
  INPUT "999999994,-999999994,R1 | R2 R3 R4 R5 R6\n-999999994,999999994,R1 | R2 R3 R4 R5 R6\n" RC 0
  OUT "^moves=8460 total=58160 best=12\n.* 999999999,-999999994,R[2-6]\n.*moves=8460 total=58160 best=12\n.*-999999999,999999994,R.*,999999999,R[2-6]\n"
  NOT_OUT "1000000000")
cli_case("perft: the farthest listed cell reads back (--forbid)" TOOL perft ARGS --forbid 999999999,-999999994
  INPUT "999999994,-999999994,R1 | R2 R3 R4 R5 R6\n" RC 0 OUT "^moves=8340 total=56720 best=12\n$")

# --- 5. A bad argument to a command of the terminal game: "not understood", the command's usage, the
# game unchanged and the next command served.
set(hint_usage "\\(usage: hint \\[n\\]: the n best moves, n from 1 to 1000, 5 by default\\)")
cli_case("play: bad arguments to hint" TOOL play ARGS --seed 1 --no-colour --ascii
  INPUT "hint 0\nhint abc\nhint -1\nhint +-2\nhint 2 3\nhint 1001\nhint 1\nquit\n" RC 0
  OUT "\nyour move> not understood: column 6, token \"0\": expected a whole number from 1 to 1000 ${hint_usage}\nyour move> not understood: column 6, token \"abc\": expected a whole number from 1 to 1000 ${hint_usage}\nyour move> not understood: column 6, token \"-1\": [^\n]*${hint_usage}\nyour move> not understood: column 6, token \"\\+-2\": [^\n]*${hint_usage}\nyour move> not understood: column 8, token \"3\": 'hint' takes one number ${hint_usage}\nyour move> not understood: column 6, token \"1001\": [^\n]*${hint_usage}\nyour move>   1: 0,0,R1 1,0,R4 2,0,R6  \\(3 points\\)\nyour move> bye: the game stays unfinished \\(scores 0 : 0\\)\n$"
  NOT_OUT "pass|empty bag")
set(play_k_usage "\\(usage: play K: K the number of a move listed by 'hint'\\)")
cli_case("play: bad arguments to play K" TOOL play ARGS --seed 1 --no-colour --ascii
  INPUT "play\nplay 0\nplay abc\nplay 1\nhint 2\nplay 3\nplay 1 2\nquit\n" RC 0
  OUT "\nyour move> not understood: column 5: 'play' needs a number ${play_k_usage}\nyour move> not understood: column 6, token \"0\": expected a whole number from 1 to 1000 ${play_k_usage}\nyour move> not understood: column 6, token \"abc\": [^\n]*${play_k_usage}\nyour move> no such hint: [^\n]*\nyour move>   1: [^\n]*\n  2: [^\n]*\nyour move> no such hint: [^\n]*\nyour move> not understood: column 8, token \"2\": 'play' takes one number ${play_k_usage}\nyour move> bye: the game stays unfinished \\(scores 0 : 0\\)\n$")
cli_case("play: commands that take nothing, given something" TOOL play ARGS --seed 1 --no-colour --ascii
  INPUT "undo x\nboard x y\nhelp me\nauto now\nquit now\nexit 0\nquit\n" RC 0
  OUT "\nyour move> not understood: column 6, token \"x\": 'undo' takes nothing \\(usage: undo\\)\nyour move> not understood: column 7, token \"x\": 'board' takes nothing \\(usage: board\\)\nyour move> not understood: column 6, token \"me\": 'help' takes nothing \\(usage: help\\)\nyour move> not understood: column 6, token \"now\": 'auto' takes nothing \\(usage: auto\\)\nyour move> not understood: column 6, token \"now\": 'quit' takes nothing \\(usage: quit\\)\nyour move> not understood: column 6, token \"0\": 'quit' takes nothing \\(usage: quit\\)\nyour move> bye: the game stays unfinished \\(scores 0 : 0\\)\n$")
cli_case("play --cards: commands that take nothing, given something; play without cards" TOOL play
  ARGS --cards --seed 4 --no-colour --ascii INPUT "hint x\ncannot x\nauto x\nplay\nquit x\nquit\n" RC 0
  OUT "your turn> not understood: column 6, token \"x\": 'hint' takes nothing \\(usage: hint\\)\n.*your turn> not understood: column 8, token \"x\": 'cannot' takes nothing \\(usage: cannot\\)\n.*your turn> not understood: column 6, token \"x\": 'auto' takes nothing \\(usage: auto\\)\n.*your turn> not understood: column 5: 'play' needs the cards to play \\(usage: play CARDS, like play R1 R2 R3\\)\n.*your turn> not understood: column 6, token \"x\": 'quit' takes nothing \\(usage: quit\\)\n.*your turn> bye: the game stays unfinished\n$"
  NOT_OUT "you cannot play|game over|illegal")
foreach(mode tiles cards)
  set(cards_flag "")
  if(mode STREQUAL "cards")
    set(cards_flag --cards)
  endif()
  cli_case("play (${mode}): end of input" TOOL play ARGS ${cards_flag} --seed 2 --no-colour RC 0 OUT "\n\\(end of input\\)\n$")
  cli_case("play (${mode}): closed input" TOOL play ARGS ${cards_flag} --seed 2 --no-colour STDIN closed RC 0
    OUT "\n\\(end of input\\)\n$")
endforeach()
cli_case("play: end of input in the middle of a line" TOOL play ARGS --seed 1 --no-colour --ascii INPUT "hint 1" RC 0
  OUT "your move>   1: 0,0,R1 1,0,R4 2,0,R6  \\(3 points\\)\nyour move> \n\\(end of input\\)\n$")

# --- 6. The column of a bad card is the column where it starts (1-based, like every other column).
cli_case("play --cards: column of a bad card" TOOL play ARGS --cards --seed 4 --no-colour --ascii
  INPUT "play Q9\n   play R1 Q9\nplay\tX1\nquit\n" RC 0
  OUT "your turn> not understood: column 6, token \"Q9\": unknown colour 'Q' [^\n]*\n.*your turn> not understood: column 12, token \"Q9\": [^\n]*\n.*your turn> not understood: column 6, token \"X1\": [^\n]*\n")

# --- 7. Every numeric option: the whole token, digits only, in range; otherwise a named error, the
# usage and exit status 2, before anything is played (nothing on standard output).
foreach(bad abc -1 18446744073709551616 1e3 " 7" 0x10 "+-1" 7.5)
  cli_literal("${bad}" bad_re)
  cli_case("play --seed '${bad}' refused" TOOL play ARGS --seed "${bad}" RC 2 OUT "^$"
    ERR "^qwirkle-play: --seed: expected ${seed_range}, got '${bad_re}'\n${play_usage}")
  cli_case("demo seed '${bad}' refused" TOOL demo ARGS "${bad}" RC 2 OUT "^$"
    ERR "^qwirkle-demo: seed: expected ${seed_range}, got '${bad_re}'\nusage: qwirkle-demo \\[seed\\] \\[--quiet\\]\n$")
  cli_case("tournament --seed '${bad}' refused" TOOL tournament ARGS --seed "${bad}" RC 2 OUT "^$"
    ERR "^qwirkle-tournament: --seed: expected ${seed_range}, got '${bad_re}'\n${tournament_usage}")
endforeach()
foreach(bad abc 1 7 -2 3x)
  cli_literal("${bad}" bad_re)
  cli_case("play --players '${bad}' refused" TOOL play ARGS --players "${bad}" RC 2 OUT "^$"
    ERR "^qwirkle-play: --players: expected an integer 2\\.\\.6, got '${bad_re}'\n${play_usage}")
  cli_case("tournament --players '${bad}' refused" TOOL tournament ARGS --players "${bad}" RC 2 OUT "^$"
    ERR "^qwirkle-tournament: --players: expected an integer 2\\.\\.6, got '${bad_re}'\n${tournament_usage}")
endforeach()
foreach(bad abc 0 -5 1000001 1e3 2.5)
  cli_literal("${bad}" bad_re)
  cli_case("tournament --games '${bad}' refused" TOOL tournament ARGS --games "${bad}" RC 2 OUT "^$"
    ERR "^qwirkle-tournament: --games: expected an integer 1\\.\\.1000000, got '${bad_re}'\n${tournament_usage}")
  cli_case("tournament --max-turns '${bad}' refused" TOOL tournament ARGS --max-turns "${bad}" RC 2 OUT "^$"
    ERR "^qwirkle-tournament: --max-turns: expected an integer 1\\.\\.1000000, got '${bad_re}'\n${tournament_usage}")
endforeach()
foreach(bad abc -1 1025)
  cli_literal("${bad}" bad_re)
  cli_case("tournament --threads '${bad}' refused" TOOL tournament ARGS --threads "${bad}" RC 2 OUT "^$"
    ERR "^qwirkle-tournament: --threads: expected an integer 0\\.\\.1024, got '${bad_re}'\n${tournament_usage}")
endforeach()
foreach(bad abc 1 1,2,3 "+-1,0" 2000000000,0 "1, 2")
  cli_literal("${bad}" bad_re)
  cli_case("perft --forbid '${bad}' refused" TOOL perft ARGS --forbid "${bad}" INPUT "0,0,R1 | R2\n" RC 2 OUT "^$"
    ERR "^qwirkle-perft: --forbid: expected a cell x,y \\(integers within \\+-1000000000\\), got '${bad_re}'\nusage: qwirkle-perft ")
endforeach()
cli_case("play --seed at the top of its range" TOOL play ARGS --seed 18446744073709551615 --no-colour RC 0
  OUT "^Qwirkle: you are player 0 against 1 greedy bot \\(seed 18446744073709551615\\)")
cli_case("play --seed with a plus sign" TOOL play ARGS --seed +5 --no-colour RC 0 OUT "^Qwirkle: [^\n]*\\(seed 5\\)")
cli_case("demo seed at the top of its range" TOOL demo ARGS 18446744073709551615 --quiet RC 0
  OUT "^Qwirkle: 2 greedy bots, seed 18446744073709551615\n.*\nwinner:[^\n]+\n$")
cli_case("play --cards --players 5 refused" TOOL play ARGS --cards --players 5 RC 2 OUT "^$"
  ERR "^qwirkle-play: --players: the card game takes 2 to 4 players, got 5\n${play_usage}")
cli_case("tournament seeds past 2^64 refused" TOOL tournament ARGS --seed 18446744073709551615 --games 2 RC 2 OUT "^$"
  ERR "^qwirkle-tournament: --seed 18446744073709551615 with --games 2: the seeds [^\n]*\n${tournament_usage}")
# Missing values, unknown options, --help.
foreach(tool_option play:--seed play:--players play:--bots tournament:--games tournament:--csv perft:--forbid)
  string(REPLACE ":" ";" tool_option "${tool_option}")
  list(GET tool_option 0 t)
  list(GET tool_option 1 o)
  cli_case("${t} ${o} without a value refused" TOOL ${t} ARGS ${o} RC 2 OUT "^$" ERR "^qwirkle-${t}: ${o}: expected a value\nusage: ")
endforeach()
foreach(t perft cards-perft play demo tournament)
  cli_case("${t}: unknown option refused" TOOL ${t} ARGS --frobnicate RC 2 OUT "^$"
    ERR "^qwirkle-${t}: unknown option '--frobnicate'\nusage: qwirkle-${t} ")
  cli_case("${t} --help" TOOL ${t} ARGS --help RC 0 OUT "^usage: qwirkle-${t} ")
endforeach()
cli_case("demo: two seeds refused" TOOL demo ARGS 1 2 RC 2 OUT "^$" ERR "^qwirkle-demo: unexpected argument '2'\n")
cli_case("cards-perft: stray argument refused" TOOL cards-perft ARGS --best x RC 2 OUT "^$"
  ERR "^qwirkle-cards-perft: unexpected argument 'x'\nusage: qwirkle-cards-perft \\[--best\\]")
# Names that are not among the choices: a named error and the usage, exit status 2.
cli_case("tournament --game foo refused" TOOL tournament ARGS --game foo RC 2 OUT "^$"
  ERR "^qwirkle-tournament: --game: expected tiles or cards, got 'foo'\n${tournament_usage}")
cli_case("tournament --bots with no name refused" TOOL tournament ARGS --bots , RC 2 OUT "^$"
  ERR "^qwirkle-tournament: --bots: name at least one bot\n${tournament_usage}")
cli_case("tournament --bots nosuch refused" TOOL tournament ARGS --bots greedy,nosuch RC 2 OUT "^$"
  ERR "^qwirkle-tournament: --bots: unknown bot 'nosuch' \\(random, greedy, tactician, monte-carlo, expert\\)\n${tournament_usage}")
cli_case("play --bots nosuch refused" TOOL play ARGS --bots nosuch RC 2 OUT "^$"
  ERR "^qwirkle-play: unknown bot 'nosuch' \\(random, greedy, tactician, monte-carlo, expert\\)\n${play_usage}")
# The usage names the bots of both games from the library's lists (bot_names, card_bot_names).
cli_case("play --help names the bots" TOOL play ARGS --help RC 0 ERR "^$"
  OUT "^usage: qwirkle-play \\[--players 2-6\\] \\[--bots random\\|greedy\\|tactician\\|monte-carlo\\|expert\\] [^\n]*\n[^\n]*\n       qwirkle-play --cards \\[--players 2-4\\] \\[--bots greedy\\|cautious\\|expert\\] ")
cli_case("play --rules nosuch refused" TOOL play ARGS --rules nosuch RC 2 OUT "^$"
  ERR "^qwirkle-play: unknown rule set 'nosuch' [^\n]*\n${play_usage}")
cli_case("play --cards --edition 1000 refused" TOOL play ARGS --cards --edition 1000 RC 2 OUT "^$"
  ERR "^qwirkle-play: unknown edition '1000' \\(schmidt, 999\\)\n${play_usage}")
cli_case("play --cards --bots random refused" TOOL play ARGS --cards --bots random RC 2 OUT "^$"
  ERR "^qwirkle-play: unknown card bot 'random' \\(greedy, cautious, expert\\)\n${play_usage}")

# Nothing half-done: a bad option leaves the output files alone; an unwritable one costs no games.
cli_case("tournament: a bad option writes no CSV" TOOL tournament ARGS --csv @TMP@/games.csv --games 2 --rules nosuch
  RC 2 OUT "^$" ERR "^qwirkle-tournament: unknown rule set 'nosuch' " FILE_ABSENT @TMP@/games.csv)
cli_case("tournament: an unwritable CSV refused before any game" TOOL tournament
  ARGS --csv @TMP@/no/such/dir/games.csv --games 1000000 RC 2 OUT "^$"
  ERR "^qwirkle-tournament: --csv: cannot write '[^']*/no/such/dir/games.csv'\n")

# --- 8. The tournament's turn cap: a game still going after --max-turns turns is stopped, reported
# unfinished and left out of the table; normal games never reach the default cap.
cli_case("tournament: turn cap reports unfinished games" TOOL tournament
  ARGS --games 3 --max-turns 10 --quiet --json @TMP@/summary.json RC 0
  OUT "seeds 1\\.\\.3, turn cap 10\n.*\ntactician +0 +- +- +- +-\ngreedy +0 +- +- +- +-\nunfinished: 3 of 3 games reached the turn cap \\(--max-turns 10\\) and are left out of the table \\(seeds 1, 2, 3\\)\n$"
  FILE @TMP@/summary.json
  FILE_MATCH "^\\{\"game\":\"tiles\",\"games\":3,[^\n]*\"max_turns\":10,\"unfinished\":3,\"bots\":\\[\\{\"name\":\"tactician\",\"games\":0,\"win_rate\":null,")
cli_case("tournament: turn cap in the CSV" TOOL tournament
  ARGS --bots greedy,random --games 2 --max-turns 4 --quiet --csv @TMP@/games.csv RC 0 OUT "unfinished: 2 of 2 games"
  FILE @TMP@/games.csv
  FILE_MATCH "^game,seed,bot0,score0,bot1,score1,winners,turns,finished\n0,1,greedy,[0-9]+,random,[0-9]+,,4,0\n1,2,random,[0-9]+,greedy,[0-9]+,,4,0\n$")
cli_case("tournament: games under the default cap finish" TOOL tournament
  ARGS --bots greedy,random --games 4 --quiet --json @TMP@/summary.json --csv @TMP@/games.csv RC 0
  OUT "turn cap 1000\n.*\ngreedy +4 [^\n]*\nrandom +4 [^\n]*\n$" NOT_OUT "unfinished"
  FILE @TMP@/summary.json FILE_MATCH "\"max_turns\":1000,\"unfinished\":0,")
cli_case("tournament: turn cap in the card game" TOOL tournament ARGS --game cards --games 2 --max-turns 3 --quiet RC 0
  OUT "unfinished: 2 of 2 games reached the turn cap \\(--max-turns 3\\)")

# --- 1, 2. Card hands: at most 9 cards, an empty hand has no turn, and the card solver is bounded by
# the hand, not the table: the 12 complete rows (72 cards) with hands of 0, 1, 2 and 9 cards.
cli_case("cards-perft: a 10-card hand refused, the next line served" TOOL cards-perft
  INPUT "R1 R2 R3 | R4 R5 R6 O1 O2 O3 Y1 Y2 Y3 G1\nR1 R2 R3 | R4\n" RC 1
  OUT "^error: line 1, column 39, token \"G1\": a hand holds at most 9 cards \\(both editions deal 9\\)\nplays=1 maxcards=1 maxqwirkles=0\n$")
cli_case("cards-perft: a 36-card hand refused" TOOL cards-perft
  INPUT "| R1 O2 Y3 G4 B5 P6 R2 O3 Y4 G5 B6 P1 R3 O4 Y5 G6 B1 P2 R4 O5 Y6 G1 B2 P3 R5 O6 Y1 G2 B3 P4 R6 O1 Y2 G3 B4 P5\n" RC 1
  OUT "^error: line 1, column 30, token \"G5\": a hand holds at most 9 cards \\(both editions deal 9\\)\n$")
cli_case("cards-perft: an empty hand has no turn" TOOL cards-perft INPUT "R1 R2 R3 |\n|\n" RC 0
  OUT "^plays=0 maxcards=0 maxqwirkles=0\nplays=0 maxcards=0 maxqwirkles=0\n$")
set(complete_rows "R1 R2 R3 R4 R5 R6 / O1 O2 O3 O4 O5 O6 / Y1 Y2 Y3 Y4 Y5 Y6 / G1 G2 G3 G4 G5 G6 / B1 B2 B3 B4 B5 B6 / P1 P2 P3 P4 P5 P6 / R1 O1 Y1 G1 B1 P1 / R2 O2 Y2 G2 B2 P2 / R3 O3 Y3 G3 B3 P3 / R4 O4 Y4 G4 B4 P4 / R5 O5 Y5 G5 B5 P5 / R6 O6 Y6 G6 B6 P6")
cli_case("cards-perft: 12 complete rows with hands of 0, 1, 2, 9 cards, in time" TOOL cards-perft SECONDS 1
  INPUT "${complete_rows} |\n${complete_rows} | R1\n${complete_rows} | R1 O2\n${complete_rows} | R1 O2 Y3 G4 B5 P6 R2 O3 Y4\n" RC 0
  OUT "^plays=0 maxcards=0 maxqwirkles=0\nplays=1 maxcards=1 maxqwirkles=11\nplays=3 maxcards=2 maxqwirkles=11\nplays=511 maxcards=9 maxqwirkles=11\n$")

# --- 9. qwirkle-perft --endgame (issue 11): the exact endgame solver, lines `<board> | <hand to move> |
# <other hand>`; a malformed or impossible line prints `error: ...` (exit status 1) and the next is served.
cli_case("perft --endgame: answers and errors" TOOL perft ARGS --endgame
  INPUT "0,0,R1 1,0,R2 | R3 | G1\n0,0,R1 | B2 | G1\n0,0,R1 | R1\n0,0,R1 | R1 | R1 R1\n0,0,R1 | R1 | G2 | x\n0,0,R1 |  | G2\n0,0,R1 | G2 | Q7\n0,0,R1 0,0,R2 | R3 | G1\n# comment\n0,0,R1 | B2 | G2\n" RC 1
  OUT "^margin=9 best=-1,0,R3\nmargin=-8 best=pass\nerror: column 12: expected '<board> \\| <hand to move> \\| <other hand>': no second '\\|'\nerror: column 18, token \"R1\": more than 3 copies of R1\nerror: column 18, token \"\\|\": more than two '\\|'\nerror: column 9: the hand to move holds 1 to 6 tiles, not 0\nerror: column 15, token \"Q7\": unknown colour 'Q'[^\n]*\nerror: column 8, token \"0,0,R2\": cell 0,0 already holds R1\nmargin=0 best=pass\n$")
cli_case("perft --endgame: node budget spent" TOOL perft ARGS --endgame --nodes 5
  INPUT "0,0,R1 1,0,R2 2,0,R3 | R4 R5 B6 | G6 R6 Y1 G5 B5 O5\n0,0,R1 1,0,R2 | R3 | G1\n" RC 1
  OUT "^error: not solved within the budget \\(5 nodes\\)\nmargin=9 best=-1,0,R3\n$")
cli_case("perft --endgame --list refused" TOOL perft ARGS --endgame --list RC 2 OUT "^$"
  ERR "^qwirkle-perft: --endgame takes neither --list nor --forbid\nusage: qwirkle-perft ")
cli_case("perft --nodes without --endgame refused" TOOL perft ARGS --nodes 5 RC 2 OUT "^$"
  ERR "^qwirkle-perft: --nodes goes with --endgame\nusage: qwirkle-perft ")
foreach(bad abc 0 -1 1000000000001)
  cli_literal("${bad}" bad_re)
  cli_case("perft --nodes '${bad}' refused" TOOL perft ARGS --endgame --nodes "${bad}" RC 2 OUT "^$"
    ERR "^qwirkle-perft: --nodes: expected an integer 1\\.\\.1000000000000, got '${bad_re}'\nusage: qwirkle-perft ")
endforeach()

# --- 10. The search bots' budgets (issue 11): --think-ms (time per decision), --iterations (expert,
# reproducible); results identical for any --threads.
foreach(bad abc 0 -1 600001 1e3)
  cli_literal("${bad}" bad_re)
  cli_case("tournament --think-ms '${bad}' refused" TOOL tournament ARGS --think-ms "${bad}" RC 2 OUT "^$"
    ERR "^qwirkle-tournament: --think-ms: expected an integer 1\\.\\.600000, got '${bad_re}'\n${tournament_usage}")
endforeach()
foreach(bad abc 0 10000001)
  cli_literal("${bad}" bad_re)
  cli_case("tournament --iterations '${bad}' refused" TOOL tournament ARGS --iterations "${bad}" RC 2 OUT "^$"
    ERR "^qwirkle-tournament: --iterations: expected an integer 1\\.\\.10000000, got '${bad_re}'\n${tournament_usage}")
endforeach()
foreach(bad abc 0 10000001 2x)
  cli_literal("${bad}" bad_re)
  cli_case("tournament --playouts '${bad}' refused" TOOL tournament ARGS --playouts "${bad}" RC 2 OUT "^$"
    ERR "^qwirkle-tournament: --playouts: expected an integer 1\\.\\.10000000, got '${bad_re}'\n${tournament_usage}")
endforeach()
foreach(bad abc 0 1000000001 -5)
  cli_literal("${bad}" bad_re)
  cli_case("tournament --endgame-nodes '${bad}' refused" TOOL tournament ARGS --endgame-nodes "${bad}" RC 2 OUT "^$"
    ERR "^qwirkle-tournament: --endgame-nodes: expected an integer 1\\.\\.1000000000, got '${bad_re}'\n${tournament_usage}")
endforeach()
foreach(bad abc -1 1001 1.5)
  cli_literal("${bad}" bad_re)
  cli_case("tournament --tree-depth '${bad}' refused" TOOL tournament ARGS --tree-depth "${bad}" RC 2 OUT "^$"
    ERR "^qwirkle-tournament: --tree-depth: expected an integer 0\\.\\.1000, got '${bad_re}'\n${tournament_usage}")
endforeach()
foreach(bad abc -1 2 1.0)
  cli_literal("${bad}" bad_re)
  cli_case("tournament --endgame-guess '${bad}' refused" TOOL tournament ARGS --endgame-guess "${bad}" RC 2 OUT "^$"
    ERR "^qwirkle-tournament: --endgame-guess: expected an integer 0\\.\\.1, got '${bad_re}'\n${tournament_usage}")
endforeach()
foreach(opt --think-ms --playouts --endgame-nodes --tree-depth --endgame-guess)
  cli_case("tournament --game cards ${opt} refused" TOOL tournament ARGS --game cards ${opt} 1 RC 2 OUT "^$"
    ERR "^qwirkle-tournament: --think-ms, --iterations, --playouts, --endgame-nodes, --tree-depth and --endgame-guess are for the tile game's search bots\n${tournament_usage}")
endforeach()
cli_case("tournament: expert with a tree of depth one" TOOL tournament
  ARGS --bots expert,greedy --games 2 --iterations 20 --tree-depth 1 --quiet RC 0 SECONDS 30
  OUT "seeds 1\\.\\.2, turn cap 1000, 20 expert iterations per decision, expert tree depth 1\n.*\nexpert +2 [^\n]*\ngreedy +2 [^\n]*\n$")
cli_case("tournament: expert without the endgame solver's best guesses" TOOL tournament
  ARGS --bots expert,greedy --games 2 --iterations 20 --endgame-nodes 2000 --endgame-guess 0 --quiet RC 0 SECONDS 30
  OUT "seeds 1\\.\\.2, turn cap 1000, 20 expert iterations per decision, 2000 endgame nodes, expert endgame guess off\n.*\nexpert +2 [^\n]*\ngreedy +2 [^\n]*\n$")
cli_case("tournament: expert with an endgame node budget" TOOL tournament
  ARGS --bots expert,greedy --games 2 --iterations 20 --endgame-nodes 5000 --quiet RC 0 SECONDS 30
  OUT "seeds 1\\.\\.2, turn cap 1000, 20 expert iterations per decision, 5000 endgame nodes\n.*\nexpert +2 [^\n]*\ngreedy +2 [^\n]*\n$")
# Monte-Carlo at a fixed playout budget: the same games for any --threads; game 0 as recorded at
# 30 playouts (its default, 240, plays 193 against 183 there: the option reaches the bot).
foreach(threads 1 2)
  cli_case("tournament: monte-carlo with a playout budget (--threads ${threads})" TOOL tournament
    ARGS --bots monte-carlo,greedy --games 4 --playouts 30 --threads ${threads} --quiet --csv @TMP@/games.csv RC 0 SECONDS 30
    OUT "seeds 1\\.\\.4, turn cap 1000, 30 monte-carlo playouts per decision\n.*\nmonte-carlo +4 [^\n]*\ngreedy +4 [^\n]*\n$"
    FILE @TMP@/games.csv
    FILE_MATCH "^game,seed,bot0,score0,bot1,score1,winners,turns,finished\n0,1,monte-carlo,196,greedy,174,0,51,1\n1,2,greedy,[0-9]+,monte-carlo,[0-9]+,[0-9 ]+,[0-9]+,1\n")
endforeach()
foreach(threads 1 2)
  cli_case("tournament: expert with an iteration budget (--threads ${threads})" TOOL tournament
    ARGS --bots expert,greedy --games 2 --iterations 20 --threads ${threads} --quiet --csv @TMP@/games.csv RC 0 SECONDS 30
    OUT "seeds 1\\.\\.2, turn cap 1000, 20 expert iterations per decision\n.*\nexpert +2 [^\n]*\ngreedy +2 [^\n]*\n$"
    FILE @TMP@/games.csv
    FILE_MATCH "^game,seed,bot0,score0,bot1,score1,winners,turns,finished\n0,1,expert,[0-9]+,greedy,[0-9]+,[0-9 ]+,[0-9]+,1\n1,2,greedy,[0-9]+,expert,[0-9]+,[0-9 ]+,[0-9]+,1\n$")
endforeach()
cli_case("tournament: expert and monte-carlo with a time budget" TOOL tournament
  ARGS --bots expert,monte-carlo --games 1 --think-ms 2 --quiet RC 0 SECONDS 30
  OUT "turn cap 1000, 2 ms per search decision\n.*\nexpert +1 [^\n]*\nmonte-carlo +1 [^\n]*\n$")

# --- The round robin and its Elo ladder (issue 11): every pair plays, each seed from both seats.
cli_case("tournament --round-robin needs two players" TOOL tournament ARGS --round-robin --players 3 --bots random,greedy
  RC 2 OUT "^$" ERR "^qwirkle-tournament: --round-robin: games of two players only \\(--players 2\\)\n${tournament_usage}")
cli_case("tournament --round-robin needs two bots" TOOL tournament ARGS --round-robin --bots greedy
  RC 2 OUT "^$" ERR "^qwirkle-tournament: --round-robin: name at least two bots\n${tournament_usage}")
cli_case("tournament --round-robin refuses a bot named twice" TOOL tournament ARGS --round-robin --bots greedy,random,greedy
  RC 2 OUT "^$" ERR "^qwirkle-tournament: --round-robin: bot 'greedy' named twice\n${tournament_usage}")
cli_case("tournament --round-robin: every pair, the ladder and the matrix" TOOL tournament
  ARGS --round-robin --bots random,greedy,tactician --games 6 --quiet --csv @TMP@/rr.csv RC 0
  OUT "^round robin: 3 pairs x 6 games [^\n]*: 18 tiles games, 2 players, rules standard, seeds 1\\.\\.3,[^\n]*\n.*Elo ladder [^\n]*\nrank bot +Elo +95% interval\n.*random +\\+0 +\\(the anchor\\)\n.*win rate of the row's bot against the column's \\(6 games a pair\\)\n"
  FILE @TMP@/rr.csv FILE_MATCH "\n0,1,random,[0-9]+,greedy,[0-9]+,[^\n]*\n1,1,greedy,[0-9]+,random,[0-9]+,")
cli_case("tournament --round-robin of card bots" TOOL tournament ARGS --round-robin --game cards --bots greedy,cautious --games 4 --quiet
  RC 0 OUT "^round robin: 1 pairs x 4 games [^\n]*\n.*Elo ladder .*greedy +\\+0 +\\(the anchor\\)\n")
