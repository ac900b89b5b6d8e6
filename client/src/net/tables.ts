/**
 * Public table summaries (GET /api/tables…, docs/protocol.md): what the home
 * page's "Your tables" and an invite link's preview show before joining.
 * Plain fetches, no Colyseus: a look at a table joins nothing and wakes
 * nothing on the server.
 */
import { MAX_TABLE_BATCH, type TableSummary } from '@fireside/shared/tables';
import { serverEndpoint } from './endpoint.js';

export type { SeatSummary, TableSummary } from '@fireside/shared/tables';
/** The server's limit for one batch request. */
export const MAX_TABLES = MAX_TABLE_BATCH;

/** Why a look failed: the server does not know the table, or it could not be asked. */
export type LookFailure = { kind: 'gone' } | { kind: 'failed'; message: string };

async function getJson(path: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${serverEndpoint()}${path}`, { headers: { accept: 'application/json' }, cache: 'no-store' });
  const body: unknown = await res.json().catch(() => null);
  return { status: res.status, body };
}

function failure(e: unknown): LookFailure {
  return { kind: 'failed', message: (e as Error)?.message ?? String(e) };
}

export async function fetchTable(roomId: string): Promise<TableSummary | LookFailure> {
  try {
    const { status, body } = await getJson(`/api/tables/${encodeURIComponent(roomId)}`);
    if (status === 404) return { kind: 'gone' };
    if (status !== 200 || !body || typeof body !== 'object') return { kind: 'failed', message: `HTTP ${status}` };
    return body as TableSummary;
  } catch (e) {
    return failure(e);
  }
}

export function isFailure(x: TableSummary | LookFailure | { tables: TableSummary[]; missing: string[] }): x is LookFailure {
  return 'kind' in x;
}

/** Several tables in one request (at most MAX_TABLES ids): those the server knows, and the ids it does not. */
export async function fetchTables(roomIds: string[]): Promise<{ tables: TableSummary[]; missing: string[] } | LookFailure> {
  if (roomIds.length === 0) return { tables: [], missing: [] };
  try {
    const ids = roomIds.slice(0, MAX_TABLES).map(encodeURIComponent).join(',');
    const { status, body } = await getJson(`/api/tables?ids=${ids}`);
    const b = body as { tables?: unknown; missing?: unknown } | null;
    if (status !== 200 || !b || !Array.isArray(b.tables) || !Array.isArray(b.missing)) return { kind: 'failed', message: `HTTP ${status}` };
    return { tables: b.tables as TableSummary[], missing: b.missing as string[] };
  } catch (e) {
    return failure(e);
  }
}
