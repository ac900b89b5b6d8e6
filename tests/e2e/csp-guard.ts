/**
 * Jest setup of the browser tests: a test fails if the server's
 * Content-Security-Policy blocked anything in its pages (a script, a style,
 * an image, a connection), since the client must work under the policy.
 */
import { afterEach, expect } from '@jest/globals';
import { cspViolations } from './harness.js';

afterEach(() => {
  const seen = cspViolations.splice(0);
  expect(seen).toEqual([]);
});
