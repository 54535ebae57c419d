import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Flex, Input, Row, Spin, Tag, Tree, Typography, theme } from 'antd';
import { type CSSProperties, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { TreeNode } from '../../../../api/system.ts';
import {
  fetchStartable,
  processCategoryTreeQuery,
  type StartableProcess,
} from '../../../../components/workflow/api.ts';
import { startPath } from '../../../../components/workflow/paths.ts';
import { branchIds, usedBranches } from '../../../../components/workflow/progress.ts';
import { menuIconOf } from '../../../../shell/menuIcon.tsx';

/** The tree's first node, every category (ids are digits). */
const ALL = 'all';

/** The deployment a process card starts (process/processList's `processDefinitionId`, else its id). */
const deploymentOf = (process: StartableProcess) => process.processDefinitionId || process.id;

/**
 * The categories to filter by: the category tree cut to those holding a startable process, or, where the tree
 * cannot be read, the categories the processes name, side by side.
 */
function categoryChoices(tree: TreeNode[] | undefined, processes: StartableProcess[]): TreeNode[] {
  const used = new Set(processes.map((p) => p.category).filter((id): id is string => Boolean(id)));
  if (tree) return usedBranches(tree, used);
  const named = new Map<string, string>();
  for (const p of processes) if (p.category) named.set(p.category, p.categoryName ?? p.category);
  return [...named].map(([id, title]) => ({ id, parentId: '0', title, key: id, value: id }));
}

/** Text for screen readers only: out of sight, still in the accessible name. */
const READ_ONLY: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};

function ProcessCard({ process }: { process: StartableProcess }) {
  const { t } = useTranslation('workflowRuntime');
  const { token } = theme.useToken();
  const Icon = menuIconOf(process.icon || 'branches');
  // Named by its content, "发起 <every word the card shows>": the verb is read, not shown (a label that left out
  // some of the card's words would not match what a voice user reads off it).
  return (
    <Link
      to={startPath(deploymentOf(process))}
      data-testid="start-process-card"
      style={{ display: 'block', height: '100%', position: 'relative' }}
    >
      <span style={READ_ONLY}>{`${t('start.verb')} `}</span>
      <Card hoverable size="small" style={{ height: '100%' }}>
        <Flex gap={12} align="flex-start">
          <Flex
            align="center"
            justify="center"
            style={{
              flex: 'none',
              width: 44,
              height: 44,
              borderRadius: token.borderRadiusLG,
              background: token.colorPrimaryBg,
              color: token.colorPrimary,
              fontSize: 22,
            }}
          >
            <Icon aria-hidden />
          </Flex>
          <Flex vertical gap={4} style={{ minWidth: 0 }}>
            <Flex gap={8} align="center" wrap>
              <Typography.Text strong>{process.name}</Typography.Text>
              <Tag color="blue" style={{ marginInlineEnd: 0 }}>
                {t('start.version', { version: process.version })}
              </Tag>
            </Flex>
            {process.categoryName && (
              <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
                {process.categoryName}
              </Typography.Text>
            )}
            <Typography.Paragraph
              type="secondary"
              ellipsis={{ rows: 2 }}
              style={{ margin: 0, fontSize: token.fontSizeSM }}
            >
              {process.description || t('start.noDescription')}
            </Typography.Paragraph>
          </Flex>
        </Flex>
      </Card>
    </Link>
  );
}

/**
 * /workflow/process/start (发起事务): the processes the caller may start (process/processList), filtered by a
 * category (and those below it) picked in the tree on the left and by name; a card opens its start form.
 */
export default function StartProcessPage() {
  const { t } = useTranslation('workflowRuntime');
  const processes = useQuery({ queryKey: ['workflow', 'startable'], queryFn: fetchStartable });
  const tree = useQuery({ ...processCategoryTreeQuery, retry: false });
  const [category, setCategory] = useState(ALL);
  const [typed, setTyped] = useState('');

  const all = processes.data ?? [];
  const choices = useMemo(() => categoryChoices(tree.data, processes.data ?? []), [tree.data, processes.data]);
  const shown = useMemo(() => {
    const branch = category === ALL ? undefined : branchIds(choices, category);
    const words = typed.trim().toLowerCase();
    return (processes.data ?? []).filter(
      (p) =>
        (!branch || (p.category && branch.has(p.category))) &&
        (!words || p.name.toLowerCase().includes(words) || p.processDefinitionKey?.toLowerCase().includes(words)),
    );
  }, [processes.data, choices, category, typed]);

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={6} xl={5}>
        <Card size="small" title={t('start.categories')} data-testid="start-categories">
          <Tree<TreeNode>
            blockNode
            defaultExpandAll
            selectedKeys={[category]}
            onSelect={(keys) => setCategory(keys.length ? String(keys[0]) : ALL)}
            treeData={[
              { id: ALL, parentId: '', key: ALL, value: ALL, title: t('start.all'), children: undefined },
              ...choices,
            ]}
            fieldNames={{ key: 'id', title: 'title', children: 'children' }}
            aria-label={t('start.categories')}
          />
        </Card>
      </Col>
      <Col xs={24} md={18} xl={19}>
        <Card>
          <Input.Search
            allowClear
            placeholder={t('start.search')}
            aria-label={t('start.searchLabel')}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            style={{ maxWidth: 360, marginBottom: 16 }}
          />
          {processes.isPending ? (
            <Flex justify="center" style={{ padding: 48 }}>
              <Spin />
            </Flex>
          ) : shown.length === 0 ? (
            <Empty description={all.length ? t('start.emptyFound') : t('start.empty')} />
          ) : (
            <Row gutter={[16, 16]} data-testid="start-processes">
              {shown.map((process) => (
                <Col key={process.id} xs={24} sm={12} xl={8} xxl={6}>
                  <ProcessCard process={process} />
                </Col>
              ))}
            </Row>
          )}
        </Card>
      </Col>
    </Row>
  );
}
