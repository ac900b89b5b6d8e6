import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';
import { atlasPlugin } from './build/atlas.js';
import { sdkUnusedPlugin } from './build/sdk-unused.js';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// The client imports the shared TypeScript source directly (deep modules only,
// e.g. '@fireside/shared/games/gifttrap/catalogue'), never the engine registry.
export default defineConfig({
  root: here('.'),
  // The art atlas (build/atlas.ts), written to src/art/generated/ before anything imports it.
  // sdkUnusedPlugin: two parts of the Colyseus SDK that Fireside never runs stay out of the bundle.
  plugins: [atlasPlugin(), sdkUnusedPlugin()],
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
    // The atlas and its frame map stay files (hashed, cached): the client fetches the map, and the
    // Content-Security-Policy allows no fetch of a data: URL.
    assetsInlineLimit: (file: string) => (file.includes('/art/generated/atlas') ? false : undefined),
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // pixi.js/unsafe-eval (which the Content-Security-Policy needs: no eval) patches the WebGPU
            // renderer's UBO system too. Left to itself the bundler puts that module in the WebGPU
            // renderer's chunk, so every table loaded the whole WebGPU renderer (15 KB gzip) that it
            // does not use (tables ask for WebGL first; see pixi-scene.ts). In a chunk of their own,
            // the UBO system and its WGSL helpers (5 KB) are all that the patch loads. The budget
            // test (tests/e2e/bundle.test.ts) says when a chunk like this one comes back.
            {
              name: 'pixi-gpu-ubo',
              test: /pixi\.js[\\/]lib[\\/]rendering[\\/]renderers[\\/]gpu[\\/](GpuUboSystem|shader[\\/]utils[\\/](createUbo\w*WGSL|generateArraySyncWGSL))\./,
            },
            // The Canvas 2D renderer (Pixi's fallback where WebGL is missing) has the same trouble: left
            // to itself its systems land in the chunk of the Graphics code every table needs, 6 KB gzip
            // loaded and never run. In a chunk of their own they load only if a table falls back to it.
            {
              name: 'pixi-canvas-renderer',
              // Only these modules: their dependencies (Graphics, textures…) stay where the tables load them.
              includeDependenciesRecursively: false,
              test: /pixi\.js[\\/]lib[\\/](rendering[\\/](renderers[\\/]canvas[\\/](?!utils[\\/])|batcher[\\/]canvas[\\/]|mask[\\/]\w+[\\/]Canvas)|scene[\\/]graphics[\\/]canvas[\\/]CanvasGraphicsAdaptor)/,
            },
            // The games' metas (shared/src/games/<id>/meta.ts: player counts, minutes) are imported by the
            // home page's catalogue and by the engines' constants the tables use. Left to itself the bundler
            // gives each meta a file of its own (three more requests of 0.2 KB for the home page and every
            // table). One chunk holds them with the catalogue and the router, the small modules the home
            // page and every table load anyway (as the bundler grouped them before there were metas).
            {
              name: 'catalog',
              includeDependenciesRecursively: false,
              test: /(client[\\/]src[\\/](router|games[\\/]catalog)|shared[\\/]src[\\/]games[\\/](metas|\w+[\\/]meta))\.ts$/,
            },
          ],
        },
      },
    },
  },
});
