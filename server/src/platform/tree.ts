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

/** Every node of a forest, parents before their children. */
export function treeNodes<T>(roots: readonly TreeNode<T>[]): TreeNode<T>[] {
  return roots.flatMap((node) => [node, ...treeNodes(node.children ?? [])]);
}

/**
 * The keys a checkbox tree (Element's, Ant Design's) is to tick for the `held` ids, as BladeX's clients read
 * them back: the fully held nodes only, a leaf when held and a parent when every child below it is, whether
 * the parent itself is stored or not. A cascading tree takes a ticked parent as its whole subtree, so a
 * half-held parent given here would come back with all its children; the writer derives those parents
 * itself (`withAncestors`). Parents before their children.
 */
export function fullyHeld<T extends FlatNode>(roots: readonly TreeNode<T>[], held: ReadonlySet<string>): string[] {
  const keys: string[] = [];
  const visit = (node: TreeNode<T>): boolean => {
    if (!node.children?.length) {
      if (held.has(node.id)) keys.push(node.id);
      return held.has(node.id);
    }
    const at = keys.length;
    // Every child is visited (no short cut): a fully held grandchild is a key even under a half-held child.
    const all = node.children.map(visit).every(Boolean);
    if (all) keys.splice(at, 0, node.id);
    return all;
  };
  for (const root of roots) visit(root);
  return keys;
}

/**
 * The held parents none of whose descendants are held (a menu granted without any of its buttons): no
 * cascading tree can show them, ticked they stand for their whole subtree. Our own web keeps them apart.
 */
export function heldAlone<T extends FlatNode>(roots: readonly TreeNode<T>[], held: ReadonlySet<string>): string[] {
  const below = (node: TreeNode<T>): boolean =>
    (node.children ?? []).some((child) => held.has(child.id) || below(child));
  return treeNodes(roots)
    .filter((node) => node.children?.length && held.has(node.id) && !below(node))
    .map((node) => node.id);
}

/** Each node's parent within a forest (roots map to their own stored parent, which is outside it). */
export function parentsIn<T extends FlatNode>(roots: readonly TreeNode<T>[]): Map<string, string> {
  return new Map(treeNodes(roots).map((node) => [node.id, node.parentId]));
}
