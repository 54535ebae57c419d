/**
 * The builds `npm start` needs, each made only when its sources changed since it was last made:
 *
 *   web     web/dist, by Vite (`npm run build -w web`), about a minute on two cores
 *   server  server/dist/main.js, the server and the catalog it imports bundled by esbuild into one ES module
 *           that plain `node` runs (its npm dependencies stay in node_modules), a second or two
 *
 * A build is current when a hash of its sources' contents (paths and bytes, not times, so a checkout or a touch
 * that changes nothing rebuilds nothing) equals the one written after its last build, under
 * node_modules/.cache/park-console/, and its output is there.
 *
 *   node scripts/start-build.mjs [web|server|all] [--force]
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STAMPS = path.join(ROOT, 'node_modules/.cache/park-console');
const SHARED = ['catalog/src', 'catalog/package.json', 'package-lock.json', 'tsconfig.base.json'];

const TARGETS = {
  web: {
    inputs: [
      'web/src',
      'web/build',
      'web/public',
      'web/index.html',
      'web/vite.config.ts',
      'web/tsconfig.json',
      'web/package.json',
    ],
    output: 'web/dist/index.html',
    build: buildWeb,
  },
  server: {
    inputs: ['server/src', 'server/package.json', 'server/tsconfig.json', 'scripts/start-build.mjs'],
    output: 'server/dist/main.js',
    build: buildServer,
  },
};

function filesUnder(rel, into) {
  const abs = path.join(ROOT, rel);
  const stat = fs.statSync(abs, { throwIfNoEntry: false });
  if (!stat) return into;
  if (stat.isFile()) into.push(rel);
  else if (stat.isDirectory()) {
    for (const entry of fs.readdirSync(abs)) {
      if (entry !== 'node_modules' && entry !== 'dist') filesUnder(path.posix.join(rel, entry), into);
    }
  }
  return into;
}

/** The hash of a target's sources: every file's path and contents, in a fixed order. */
export function sourceHash(target) {
  const hash = createHash('sha256');
  const files = [...TARGETS[target].inputs, ...SHARED].flatMap((rel) => filesUnder(rel, [])).sort();
  for (const rel of files) {
    hash.update(`${rel}\0`);
    hash.update(fs.readFileSync(path.join(ROOT, rel)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

const stampFile = (target) => path.join(STAMPS, `${target}.stamp`);

/** Whether the target's output is there and made from the sources as they are now. */
export function isCurrent(target, hash = sourceHash(target)) {
  if (!fs.existsSync(path.join(ROOT, TARGETS[target].output))) return false;
  const stamp = fs.existsSync(stampFile(target)) ? fs.readFileSync(stampFile(target), 'utf8').trim() : '';
  return stamp === hash;
}

/** Builds the target when its sources changed (or always, with force); answers whether it built. */
export async function ensureBuilt(target, { force = false } = {}) {
  const hash = sourceHash(target);
  if (!force && isCurrent(target, hash)) return false;
  fs.rmSync(stampFile(target), { force: true });
  const started = Date.now();
  const what = target === 'web' ? 'the web app' : 'the server';
  console.log(force ? `Building ${what}…` : `Building ${what} (its sources changed since the last build)…`);
  await TARGETS[target].build();
  fs.mkdirSync(STAMPS, { recursive: true });
  fs.writeFileSync(stampFile(target), `${hash}\n`);
  console.log(`Built ${TARGETS[target].output} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return true;
}

async function buildWeb() {
  // npm itself when this runs under npm (npm_execpath), so the same npm builds the workspace.
  const npm = process.env.npm_execpath;
  const [command, args] = npm?.endsWith('.js')
    ? [process.execPath, [npm, 'run', '--silent', 'build', '-w', 'web']]
    : ['npm', ['run', '--silent', 'build', '-w', 'web']];
  const run = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', shell: process.platform === 'win32' });
  if (run.status !== 0) throw new Error(`the web build failed (exit code ${run.status ?? run.signal})`);
}

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
const packageName = (spec) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');

/** The node_modules folder a package is found in from `dir`, as Node looks it up. */
function packageDir(dir, name) {
  for (let d = dir; ; d = path.dirname(d)) {
    const candidate = path.join(d, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return fs.realpathSync(candidate);
    if (path.dirname(d) === d) return undefined;
  }
}

async function buildServer() {
  // esbuild comes with tsx (a dependency of the server) and Vite: the one the server's packages resolve to.
  const esbuild = await import(pathToFileURL(createRequire(path.join(ROOT, 'server/package.json')).resolve('esbuild')));
  const outfile = path.join(ROOT, 'server/dist/main.js');
  const outDir = path.dirname(outfile);
  const builtins = new Set(builtinModules);
  // esbuild's service process ends with the build: `npm start` runs the server in this process next.
  await esbuild
    .build({
      entryPoints: [path.join(ROOT, 'server/src/main.ts')],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20.19',
      sourcemap: 'linked',
      // Not minified, so stack traces read as the sources (with the source map beside). No keepNames: it wraps
      // every function made at run time in a defineProperty call, about 1.5 % of a list request's CPU (issue 36).
      logLevel: 'warning',
      plugins: [
        {
          // npm packages load from node_modules at run time, as under tsx; the workspaces (@park/catalog, whose
          // package exports point at .ts sources) are bundled, and so is a package copy nested under one of them
          // (catalog/node_modules/ret), which the bundle's folder would not find.
          name: 'park-dependencies',
          setup(build) {
            build.onResolve({ filter: /^[^./]/ }, (args) => {
              const name = packageName(args.path);
              if (args.path.startsWith('node:') || builtins.has(name)) return { external: true };
              if (name.startsWith('@park/')) return undefined;
              const wanted = packageDir(args.resolveDir, name);
              return wanted && wanted === packageDir(outDir, name) ? { external: true } : undefined;
            });
          },
        },
        {
          // A module that finds files next to itself (server/src/db/migrations, the repository's root from
          // platform/config.ts) still finds them from server/dist.
          name: 'park-own-paths',
          setup(build) {
            build.onLoad({ filter: /\.ts$/ }, async (args) => {
              let text = await fs.promises.readFile(args.path, 'utf8');
              if (text.includes('import.meta.')) {
                const dir = path.relative(outDir, path.dirname(args.path)).split(path.sep).join('/');
                const file = path.relative(outDir, args.path).split(path.sep).join('/');
                text = text
                  .replaceAll('import.meta.dirname', `(import.meta.dirname + ${JSON.stringify(`/${dir}`)})`)
                  .replaceAll('import.meta.filename', `(import.meta.dirname + ${JSON.stringify(`/${file}`)})`)
                  .replaceAll('import.meta.url', `new URL(${JSON.stringify(file)}, import.meta.url).href`);
              }
              return { contents: text, loader: 'ts' };
            });
          },
        },
      ],
    })
    .finally(() => esbuild.stop());
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const which = args.find((a) => !a.startsWith('--')) ?? 'all';
  if (!['web', 'server', 'all'].includes(which)) {
    console.error('Usage: node scripts/start-build.mjs [web|server|all] [--force]');
    process.exit(2);
  }
  try {
    for (const target of which === 'all' ? ['server', 'web'] : [which]) {
      if (!(await ensureBuilt(target, { force: args.includes('--force') }))) console.log(`${target}: up to date.`);
    }
  } catch (err) {
    console.error(`Build failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
