import { Card, Empty, Input, Spin, Tree } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import type { TreeNode } from '../../../api/system.ts';

interface TreePanelProps {
  title: ReactNode;
  nodes: TreeNode[] | undefined;
  searchPlaceholder: string;
  /** The picked node's id, or undefined when the pick is cleared by clicking it again. */
  onSelect: (id: string | undefined) => void;
}

/** Nodes whose title holds the text, with the ancestors that lead to them. */
function filterNodes(nodes: TreeNode[], text: string): TreeNode[] {
  return nodes.flatMap((node) => {
    const children = filterNodes(node.children ?? [], text);
    if (node.title.includes(text) || children.length) return [{ ...node, children }];
    return [];
  });
}

/** A searchable tree beside a list (the departments of the user screen). */
export function TreePanel({ title, nodes, searchPlaceholder, onSelect }: TreePanelProps) {
  const [text, setText] = useState('');
  const shown = useMemo(() => (nodes && text ? filterNodes(nodes, text) : nodes), [nodes, text]);
  return (
    <Card title={title} size="small" style={{ width: 260, flex: 'none' }}>
      <Input.Search allowClear placeholder={searchPlaceholder} onChange={(e) => setText(e.target.value.trim())} />
      {shown === undefined ? (
        <Spin style={{ display: 'block', padding: 24 }} />
      ) : shown.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Tree<TreeNode>
          key={text}
          blockNode
          defaultExpandAll
          treeData={shown}
          style={{ marginTop: 8 }}
          onSelect={(keys) => onSelect(keys.length ? String(keys[0]) : undefined)}
        />
      )}
    </Card>
  );
}
