/**
 * Fair clocks: tells the server when this client has drawn its first frame
 * of a step its seat has a clock for (`shown`, docs/protocol.md "Clocks").
 * The server starts the countdown from then, within a few seconds' grace, so
 * a slow machine that takes a while to draw the table still gets the whole
 * budget. Once per clock (`Seat.clockId`); a reload reports again, which
 * gives back the time the reload took (the server caps both).
 */
import type { RoomSnapshot } from './snapshot.js';

export class ShownReporter {
  private reported = 0;
  private pending = 0;

  constructor(private readonly send: (clockId: number) => void) {}

  /** The table has just been updated with `snap`: report its clock once the frame that shows it is drawn. */
  drawn(snap: RoomSnapshot): void {
    const seat = snap.me.seat >= 0 ? snap.seats[snap.me.seat] : undefined;
    const clockId = seat && seat.deadline > 0 ? seat.clockId : 0;
    if (clockId <= 0 || clockId === this.reported || clockId === this.pending) return;
    this.pending = clockId;
    // The table draws on the next animation frame; the one after runs once that frame is done.
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        if (this.pending !== clockId) return;
        this.pending = 0;
        this.reported = clockId;
        this.send(clockId);
      }),
    );
  }

  /** Connected again after a drop: report the running clock again (the server gives back the time away, capped). */
  reconnected(): void {
    this.reported = 0;
  }

  dispose(): void {
    this.pending = 0;
  }
}
