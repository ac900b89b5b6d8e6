// Preloaded into the server by the soak test only (node --expose-gc --import):
// SIGWINCH (ignored otherwise; Colyseus owns SIGUSR2) runs a full garbage
// collection, so the heap read from /metrics afterwards is what is still
// reachable, not garbage waiting for a collection.
process.on('SIGWINCH', () => globalThis.gc?.());
