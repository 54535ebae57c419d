import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './server.ts';

/**
 * Another commit's checkout for `npm run bench -- --compare REV`: a git worktree of REV in /tmp/bench-<commit>
 * (made once, reused while it stays at that commit), with its packages. When REV's package-lock.json is this
 * checkout's, its node_modules is a folder of links to this checkout's packages, except its own workspaces
 * (@park/*), which point into the worktree, so REV's server runs REV's catalog; when the lockfiles differ,
 * `npm ci` installs REV's packages there (minutes, once). Remove it with `git worktree remove <folder>`.
 */
export interface Worktree {
  root: string;
  commit: string;
  /** How its packages came: linked to this checkout's, or installed with npm ci, or found there already. */
  packages: 'linked' | 'installed' | 'present';
}

function git(args: string[], cwd = ROOT): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

export function worktreeOf(rev: string, log: (message: string) => void): Worktree {
  if (rev.startsWith('-')) throw new Error(`--compare takes a commit, not "${rev}"`);
  const commit = git(['rev-parse', '--verify', `${rev}^{commit}`]);
  const root = path.join('/tmp', `bench-${commit.slice(0, 10)}`);
  if (fs.existsSync(root)) {
    const at = git(['rev-parse', 'HEAD'], root);
    if (at !== commit) throw new Error(`${root} is at ${at}, not ${commit}: remove it (git worktree remove ${root})`);
    log(`reusing the worktree ${root} (${rev} = ${commit.slice(0, 10)})`);
  } else {
    log(`checking ${rev} (${commit.slice(0, 10)}) out into ${root}`);
    git(['worktree', 'add', '--detach', root, commit]);
  }
  if (fs.existsSync(path.join(root, 'node_modules'))) return { root, commit, packages: 'present' };
  const theirs = git(['show', `${commit}:package-lock.json`]);
  const ours = fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8').trim();
  if (theirs === ours) {
    linkPackages(root);
    log(`${root}: same package-lock.json, node_modules linked to this checkout's`);
    return { root, commit, packages: 'linked' };
  }
  log(`${root}: its package-lock.json differs, so npm ci there (once; minutes)`);
  // An older commit may hold packages whose declared engines this Node does not meet (30e8a68: cookie 2 wants Node 22),
  // installed before the project refused them: the bench runs that commit as it was.
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--engine-strict=false'], { cwd: root, stdio: 'inherit' });
  return { root, commit, packages: 'installed' };
}

/**
 * node_modules of `root` as links to this checkout's packages, one per package, so that its own workspaces
 * (@park/catalog and the others) resolve to the worktree's sources, not to this checkout's.
 */
export function linkPackages(root: string) {
  const ours = path.join(ROOT, 'node_modules');
  const theirs = path.join(root, 'node_modules');
  fs.mkdirSync(theirs);
  for (const name of fs.readdirSync(ours)) {
    if (name === '@park') continue;
    fs.symlinkSync(path.join(ours, name), path.join(theirs, name));
  }
  fs.mkdirSync(path.join(theirs, '@park'));
  for (const name of fs.readdirSync(path.join(ours, '@park'))) {
    if (fs.existsSync(path.join(root, name))) fs.symlinkSync(path.join(root, name), path.join(theirs, '@park', name));
  }
  // A workspace's own node_modules (a package another version of which sits at the top).
  for (const name of fs.readdirSync(path.join(ours, '@park'))) {
    const own = path.join(ROOT, name, 'node_modules');
    if (
      fs.existsSync(own) &&
      fs.existsSync(path.join(root, name)) &&
      !fs.existsSync(path.join(root, name, 'node_modules'))
    )
      fs.symlinkSync(own, path.join(root, name, 'node_modules'));
  }
}
