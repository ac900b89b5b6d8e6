import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// The client imports the shared TypeScript source directly (deep modules only,
// e.g. '@fireside/shared/games/gifttrap/catalogue'), never the engine registry.
export default defineConfig({
  root: here('.'),
  resolve: {
    alias: [{ find: /^@fireside\/shared\//, replacement: here('../shared/src/') }],
  },
  server: {
    port: 5173,
    // In development the client talks to the game server directly at
    // http://localhost:2567 (see src/net/endpoint.ts); Colyseus answers CORS.
  },
  build: {
    outDir: here('dist'),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 800,
    reportCompressedSize: true,
  },
});
