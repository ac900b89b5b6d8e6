/**
 * The server seen from outside: its Prometheus metrics (GET /metrics, text
 * format), parsed into samples, and the few figures the soak compares.
 */

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

export function parseMetrics(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = LINE.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(LABEL)) labels[l[1]] = l[2];
    out.push({ name: m[1], labels, value: Number(m[3]) });
  }
  return out;
}

/** The sum of a metric's samples (all label sets), 0 when absent. */
export function total(samples: Sample[], name: string, where: (labels: Record<string, string>) => boolean = () => true): number {
  return samples.filter((s) => s.name === name && where(s.labels)).reduce((sum, s) => sum + s.value, 0);
}

/** What the soak compares between the start and the end of a run. */
export interface ServerFigures {
  rooms: number;
  clients: number;
  heapUsedBytes: number;
  rssBytes: number;
  /** Handles (sockets, timers, signal watchers…) and resources by type, from prom-client's default metrics. */
  handles: number;
  resources: Record<string, number>;
  matchesStarted: number;
  matchesEnded: number;
  logErrors: number;
}

export async function scrape(url: string): Promise<Sample[]> {
  const res = await fetch(`${url}/metrics`);
  if (!res.ok) throw new Error(`GET /metrics: ${res.status}`);
  return parseMetrics(await res.text());
}

export function figures(samples: Sample[]): ServerFigures {
  const resources: Record<string, number> = {};
  for (const s of samples) if (s.name === 'nodejs_active_resources') resources[s.labels.type] = (resources[s.labels.type] ?? 0) + s.value;
  return {
    rooms: total(samples, 'fireside_rooms'),
    clients: total(samples, 'fireside_clients'),
    heapUsedBytes: total(samples, 'nodejs_heap_size_used_bytes'),
    rssBytes: total(samples, 'process_resident_memory_bytes'),
    handles: total(samples, 'nodejs_active_handles_total'),
    resources,
    matchesStarted: total(samples, 'fireside_matches_started_total'),
    matchesEnded: total(samples, 'fireside_matches_ended_total'),
    logErrors: total(samples, 'fireside_log_errors_total'),
  };
}
