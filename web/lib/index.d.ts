// Types of the qwirkle WebAssembly package (web/lib/index.js).

/** A tile or card: colour letter R O Y G B P + shape digit 1-6 (circle, cross, diamond, square, star, clover). */
export type Tile = string;
export interface Cell { x: number; y: number }
export interface Placement extends Cell { tile: Tile }
/** A placement move: `'0,0,R1 1,0,R2'` or its placements. */
export type Move = string | Placement[];
/** A tile-game action in the notation (`'0,0,R1'`, `'exchange R1 G2'`, `'pass'`, `'draw3'`, `'take 1,0'`) or as an object. */
export type Action =
  | string
  | Placement[]
  | { place: Placement[] }
  | { exchange: Tile[] | Tile }
  | { pass: true }
  | { drawThree: true }
  | { take: Cell };
export type ActionTile = 'draw3' | 'take';

/** The verdict on an action: ok, or the rule broken in the library's words. */
export interface Verdict {
  ok: boolean;
  /** The most specific rule: placement rules (`gap_in_line`, `mixed_line`, `no_contact`, ...), action
   * rules (`pass_not_allowed`, `exchange_bag_too_small`, `not_your_turn`, ...), take rules
   * (`in_qwirkle`, `disconnects`, ...), card rules (`mixed_row`, `row_too_short`, `opening_group`,
   * `play_exists`, `no_arrangement`, ...), or `parse_error`. */
  rule?: string;
  /** The broader action rule (`illegal_placement`, `illegal_turn`, ...). */
  actionRule?: string;
  /** One sentence for a player: `gap in the line at 3,0`. */
  message?: string;
  cell?: Cell;
  line?: 'row' | 'column';
  length?: number;
  tile?: Tile;
  card?: Tile;
  row?: number;
  seat?: number;
  limit?: number;
  /** parse_error: 1-based column (and line in a record) and the token. */
  column?: number;
  token?: string;
}

export declare class RuleError extends Error {
  readonly rule: string;
  readonly verdict: Verdict;
}

/** An action read from the notation. */
export interface ParsedAction {
  ok: true;
  kind: 'place' | 'exchange' | 'pass' | 'draw3' | 'take';
  /** The action in the library's canonical notation. */
  text: string;
  /** place: the placements; exchange: the tiles given back. */
  tiles?: Placement[] | Tile[];
  /** take: the cell. */
  cell?: Cell;
}

export interface ScoredMove {
  score: number;
  /** The move in the notation, placements sorted by cell. */
  move: string;
  tiles: Placement[];
}

export interface Preview extends Verdict { score?: number; qwirkles?: number; endsGame?: boolean }

export interface TurnRecord {
  player: number;
  kind: 'place' | 'exchange' | 'pass' | 'draw3' | 'take';
  action: string;
  score: number;
  bonus: number;
  tiles?: Placement[];
  /** Special tiles drawn (and shown) during the action. */
  revealed?: ActionTile[];
}

export interface TileView {
  game: 'tiles';
  rules: string;
  players: number;
  currentPlayer: number;
  terminal: boolean;
  endReason: 'running' | 'last_tile' | 'stalemate';
  turn: number;
  board: Placement[];
  scores: number[];
  bag: number;
  openingSize: number;
  actionsHeld: ActionTile[][];
  actionsUsed: ActionTile[][];
  actionThisTurn: boolean;
  forbidden: Cell | null;
  winners: number[];
  history: TurnRecord[];
}

/** Everything (every hand): for tools and tests. */
export interface TileState extends TileView {
  started: true;
  seed: string;
  handSize: number;
  hands: Tile[][];
  canPlace: boolean;
  canExchange: boolean;
  canPass: boolean;
}

/** What one player may know. */
export interface TileObservation extends TileView {
  player: number;
  hand: Tile[];
  handSizes: number[];
  handLimit: number;
  unseen: Tile[];
  specialsInBag: number;
  canExchange: boolean;
  canUse: { draw3: boolean; take: boolean };
}

export interface AppliedTurn {
  ok: true;
  turn: TurnRecord;
  terminal: boolean;
  currentPlayer: number;
}

export type BotName = 'random' | 'greedy' | 'tactician' | 'monte-carlo' | 'expert';
export type CardBotName = 'greedy' | 'cautious' | 'expert';

// Arguments of the wrong kind throw a TypeError naming the argument (a string where text goes, a number
// where a seat, count or budget goes); numbers out of range a RangeError (seats and counts are 32-bit
// integers, `player` -1 or a seat, `seconds` from 0 to 600, `salt` a non-negative safe integer). Then
// nothing has changed. A lone UTF-16 surrogate in text is read as U+FFFD (refused by the notation there).
declare class Handle {
  /** Frees the game's WebAssembly memory now (also done once the object is garbage-collected).
   *  Any later call but dispose() throws an Error saying the game was disposed. */
  dispose(): void;
}

export declare class TileGame extends Handle {
  state(): TileState;
  observe(player: number): TileObservation | null;
  readonly currentPlayer: number;
  readonly terminal: boolean;
  legalMoves(): ScoredMove[];
  legalActions(limit?: number): string[];
  hints(n?: number): ScoredMove[];
  check(action: Action, player?: number): Verdict;
  preview(move: Move): Preview;
  /** Throws RuleError (and changes nothing) when the action is refused. */
  apply(action: Action, player?: number): AppliedTurn;
  targets(pending: Move | null, tile: Tile): Cell[];
  /** `seconds`: a time budget a move for 'monte-carlo' and 'expert' (0, the default: their fixed, reproducible budgets). */
  botAction(name?: BotName, options?: { seconds?: number; salt?: number }): string;
  playBot(name?: BotName, options?: { seconds?: number; salt?: number }): AppliedTurn;
  suggestedExchange(): string;
  undo(): boolean;
  undoTurn(player: number): number;
  record(): string;
}

