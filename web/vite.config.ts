import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * React (and its router) changes less often than the app, so it caches apart. Nothing else is grouped by
 * hand: Rollup then splits antd and the other libraries by the screens that use them, so the login page
 * loads only the few components it shows (one antd chunk for all was 412 kB gzipped on every page).
 */
function vendorChunk(id: string): string | undefined {
  if (/\/node_modules\/(react|react-dom|react-router|react-router-dom|scheduler)\//.test(id)) return 'react';
  return undefined;
}

/** The text files worth compressing; images other than SVG and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;

/**
 * Writes `<file>.br` and `<file>.gz` next to every text file of the build, so the server sends them as they are
 * (@fastify/static `preCompressed`) instead of compressing on each request; the plain files stay.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'park:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name);
          return statSync(path).isDirectory() ? walk(path) : [path];
        });
      for (const file of walk(outDir).filter((f) => COMPRESSIBLE.test(f))) {
        const data = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    // ws: live push's socket (/api/blade-message/ws) goes through the proxy too.
    proxy: { '/api': { target: 'http://127.0.0.1:8080', ws: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: { output: { manualChunks: vendorChunk } },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Vitest's default leaves one core free; on a 2-core machine that runs the files one at a time.
    maxWorkers: 2,
    // The files share a worker's module graph (antd, the i18n bundles) instead of loading it again each: 60 s became 17 s
    // on two cores. What a test leaves behind is cleared by src/test/setup.ts (the DOM) and by each file's own afterEach
    // (stores, localStorage); shuffled file orders pass (`--sequence.shuffle`).
    isolate: false,
    // On two cores a form that loads a lazy input (antd's number input) can take longer than
    // Vitest's 5 s to draw in jsdom; the waits inside the tests allow 10 s.
    testTimeout: 15_000,
    // One retry in CI only, as the walks have: with a shared module graph a rare leftover of an earlier file (once, on a
    // clean clone, KeptScreens' first test: "The node to be removed is not a child of this node") fails a test that
    // passes alone and in every local order tried; locally every failure shows.
    retry: process.env.CI ? 1 : 0,
  },
});
