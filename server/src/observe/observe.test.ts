/**
 * The observability pieces without a server: the Prometheus text the
 * metric cells render, the logger's settings, redaction, Colyseus adapter
 * and development format (the store's write timing: store/timed-store.test.ts).
 */
import { describe, expect, it } from '@jest/globals';
import { colyseusLogger, createLogger, logFormatFromEnv, logLevelFromEnv, memoryLogger, prettyDestination } from './logger.js';
import { Counter, Histogram, ScrapedGauge } from './metric-types.js';

const rendered = (r: { render(out: string[]): void }) => {
  const out: string[] = [];
  r.render(out);
  return out;
};

/** The value of one sample line of exposition text (`name{labels} value`), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('metric cells', () => {
  it('a counter renders HELP, TYPE and one line per bound label value, escaped', () => {
    const c = new Counter('t_things_total', 'Things.', ['kind']);
    const a = c.with('a');
    a.inc();
    a.inc(2);
    c.with('say "hi"\\\n').inc();
    expect(c.with('a')).toBe(a);
    expect(rendered(c)).toEqual([
      '# HELP t_things_total Things.',
      '# TYPE t_things_total counter',
      't_things_total{kind="a"} 3',
      't_things_total{kind="say \\"hi\\"\\\\\\n"} 1',
    ]);
  });

  it('a histogram renders cumulative buckets, +Inf, sum and count', () => {
    const h = new Histogram('t_seconds', 'Time.', [], [0.1, 1]).with();
    for (const v of [0.05, 0.1, 0.5, 3]) h.observe(v);
    const family = new Histogram('t_seconds', 'Time.', ['op'], [0.1, 1]);
    family.with('w').observe(0.5);
    expect(rendered(family).slice(2)).toEqual([
      't_seconds_bucket{op="w",le="0.1"} 0',
      't_seconds_bucket{op="w",le="1"} 1',
      't_seconds_bucket{op="w",le="+Inf"} 1',
      't_seconds_sum{op="w"} 0.5',
      't_seconds_count{op="w"} 1',
    ]);
    expect([...h.counts]).toEqual([2, 1, 1]);
    expect(h.count).toBe(4);
    expect(h.sum).toBeCloseTo(3.65);
  });

  it('label values past the cap share one "other" cell', () => {
    const c = new Counter('t_codes_total', 'Codes.', ['code']);
    for (let i = 0; i < 100; i++) c.with(`code-${i}`).inc();
    const lines = rendered(c).slice(2);
    expect(lines.length).toBeLessThanOrEqual(65);
    expect(sample(lines.join('\n'), 't_codes_total{code="other"}')).toBe(100 - 64);
  });

  it('a scraped gauge reads its values when rendered', () => {
    let n = 1;
    const g = new ScrapedGauge('t_rooms', 'Rooms.', ['game'], () => [[['x'], n]]);
    n = 5;
    expect(rendered(g)[2]).toBe('t_rooms{game="x"} 5');
  });
});

describe('logger', () => {
  it('takes its level and format from the environment', () => {
    expect(logLevelFromEnv({})).toBe('info');
    expect(logLevelFromEnv({ FIRESIDE_LOG_LEVEL: ' DEBUG ' })).toBe('debug');
    expect(logLevelFromEnv({ FIRESIDE_LOG_LEVEL: 'loud' })).toBe('info');
    expect(logFormatFromEnv({}, false)).toBe('json');
    expect(logFormatFromEnv({}, true)).toBe('pretty');
    expect(logFormatFromEnv({ NODE_ENV: 'production' }, true)).toBe('json');
    expect(logFormatFromEnv({ FIRESIDE_LOG_FORMAT: 'pretty', NODE_ENV: 'production' }, false)).toBe('pretty');
    expect(logFormatFromEnv({ FIRESIDE_LOG_FORMAT: 'json' }, true)).toBe('json');
  });

  it('writes one JSON object a line, below its level nothing, and redacts secret fields', () => {
    const { logger, lines, records } = memoryLogger('info');
    logger.debug('hidden');
    logger.info({ event: 'x.y', roomId: 'r1', token: 'TOKEN-1', seed: 'SEED-1', member: { secret: 'SECRET-1', tokenHash: 'HASH-1' } }, 'hello');
    expect(lines).toHaveLength(1);
    expect(records[0]).toMatchObject({ level: 'info', service: 'fireside', event: 'x.y', roomId: 'r1', msg: 'hello' });
    expect(typeof records[0].time).toBe('string');
    for (const secret of ['TOKEN-1', 'SEED-1', 'SECRET-1', 'HASH-1']) expect(lines[0]).not.toContain(secret);
  });

  it('routes Colyseus’ console-style lines through it, one string a line', () => {
    const { logger, records } = memoryLogger('debug');
    const colyseus = colyseusLogger(logger);
    colyseus.warn('room', 42, { a: 1 });
    colyseus.error(new Error('boom'));
    expect(records[0]).toMatchObject({ level: 'warn', component: 'colyseus', msg: 'room 42 {"a":1}' });
    expect(records[1]).toMatchObject({ level: 'error', component: 'colyseus' });
    expect(records[1].msg).toMatch(/^Error: boom\n\s+at /);
  });

  it('prints a short human line in the pretty format', () => {
    const out: string[] = [];
    const logger = createLogger({ level: 'info', format: 'pretty', destination: prettyDestination({ write: (s: string) => out.push(s) }) });
    logger.child({ roomId: 'r1' }).warn({ event: 'bot.refused', seat: 2, err: new Error('nope') }, 'bot action refused');
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} WARN {2}bot action refused roomId=r1 event=bot\.refused seat=2\n {4}Error: nope\n/);
  });
});
