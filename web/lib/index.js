// qwirkle — the rules library compiled to WebAssembly, as an ES module.
//
//   import { load } from 'qwirkle-wasm';
//   const q = await load();
//   const game = q.newGame({ seed: 42, players: 2 });
//   game.apply(game.hints(1)[0].move);          // throws a RuleError naming the rule when illegal
//
// Every call goes to the C++ library (web/src/*.hpp) and comes back as plain objects. Actions are
// written in the library's notation (`0,0,R1 1,0,R2`, `exchange R1 G2`, `pass`, `draw3`,
// `take x,y`; cards: `play R1 R2 -> <table>`, `cannot`) or given as objects (see index.d.ts).
import createQwirkleModule from '../dist/qwirkle.mjs';

/** An action refused by the rules, or text the notation does not accept. */
export class RuleError extends Error {
  constructor(verdict) {
    super(verdict.message);
    this.name = 'RuleError';
    /** The most specific rule broken: `gap_in_line`, `mixed_row`, `parse_error`, ... */
    this.rule = verdict.rule;
    /** The whole verdict as the library gave it (cell, line, length, tile, column, ...). */
    this.verdict = verdict;
  }
}

const parse = (text) => JSON.parse(text);

// ---- arguments, checked before they cross into WebAssembly ----------------------------------------
// embind turns a number that is no 32-bit integer into one without a word (undefined, NaN, 1.5,
// 2 ** 32: seat 0 or 1), refuses a non-string with its own BindingError, and encodes a lone UTF-16
// surrogate together with the character after it (which vanishes: a line break, a space). So every
// argument is checked here: a TypeError for the wrong kind of value, a RangeError for a number out of
// range, each naming the argument.

const kind = (v) => (v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'string' ? JSON.stringify(v).slice(0, 40) : typeof v === 'number' ? String(v) : typeof v === 'bigint' ? `${v}n (a bigint)` : typeof v);

/** A 32-bit integer (or within [min, max]): TypeError when not a number, RangeError otherwise. */
function int(what, v, min = -(2 ** 31), max = 2 ** 31 - 1) {
  if (typeof v !== 'number') throw new TypeError(`${what}: an integer, not ${kind(v)}`);
  if (!Number.isInteger(v) || v < min || v > max) throw new RangeError(`${what}: an integer from ${min} to ${max}, not ${v}`);
  return v + 0;  // (-0 is 0)
}

/** A seat argument: -1 (the default) is the player to act; any other is a seat, refused when not the one to act. */
const seat = (player) => int('player', player, -1);

/** Most seconds a call may be asked to take (as the tournament's --think-ms, at most 600,000 ms). */
const maxSeconds = 600;

/** A number of seconds from 0 (none) to maxSeconds: no call runs for longer than that. */
function seconds(what, v) {
  if (typeof v !== 'number') throw new TypeError(`${what}: a number of seconds, not ${kind(v)}`);
  if (!(v >= 0 && v <= maxSeconds)) throw new RangeError(`${what}: a number of seconds from 0 to ${maxSeconds}, not ${v}`);
  return v;
}

// (A pair, else a lone half: no lookbehind, which Safari before 16.4 cannot parse.)
const surrogates = /[\uD800-\uDBFF][\uDC00-\uDFFF]|[\uD800-\uDFFF]/g;

/** Text for the library; a lone surrogate becomes U+FFFD, one character the notation refuses where it stands. */
function text(what, v) {
  if (typeof v !== 'string') throw new TypeError(`${what}: a string, not ${kind(v)}`);
  return v.replace(surrogates, (m) => (m.length === 2 ? m : '\uFFFD'));
}

