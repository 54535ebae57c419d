import { Empty, Spin, Tree } from 'antd';
import type { TreeNode } from '../../../api/system.ts';

/** The style of a dialog's form of long trees: it scrolls, so the dialog's buttons stay in sight. */
export const SCROLLING_FORM = { maxHeight: '60vh', overflowY: 'auto' } as const;

interface CheckTreeProps {
  nodes: TreeNode[] | undefined;
  /** The ticked keys; a form item gives them (and takes the change). */
  value?: string[];
  onChange?: (checked: string[]) => void;
  /** Nodes checked on their own, not with their parents and children (roles). */
  strict?: boolean;
}

/** A tree of checkboxes where clicking a node's name ticks it too (role pickers and grant trees), as a form control. */
export function CheckTree({ nodes, value: checked = [], onChange, strict = false }: CheckTreeProps) {
  if (!nodes) return <Spin style={{ display: 'block', padding: 24 }} />;
  if (!nodes.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Tree<TreeNode>
      checkable
      checkStrictly={strict}
      defaultExpandAll
      treeData={nodes}
      checkedKeys={checked}
      selectedKeys={[]}
      onCheck={(keys) => onChange?.((Array.isArray(keys) ? keys : keys.checked).map(String))}
      onSelect={(_, { node }) => {
        const key = String(node.key);
        if (strict || !node.children?.length) {
          onChange?.(checked.includes(key) ? checked.filter((k) => k !== key) : [...checked, key]);
        }
      }}
    />
  );
}
