/**
 * Whether a table's controls were drawn from these very inputs already
 * (table-shell.ts): by identity, never by JSON. An input is the same value or
 * object as before; a list (names, waiting flags: rebuilt with every
 * snapshot) is the same when its items are.
 */
export function sameInputs(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((x, i) => Object.is(x, b[i]) || (Array.isArray(x) && Array.isArray(b[i]) && sameItems(x, b[i] as unknown[])));
}

const sameItems = (a: readonly unknown[], b: readonly unknown[]): boolean => a.length === b.length && a.every((x, i) => Object.is(x, b[i]));
