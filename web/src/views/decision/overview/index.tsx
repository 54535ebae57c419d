import { ProfileOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Flex, Row, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ChartCard } from '../../../components/charts/ChartCard.tsx';
import { useDictionary } from '../../../crud/useDictionary.ts';
import { toast } from '../../../feedback.ts';
import { holdsPath } from '../../../pages/home/holdsPath.ts';
import { useMenuTree } from '../../../router/useMenuTree.ts';
import { useIsCompany } from '../../../stores/session.ts';
import { detailPath, MY_ENTERPRISE_DETAIL } from '../../crm/enterprise/detailPath.ts';
import { certificates, economy, intellectualProperty, production, radar, staff } from './content.ts';
import { DEFAULT_KEY, parts, setDefaultEnterprise, useDefaultEnterprise, useEnterpriseCall } from './data.ts';
import { EnterprisePicker } from './EnterprisePicker.tsx';
import { ProfileCard } from './ProfileCard.tsx';
import { ProductsCard, ResourceCard } from './ResourceCard.tsx';

const PICKER_ID = 'overview_enterprise';

/**
 * Where the enterprise's own rows are kept in the CRM, when the user may open it: the park's enterprise detail,
 * or a company account's own; undefined for whoever holds neither screen.
 */
function useCrmPath(id: string | undefined) {
  const company = useIsCompany();
  const { tree } = useMenuTree();
  if (!id) return undefined;
  if (company) {
    return holdsPath(tree, ['/crm/my-enterprise'])
      ? (tab?: string) => `${MY_ENTERPRISE_DETAIL}${tab ? `?tab=${encodeURIComponent(tab)}` : ''}`
      : undefined;
  }
  return holdsPath(tree, ['/crm/enterprise']) ? (tab?: string) => detailPath(id, tab) : undefined;
}

/**
 * /decision/overview (企业概览): one enterprise's profile as charts, each figure counted by the server from the
 * enterprise's live rows (blade-decision/overview/*). It opens on the user's default enterprise (the first of
 * their list until they choose one); a company account sees only its own.
 */
export default function OverviewPage() {
  const { t } = useTranslation('decision', { keyPrefix: 'overview' });
  const { t: common } = useTranslation('common');
  const queryClient = useQueryClient();
  const statuses = useDictionary('enterprise_status').data;
  const fallback = useDefaultEnterprise();
  const [picked, setPicked] = useState<{ id: string; name: string }>();
  const id = picked?.id ?? fallback.data?.id;

  const profile = useEnterpriseCall('enterprise', id);
  const yearly = useEnterpriseCall('production', id);
  const tags = useEnterpriseCall('tags', id);
  const resource = useEnterpriseCall('resource', id);
  const against = useEnterpriseCall('radar-data', id);
  const crm = useCrmPath(id);

  const save = useMutation({
    mutationFn: setDefaultEnterprise,
    onSuccess: async () => {
      toast.success(t('defaultSaved'));
      await queryClient.invalidateQueries({ queryKey: DEFAULT_KEY });
    },
  });

  if (fallback.isPending) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  if (fallback.isError) {
    return (
      <Alert
        type="error"
        showIcon
        message={t('profileFailed')}
        description={fallback.error.message}
        action={
          <Button size="small" onClick={() => fallback.refetch()}>
            {common('retry')}
          </Button>
        }
      />
    );
  }
  if (!id) {
    return (
      <Card>
        <Empty description={t('none')} />
      </Card>
    );
  }

  const isDefault = fallback.data?.chosen === true && fallback.data.id === id;
  const name = profile.data?.id === id ? profile.data.enterpriseName : (picked?.name ?? fallback.data?.enterpriseName);
  const enterpriseName = name ?? '';
  const link = (tab: string) => (crm ? () => crm(tab) : undefined);

  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Flex gap={12} align="center" wrap>
          <label htmlFor={PICKER_ID}>{t('picker')}</label>
          <EnterprisePicker
            id={PICKER_ID}
            value={id}
            current={fallback.data}
            fallback={name}
            statuses={statuses}
            onChange={(next, label) => setPicked({ id: next, name: label })}
          />
          <Button
            icon={isDefault ? <StarFilled /> : <StarOutlined />}
            disabled={isDefault}
            loading={save.isPending}
            onClick={() => save.mutate(id)}
          >
            {isDefault ? t('isDefault') : t('setDefault')}
          </Button>
        </Flex>
      </Card>

      <ProfileCard
        profile={profile}
        tags={tags}
        statuses={statuses}
        actions={
          crm && (
            <Link to={crm()} aria-label={t('openCrmOf', { name: enterpriseName })}>
              <ProfileOutlined /> {t('openCrm')}
            </Link>
          )
        }
      />

      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <ChartCard
            title={t('economy.title')}
            query={yearly}
            content={economy(t)}
            extensions={parts}
            link={link('economic')}
          />
        </Col>
        <Col xs={24} xl={12}>
          <ChartCard
            title={t('radar.title')}
            query={against}
            content={radar(t, enterpriseName)}
            extensions={parts}
            extra={
              against.data && (
                <Typography.Text type="secondary" title={t('radar.scoreNote')}>
                  {t('radar.about', { year: against.data.year, count: against.data.enterprises })}
                </Typography.Text>
              )
            }
          />
        </Col>
        <Col xs={24} xl={12}>
          <ChartCard
            title={t('staff.title')}
            query={yearly}
            content={staff(t)}
            extensions={parts}
            link={link('staff')}
          />
        </Col>
        <Col xs={24} xl={12}>
          <ChartCard
            title={t('production.title')}
            query={yearly}
            content={production(t)}
            extensions={parts}
            link={link('production')}
          />
        </Col>
        <Col xs={24} xl={12}>
          <ChartCard
            title={t('ip.title')}
            query={tags}
            content={intellectualProperty(t)}
            extensions={parts}
            link={link('intellectual-property')}
          />
        </Col>
        <Col xs={24} xl={12}>
          <ChartCard
            title={t('certificates.title')}
            query={tags}
            content={certificates(t)}
            extensions={parts}
            link={link('qualification')}
          />
        </Col>
        <Col span={24}>
          <ProductsCard query={yearly} />
        </Col>
        <Col span={24}>
          <ResourceCard query={resource} />
        </Col>
      </Row>
    </Flex>
  );
}
