/**
 * The "your turn" chime: two soft notes made by Web Audio (no sound file to
 * download). A page may start sound only after a gesture of its player, so
 * the audio context is made (or resumed) on the first tap or key, and later
 * chimes play even while the tab is hidden.
 */
export class Chime {
  private ctx: AudioContext | null = null;

  /** From a gesture: makes the audio context usable for later chimes. */
  unlock(): void {
    try {
      this.ctx ??= new AudioContext();
      if (this.ctx.state === 'suspended') void this.ctx.resume();
    } catch {
      /* no Web Audio: the turn still shows in the title */
    }
  }

  play(): void {
    const ctx = this.ctx;
    if (!ctx || ctx.state !== 'running') return;
    const start = ctx.currentTime;
    // A rising fifth (A5 then E6), each note a quick attack and a soft decay.
    [880, 1318.5].forEach((frequency, i) => {
      const at = start + i * 0.14;
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = 'sine';
      osc.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.18, at + 0.015);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.32);
      osc.connect(gain).connect(ctx.destination);
      osc.start(at);
      osc.stop(at + 0.34);
    });
  }

  close(): void {
    void this.ctx?.close().catch(() => undefined);
    this.ctx = null;
  }
}