/** A card turn: the cards played and the whole table after it (Qwirkles still on it). */
export interface CardTurn {
  ok: true;
  played: Tile[];
  table: Tile[][];
  qwirkles: number;
  cards: number;
  /** The turn in the record's notation: `play R4 G4 -> B1 B2 B3 / R4 G4 B4`. */
  action: string;
}

export type CardAction = string | { played: Tile[] | string; table: Tile[][] | string } | { cannotPlay: true };

export interface CardHistoryEntry {
  player: number;
  kind: 'play' | 'redraw' | 'pass';
  played?: Tile[];
  table?: Tile[][];
  qwirkles: number;
  drawn: number;
}

export interface CardView {
  game: 'cards';
  edition: 'schmidt' | '999';
  players: number;
  currentPlayer: number;
  terminal: boolean;
  opening: boolean;
  /** Schmidt's opening: the first turn lays exactly one largest group as one row. */
  openingRow: boolean;
  finalRound: boolean;
  finalTurnsLeft: number;
  table: Tile[][];
  collected: Tile[][][];
  qwirkles: number[];
  winners: number[];
  history: CardHistoryEntry[];
  pile: number;
}

export interface CardState extends CardView { started: true; seed: string; hands: Tile[][]; startPlayer: number; redeals: number; canPlay: boolean }
export interface CardObservation extends CardView { player: number; hand: Tile[]; handSizes: number[] }

export interface AppliedCardAction {
  ok: true;
  player: number;
  action: string;
  kind: 'play' | 'redraw' | 'pass';
  qwirkles: number;
  terminal: boolean;
  currentPlayer: number;
}

export interface CardHint {
  ok: true;
  player: number;
  action: string;
  cannotPlay: boolean;
  played?: Tile[];
  table?: Tile[][];
  qwirkles?: number;
}

export declare class CardGame extends Handle {
  state(): CardState;
  observe(player: number): CardObservation | null;
  readonly currentPlayer: number;
  readonly terminal: boolean;
  arrange(cards: Tile[] | string): CardTurn | Verdict;
  playCards(cards: Tile[] | string): AppliedCardAction;
  check(action: CardAction, player?: number): Verdict;
  apply(action: CardAction, player?: number): AppliedCardAction;
  cannotPlay(): AppliedCardAction;
  canPlay(): boolean;
  hint(): CardHint;
  botAction(name?: CardBotName, options?: { salt?: number }): string;
  playBot(name?: CardBotName, options?: { salt?: number }): AppliedCardAction;
  legalActions(limit?: number): string[];
  undo(): boolean;
  undoTurn(player: number): number;
  record(): string;
}

export interface RulesInfo { name: string; minPlayers: number; maxPlayers: number; description: string }

export interface MovegenBench {
  ok: true; positions: number; movesPerPass: number; passes: number; seconds: number;
  /** null when the positions have no move at all. */
  nsPerPosition: number; nsPerMove: number | null; checksum: number;
}
export interface SelfplayBench { ok: true; games: number; turns: number; seconds: number; gamesPerSecond: number; checksum: number }

export declare class Qwirkle {
  readonly version: string;
  readonly rules: RulesInfo[];
  readonly bots: BotName[];
  readonly cardBots: CardBotName[];
  readonly editions: Array<'schmidt' | '999'>;
  readonly cards: {
    solve(position: string, goal?: 'qwirkles' | 'cards'): CardTurn | Verdict;
    arrange(table: Tile[][] | string, played: Tile[] | string): CardTurn | Verdict;
    canPlay(position: string): boolean;
    playable(position: string): Tile[][];
    checkTurn(before: Tile[][] | string, hand: Tile[] | string, played: Tile[] | string, after: Tile[][] | string): Verdict;
    parsePosition(text: string): { ok: true; table: Tile[][]; hand: Tile[] };
  };
  parseAction(text: string): ParsedAction;
  parsePosition(text: string): { ok: true; board: Placement[]; hand: Tile[] };
  newGame(options?: { seed?: number | bigint | string; players?: number; rules?: string; handSize?: number; ages?: number[] }): TileGame;
  loadGame(record: string): TileGame;
  newCardGame(options?: { seed?: number | bigint | string; players?: number; edition?: 'schmidt' | '999'; ages?: number[] }): CardGame;
  loadCardGame(record: string): CardGame;
  perft(line: string, options?: { list?: boolean; forbid?: string | Cell }): string;
  cardsPerft(line: string, options?: { best?: boolean; lineNumber?: number }): string;
  movesOf(position: string): ScoredMove[];
  checkMove(position: string, move: Move): Preview;
  benchMovegen(positions: string, seconds?: number): MovegenBench;
  benchSelfplay(games?: number): SelfplayBench;
}

export declare function moveText(move: Move): string;
export declare function actionText(action: Action): string;
export declare function cardActionText(action: CardAction): string;
/** Loads the module once; later calls return the same promise. */
export declare function load(options?: object): Promise<Qwirkle>;
export default load;
