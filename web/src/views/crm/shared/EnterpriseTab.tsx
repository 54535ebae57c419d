import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { fetchEnterpriseRows } from '../../../api/crm.ts';
import CrudPage from '../../../crud/CrudPage.tsx';
import type { FieldInputs } from '../../../crud/RecordModal.tsx';
import { ENTERPRISE_ID, fixedFields } from './scoped.ts';
import { useTabRowActions } from './TabRowActions.tsx';
import type { EnterpriseTabDef, ParentPick } from './tabs.ts';

interface EnterpriseTabProps {
  tab: EnterpriseTabDef;
  enterpriseId: string;
}

/**
 * One tab of the enterprise detail: the generic list of the tab's entity narrowed to the enterprise,
 * new rows given it; a parent picked among the enterprise's rows, a child list per row, as the tab says.
 */
export function EnterpriseTab({ tab, enterpriseId }: EnterpriseTabProps) {
  const parent = useParentPick(tab.parent, enterpriseId);
  const { rowActions, dialogs, detail } = useTabRowActions(tab);
  return (
    <>
      <CrudPage
        entity={fixedFields(tab.entity, [ENTERPRISE_ID])}
        searchName={tab.entity.key}
        baseFilters={{ [ENTERPRISE_ID]: enterpriseId }}
        defaults={{ [ENTERPRISE_ID]: enterpriseId }}
        inputs={parent?.inputs}
        columns={parent?.columns}
        rowActions={rowActions}
        detail={detail}
      />
      {dialogs}
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
