import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The seeded databases every file copies, made once per run.
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file starts its own server and database; two at a time here, three in `npm test` (scripts/test.mjs).
    maxWorkers: 2,
    // Each file starts its own server on its own database copy, so the files need no fresh module graph each: a
    // worker loads the server's modules once instead of once per file (over a minute of CPU per database).
    isolate: false,
  },
});
