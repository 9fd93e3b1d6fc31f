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

function orThrow(verdict) {
  if (!verdict.ok) throw new RuleError(verdict);
  return verdict;
}

function seedText(seed) {
  if (seed === undefined || seed === null) return String(Math.floor(Math.random() * 2 ** 32));
  if (typeof seed === 'bigint') return seed.toString();
  if (typeof seed === 'number') {
    if (!Number.isSafeInteger(seed) || seed < 0) throw new RangeError('seed: a non-negative safe integer, a bigint or a decimal string');
    return String(seed);
  }
  return String(seed);
}

function agesText(ages) {
  return ages ? ages.join(' ') : '';
}

/** `[{x, y, tile}]` or `'x,y,T ...'` → the notation. */
export function moveText(move) {
  if (typeof move === 'string') return move;
  return move.map((p) => `${p.x},${p.y},${p.tile}`).join(' ');
}

/** A tile-game action in the notation, from text or an object. */
export function actionText(action) {
  if (typeof action === 'string') return action;
  if (Array.isArray(action)) return moveText(action);
  if (action.place) return moveText(action.place);
  if (action.exchange) return `exchange ${[].concat(action.exchange).join(' ')}`;
  if (action.pass) return 'pass';
  if (action.drawThree) return 'draw3';
  if (action.take) return `take ${action.take.x},${action.take.y}`;
  throw new TypeError('an action is a string in the notation, a move, or {place|exchange|pass|drawThree|take}');
}

const cardsText = (cards) => (typeof cards === 'string' ? cards : cards.join(' '));
const tableText = (table) => (typeof table === 'string' ? table : table.map((row) => cardsText(row)).join(' / '));

/** A card-game action in the package's notation, from text or an object. */
export function cardActionText(action) {
  if (typeof action === 'string') return action;
  if (action.cannotPlay) return 'cannot';
  if (action.played && action.table) return `play ${cardsText(action.played)} -> ${tableText(action.table)}`;
  throw new TypeError("a card action is text ('play CARDS -> TABLE', 'cannot') or {played, table} or {cannotPlay: true}");
}

const registry = typeof FinalizationRegistry === 'function' ? new FinalizationRegistry((raw) => raw.delete()) : null;

class Handle {
  constructor(raw) {
    this.raw = raw;
    registry?.register(this, raw, this);
  }
  /** Frees the game's WebAssembly memory now (it is also freed once the object is collected). */
  dispose() {
    if (!this.raw) return;
    registry?.unregister(this);
    this.raw.delete();
    this.raw = null;
  }
}

/** A game of Qwirkle (the tile game). */
export class TileGame extends Handle {
  /** Everything, hidden information included (every hand): for tools and tests. */
  state() { return parse(this.raw.state()); }
  /** What one player may know: the view a person plays from. */
  observe(player) { return parse(this.raw.observe(player)); }
  /** The seat to act, or -1 once the game is over. */
  get currentPlayer() { return this.state().currentPlayer; }
  get terminal() { return this.state().terminal; }
  /** Every legal placement of the player to act, with its score. */
  legalMoves() { return parse(this.raw.legalMoves()); }
  /** Every legal action of the player to act, in the notation (at most `limit`). */
  legalActions(limit = 0) { return parse(this.raw.legalActions(limit)); }
  /** The n best placements, highest score first. */
  hints(n = 5) { return parse(this.raw.hints(n)); }
  /** The verdict on an action without playing it: `{ok}` or `{ok: false, rule, message, ...}`. */
  check(action, player = -1) { return parse(this.raw.check(actionText(action), player)); }
  /** A placement's score (and Qwirkles) before it is played, or the verdict naming the rule. */
  preview(move) { return parse(this.raw.preview(moveText(move))); }
  /** Plays an action for the player to act (or for `player`, refusing `not_your_turn`). Returns the
   * turn as it happened; throws a RuleError naming the rule, and then nothing changed. */
  apply(action, player = -1) { return orThrow(parse(this.raw.apply(actionText(action), player))); }
  /** The free cells where `tile` may go given the tiles already put down this turn. */
  targets(pending, tile) { return parse(this.raw.targets(moveText(pending ?? ''), tile)); }
  /** The named bot's choice for the player to act (it sees only that player's view); not played.
   *  `seconds`: a time budget a move for 'monte-carlo' and 'expert' (0: their fixed, reproducible budgets). */
  botAction(name = 'greedy', { seconds = 0, salt = 0 } = {}) { return orThrow(parse(this.raw.botAction(name, seconds, salt))).action; }
  /** Lets the named bot play for the player to act. */
  playBot(name = 'greedy', options = {}) { return this.apply(this.botAction(name, options)); }
  /** Duplicates and tiles outside the hand's largest group, for an exchange (notation). */
  suggestedExchange() { return this.raw.suggestedExchange(); }
  /** Takes back the last action. */
  undo() { return this.raw.undo(); }
  /** Takes back `player`'s last turn and everything played after it; the number of actions taken back. */
  undoTurn(player) { return this.raw.undoTurn(player); }
  /** The game record (`qwirkle-game 1` ...), which `loadGame` replays exactly. */
  record() { return this.raw.record(); }
}

