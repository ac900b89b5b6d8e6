/** The store's writes timed for /metrics (timed-store.ts): latency until durable, failures counted, reads untouched. */
import { describe, expect, it } from '@jest/globals';
import { renderMetrics } from '../observe/metrics.js';
import { timedStore } from './timed-store.js';
import type { MatchStore } from './types.js';

/** The value of one sample line of exposition text (`name{labels} value`), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('timedStore', () => {
  it('times the writes until durable and counts the failed ones; reads pass through', async () => {
    let fail = false;
    const inner = {
      kind: 'sqlite',
      appendEvent: () => new Promise<void>((resolve, reject) => setTimeout(() => (fail ? reject(new Error('disk full')) : resolve()), 20)),
      loadRoom: async (id: string) => ({ roomId: id }),
    } as unknown as MatchStore;
    const store = timedStore(inner);
    const before = await renderMetrics();
    const count = (text: string) => sample(text, 'fireside_store_write_seconds_count{op="append_event"}') ?? 0;
    const sum = (text: string) => sample(text, 'fireside_store_write_seconds_sum{op="append_event"}') ?? 0;
    const errors = (text: string) => sample(text, 'fireside_store_write_errors_total{op="append_event"}') ?? 0;
    await store.appendEvent('m', { seq: 0, kind: 'expire', at: 0 });
    fail = true;
    await expect(store.appendEvent('m', { seq: 1, kind: 'expire', at: 0 })).rejects.toThrow('disk full');
    const after = await renderMetrics();
    expect(count(after) - count(before)).toBe(1);
    expect(sum(after) - sum(before)).toBeGreaterThanOrEqual(0.015);
    expect(errors(after) - errors(before)).toBe(1);
    expect(store.kind).toBe('sqlite');
    expect(await store.loadRoom('r9')).toEqual({ roomId: 'r9' });
  });
});