/** One tile or card in an array: a string without spaces or separators (which would change the notation). */
function piece(what, v) {
  if (typeof v !== 'string' || !/^[^\s/|#]+$/.test(v)) throw new TypeError(`${what}: a tile like 'R1', not ${kind(v)}`);
  return text(what, v);
}

function orThrow(verdict) {
  if (!verdict.ok) throw new RuleError(verdict);
  return verdict;
}

function seedText(seed) {
  if (seed === undefined || seed === null) return String(Math.floor(Math.random() * 2 ** 32));
  if (typeof seed === 'bigint') return seed.toString();
  if (typeof seed === 'number') {
    if (!Number.isSafeInteger(seed) || seed < 0) throw new RangeError('seed: a non-negative safe integer, a bigint or a decimal string');
    return String(seed + 0);
  }
  if (typeof seed !== 'string') throw new TypeError(`seed: a non-negative safe integer, a bigint or a decimal string, not ${kind(seed)}`);
  return text('seed', seed);
}

function agesText(ages) {
  if (ages === undefined || ages === null) return '';
  if (!Array.isArray(ages)) throw new TypeError(`ages: an array of integers, not ${kind(ages)}`);
  return Array.from(ages, (a) => int('ages', a)).join(' ');
}

const cellText = (what, c) => {
  if (c === null || typeof c !== 'object') throw new TypeError(`${what}: a cell {x, y}, not ${kind(c)}`);
  return `${int(`${what}.x`, c.x)},${int(`${what}.y`, c.y)}`;
};

/** `[{x, y, tile}]` or `'x,y,T ...'` → the notation. */
export function moveText(move) {
  if (typeof move === 'string') return text('move', move);
  if (!Array.isArray(move)) throw new TypeError(`a move is text ('0,0,R1 1,0,R2') or an array of {x, y, tile}, not ${kind(move)}`);
  return move.map((p) => `${cellText('a placement', p)},${piece('a placement\'s tile', p.tile)}`).join(' ');
}

/** A tile-game action in the notation, from text or an object. */
export function actionText(action) {
  if (typeof action === 'string') return text('action', action);
  if (Array.isArray(action)) return moveText(action);
  if (action === null || typeof action !== 'object') action = {};
  if (action.place) return moveText(action.place);
  if (action.exchange) return `exchange ${[].concat(action.exchange).map((t) => piece('exchange', t)).join(' ')}`;
  if (action.pass) return 'pass';
  if (action.drawThree) return 'draw3';
  if (action.take) return `take ${cellText('take', action.take)}`;
  throw new TypeError('an action is a string in the notation, a move, or {place|exchange|pass|drawThree|take}');
}

function cardsText(cards, what = 'cards') {
  if (typeof cards === 'string') return text(what, cards);
  if (!Array.isArray(cards)) throw new TypeError(`${what}: text ('R1 R2') or an array of cards, not ${kind(cards)}`);
  return cards.map((c) => piece(what, c)).join(' ');
}
function tableText(table, what = 'table') {
  if (typeof table === 'string') return text(what, table);
  if (!Array.isArray(table)) throw new TypeError(`${what}: text ('R1 R2 R3 / G1 G2 G3') or an array of rows, not ${kind(table)}`);
  return table.map((row) => {
    if (!Array.isArray(row)) throw new TypeError(`${what}: each row an array of cards, not ${kind(row)}`);
    return cardsText(row, what);
  }).join(' / ');
}

/** A card-game action in the package's notation, from text or an object. */
export function cardActionText(action) {
  if (typeof action === 'string') return text('card action', action);
  if (action !== null && typeof action === 'object') {
    if (action.cannotPlay) return 'cannot';
    if (action.played && action.table) return `play ${cardsText(action.played, 'played')} -> ${tableText(action.table)}`;
  }
  throw new TypeError("a card action is text ('play CARDS -> TABLE', 'cannot') or {played, table} or {cannotPlay: true}");
}

const registry = typeof FinalizationRegistry === 'function' ? new FinalizationRegistry((raw) => raw.delete()) : null;

class Handle {
  #raw;
  constructor(raw) {
    this.#raw = raw;
    registry?.register(this, raw, this);
  }
  /** The embind object; after dispose() an Error saying so (not a TypeError about null). */
  get raw() {
    if (!this.#raw) throw new Error('this game was disposed (dispose() frees it; start or load another)');
    return this.#raw;
  }
  /** Frees the game's WebAssembly memory now (it is also freed once the object is collected). */
  dispose() {
    if (!this.#raw) return;
    registry?.unregister(this);
    this.#raw.delete();
    this.#raw = null;
  }
}

/** A game of Qwirkle (the tile game). */
export class TileGame extends Handle {
  /** Everything, hidden information included (every hand): for tools and tests. */
  state() { return parse(this.raw.state()); }
  /** What one player may know: the view a person plays from. */
  observe(player) { return parse(this.raw.observe(int('player', player))); }
  /** The seat to act, or -1 once the game is over. */
  get currentPlayer() { return this.state().currentPlayer; }
  get terminal() { return this.state().terminal; }
  /** Every legal placement of the player to act, with its score. */
  legalMoves() { return parse(this.raw.legalMoves()); }
  /** Every legal action of the player to act, in the notation (at most `limit`). */
  legalActions(limit = 0) { return parse(this.raw.legalActions(int('limit', limit))); }
  /** The n best placements, highest score first. */
  hints(n = 5) { return parse(this.raw.hints(int('n', n))); }
  /** The verdict on an action without playing it: `{ok}` or `{ok: false, rule, message, ...}`. */
  check(action, player = -1) { return parse(this.raw.check(actionText(action), seat(player))); }
  /** A placement's score (and Qwirkles) before it is played, or the verdict naming the rule. */
  preview(move) { return parse(this.raw.preview(moveText(move))); }
  /** Plays an action for the player to act (or for `player`, refusing `not_your_turn`). Returns the
   * turn as it happened; throws a RuleError naming the rule, and then nothing changed. */
  apply(action, player = -1) { return orThrow(parse(this.raw.apply(actionText(action), seat(player)))); }
  /** The free cells where `tile` may go given the tiles already put down this turn. */
  targets(pending, tile) { return parse(this.raw.targets(moveText(pending ?? ''), text('tile', tile))); }
  /** The named bot's choice for the player to act (it sees only that player's view); not played.
   *  `seconds`: a time budget a move for 'monte-carlo' and 'expert' (0: their fixed, reproducible budgets). */
  botAction(name = 'greedy', { seconds: s = 0, salt = 0 } = {}) {
    return orThrow(parse(this.raw.botAction(text('bot', name), seconds('seconds', s), int('salt', salt, 0, Number.MAX_SAFE_INTEGER)))).action;
  }
  /** Lets the named bot play for the player to act. */
  playBot(name = 'greedy', options = {}) { return this.apply(this.botAction(name, options)); }
  /** Duplicates and tiles outside the hand's largest group, for an exchange (notation). */
  suggestedExchange() { return this.raw.suggestedExchange(); }
  /** Takes back the last action. */
  undo() { return this.raw.undo(); }
  /** Takes back `player`'s last turn and everything played after it; the number of actions taken back. */
  undoTurn(player) { return this.raw.undoTurn(int('player', player)); }
  /** The game record (`qwirkle-game 1` ...), which `loadGame` replays exactly. */
  record() { return this.raw.record(); }
}

/** A game of Qwirkle Cards. */
export class CardGame extends Handle {
  state() { return parse(this.raw.state()); }
  observe(player) { return parse(this.raw.observe(int('player', player))); }
  get currentPlayer() { return this.state().currentPlayer; }
  get terminal() { return this.state().terminal; }
  /** The turn playing these cards for the player to act, the solver arranging the table (Schmidt's
   * opening: the cards as the first row); `{ok: false, rule, message}` when they cannot be played. */
  arrange(cards) { return parse(this.raw.arrange(cardsText(cards))); }
  /** arrange + apply: plays the cards, the solver arranging the table. Throws a RuleError. */
  playCards(cards) { return orThrow(parse(this.raw.playCards(cardsText(cards)))); }
  check(action, player = -1) { return parse(this.raw.check(cardActionText(action), seat(player))); }
  apply(action, player = -1) { return orThrow(parse(this.raw.apply(cardActionText(action), seat(player)))); }
  /** Declares that the player to act cannot play (refused while a play exists). */
  cannotPlay() { return this.apply('cannot'); }
  /** Can the player to act play any card (exact)? */
  canPlay() { return this.raw.canPlay(); }
  /** The best turn for the player to act (most Qwirkles, then most cards), or `{cannotPlay: true}`. */
  hint() { return orThrow(parse(this.raw.hint())); }
  botAction(name = 'greedy', { salt = 0 } = {}) {
    return orThrow(parse(this.raw.botAction(text('bot', name), int('salt', salt, 0, Number.MAX_SAFE_INTEGER)))).action;
  }
  playBot(name = 'greedy', options = {}) { return this.apply(this.botAction(name, options)); }
  /** Every legal action (one per distinct outcome), in the notation. */
  legalActions(limit = 0) { return parse(this.raw.legalActions(int('limit', limit))); }
  undo() { return this.raw.undo(); }
  undoTurn(player) { return this.raw.undoTurn(int('player', player)); }
  /** The game record (`qwirkle-cards 1` ...), which `loadCardGame` replays exactly. */
  record() { return this.raw.record(); }
}

/** The library, loaded: games, tools and the card solver. */
export class Qwirkle {
  constructor(module) {
    this.module = module;
    this.version = module.version();
    /** The rule sets of the tile game: `{name, minPlayers, maxPlayers, description}`. */
    this.rules = parse(module.rules());
    /** The tile game's bots, by name (the library's list, as `make_bot` knows them). */
    this.bots = parse(module.bots());
    /** The card game's bots, by name (the library's list, as `make_card_bot` knows them). */
    this.cardBots = parse(module.cardBots());
    this.editions = ['schmidt', '999'];
    const m = module;
    /** The card solver on positions in the card notation. */
    this.cards = {
      /** The best turn for `<table> | <hand>`: goal 'qwirkles' (then cards) or 'cards' (then Qwirkles). */
      solve: (position, goal = 'qwirkles') => {
        if (goal !== 'qwirkles' && goal !== 'cards') throw new RangeError(`goal: 'qwirkles' or 'cards', not ${kind(goal)}`);
        return parse(m.cardsSolve(text('position', position), goal));
      },
      /** A legal arrangement of the table with these cards added, or `{ok: false}`. */
      arrange: (table, played) => parse(m.cardsArrange(tableText(table), cardsText(played))),
      canPlay: (position) => orThrow(parse(m.cardsCanPlay(text('position', position)))).canPlay,
      /** Every distinct playable part of the hand. */
      playable: (position) => { const r = parse(m.cardsPlayable(text('position', position))); if (!Array.isArray(r)) throw new RuleError(r); return r; },
      /** A card position `<table> | <hand>` read: `{table, hand}`; throws a RuleError (parse_error). */
      parsePosition: (position) => orThrow(parse(m.cardsParsePosition(text('position', position)))),
      /** The rule a turn breaks (`{ok: true}` when legal). */
      checkTurn: (before, hand, played, after) =>
        parse(m.cardsCheckTurn(tableText(before, 'before'), cardsText(hand, 'hand'), cardsText(played, 'played'), tableText(after, 'after'))),
    };
  }

  /** A new tile game. Throws a RangeError naming the problem for impossible settings. */
  newGame({ seed, players = 2, rules = 'standard', handSize = 0, ages } = {}) {
    const args = [int('players', players), seedText(seed), text('rules', rules), int('handSize', handSize), agesText(ages)];
    const raw = new this.module.TileGame();
    const why = raw.start(...args);
    if (why) { raw.delete(); throw new RangeError(why); }
    return new TileGame(raw);
  }

  /** The game a record describes, replayed. Throws a SyntaxError naming the line and the reason. */
  loadGame(record) {
    record = text('record', record);
    const raw = new this.module.TileGame();
    const why = raw.load(record);
    if (why) { raw.delete(); throw new SyntaxError(why); }
    return new TileGame(raw);
  }

  /** A new card game: edition 'schmidt' (default) or '999'. */
  newCardGame({ seed, players = 2, edition = 'schmidt', ages } = {}) {
    const args = [int('players', players), seedText(seed), text('edition', edition), agesText(ages)];
    const raw = new this.module.CardGame();
    const why = raw.start(...args);
    if (why) { raw.delete(); throw new RangeError(why); }
    return new CardGame(raw);
  }

  loadCardGame(record) {
    record = text('record', record);
    const raw = new this.module.CardGame();
    const why = raw.load(record);
    if (why) { raw.delete(); throw new SyntaxError(why); }
    return new CardGame(raw);
  }

  /** Exactly what `qwirkle-perft` prints for one line `<board> | <hand>` ('' for a skipped line). */
  perft(line, { list = false, forbid = '' } = {}) {
    return this.module.perft(text('line', line), Boolean(list), typeof forbid === 'string' ? text('forbid', forbid) : cellText('forbid', forbid));
  }

  /** Exactly what `qwirkle-cards-perft` prints for one line `<table> | <hand>` (its line number for errors). */
  cardsPerft(line, { best = false, lineNumber = 1 } = {}) {
    return this.module.cardsPerft(text('line', line), Boolean(best), int('lineNumber', lineNumber));
  }

  /** An action in the notation read by the library: `{kind, text, tiles | cell}` (text: the canonical
   * notation); throws a RuleError (`parse_error`, with the column) when it is not notation. */
  parseAction(action) { return orThrow(parse(this.module.parseAction(text('action', action)))); }

  /** A position `<board> | <hand>` read and checked as qwirkle-perft checks it: `{board, hand}`. */
  parsePosition(position) { return orThrow(parse(this.module.parsePosition(text('position', position)))); }

  /** Every legal placement on a position `<board> | <hand>` with its score. */
  movesOf(position) {
    const r = parse(this.module.movesOf(text('position', position)));
    if (!Array.isArray(r)) throw new RuleError(r);
    return r;
  }

  /** A placement's verdict on a position, and its score when legal. */
  checkMove(position, move) { return parse(this.module.checkMove(text('position', position), moveText(move))); }

  /** Move generation speed: count_moves over positions (lines `<board> | <hand>`) for `seconds`. */
  benchMovegen(positions, s = 1) { return parse(this.module.benchMovegen(text('positions', positions), seconds('seconds', s))); }
  /** Greedy self-play through the game API: games per second. */
  benchSelfplay(games = 100) { return parse(this.module.benchSelfplay(int('games', games, 1))); }
}

let loading = null;

/** Loads the WebAssembly module once (the wasm is embedded: no file to fetch, in a page, a worker or Node). */
export function load(options = {}) {
  if (!loading) loading = createQwirkleModule(options).then((module) => new Qwirkle(module));
  return loading;
}

export default load;
