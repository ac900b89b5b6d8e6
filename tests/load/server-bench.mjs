// Whole bot games through the real server: starts the built server on a free
// port (bots over the wire, no server-side bot delay), runs the bot CLI for
// every registered game a few times, prints the time of each game.
//   npm run build && node tests/load/server-bench.mjs [runs-per-game]
import { spawn, execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import { games, metaOf } from '@fireside/shared';

const runs = Number(process.argv[2] ?? 3);

const port = await new Promise((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const p = s.address().port;
    s.close(() => resolve(p));
  });
});
const server = spawn(process.execPath, ['server/dist/index.js'], {
  env: { ...process.env, PORT: String(port), FIRESIDE_BOT_DELAY_MS: '0' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (i > 100) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  console.log(`node ${process.version}, server on :${port}, ${runs} games per game id (one SDK bot client per seat)`);
  for (const id of Object.keys(games)) {
    const players = metaOf(id).testing.benchPlayers;
    const times = [];
    for (let r = 0; r < runs; r++) {
      const out = execFileSync(
        process.execPath,
        ['botclient/dist/cli.js', '--server', `http://127.0.0.1:${port}`, '--game', id, '--players', String(players)],
        { encoding: 'utf8' },
      );
      times.push(JSON.parse(out.trim().split('\n').pop()).ms);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${id.padEnd(9)} ${players} players: median ${(times[times.length >> 1] / 1000).toFixed(1)} s (min ${(times[0] / 1000).toFixed(1)}, max ${(times[times.length - 1] / 1000).toFixed(1)})`,
    );
  }
} finally {
  server.kill('SIGTERM');
}
