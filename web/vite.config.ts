import { readdirSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin, Rollup } from 'vite';
import { defineConfig } from 'vitest/config';
import { sharedChunks } from './build/sharedChunks.ts';
import { tableImports } from './build/tableImports.ts';

/**
 * React (and its router) changes less often than the app, so it caches apart. Antd's icons are grouped too: each
 * is a few hundred bytes, and split by the screens that use them they were a third of the files a signed-in page
 * loaded. The login page's icons are one chunk, which that page loads whole, with the icon component's own helpers
 * (every page draws an icon); the signed-in shell's (its menu's among them) and the generic list's another, which
 * home loads; every other icon a third, for the screens that use one. Everything else Rollup splits by the screens
 * that use it, so the login page loads only the few antd components it shows; the signed-in screens are imported
 * from the shell (src/shell/screens.ts), so the shell's code stays in the shell's chunks; and what lazy screens share
 * is grouped by alike sets of screens (build/sharedChunks.ts).
 */
function vendorChunks(): Rollup.GetManualChunk {
  let groups: { name: string; icons: Set<string> }[] | undefined;
  return (id, { getModuleIds, getModuleInfo }) => {
    if (/\/node_modules\/(react|react-dom|react-router|react-router-dom|scheduler)\//.test(id)) return 'react';
    if (/\/node_modules\/@ant-design\/icons\/es\/(components|utils)[./]/.test(id)) return 'login-icons';
    const icon = ICON.exec(id)?.[1];
    if (!icon) return undefined;
    if (!groups) {
      const ids = [...getModuleIds()];
      const parts = barrelParts(ids, getModuleInfo);
      groups = ICON_GROUPS.map(({ name, from }) => ({ name, icons: iconsReached(from, ids, parts, getModuleInfo) }));
    }
    return groups.find((group) => group.icons.has(icon))?.name ?? 'more-icons';
  };
}

/** An icon's module, or the SVG it draws: the name is the same (`.../icons/UserOutlined.js`, `.../asn/UserOutlined.js`). */
const ICON = /\/node_modules\/@ant-design\/icons(?:-svg)?\/es\/(?:icons|asn)\/(?!index\.)(\w+)\.js$/;
/** Icon chunks by the modules whose icons they hold, the first that reaches an icon taking it. */
const ICON_GROUPS = [
  // The entry's module and the login page's: what a visitor loads before signing in.
  { name: 'login-icons', from: /\/web\/src\/(main\.tsx$|pages\/login\/)/ },
  // The signed-in shell with its menu icons (loaded by name, menuIcon.tsx), home, and the generic list.
  { name: 'icons', from: /\/web\/src\/(shell|router|crud|pages\/home)\// },
];
/**
 * The packages whose index re-exports all their parts: antd's components, the icons. The module graph links an
 * importer to every part through them, where the bundle keeps only the parts it names.
 */
const BARRELS: Record<string, RegExp> = {
  antd: /\/node_modules\/antd\/es\/index\.js$/,
  '@ant-design/icons': /\/node_modules\/@ant-design\/icons\/es\/(icons\/)?index\.js$/,
};
const isBarrel = (id: string) => Object.values(BARRELS).some((barrel) => barrel.test(id));

/**
 * The icons the modules `from` matches draw: the icon modules their static imports reach (and those an icon loader
 * imports by itself, as the menu's does), following from a package index only the parts an `import { … } from
 * 'antd'` (or the icons') of the module names.
 */
function iconsReached(
  from: RegExp,
  ids: string[],
  parts: Map<string, string>,
  getModuleInfo: Rollup.GetModuleInfo,
): Set<string> {
  const names = new Set<string>();
  const seen = new Set<string>();
  const pending = ids.filter((id) => from.test(id));
  while (pending.length) {
    const id = pending.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    const icon = ICON.exec(id)?.[1];
    if (icon) names.add(icon);
    const info = getModuleInfo(id);
    if (!info) continue;
    pending.push(...info.importedIds.filter((imported) => !isBarrel(imported)));
    pending.push(...info.dynamicallyImportedIds.filter((imported) => ICON.test(imported)));
    for (const [, list, from] of info.code?.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g) ?? []) {
      for (const name of list.split(',').map((n) => n.trim().split(/\s+as\s+/)[0])) {
        const part = parts.get(`${from}:${name}`);
        if (part) pending.push(part);
      }
    }
  }
  return names;
}

/** `antd:Button` -> antd's button module, `@ant-design/icons:UserOutlined` -> that icon's module. */
function barrelParts(ids: string[], getModuleInfo: Rollup.GetModuleInfo): Map<string, string> {
  const known = new Set(ids);
  const parts = new Map<string, string>();
  for (const id of ids) {
    const icon = /\/node_modules\/@ant-design\/icons\/es\/icons\/(?!index\.)(\w+)\.js$/.exec(id)?.[1];
    if (icon) parts.set(`@ant-design/icons:${icon}`, id);
    if (!BARRELS.antd.test(id)) continue;
    const dir = id.slice(0, id.lastIndexOf('/'));
    for (const [, name, path] of getModuleInfo(id)?.code?.matchAll(/default as (\w+) \} from ['"]\.\/([\w-]+)['"]/g) ??
      []) {
      const part = [`${dir}/${path}/index.js`, `${dir}/${path}.js`].find((candidate) => known.has(candidate));
      if (part) parts.set(`antd:${name}`, part);
    }
  }
  return parts;
}

/** The text files worth compressing; images other than SVG and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Writes `<file>.br` and `<file>.gz` next to every text file of the build, so the server sends them as they are
 * (@fastify/static `preCompressed`) instead of compressing on each request; the plain files stay. All at once on
 * libuv's threads: Brotli at its best quality took 11 s of the build one file after another on one core.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  let written = true;
  return {
    name: 'park:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      written = config.build.write;
    },
    async closeBundle() {
      // The first build of the shared chunks' (build/sharedChunks.ts) writes nothing.
      if (!written) return;
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name);
          return statSync(path).isDirectory() ? walk(path) : [path];
        });
      await Promise.all(
        walk(outDir)
          .filter((f) => COMPRESSIBLE.test(f))
          .map(async (file) => {
            const data = await readFile(file);
            const params = {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            };
            await writeFile(`${file}.br`, await brotli(data, { params }));
            await writeFile(`${file}.gz`, await gzipped(data, { level: 9 }));
          }),
      );
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    tableImports(),
    sharedChunks({
      // The pages loaded before any lazy screen, as the icon groups name them: the entry and the login page, the
      // signed-in shell, home and the generic list. The manual chunks stay whole.
      first: (id) => ICON_GROUPS.some(({ from }) => from.test(id)),
      keepApart: new Set(['react', 'more-icons', ...ICON_GROUPS.map(({ name }) => name)]),
      // 40,000 bytes of minified code, about 12 KB brotli, at most on any screen. At 80,000 the screens with the most
      // files had one fewer each.
      alike: { minShared: 0.5, maxUnused: 40_000 },
    }),
    precompress(),
  ],
  server: {
    // ws: live push's socket (/api/blade-message/ws) goes through the proxy too.
    proxy: { '/api': { target: 'http://127.0.0.1:8080', ws: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      output: {
        manualChunks: vendorChunks(),
        // Chunks under 1 kB that run nothing when loaded (definitions only) join one loaded in like cases: the first
        // list 19 files instead of 28, home 59 instead of 65, for a kilobyte more on home and two less on the list.
        // At 2 kB the list gained 3 kB, at 3 kB 20 kB; at 4 kB and more the login page went over its budget.
        experimentalMinChunkSize: 1000,
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
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
