/**
 * The CLI's stdout carries exactly one JSON line. Libraries (the Colyseus SDK
 * logs reconnections with console.info) must not write there: send every
 * console method to stderr. Imported first by cli.ts.
 */
import { format } from 'node:util';

const toStderr = (...args: unknown[]) => {
  process.stderr.write(`${format(...args)}\n`);
};
console.log = toStderr;
console.info = toStderr;
console.debug = toStderr;

/** Writes the result line to stdout and resolves once it is flushed. */
export function writeResultLine(value: unknown): Promise<void> {
  return new Promise((resolve) => process.stdout.write(`${JSON.stringify(value)}\n`, () => resolve()));
}
