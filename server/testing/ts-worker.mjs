// The entry of a worker thread started from the TypeScript sources (under
// jest; see workerEntry() in server/src/store/sqlite-proxy.ts). A worker is a
// plain Node without jest's transform, and our sources cannot run as they are:
// they import './x.js' for the x.ts next to them, and Node's own type
// stripping refuses TS-only syntax such as parameter properties. So this
// bootstrap installs in-thread module hooks (module.registerHooks, Node >=
// 22.15) that resolve those specifiers to the .ts files and compile each one
// with the same swc settings as jest.config.js, then loads the worker module
// named in workerData.tsEntry. Dev-only: the built server never loads it.
import { existsSync, readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';
import { workerData } from 'node:worker_threads';
import { transformSync } from '@swc/core';

if (typeof registerHooks !== 'function')
  throw new Error(`running the SQLite worker from the TS sources needs Node >= 22.15 (module.registerHooks); this is ${process.version}`);

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (context.parentURL?.endsWith('.ts') && /^\.{1,2}\/.*\.js$/.test(specifier)) {
      const ts = new URL(specifier.replace(/\.js$/, '.ts'), context.parentURL);
      if (existsSync(ts)) return { url: ts.href, format: 'module', shortCircuit: true };
    }
    return nextResolve(specifier, context);
  },
  load(url, context, nextLoad) {
    if (!url.startsWith('file:') || !url.endsWith('.ts')) return nextLoad(url, context);
    const filename = fileURLToPath(url);
    const { code } = transformSync(readFileSync(filename, 'utf8'), {
      filename,
      jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
      module: { type: 'es6' },
      sourceMaps: 'inline',
    });
    return { format: 'module', source: code, shortCircuit: true };
  },
});

await import(workerData.tsEntry);