/** A game of Qwirkle Cards. */
export class CardGame extends Handle {
  state() { return parse(this.raw.state()); }
  observe(player) { return parse(this.raw.observe(player)); }
  get currentPlayer() { return this.state().currentPlayer; }
  get terminal() { return this.state().terminal; }
  /** The turn playing these cards for the player to act, the solver arranging the table (Schmidt's
   * opening: the cards as the first row); `{ok: false, rule, message}` when they cannot be played. */
  arrange(cards) { return parse(this.raw.arrange(cardsText(cards))); }
  /** arrange + apply: plays the cards, the solver arranging the table. Throws a RuleError. */
  playCards(cards) { return orThrow(parse(this.raw.playCards(cardsText(cards)))); }
  check(action, player = -1) { return parse(this.raw.check(cardActionText(action), player)); }
  apply(action, player = -1) { return orThrow(parse(this.raw.apply(cardActionText(action), player))); }
  /** Declares that the player to act cannot play (refused while a play exists). */
  cannotPlay() { return this.apply('cannot'); }
  /** Can the player to act play any card (exact)? */
  canPlay() { return this.raw.canPlay(); }
  /** The best turn for the player to act (most Qwirkles, then most cards), or `{cannotPlay: true}`. */
  hint() { return orThrow(parse(this.raw.hint())); }
  botAction(name = 'greedy', { salt = 0 } = {}) { return orThrow(parse(this.raw.botAction(name, salt))).action; }
  playBot(name = 'greedy', options = {}) { return this.apply(this.botAction(name, options)); }
  /** Every legal action (one per distinct outcome), in the notation. */
  legalActions(limit = 0) { return parse(this.raw.legalActions(limit)); }
  undo() { return this.raw.undo(); }
  undoTurn(player) { return this.raw.undoTurn(player); }
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
      solve: (position, goal = 'qwirkles') => parse(m.cardsSolve(position, goal)),
      /** A legal arrangement of the table with these cards added, or `{ok: false}`. */
      arrange: (table, played) => parse(m.cardsArrange(tableText(table), cardsText(played))),
      canPlay: (position) => orThrow(parse(m.cardsCanPlay(position))).canPlay,
      /** Every distinct playable part of the hand. */
      playable: (position) => { const r = parse(m.cardsPlayable(position)); if (!Array.isArray(r)) throw new RuleError(r); return r; },
      /** A card position `<table> | <hand>` read: `{table, hand}`; throws a RuleError (parse_error). */
      parsePosition: (text) => orThrow(parse(m.cardsParsePosition(text))),
      /** The rule a turn breaks (`{ok: true}` when legal). */
      checkTurn: (before, hand, played, after) =>
        parse(m.cardsCheckTurn(tableText(before), cardsText(hand), cardsText(played), tableText(after))),
    };
  }

  /** A new tile game. Throws a RangeError naming the problem for impossible settings. */
  newGame({ seed, players = 2, rules = 'standard', handSize = 0, ages } = {}) {
    const raw = new this.module.TileGame();
    const why = raw.start(players, seedText(seed), rules, handSize, agesText(ages));
    if (why) { raw.delete(); throw new RangeError(why); }
    return new TileGame(raw);
  }

  /** The game a record describes, replayed. Throws a SyntaxError naming the line and the reason. */
  loadGame(record) {
    const raw = new this.module.TileGame();
    const why = raw.load(record);
    if (why) { raw.delete(); throw new SyntaxError(why); }
    return new TileGame(raw);
  }

  /** A new card game: edition 'schmidt' (default) or '999'. */
  newCardGame({ seed, players = 2, edition = 'schmidt', ages } = {}) {
    const raw = new this.module.CardGame();
    const why = raw.start(players, seedText(seed), edition, agesText(ages));
    if (why) { raw.delete(); throw new RangeError(why); }
    return new CardGame(raw);
  }

  loadCardGame(record) {
    const raw = new this.module.CardGame();
    const why = raw.load(record);
    if (why) { raw.delete(); throw new SyntaxError(why); }
    return new CardGame(raw);
  }

  /** Exactly what `qwirkle-perft` prints for one line `<board> | <hand>` ('' for a skipped line). */
  perft(line, { list = false, forbid = '' } = {}) {
    return this.module.perft(line, list, typeof forbid === 'string' ? forbid : `${forbid.x},${forbid.y}`);
  }

  /** Exactly what `qwirkle-cards-perft` prints for one line `<table> | <hand>` (its line number for errors). */
  cardsPerft(line, { best = false, lineNumber = 1 } = {}) {
    return this.module.cardsPerft(line, best, lineNumber);
  }

  /** An action in the notation read by the library: `{kind, text, tiles | cell}` (text: the canonical
   * notation); throws a RuleError (`parse_error`, with the column) when it is not notation. */
  parseAction(text) { return orThrow(parse(this.module.parseAction(text))); }

  /** A position `<board> | <hand>` read and checked as qwirkle-perft checks it: `{board, hand}`. */
  parsePosition(text) { return orThrow(parse(this.module.parsePosition(text))); }

  /** Every legal placement on a position `<board> | <hand>` with its score. */
  movesOf(position) {
    const r = parse(this.module.movesOf(position));
    if (!Array.isArray(r)) throw new RuleError(r);
    return r;
  }

  /** A placement's verdict on a position, and its score when legal. */
  checkMove(position, move) { return parse(this.module.checkMove(position, moveText(move))); }

  /** Move generation speed: count_moves over positions (lines `<board> | <hand>`) for `seconds`. */
  benchMovegen(positions, seconds = 1) { return parse(this.module.benchMovegen(positions, seconds)); }
  /** Greedy self-play through the game API: games per second. */
  benchSelfplay(games = 100) { return parse(this.module.benchSelfplay(games)); }
}

let loading = null;

/** Loads the WebAssembly module once (the wasm is embedded: no file to fetch, in a page, a worker or Node). */
export function load(options = {}) {
  if (!loading) loading = createQwirkleModule(options).then((module) => new Qwirkle(module));
  return loading;
}

export default load;
