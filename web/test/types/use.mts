// Compiled (not run) by test/types.test.mjs with tsc --strict: the package's types (lib/index.d.ts)
// describe what the package does, as a TypeScript user would call it.
import load, { RuleError, TileGame, CardGame, actionText, type ScoredMove, type Verdict, type CardTurn } from '../../lib/index.js';

export async function tour(): Promise<number> {
  const q = await load();
  const g: TileGame = q.newGame({ seed: 18446744073709551615n, players: 3, rules: 'mini' });
  const moves: ScoredMove[] = g.legalMoves();
  const first = g.apply(moves[0].tiles);
  let total: number = first.turn.score + first.turn.bonus;
  const verdict: Verdict = g.check({ exchange: ['R1', 'G2'] }, 1);
  if (!verdict.ok) total += verdict.rule?.length ?? 0;
  try {
    g.apply('pass');
  } catch (e) {
    if (e instanceof RuleError) total += e.verdict.cell?.x ?? 0;
  }
  const view = g.observe(0);
  if (view) total += view.hand.length + view.unseen.length + (view.canUse.take ? 1 : 0);
  total += g.targets(null, 'R1').length + g.hints(3).length + g.preview('0,0,R1').score!;
  g.playBot('monte-carlo', { seconds: 0.1 });
  const again: TileGame = q.loadGame(g.record());
  again.dispose();
  const c: CardGame = q.newCardGame({ edition: '999', players: 4, ages: [9, 31, 40, 12] });
  const turn = c.arrange(['R1', 'R2', 'R3']);
  if ('table' in turn) total += (turn as CardTurn).table.length;
  c.playBot('cautious');
  total += c.state().hands.length + (c.hint().qwirkles ?? 0) + q.cards.playable('| R1 R2 R3').length;
  const parsed = q.parseAction('take 1,2');
  total += (parsed.cell?.y ?? 0) + q.parsePosition('| R1').hand.length + q.cards.parsePosition('| R1').table.length;
  const line: string = q.perft('| R1 R2', { list: true, forbid: { x: 1, y: 0 } }) + q.cardsPerft('| R1', { best: true, lineNumber: 2 });
  // What the types refuse (each line must be an error, or tsc reports the directive unused):
  // @ts-expect-error an action is text, a move or an action object, not a number
  g.apply(42);
  // @ts-expect-error the editions are 'schmidt' and '999'
  q.newCardGame({ edition: 'tenth' });
  // @ts-expect-error a tile-game observation has no other hands
  total += g.observe(0)!.hands.length;
  // @ts-expect-error bots are named
  g.playBot('deep-blue');
  return total + line.length + actionText({ take: { x: 0, y: 1 } }).length + (q.benchMovegen('| R1', 0.01).nsPerMove ?? 0);
}
