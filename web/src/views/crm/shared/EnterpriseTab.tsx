import { PaperClipOutlined, ProfileOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { fetchEnterpriseRows } from '../../../api/crm.ts';
import type { Row } from '../../../api/crud.ts';
import CrudPage from '../../../crud/CrudPage.tsx';
import type { FieldInputs } from '../../../crud/RecordModal.tsx';
import { AttachmentsModal } from './AttachmentsModal.tsx';
import { ChildListModal } from './ChildListModal.tsx';
import { ENTERPRISE_ID, fixedFields } from './scoped.ts';
import { type EnterpriseTabDef, type ParentPick, rowDetailPath } from './tabs.ts';

interface EnterpriseTabProps {
  tab: EnterpriseTabDef;
  enterpriseId: string;
}

/**
 * One tab of the enterprise detail: the generic list of the tab's entity narrowed to the enterprise,
 * new rows given it; a parent picked among the enterprise's rows, a child list per row, as the tab says.
 */
export function EnterpriseTab({ tab, enterpriseId }: EnterpriseTabProps) {
  const { t } = useTranslation('crm');
  const [childOf, setChildOf] = useState<Row | null>(null);
  const [filesOf, setFilesOf] = useState<Row | null>(null);
  const parent = useParentPick(tab.parent, enterpriseId);
  const navigate = useNavigate();
  const { child, rowActions: Actions, attachments, detail } = tab;

  return (
    <>
      <CrudPage
        entity={fixedFields(tab.entity, [ENTERPRISE_ID])}
        searchName={tab.entity.key}
        baseFilters={{ [ENTERPRISE_ID]: enterpriseId }}
        defaults={{ [ENTERPRISE_ID]: enterpriseId }}
        inputs={parent?.inputs}
        columns={parent?.columns}
        rowActions={
          child || Actions || attachments || detail
            ? (row, { reload }) => (
                <>
                  {detail && (
                    <Button
                      type="link"
                      size="small"
                      icon={<ProfileOutlined />}
                      onClick={() => navigate(rowDetailPath(tab, row.id))}
                    >
                      {t('detail')}
                    </Button>
                  )}
                  {child && (
                    <Button type="link" size="small" onClick={() => setChildOf(row)}>
                      {t(child.action)}
                    </Button>
                  )}
                  {attachments && (
                    <Button type="link" size="small" icon={<PaperClipOutlined />} onClick={() => setFilesOf(row)}>
                      {t('attachments')}
                    </Button>
                  )}
                  {Actions && <Actions row={row} reload={reload} />}
                </>
              )
            : undefined
        }
      />
      {child && childOf && (
        <ChildListModal child={child} parent={childOf} enterpriseId={enterpriseId} onClose={() => setChildOf(null)} />
      )}
      {attachments && filesOf && (
        <AttachmentsModal
          owner={{ entity: tab.entity, param: attachments.param, id: filesOf.id }}
          name={String(filesOf[attachments.nameField] ?? '')}
          onClose={() => setFilesOf(null)}
        />
      )}
    </>
  );
}

/** The picker of the parent row and the column naming it, from the enterprise's rows of the parent entity. */
function useParentPick(pick: ParentPick | undefined, enterpriseId: string) {
  const rows = useQuery({
    queryKey: ['crud', pick?.entity.key, 'list', enterpriseId],
    queryFn: () => fetchEnterpriseRows((pick as ParentPick).entity, enterpriseId),
    enabled: pick !== undefined,
  });
  if (!pick) return undefined;
  const options = (rows.data ?? []).map((row) => ({ value: row.id, label: String(row[pick.nameField] ?? row.id) }));
  const nameOf = (id: unknown) => options.find((option) => option.value === String(id))?.label ?? String(id ?? '');
  const inputs: FieldInputs = {
    [pick.field]: ({ placeholder }) => (
      <Select
        options={options}
        loading={rows.isPending}
        placeholder={placeholder}
        showSearch
        optionFilterProp="label"
      />
    ),
  };
  return { inputs, columns: [{ key: pick.field, render: nameOf }] };
}
