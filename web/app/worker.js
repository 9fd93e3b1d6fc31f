// The bots' Web Worker: it loads the same WebAssembly module, replays the game record it is sent and
// answers with the bot's action for the player to act (the bot sees only that player's view), so
// that the page never waits on a bot.
import { load } from '../lib/index.js';

const ready = load();

self.onmessage = async ({ data }) => {
  const { id, game, record, bot, seconds = 0, salt = 0 } = data;
  try {
    const q = await ready;
    const g = game === 'cards' ? q.loadCardGame(record) : q.loadGame(record);
    const action = game === 'cards' ? g.botAction(bot, { salt }) : g.botAction(bot, { seconds, salt });
    g.dispose();
    self.postMessage({ id, action });
  } catch (e) {
    self.postMessage({ id, error: e.message ?? String(e) });
  }
};
