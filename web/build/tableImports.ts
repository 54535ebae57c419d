import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Imports of antd's table given lighter modules of ours, each saying why: the column filter's tree, loaded when a
 * tree-mode filter is drawn (web/src/crud/LazyFilterTree.tsx), and the row selection's helpers from rc-tree without
 * the tree (web/src/crud/selectionTreeUtils.ts).
 */
const TABLE_IMPORTS = [
  {
    importer: /\/node_modules\/antd\/es\/table\/hooks\/useFilter\/FilterDropdown\.js$/,
    source: '../../../tree',
    to: 'src/crud/LazyFilterTree.tsx',
  },
  {
    importer: /\/node_modules\/antd\/es\/table\/hooks\/useSelection\.js$/,
    source: '@rc-component/tree',
    to: 'src/crud/selectionTreeUtils.ts',
  },
].map((entry) => ({ ...entry, to: resolve(import.meta.dirname, '..', entry.to) }));

/** The module of ours an import of antd's table gets instead, or null for any other import. */
export function tableImportOf(source: string, importer: string | undefined): string | null {
  if (!importer) return null;
  return TABLE_IMPORTS.find((entry) => entry.source === source && entry.importer.test(importer))?.to ?? null;
}

export function tableImports(): Plugin {
  return { name: 'park:table-imports', enforce: 'pre', resolveId: tableImportOf };
}
