import { build, type Plugin, type ResolvedConfig, type Rollup } from 'vite';
import { type Alike, groupAlike } from './groupAlike.ts';

/**
 * Fewer files for the lazy screens: the code several of them share, grouped by the screens that use it.
 *
 * Rollup gives each set of screens that share modules a chunk of its own. The custom screens' kits (the form renderer,
 * the pickers, the workflow's parts, antd's form controls) are used by many slightly different sets of screens, so a
 * workflow or questionnaire screen loaded over 30 files. A first build, written nowhere, shows those chunks and their
 * screens; chunks whose screens are alike are grouped (groupAlike), and the real build then makes every screen of a
 * group import the whole group (a re-export of one module that names a binding of each), so Rollup's own chunking puts
 * the group in one chunk. Rollup still orders and splits everything else; a manual chunk would have taken the
 * group's imports with it (home's among them), and one holding only what it names split home's modules by it.
 */

/** A group's modules, each with a binding the build keeps (none: the module is kept for its effects). */
type Group = { id: string; binding?: string }[];

/** What the first build found: the groups, and for each screen the groups it imports. */
interface Plan {
  groups: Group[];
  groupsOf: Map<string, number[]>;
}

/** The first build's plan, handed from its instance of the plugin to the real build's. */
const PLAN = Symbol.for('park.sharedChunks.plan');
const FIRST_PASS = 'PARK_SHARED_CHUNKS_FIRST_PASS';
const VIRTUAL = '\0park-shared-group:';

interface Options {
  /**
   * Whether a module belongs to the pages loaded before any lazy screen (the entry, the login page, the shell, home):
   * their chunks, what those import and what they load lazily stay as Rollup makes them.
   */
  first: (id: string) => boolean;
  /** The names of chunks kept whole (the manual chunks: React's, the icons'). */
  keepApart: Set<string>;
  alike: Alike;
}

export function sharedChunks(options: Options): Plugin {
  let config: ResolvedConfig;
  let plan: Plan | undefined;
  const inFirstPass = process.env[FIRST_PASS] === '1';
  return {
    name: 'park:shared-chunks',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async buildStart() {
      if (inFirstPass || config.build.watch) return;
      process.env[FIRST_PASS] = '1';
      try {
        await build({
          configFile: config.configFile,
          root: config.root,
          mode: config.mode,
          logLevel: 'silent',
          build: { write: false, reportCompressedSize: false, manifest: false },
        });
      } finally {
        delete process.env[FIRST_PASS];
      }
      plan = (globalThis as Record<symbol, Plan | undefined>)[PLAN];
      delete (globalThis as Record<symbol, Plan | undefined>)[PLAN];
      if (!plan) this.error('the first build gave no plan of the shared chunks');
    },
    generateBundle(_options, bundle) {
      if (!inFirstPass) return;
      (globalThis as Record<symbol, Plan>)[PLAN] = planOf(bundle, options, (id) => this.getModuleInfo(id));
    },
    resolveId(source) {
      return source.startsWith(VIRTUAL) ? source : null;
    },
    load(id) {
      if (!plan || !id.startsWith(VIRTUAL)) return null;
      const group = plan.groups[Number(id.slice(VIRTUAL.length))];
      const lines = group.map(({ id: module, binding }, i) =>
        binding
          ? `import { ${binding} as m${i} } from ${JSON.stringify(module)};`
          : `import ${JSON.stringify(module)};`,
      );
      const kept = group.flatMap(({ binding }, i) => (binding ? [`m${i}`] : []));
      return `${lines.join('\n')}\nexport default [${kept.join(', ')}];\n`;
    },
    transform(code, id) {
      const groups = plan?.groupsOf.get(id);
      if (!groups) return null;
      const imports = groups.map(
        (g) => `export { default as __parkSharedGroup${g} } from ${JSON.stringify(VIRTUAL + g)};`,
      );
      return { code: `${code}\n${imports.join('\n')}\n`, map: null };
    },
  };
}

/** The groups of the first build's chunks, and the screens that import each. */
function planOf(
  bundle: Rollup.OutputBundle,
  { first, keepApart, alike }: Options,
  moduleInfo: (id: string) => Rollup.ModuleInfo | null,
): Plan {
  const chunks = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const chunkOf = new Map(chunks.flatMap((chunk) => chunk.moduleIds.map((id) => [id, chunk] as const)));
  const closure = (chunk: Rollup.OutputChunk, seen = new Set<Rollup.OutputChunk>()) => {
    if (seen.has(chunk)) return seen;
    seen.add(chunk);
    for (const file of chunk.imports) {
      const imported = byFile.get(file);
      if (imported) closure(imported, seen);
    }
    return seen;
  };
  const loadedFirst = new Set<Rollup.OutputChunk>();
  for (const chunk of chunks) {
    if (chunk.isEntry || chunk.moduleIds.some(first)) closure(chunk, loadedFirst);
  }
  const screens = [...chunkOf.keys()].filter(
    (id) =>
      (moduleInfo(id)?.dynamicImporters.length ?? 0) > 0 && !loadedFirst.has(chunkOf.get(id) as Rollup.OutputChunk),
  );
  // The libraries the first pages load lazily (antd's date picker for a list's form) stay as light as Rollup makes
  // them; the screens they load are weighed as any screen is.
  const lazyFirst = new Set(
    [...loadedFirst]
      .flatMap((chunk) => chunk.moduleIds.flatMap((id) => moduleInfo(id)?.dynamicallyImportedIds ?? []))
      .filter((id) => id.includes('/node_modules/')),
  );
  const apart = (chunk: Rollup.OutputChunk) =>
    loadedFirst.has(chunk) || keepApart.has(chunk.name) || chunk.moduleIds.some((id) => lazyFirst.has(id));
  const users = new Map<Rollup.OutputChunk, Set<string>>();
  for (const screen of screens) {
    for (const chunk of closure(chunkOf.get(screen) as Rollup.OutputChunk)) {
      if (apart(chunk)) continue;
      users.set(chunk, new Set([...(users.get(chunk) ?? []), screen]));
    }
  }
  const outside = (chunk: Rollup.OutputChunk) =>
    new Set([...closure(chunk)].filter((c) => !loadedFirst.has(c)).map((c) => c.fileName));
  const atoms = [...users].map(([chunk, set]) => ({ id: chunk.fileName, users: set, closure: outside(chunk) }));
  const loads = new Map(screens.map((screen) => [screen, outside(chunkOf.get(screen) as Rollup.OutputChunk)]));
  const bytes = (file: string) => (byFile.get(file) as Rollup.OutputChunk).code.length;
  const grouped = groupAlike({ atoms, bytes, loads }, alike);
  const groups = grouped.map((files) =>
    files.flatMap((file) =>
      Object.entries((byFile.get(file) as Rollup.OutputChunk).modules)
        // Rollup's own helper modules (\0) and CommonJS wrappers (?commonjs-…) come with the modules that import them.
        .filter(([id, module]) => module.renderedLength > 0 && !id.startsWith('\0') && !id.includes('?'))
        .map(([id, module]) => ({ id, binding: module.renderedExports[0] })),
    ),
  );
  const groupsOf = new Map<string, number[]>();
  grouped.forEach((files, g) => {
    const screensOf = new Set(files.flatMap((file) => [...(users.get(byFile.get(file) as Rollup.OutputChunk) ?? [])]));
    for (const screen of screensOf) groupsOf.set(screen, [...(groupsOf.get(screen) ?? []), g]);
  });
  return { groups, groupsOf };
}
