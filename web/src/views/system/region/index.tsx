import { region } from '@park/catalog';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { Card, Flex, Tree, type TreeDataNode } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchRegionLevel, type TreeNode } from '../../../api/system.ts';
import CrudPage from '../../../crud/CrudPage.tsx';

const TOP = '0';
// Under the entity's keys, so a save or delete in the list (which invalidates them) reloads the tree too.
const levelQuery = (parentCode: string) => ({
  queryKey: ['crud', region.key, 'level', parentCode],
  queryFn: () => fetchRegionLevel(parentCode),
});

/**
 * /system/region: the regions as a tree loaded one level at a time by parentCode; the list
 * beside it holds the picked region's children (the provinces when none is picked), and a
 * region added there goes under the picked one.
 */
export default function RegionPage() {
  const { t } = useTranslation('system');
  const queryClient = useQueryClient();
  const [expanded, setExpanded] = useState<string[]>([]);
  const [picked, setPicked] = useState<string>();
  const codes = [TOP, ...expanded];
  const levels = useQueries({ queries: codes.map(levelQuery) });
  const byParent = new Map(codes.map((code, i) => [code, levels[i].data]));

  const nodes = (code: string): TreeDataNode[] =>
    (byParent.get(code) ?? []).map((node: TreeNode) => ({
      key: node.id,
      title: `${node.title} (${node.id})`,
      isLeaf: !node.hasChildren,
      children: byParent.get(node.id) ? nodes(node.id) : undefined,
    }));

  const parentCode = picked ?? TOP;
  return (
    <Flex gap={12} align="flex-start">
      <Card title={t('region.tree')} size="small" style={{ width: 280, flex: 'none' }}>
        <Tree
          blockNode
          treeData={nodes(TOP)}
          expandedKeys={expanded}
          selectedKeys={picked ? [picked] : []}
          loadData={(node) => queryClient.fetchQuery(levelQuery(String(node.key))).then(() => undefined)}
          onExpand={(keys) => setExpanded(keys.map(String))}
          onSelect={(keys) => setPicked(keys.length ? String(keys[0]) : undefined)}
        />
      </Card>
      <div style={{ flex: 1, minWidth: 0 }}>
        <CrudPage entity={region} baseFilters={{ parentCode }} defaults={{ parentCode }} />
      </div>
    </Flex>
  );
}
