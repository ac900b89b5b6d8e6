/**
 * Raw-frame leak checks for the soak's recorded rooms, by the leak test's own
 * scan (tests/integration/leak/scan.ts). Gift Trap rooms go through Gift
 * Trap's full scan (leak/gifttrap-scan.ts: bytes, forbidden keys, decoded
 * views). Santa and Wind City rooms get the game-independent scan: every
 * distinct `secret` a seat's own client decoded is in no frame any other
 * client received (neither as is nor escaped inside another JSON string), is
 * in its owner's frames (positive control), no frame carries the generator or
 * a seed, and no client decodes another seat's secret. (Their own scans need
 * what the soak does not have: Wind City's the engine's truth from a spy in
 * the server's process, Santa's a choreographed game of whole rounds.)
 */
import type { ClientLog } from '../integration/leak/scan.ts';
import { scanFrames, type ScanReport } from '../integration/leak/scan.ts';
import { scanGiftTrap } from '../integration/leak/gifttrap-scan.ts';
import { SEAT_VIEW_KEYS } from '../integration/leak/seat-views.ts';

export interface LeakFindings {
  problems: string[];
  frames: number;
  needles: number;
}

/** The game-independent part of the leak scan. */
export function scanSecrets(game: string, clients: ClientLog[]): ScanReport {
  return scanFrames(clients, { seatViewKeys: SEAT_VIEW_KEYS[game], forbidden: [], needles: [], client: () => ({}) });
}

/** The scanner for a game's recorded clients. */
export function scanRoom(game: string, clients: ClientLog[]): LeakFindings {
  const report = game === 'gifttrap' ? scanGiftTrap(clients) : scanSecrets(game, clients);
  return {
    problems: [...report.problems, ...report.missingPositives.map((m) => `positive control: ${m}`)],
    frames: report.stats.frames,
    needles: report.stats.needles,
  };
}
