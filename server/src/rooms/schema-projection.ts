/**
 * A match's projection (match/projection.ts) written into the room's
 * synchronized state: Colyseus sends what changed, and each seat's secret
 * only to the client holding that seat (its view-only field, schema.ts).
 */
import type { ViewPartValue } from '@fireside/shared';
import type { MatchProjection, SeatClockShown } from '../match/projection.js';
import type { RoomState } from './schema.js';
import { syncParts } from './view-sync.js';

export class SchemaProjection implements MatchProjection {
  constructor(private readonly state: RoomState) {}

  view(parts: ReadonlyMap<string, ViewPartValue>): void {
    syncParts(this.state.view, parts);
  }

  seat(seat: number, secret: string, awaiting: boolean): void {
    const s = this.state.seats[seat];
    if (!s) return;
    s.secret = secret;
    s.awaiting = awaiting;
  }

  clock(seat: number, clock: SeatClockShown): void {
    const s = this.state.seats[seat];
    if (!s) return;
    s.deadline = clock.deadline;
    s.budget = clock.budget;
    s.clockId = clock.clockId;
  }

  playing(): void {
    this.state.status = 'playing';
  }

  ended(result: string): void {
    this.state.status = 'ended';
    this.state.result = result;
  }
}
