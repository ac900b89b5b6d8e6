/**
 * zod's `safeParse` for input from the outside world (intents, options).
 * `safeParse` reports bad input as issues instead of throwing — except when
 * the input itself throws: zod runs a schema's length checks on any value
 * that has a `length`, so `{ path: { length: { valueOf: 1 } } }` makes its
 * comparison throw "Cannot convert object to primitive value" (found by the
 * fuzzer, tests/fuzz). Such input is malformed like any other: it becomes one
 * issue at the top.
 */
import { z } from './zod.js';

export function safeParseOutside<S extends z.ZodType>(schema: S, input: unknown): z.ZodSafeParseResult<z.output<S>> {
  try {
    return schema.safeParse(input);
  } catch {
    const issue = { code: 'custom', message: 'Unreadable input', path: [], input: undefined } as z.core.$ZodIssue;
    return { success: false, error: new z.ZodError([issue]) } as z.ZodSafeParseResult<z.output<S>>;
  }
}
