#!/usr/bin/env node
/**
 * Fireside bot client CLI. See `npm run bot -- --help`.
 * stdout: exactly one JSON line (the result); everything else goes to stderr.
 * A thin user of the library: joining, playing and rejoining after a server
 * restart are all connection.ts's, with Node's own WebSocket.
 */
import { writeResultLine } from './stdio.js';
import { parseCliArgs, UsageError, USAGE, type Command } from './args.js';
import { BotError } from './errors.js';
import { joinMatch, runMatch, type MatchReport } from './match.js';

function logLine(message: string): void {
  process.stderr.write(`[bot] ${message}\n`);
}

async function main(argv: string[]): Promise<number> {
  let command: Command;
  try {
    command = parseCliArgs(argv);
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`bot: ${e.message}\nTry --help.\n`);
      return 2;
    }
    throw e;
  }
  if (command.mode === 'help') {
    process.stderr.write(`${USAGE}\n`);
    return 0;
  }
  let report: MatchReport;
  if (command.mode === 'create') {
    const r = await runMatch({
      server: command.server,
      game: command.game,
      players: command.players,
      options: command.options,
      seed: command.seed,
      delayMs: command.delayMs,
      timeoutMs: command.timeoutMs,
      log: logLine,
      verbose: command.verbose,
    });
    report = { game: r.game, roomId: r.roomId, players: r.players, winners: r.winners, scores: r.scores, rounds: r.rounds, ms: r.ms };
  } else {
    report = await joinMatch({
      server: command.server,
      roomId: command.roomId,
      name: command.name,
      seed: command.seed,
      delayMs: command.delayMs,
      timeoutMs: command.timeoutMs,
      log: logLine,
      verbose: command.verbose,
    });
  }
  logLine(`match over in ${report.ms} ms: winners ${JSON.stringify(report.winners)}, scores ${JSON.stringify(report.scores)}`);
  await writeResultLine(report);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    const message = e instanceof BotError || e instanceof Error ? e.message : String(e);
    process.stderr.write(`bot: failed: ${message}\n`);
    if (!(e instanceof BotError) && e instanceof Error && e.stack) process.stderr.write(`${e.stack}\n`);
    process.exit(1);
  },
);
