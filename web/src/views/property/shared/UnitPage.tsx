import { type EntityDef, VACANCY_KEYS, VACANCY_LABEL, type Vacancy } from '@park/catalog';
import { Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud.ts';
import CrudPage from '../../../crud/CrudPage.tsx';
import { useLang } from '../../../i18n/index.ts';

const VACANCY_COLOR: Record<Vacancy, string> = { vacant: 'success', leased: 'processing', expiring: 'warning' };

/** A unit's vacancy as a coloured tag: 空置 green, 已租 blue, 即将到期 orange. */
export function VacancyTag({ vacancy }: { vacancy: unknown }) {
  const lang = useLang();
  const key = VACANCY_KEYS.find((k) => k === vacancy);
  if (!key) return null;
  return <Tag color={VACANCY_COLOR[key]}>{VACANCY_LABEL[key][lang]}</Tag>;
}

/**
 * 办公室 and 房间 (issue 34.5): the generic list of the units with each one's vacancy and occupant (the enterprise
 * of the contract holding it today, its contract and lease end), both computed by the server on every read, and a
 * vacancy filter the server applies in SQL (the page and its total narrowed together).
 */
export default function UnitPage({ entity }: { entity: EntityDef }) {
  const { t } = useTranslation('property');
  const lang = useLang();
  const [vacancy, setVacancy] = useState<Vacancy | undefined>();
  return (
    <CrudPage
      entity={entity}
      baseFilters={vacancy ? { vacancy } : undefined}
      toolbar={() => (
        <Select<Vacancy>
          allowClear
          aria-label={t('vacancyFilter')}
          placeholder={t('vacancyFilter')}
          style={{ width: 160 }}
          value={vacancy}
          onChange={(next) => setVacancy(next)}
          options={VACANCY_KEYS.map((key) => ({ value: key, label: VACANCY_LABEL[key][lang] }))}
        />
      )}
      // Vacancy and occupant in one column: a list hides a screen's own columns first when it is narrow, and
      // the occupant is what a leased unit's tag is read with.
      columns={[
        {
          key: 'vacancy',
          dataIndex: 'vacancy',
          title: t('vacancyOccupant'),
          width: 200,
          render: (value: unknown, row: Row) => (
            <Space direction="vertical" size={0}>
              <VacancyTag vacancy={value} />
              {row.enterpriseName ? (
                <>
                  <Typography.Text>{String(row.enterpriseName)}</Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('occupantLease', { no: String(row.contractNo ?? ''), end: String(row.leaseEnd ?? '') })}
                  </Typography.Text>
                </>
              ) : null}
            </Space>
          ),
        },
      ]}
    />
  );
}
