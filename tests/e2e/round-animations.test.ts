/**
 * A round's animations stay in their round (issue 23, item 6): with quick
 * bots, Gift Trap's reveal queues the opened gifts' flights faster than they
 * play, and the round ends while some are still to come. They used to play
 * over the next round's new cards. Now the next round's layout cuts them
 * (client/src/games/common/timeline.ts, enterRound): from the frame the board
 * shows round N, no flight of an earlier round is on the table.
 *
 * A probe in the page checks every animation frame: the board's label says
 * the round it shows (`board:round:N`), each flying gift the round it was
 * opened in (`flight:K`).
 *
 * Needs `npm run build` first.
 */
import { describe, expect, it } from '@jest/globals';
import { useBrowserAndServer } from './use-browser.js';
import { watchBots } from './watch-bots.js';

const env = useBrowserAndServer({ FIRESIDE_BOT_DELAY_MS: '100' });

interface Probe {
  /** The rounds the board has shown, in order. */
  rounds: number[];
  /** Flights seen at all (there were animations to spill). */
  flights: number;
  /** Flights of an earlier round seen on the board of a later one: "K→N". */
  spills: string[];
}

describe('round animations', () => {
  it('never play over the next round: no Gift Trap flight outlives its round', async () => {
    const page = await watchBots(env, 'gifttrap', 4, 'en', undefined, () => {
      type Node = { label?: string; destroyed?: boolean; visible?: boolean; children?: Node[] };
      const w = window as unknown as { __fireside?: { app: { stage: Node } | null }; __probe: Probe };
      const probe: Probe = { rounds: [], flights: 0, spills: [] };
      w.__probe = probe;
      const seen = new WeakSet<object>();
      const frame = () => {
        const stage = w.__fireside?.app?.stage;
        if (stage) {
          let board = -1;
          const flights: { round: number; node: Node }[] = [];
          const walk = (n: Node) => {
            const b = /^board:round:(\d+)$/.exec(n.label ?? '');
            if (b) board = Number(b[1]);
            const f = /^flight:(\d+)$/.exec(n.label ?? '');
            if (f && !n.destroyed && n.visible) flights.push({ round: Number(f[1]), node: n });
            for (const c of n.children ?? []) walk(c);
          };
          walk(stage);
          if (board >= 0 && probe.rounds[probe.rounds.length - 1] !== board) probe.rounds.push(board);
          for (const f of flights) {
            if (!seen.has(f.node)) probe.flights++;
            seen.add(f.node);
            if (f.round < board) probe.spills.push(`${f.round}→${board}`);
          }
        }
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    try {
      // Two rounds' ends (three rounds shown), their reveals opened faster than they play.
      let probe: Probe = { rounds: [], flights: 0, spills: [] };
      const until = Date.now() + 120_000;
      while (probe.rounds.length < 3) {
        if (Date.now() > until)
          throw new Error(`the board did not show three rounds within 120 s (rounds shown: ${probe.rounds.join(', ')}; flights: ${probe.flights})`);
        await page.waitForTimeout(500);
        probe = await page.evaluate(() => (window as unknown as { __probe: Probe }).__probe);
      }
      expect(probe.flights).toBeGreaterThan(0);
      expect([...new Set(probe.spills)]).toEqual([]);
    } finally {
      await page.close();
    }
  }, 180_000);
});
