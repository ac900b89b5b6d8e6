/** Why a connection to the server failed, in words for the log and the CLI's error. */

export function describeConnectError(server: string, e: unknown): string {
  const err = e as { message?: string; code?: unknown; cause?: { code?: string; message?: string } };
  const cause = err?.cause?.code ?? err?.cause?.message;
  const base = err?.message ?? String(e);
  return `${base}${cause ? ` (${cause})` : ''} [server ${server}]`;
}

/** Why the server cannot be reached at all (the SDK hides the cause), or null if it answers HTTP. */
export async function probe(server: string): Promise<string | null> {
  try {
    await fetch(server, { signal: AbortSignal.timeout(5000) });
    return null;
  } catch (e) {
    const err = e as { name?: string; message?: string; cause?: { code?: string; message?: string } };
    if (err.name === 'TimeoutError') return 'no answer within 5 s';
    return err.cause?.code ?? err.cause?.message ?? err.message ?? String(e);
  }
}
