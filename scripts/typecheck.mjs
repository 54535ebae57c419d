#!/usr/bin/env node
/**
 * `npm run typecheck`: every workspace checked by TypeScript 7's native compiler (the `typescript-native` package),
 * one after another, stopping at the first with errors. Its checker runs on several threads and took about a third
 * of TypeScript 5.9's CPU for the same projects (docs/decisions.md); `typescript` 5.9 stays for what needs the
 * compiler's JavaScript API (the code generator's test) and for the libraries whose types name it as a peer.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tsc = path.join(root, 'node_modules', 'typescript-native', 'bin', 'tsc');

for (const project of ['catalog', 'server', 'web', 'e2e', 'bench']) {
  const { status } = spawnSync(process.execPath, [tsc, '-p', project], { cwd: root, stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
}
