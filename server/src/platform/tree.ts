/**
 * Trees built in memory from flat rows (menus, buttons, grant trees, departments): one
 * query reads the rows, these helpers shape them. A row whose parent is not among the
 * rows becomes a root, so any subset of a table (a role's menus, a package) makes a forest.
 */
export interface FlatNode {
  id: string;
  parentId: string;
}

export type TreeNode<T> = T & { hasChildren: boolean; children?: TreeNode<T>[] };

/**
 * Nests `rows` by parentId, keeping their order among siblings. Leaves carry no
 * `children` key (BladeX leaves omit it, and its web client reads a present key as "has children").
 */
export function buildTree<T extends FlatNode>(rows: readonly T[]): TreeNode<T>[] {
  const nodes = new Map<string, TreeNode<T>>();
  for (const row of rows) nodes.set(row.id, { ...row, hasChildren: false });
  const roots: TreeNode<T>[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === node.id ? undefined : nodes.get(node.parentId);
    if (!parent) {
      roots.push(node);
      continue;
    }
    parent.children ??= [];
    parent.children.push(node);
    parent.hasChildren = true;
  }
  return roots;
}

/** The given ids plus every ancestor of each, following `parentOf` up to the root. */
export function withAncestors(ids: Iterable<string>, parentOf: ReadonlyMap<string, string>): Set<string> {
  const result = new Set<string>();
  for (const start of ids) {
    let id: string | undefined = start;
    // Stops at a root, an unknown id or one already walked (which also guards against cycles).
    while (id !== undefined && parentOf.has(id) && !result.has(id)) {
      result.add(id);
      id = parentOf.get(id);
    }
  }
  return result;
}
