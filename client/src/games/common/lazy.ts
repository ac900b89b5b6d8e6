/**
 * Parts of a table that no one needs before a click or a round's end (the
 * rules page, the round summaries) load when first used, not with the table:
 * they are not in the table's download budget (tests/e2e/bundle.test.ts).
 */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => (loading ??= load());
}

export interface RulesModule<A extends unknown[]> {
  openRules(...args: A): void;
  closeRules(): void;
}

/** A game's rules dialog, loaded on first opening; closing does nothing if it never loaded. */
export function lazyRules<A extends unknown[]>(load: () => Promise<RulesModule<A>>): { open(...args: A): void; close(): void } {
  let loaded: Promise<RulesModule<A>> | null = null;
  return {
    open: (...args: A) => void (loaded ??= load()).then((m) => m.openRules(...args)),
    close: () => void loaded?.then((m) => m.closeRules()),
  };
}
