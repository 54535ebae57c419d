import type { MenuNode } from '../../api/menu.ts';

/** Whether the user's menu tree holds one of the screens: the home cards show only what the user may open. */
export function holdsPath(tree: MenuNode[], paths: readonly string[]): boolean {
  return tree.some((node) => paths.includes(node.path) || holdsPath(node.children ?? [], paths));
}
