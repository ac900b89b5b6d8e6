/** The scenes' shared sequencer (timeline.ts), driven by a real tween runner ticked by hand. */
import { describe, expect, it } from '@jest/globals';
import { Tweens } from './tween.js';
import { Timeline, type Beat } from './timeline.js';

function setup() {
  const tweens = new Tweens();
  let wakes = 0;
  const tl = new Timeline(tweens, () => wakes++);
  const log: string[] = [];
  /** Advance the clock in 10 ms frames, as the scene's loop would. */
  const tick = (ms: number) => {
    for (let t = 0; t < ms; t += 10) tweens.tick(10);
  };
  /** A beat that logs its start and ends after `ms` of a beat tween (its step logs how far it got). */
  const beat =
    (name: string, ms: number, seen?: number[]): Beat =>
    (done) => {
      log.push(`${name}>`);
      tl.tween({
        duration: ms,
        ease: (k) => k,
        step: (k) => seen?.push(k),
        done: () => {
          log.push(`<${name}`);
          done();
        },
      });
    };
  return { tweens, tl, log, tick, beat, wakes: () => wakes };
}

describe('Timeline', () => {
  it('plays beats one after the other, in the order queued', () => {
    const { tl, log, tick, beat } = setup();
    tl.add(beat('a', 100), beat('b', 50));
    expect(log).toEqual(['a>']);
    tick(100);
    expect(log).toEqual(['a>', '<a', 'b>']);
    tick(50);
    expect(log).toEqual(['a>', '<a', 'b>', '<b']);
    expect(tl.busy).toBe(false);
  });

  it('waits N ms for a number, and runs beats that end at once without waiting', () => {
    const { tl, log, tick } = setup();
    tl.add(
      (done) => {
        log.push('x');
        done();
      },
      300,
      (done) => {
        log.push('y');
        done();
      },
    );
    expect(log).toEqual(['x']);
    tick(290);
    expect(log).toEqual(['x']);
    expect(tl.busy).toBe(true);
    tick(10);
    expect(log).toEqual(['x', 'y']);
    expect(tl.busy).toBe(false);
  });

  it('plays faster at a higher speed, read when each beat starts', () => {
    const { tl, log, tick, beat } = setup();
    let speed = 2;
    tl.speed = () => speed;
    tl.add(beat('a', 200), 100, beat('b', 200));
    tick(90);
    expect(log).toEqual(['a>']);
    tick(10);
    expect(log).toEqual(['a>', '<a']);
    speed = 1;
    tick(40);
    expect(log).toEqual(['a>', '<a']);
    tick(10); // the wait began at speed 2: 50 ms
    expect(log).toEqual(['a>', '<a', 'b>']);
    tick(190);
    expect(log).toEqual(['a>', '<a', 'b>']);
    tick(10); // 'b' began at speed 1: 200 ms
    expect(log).toEqual(['a>', '<a', 'b>', '<b']);
  });

  it('counts the beats waiting behind the running one (backlog), which a speed may read to catch up', () => {
    const { tl, log, tick, beat } = setup();
    tl.speed = () => (tl.backlog > 0 ? 2 : 1);
    tl.add(beat('a', 200), beat('b', 200));
    expect(tl.backlog).toBe(1);
    tick(100); // 'a' began with 'b' behind it: twice as fast
    expect(log).toEqual(['a>', '<a', 'b>']);
    expect(tl.backlog).toBe(0);
    tick(100);
    expect(log).toEqual(['a>', '<a', 'b>']); // 'b' began alone: at its own pace
    tick(100);
    expect(log).toEqual(['a>', '<a', 'b>', '<b']);
  });

  it('is busy from the first beat queued to the end of the last', () => {
    const { tl, tick, beat } = setup();
    expect(tl.busy).toBe(false);
    tl.add(beat('a', 50));
    expect(tl.busy).toBe(true);
    tick(40);
    tl.add(80);
    tick(10);
    expect(tl.busy).toBe(true); // 'a' is over, the wait is not
    tick(70);
    expect(tl.busy).toBe(true);
    tick(10);
    expect(tl.busy).toBe(false);
  });

  it('plays beats added while one runs after it, and calls onIdle once the last is over', () => {
    const { tl, log, tick, beat } = setup();
    let idle = 0;
    tl.onIdle = () => idle++;
    tl.add(beat('a', 100));
    tick(50);
    tl.add(beat('b', 100));
    expect(log).toEqual(['a>']);
    tick(50);
    expect(log).toEqual(['a>', '<a', 'b>']);
    expect(idle).toBe(0);
    tick(100);
    expect(idle).toBe(1);
    tl.add(); // nothing queued while idle: no new end
    expect(idle).toBe(1);
  });

  it('lets onIdle queue more beats (an owner following a newer state)', () => {
    const { tl, log, tick, beat } = setup();
    let more = true;
    tl.onIdle = () => {
      log.push('idle');
      if (more) tl.add(beat('b', 20));
      more = false;
    };
    tl.add(beat('a', 20));
    tick(20);
    expect(log).toEqual(['a>', '<a', 'idle', 'b>']);
    tick(20);
    expect(log).toEqual(['a>', '<a', 'idle', 'b>', '<b', 'idle']);
    expect(tl.busy).toBe(false);
  });

  it('flush during a beat stops its tweens, drops the queue and ignores its done', () => {
    const { tl, log, tick, beat, tweens } = setup();
    let idle = 0;
    tl.onIdle = () => idle++;
    let held: (() => void) | null = null;
    const seen: number[] = [];
    tl.add(beat('a', 100, seen), beat('b', 100), (done) => (held = done));
    tick(50);
    tl.flush();
    expect(tl.busy).toBe(false);
    const steps = seen.length;
    tick(200);
    expect(seen.length).toBe(steps); // no step after the flush
    expect(seen[seen.length - 1]).toBeLessThan(1);
    expect(log).toEqual(['a>']);
    expect(tweens.busy).toBe(false);
    expect(idle).toBe(0);
    // The timeline works on afterwards; a cut beat's done does nothing.
    tl.add(beat('c', 10), (done) => (held = done), beat('d', 10));
    tick(10);
    const cut = held!;
    tl.flush();
    tl.add(beat('e', 10));
    cut();
    expect(log).toEqual(['a>', 'c>', '<c', 'e>']);
    expect(tl.busy).toBe(true); // 'e' runs on
    tick(10);
    expect(log).toEqual(['a>', 'c>', '<c', 'e>', '<e']);
  });

  it('flush inside a beat that is starting lets the owner queue afresh', () => {
    const { tl, log, tick, beat } = setup();
    tl.add(
      (done) => {
        tl.flush();
        tl.add(beat('z', 10));
        done(); // cut: ignored
      },
      beat('never', 10),
    );
    tick(10);
    expect(log).toEqual(['z>', '<z']);
    expect(tl.busy).toBe(false);
  });

  it('a beat tween whose target goes away ends at once and the beats go on', () => {
    const { tl, log, tick, beat } = setup();
    let alive = true;
    tl.add((done) => tl.tween({ duration: 1000, alive: () => alive, step: () => {}, done }), beat('b', 10));
    tick(100);
    alive = false;
    tick(10);
    expect(log).toEqual(['b>']);
  });

  it('together: beats started at once, over when the last is', () => {
    const { tl, log, tick, beat } = setup();
    tl.add(tl.together([beat('a', 100), 30, beat('b', 60)]), beat('c', 10));
    expect(log).toEqual(['a>', 'b>']);
    tick(60);
    expect(log).toEqual(['a>', 'b>', '<b']);
    tick(40);
    expect(log).toEqual(['a>', 'b>', '<b', '<a', 'c>']);
    tl.add(tl.together([]), beat('d', 10));
    tick(10);
    expect(log.slice(-2)).toEqual(['<c', 'd>']);
    tick(10);
    expect(log.slice(-1)).toEqual(['<d']);
    expect(tl.busy).toBe(false);
  });

  it('asks for frames when a beat starts', () => {
    const { tl, wakes } = setup();
    const before = wakes();
    tl.add((done) => done());
    expect(wakes()).toBeGreaterThan(before);
  });

  it('cuts the beats of the round before when a new round begins, and takes away what they put on the table', () => {
    const { tl, log, tick, beat } = setup();
    const prop = { destroyed: false, destroy: () => (prop.destroyed = true) };
    expect(tl.enterRound('1:1')).toBe(false);
    tl.add(beat('a', 100), beat('b', 100));
    tl.own(prop);
    tick(50);
    // The same round again: nothing happens.
    expect(tl.enterRound('1:1')).toBe(false);
    expect(tl.busy).toBe(true);
    // Round 2: a is cut where it is, b never starts, the prop goes.
    expect(tl.enterRound('1:2')).toBe(true);
    expect(tl.busy).toBe(false);
    expect(prop.destroyed).toBe(true);
    tick(300);
    expect(log).toEqual(['a>']);
    // The new round's beats play.
    tl.add(beat('c', 50));
    tick(50);
    expect(log).toEqual(['a>', 'c>', '<c']);
    // An idle timeline at the next round: nothing to cut.
    expect(tl.enterRound('1:3')).toBe(false);
  });
});
