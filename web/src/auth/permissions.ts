import type { ButtonNode } from '../api/menu.ts';

/** Every leaf of the buttons tree is a granted button: its code becomes a true flag (spec part 6). */
export function permissionsOf(tree: ButtonNode[]): Record<string, true> {
  const flags: Record<string, true> = {};
  const visit = (nodes: ButtonNode[]) => {
    for (const node of nodes) {
      if (node.children?.length) visit(node.children);
      else if (node.code) flags[node.code] = true;
    }
  };
  visit(tree);
  return flags;
}
