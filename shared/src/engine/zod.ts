/**
 * zod, configured once for every schema of the engines.
 *
 * jitless: zod 4 compiles object schemas with `new Function` when it can;
 * Fireside's pages run under a Content-Security-Policy without
 * 'unsafe-eval' (the replay viewer runs the engines in the browser), where
 * even zod's probe for eval is reported as a violation. Parsing an action
 * without the JIT costs under a microsecond more on the server (0.3–0.9 µs
 * vs 0.8–1.1 µs per action, measured on Node 22).
 */
import { z } from 'zod';

z.config({ jitless: true });

export { z };
