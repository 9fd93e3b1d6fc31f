// The package under Node's test runner: Qwirkle Cards and the card solver through the WebAssembly module.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';

import { load, RuleError, cardActionText } from '../lib/index.js';

const q = await load();

test('cards perft: every line of tests/data/perft_cards.tsv, exactly as qwirkle-cards-perft prints it', () => {
  const rows = fs
    .readFileSync(new URL('../../tests/data/perft_cards.tsv', import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => l.split('\t'));
  assert.equal(rows.length, 20);
  for (const [position, want] of rows) assert.equal(q.cardsPerft(position), want, position);
  assert.equal(q.cardsPerft('R1 R2 R3 | R4'), 'plays=1 maxcards=1 maxqwirkles=0');
  assert.match(q.cardsPerft('| Q9', { lineNumber: 3 }), /^error: line 3, column 3, token "Q9": unknown colour 'Q'/);
  assert.equal(q.cardsPerft('# comment'), '');
  assert.match(q.cardsPerft('R1 R2 R3 | R4 R5 R6', { best: true }), /\nbest: R1 R2 R3 R4 R5 R6$/);
});

test("the solver on the rulebooks' examples (docs/rules.md 4.5)", () => {
  // Erik (999): two squares and the blue square taken from the blue row.
  const erik = q.cards.arrange('B1 B2 B3 B4', 'R4 G4');
  assert.equal(erik.ok, true);
  assert.equal(q.cards.checkTurn('B1 B2 B3 B4', 'R4 G4', erik.played, erik.table).ok, true);
  assert.equal(erik.table.flat().length, 6);
  // Danny (999): two greens, the green square moved in, the purple square refills the squares.
  const danny = q.cards.arrange('R4 Y4 G4 / P1 P2 P4 P5', 'G3 G1');
  assert.equal(danny.ok, true);
  assert.equal(q.cards.checkTurn('R4 Y4 G4 / P1 P2 P4 P5', 'G3 G1 R6', 'G3 G1', danny.table).ok, true);
  // The rulebook's own result is legal too, and a wrong one names the rule.
  assert.equal(q.cards.checkTurn('R4 Y4 G4 / P1 P2 P4 P5', 'G3 G1', 'G3 G1', 'G1 G3 G4 / R4 Y4 P4 / P1 P2 P5').ok, true);
  const mixed = q.cards.checkTurn('R4 Y4 G4 / P1 P2 P4 P5', 'G3 G1', 'G3 G1', 'G1 G3 G4 / R4 Y4 P4 / P1 P2 P5 G3');
  assert.equal(mixed.ok, false);
  const short = q.cards.checkTurn('R4 Y4 G4', 'G3 G1', 'G3 G1', 'R4 Y4 G4 / G1 G3');
  assert.equal(short.rule, 'row_too_short');
  assert.equal(short.row, 1);
  assert.equal(q.cards.checkTurn('', 'R1', 'R1 R2 R3', 'R1 R2 R3').rule, 'card_not_in_hand');
  assert.equal(q.cards.checkTurn('R1 R2 R3', 'R4', 'R4', 'R1 R2 R4').rule, 'table_card_missing');
  assert.equal(q.cards.arrange('R1 R2 R3', 'G5').ok, false);
  assert.equal(q.cards.arrange('R1 R2 R3', 'G5').rule, 'no_arrangement');
  // solve: Quinten's hand plays one card to each row.
  const best = q.cards.solve('R1 Y1 G1 / P1 P2 P3 | O1 P4', 'cards');
  assert.equal(best.cards, 2);
  assert.equal(q.cards.canPlay('R1 Y1 G1 | B5'), false);
  assert.equal(q.cards.canPlay('R1 Y1 G1 | B1'), true);
  assert.deepEqual(q.cards.playable('R1 R2 R3 | R4 G5').map((p) => p.join(' ')), ['R4']);
  assert.throws(() => q.cards.playable('| X1'), RuleError);
  assert.deepEqual(q.cards.parsePosition('R1 R2 R3 / B4 G4 Y4 | P6 P6'), { ok: true, table: [['R1', 'R2', 'R3'], ['B4', 'G4', 'Y4']], hand: ['P6', 'P6'] });
  assert.throws(() => q.cards.parsePosition('R1 G2 Y3 | P6'), /row 1: mixed row/);
  assert.equal(q.cards.solve('| R1 G2', 'qwirkles').rule, 'no_play');
});

for (const edition of ['schmidt', '999']) {
  test(`a ${edition} game: bots play it to the end; the record replays it; undo restores`, () => {
    const g = q.newCardGame({ seed: 5, players: 3, edition });
    const first = g.state();
    assert.equal(first.hands.flat().length + first.pile, 108);
    assert.equal(first.openingRow, edition === 'schmidt');
    const states = [first];
    const bots = ['greedy', 'cautious', 'expert'];
    let guard = 0;
    while (!g.terminal && guard++ < 300) {
      g.playBot(bots[g.currentPlayer]);
      states.push(g.state());
    }
    const s = g.state();
    assert.equal(s.terminal, true);
    const cards = s.table.flat().length + s.collected.flat(2).length + s.hands.flat().length + s.pile;
    assert.equal(cards, 108);
    assert.deepEqual(s.qwirkles, s.collected.map((c) => c.length));
    const top = Math.max(...s.qwirkles);
    assert.deepEqual(s.winners, s.qwirkles.flatMap((x, i) => (x === top ? [i] : [])));
    const again = q.loadCardGame(g.record());
    assert.deepEqual(again.state(), s);
    assert.equal(again.record(), g.record());
    assert.equal(g.undo(), true);
    assert.deepEqual(g.state(), states[states.length - 2]);
    g.dispose();
    again.dispose();
  });
}

test("a person's card turn: cards chosen from the hand, the solver arranges the table", () => {
  const g = q.newCardGame({ seed: 8, players: 2, edition: 'schmidt' });
  const s = g.state();
  const p = s.currentPlayer;
  // Schmidt's opening: exactly one largest group as the first row.
  const hint = g.hint();
  assert.equal(hint.ok, true);
  assert.equal(g.arrange(s.hands[p].slice(0, 1)).rule, 'row_too_short');
  if (hint.played.length >= 4) assert.equal(g.arrange(hint.played.slice(0, 3)).rule, 'opening_group');
  g.playCards(hint.played);
  assert.deepEqual(g.state().table, [hint.played]);
  // The next player: any playable part, arranged by the solver.
  const o = g.observe(g.currentPlayer);
  const parts = q.cards.playable(`${o.table.map((r) => r.join(' ')).join(' / ')} | ${o.hand.join(' ')}`);
  if (parts.length) {
    const turn = g.arrange(parts[0]);
    assert.equal(turn.ok, true);
    assert.equal(g.check({ played: turn.played, table: turn.table }).ok, true);
    const r = g.playCards(parts[0]);
    assert.equal(r.ok, true);
    assert.equal(g.undoTurn(r.player), 1);
  }
  assert.throws(() => g.cannotPlay(), (e) => e.rule === 'play_exists' || e.rule === 'opening_group');
  assert.equal(g.check('cannot', 1 - g.currentPlayer).rule, 'not_your_turn');
  assert.equal(g.arrange('X1').rule, 'parse_error');
  assert.equal(g.arrange('').rule, 'no_card_played');
  const absent = ['R1', 'O2', 'Y3', 'G4', 'B5', 'P6', 'R6'].find((c) => !o.hand.includes(c));
  assert.equal(g.arrange([absent]).rule, 'card_not_in_hand');
  assert.equal(g.check('play R1 ->').ok, false);
  assert.equal(g.check('dance').rule, 'parse_error');
  assert.equal(cardActionText({ played: ['R1'], table: [['R1', 'R2', 'R3']] }), 'play R1 -> R1 R2 R3');
  // The card bots' names come from the library (card_bot_names); an unknown one is refused by name.
  assert.deepEqual(q.cardBots, ['greedy', 'cautious', 'expert']);
  for (const name of q.cardBots) assert.equal(g.check(g.botAction(name)).ok, true);
  const before = g.state();
  assert.throws(() => g.botAction('deep-blue'),
    (e) => e.rule === 'unknown_bot' && e.message === "unknown card bot 'deep-blue' (greedy, cautious, expert)");
  assert.deepEqual(g.state(), before);
});

test('card records and settings: malformed ones are refused with the reason', () => {
  assert.throws(() => q.newCardGame({ players: 5 }), /players must be 2 to 4/);
  assert.throws(() => q.newCardGame({ edition: 'tenth' }), /unknown edition/);
  assert.throws(() => q.loadCardGame('qwirkle-game 1\n'), /line 1: a card record starts with 'qwirkle-cards 1'/);
  assert.throws(() => q.loadCardGame('qwirkle-cards 1\nedition 999\nplayers 2\nseed 1\ncannot\n'), /line 5: /);
  assert.throws(() => q.loadCardGame('qwirkle-cards 1\nplayers x\n'), /line 2: expected an integer/);
  const g = q.loadCardGame('qwirkle-cards 1\nedition 999\nplayers 4\nseed 77\n');
  assert.equal(g.state().edition, '999');
  assert.equal(g.state().players, 4);
  assert.ok(g.legalActions(3).length >= 1);
});
