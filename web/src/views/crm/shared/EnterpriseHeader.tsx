import { enterprise } from '@park/catalog';
import { Card, Descriptions } from 'antd';
import type { ReactNode } from 'react';
import type { Row } from '../../../api/crud.ts';
import { dataColumns } from '../../../crud/columns.tsx';
import { useLang } from '../../../i18n/index.ts';

/** What the header shows of the enterprise, in this order; each cell as its list column shows it. */
const HEADER_FIELDS = [
  'status',
  'industry',
  'creditCode',
  'registeredCapital',
  'agentName',
  'agentPhone',
  'agentUser',
  'officeNumber',
  'entryDate',
  'dueDate',
];

/** The enterprise above its tabs: name, status, industry, contact, company account and dates. */
export function EnterpriseHeader({ row, extra }: { row: Row; extra?: ReactNode }) {
  const lang = useLang();
  const columns = new Map(dataColumns(enterprise, lang).map((column) => [column.key, column]));
  return (
    <Card>
      <Descriptions
        title={String(row.enterpriseName ?? '')}
        extra={extra}
        // Bordered, each label is a th beside its value: a screen reader reads the value with its label.
        bordered
        size="small"
        column={{ xs: 1, md: 3 }}
        items={HEADER_FIELDS.map((name) => {
          const column = columns.get(name);
          return {
            key: name,
            label: column?.title as ReactNode,
            children: column?.render?.(row[name], row, 0) as ReactNode,
          };
        })}
      />
    </Card>
  );
}
