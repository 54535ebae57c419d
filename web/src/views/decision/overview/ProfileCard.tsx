import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Descriptions, Flex, Row, Skeleton, Statistic, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DictEntry } from '../../../api/dict.ts';
import { moneyText } from './content.ts';
import type { OverviewTag, Profile } from './data.ts';

/**
 * The kinds that stand out (where it works, what it is known for) in colour; only presets whose text keeps AA
 * contrast on both themes (geekblue and purple fall short on the dark one).
 */
const TAG_COLOUR: Record<OverviewTag['kind'], string | undefined> = {
  industry: 'blue',
  scale: undefined,
  qualification: 'magenta',
  patent: undefined,
  certificate: undefined,
};

const COUNTS = [
  'staff',
  'intellectualProperty',
  'qualification',
  'certificate',
  'project',
  'standard',
  'rdPlatform',
] as const;

/** A value or the dash a missing one shows as. */
const orDash = (value: ReactNode) => (value === null || value === undefined || value === '' ? '--' : value);

/**
 * The enterprise's header: name and status, its registration and contact as the profile answers them, its tags
 * (industry, scale, and a count per qualification, patent and certificate type) and today's counts.
 */
export function ProfileCard({
  profile,
  tags,
  statuses,
  actions,
}: {
  profile: UseQueryResult<Profile>;
  tags: UseQueryResult<OverviewTag[]>;
  statuses: DictEntry[] | undefined;
  actions: ReactNode;
}) {
  const { t } = useTranslation('decision', { keyPrefix: 'overview' });
  const { t: common } = useTranslation('common');
  const p = profile.data;

  if (profile.isError) {
    return (
      <Card>
        <Alert
          type="error"
          showIcon
          message={t('profileFailed')}
          description={profile.error.message}
          action={
            <Button size="small" onClick={() => profile.refetch()}>
              {common('retry')}
            </Button>
          }
        />
      </Card>
    );
  }
  if (!p) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 5 }} />
      </Card>
    );
  }

  const status = p.status === null ? undefined : statuses?.find((s) => s.dictKey === String(p.status))?.dictValue;
  const items = [
    { key: 'creditCode', label: t('profile.creditCode'), children: orDash(p.creditCode) },
    { key: 'industry', label: t('profile.industry'), children: orDash(p.industryName) },
    { key: 'scale', label: t('profile.scale'), children: orDash(p.scaleName) },
    {
      key: 'registeredCapital',
      label: t('profile.registeredCapital'),
      children: p.registeredCapital === null ? '--' : moneyText(t, p.registeredCapital),
    },
    { key: 'legalPerson', label: t('profile.legalPerson'), children: orDash(p.legalPerson) },
    { key: 'enterpriseType', label: t('profile.enterpriseType'), children: orDash(p.enterpriseType) },
    { key: 'establishDate', label: t('profile.establishDate'), children: orDash(p.establishDate) },
    { key: 'entryDate', label: t('profile.entryDate'), children: orDash(p.entryDate) },
    { key: 'dueDate', label: t('profile.dueDate'), children: orDash(p.dueDate) },
    { key: 'officeNumber', label: t('profile.officeNumber'), children: orDash(p.officeNumber) },
    { key: 'agent', label: t('profile.agent'), children: orDash(p.agentName) },
    { key: 'agentPhone', label: t('profile.agentPhone'), children: orDash(p.agentPhone) },
    {
      key: 'registeredAddress',
      label: t('profile.registeredAddress'),
      children: orDash(p.registeredAddress),
      span: 'filled' as const,
    },
  ];

  return (
    <Card
      title={
        <Flex gap={8} align="center" wrap>
          <h2 style={{ fontSize: 18, margin: 0 }} data-testid="overview-name">
            {p.enterpriseName}
          </h2>
          {status && <Tag color={p.status === 1 ? 'success' : 'default'}>{status}</Tag>}
        </Flex>
      }
      extra={actions}
    >
      <Flex vertical gap={16}>
        {/* Bordered, each label is a th beside its value: a screen reader reads the value with its label. */}
        <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }} items={items} />
        <section aria-label={t('profile.tags')}>
          <Flex gap={8} align="center" wrap>
            <Typography.Text type="secondary">{t('profile.tags')}:</Typography.Text>
            {tags.isPending ? (
              <Skeleton.Button active size="small" />
            ) : tags.isError ? (
              <Button size="small" onClick={() => tags.refetch()}>
                {common('retry')}
              </Button>
            ) : tags.data.length === 0 ? (
              <Typography.Text type="secondary">{t('profile.noTags')}</Typography.Text>
            ) : (
              tags.data.map((tag) => (
                <Tag key={`${tag.kind}-${tag.key}`} color={TAG_COLOUR[tag.kind]} style={{ marginInlineEnd: 0 }}>
                  {tag.label}
                  {/* One of a type is the tag itself; more say how many. */}
                  {tag.count !== undefined && tag.count > 1 && ` × ${tag.count}`}
                </Tag>
              ))
            )}
          </Flex>
        </section>
        <Row gutter={[16, 16]}>
          {COUNTS.map((key) => (
            <Col key={key} xs={12} sm={8} md={6} xl={3}>
              <div data-count={key}>
                <Statistic title={t(`counts.${key}`)} value={p[key]} />
              </div>
            </Col>
          ))}
        </Row>
      </Flex>
    </Card>
  );
}
