import { EyeOutlined } from '@ant-design/icons';
import type { EntityDef } from '@park/catalog';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchDetail } from '../../../api/crud.ts';
import CrudPage from '../../../crud/CrudPage.tsx';
import { renderCell } from '../../../crud/columns.tsx';
import { useCrudPermissions } from '../../../crud/useCrudPermissions.ts';
import { useLang } from '../../../i18n/index.ts';

/** Long values (parameters, stack traces, log data) keep their line breaks and wrap. */
const PRE = { margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxHeight: 360, overflow: 'auto' } as const;

/** Every field of one log entry, read by id when the drawer opens. */
function LogDetail({ entity, id, onClose }: { entity: EntityDef; id: string; onClose: () => void }) {
  const { t } = useTranslation('system');
  const lang = useLang();
  const detail = useQuery({ queryKey: ['crud', entity.key, 'detail', id], queryFn: () => fetchDetail(entity, id) });
  return (
    <Drawer open title={t('log.detail')} size={720} onClose={onClose}>
      {detail.isPending ? (
        <Spin style={{ display: 'block', padding: 24 }} />
      ) : detail.isError ? (
        <Alert type="error" showIcon title={detail.error.message} />
      ) : (
        <Descriptions
          bordered
          column={1}
          size="small"
          styles={{ label: { width: 140 } }}
          items={entity.fields.map((field) => ({
            key: field.name,
            label: field.label[lang],
            children:
              field.type === 'text' ? (
                <pre style={PRE}>{String(detail.data[field.name] ?? '')}</pre>
              ) : (
                renderCell(field, detail.data[field.name], detail.data)
              ),
          }))}
        />
      )}
    </Drawer>
  );
}

/** /monitor/log/*: a read-only log list searched by time and text, each entry opened in a drawer. */
export function LogPage({ entity }: { entity: EntityDef }) {
  const { t } = useTranslation('crud');
  const can = useCrudPermissions(entity.key);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <>
      <CrudPage
        entity={entity}
        viewable={false}
        rowActions={(row) =>
          can.view && (
            <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setOpen(row.id)}>
              {t('view')}
            </Button>
          )
        }
      />
      {open && <LogDetail entity={entity} id={open} onClose={() => setOpen(null)} />}
    </>
  );
}
