import { Empty, Spin, Tree } from 'antd';
import type { TreeNode } from '../../../api/system.ts';
import { useMenuTreeLabels } from '../../../i18n/index.ts';
import { marksOf, toggled, type ValueKind } from './checkTreeValue.ts';

/** The style of a dialog's form of long trees: it scrolls, so the dialog's buttons stay in sight. */
export const SCROLLING_FORM = { maxHeight: '60vh', overflowY: 'auto' } as const;

interface CheckTreeProps {
  nodes: TreeNode[] | undefined;
  /** The granted ids; a form item gives them (and takes the change). */
  value?: string[];
  onChange?: (granted: string[]) => void;
  /** Nodes checked on their own, not with their parents and children (roles). */
  strict?: boolean;
  /** What the value holds (checkTreeValue.ts): every node (menus, the default) or the leaves only (scope rules). */
  kind?: ValueKind;
}

/**
 * A tree of checkboxes where clicking a leaf's name ticks it too (role pickers and grant trees), as a
 * form control. Ant Design's own cascade would tick every child of a held parent, so the tree runs
 * strictly and the marks and changes come from checkTreeValue.ts.
 */
export function CheckTree({ nodes: given, value = [], onChange, strict = false, kind = 'all' }: CheckTreeProps) {
  const nodes = useMenuTreeLabels(given);
  if (!nodes) return <Spin style={{ display: 'block', padding: 24 }} />;
  if (!nodes.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  const toggle = (key: string) =>
    onChange?.(
      strict
        ? value.includes(key)
          ? value.filter((k) => k !== key)
          : [...value, key]
        : toggled(nodes, value, key, kind),
    );
  return (
    <Tree<TreeNode>
      checkable
      checkStrictly
      defaultExpandAll
      treeData={nodes}
      checkedKeys={strict ? value : marksOf(nodes, value)}
      selectedKeys={[]}
      onCheck={(_, { node }) => toggle(String(node.key))}
      onSelect={(_, { node }) => {
        if (strict || !node.children?.length) toggle(String(node.key));
      }}
    />
  );
}
