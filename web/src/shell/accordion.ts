import type { MenuNode } from '../api/menu.ts';

/** The folder ids from the top of the tree down to the folder `id` (itself last); none when it is not there. */
export function folderLine(tree: MenuNode[], id: string): string[] {
  for (const node of tree) {
    if (!node.children?.length) continue;
    if (node.id === id) return [id];
    const below = folderLine(node.children, id);
    if (below.length) return [node.id, ...below];
  }
  return [];
}

/**
 * The sidebar's open folders once antd reports `next` (its onOpenChange) after `previous`, in accordion
 * mode: a folder just opened closes every open folder that is not one of its own parents.
 */
export function accordionKeys(tree: MenuNode[], previous: string[], next: string[]): string[] {
  const opened = next.find((key) => !previous.includes(key));
  if (opened === undefined) return next;
  const line = folderLine(tree, opened);
  return next.filter((key) => line.includes(key));
}
