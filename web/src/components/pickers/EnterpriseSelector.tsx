import { enterprise } from '@park/catalog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchEnterprisesByIds } from '../../api/crm.ts';
import { fetchPage } from '../../api/crud.ts';
import { DictSelect } from '../../crud/DictSelect.tsx';
import { useLang } from '../../i18n/index.ts';
import { idsOf, rememberPicked } from './PickedName.tsx';
import { PickerDialog } from './PickerDialog.tsx';
import { PickerField, type PickerInputProps } from './PickerField.tsx';
import { fieldOf, pickerColumns } from './pickerColumns.tsx';
import { PICKER_SOURCES } from './sources.ts';

const SOURCE = PICKER_SOURCES.enterprise;

const namesKey = (ids: string[]) => ['picker', enterprise.key, 'by-ids', ids];

/**
 * The names of the enterprises a selector holds, read in one list-by-ids call however many are picked
 * (a multi-select's), and remembered for the list columns; an enterprise the caller may not see (or
 * not yet read) shows as its id.
 */
function useEnterpriseNames(ids: string[]): string[] {
  const queryClient = useQueryClient();
  const rows = useQuery({
    queryKey: namesKey(ids),
    queryFn: async () => {
      const found = await fetchEnterprisesByIds(ids);
      rememberPicked(queryClient, 'enterprise', found);
      return found;
    },
    enabled: ids.length > 0,
    staleTime: 5 * 60_000,
  });
  return ids.map((id) => {
    const row = rows.data?.find((found) => found.id === id);
    if (row) return String(row[SOURCE.nameField] ?? id);
    return rows.isPending ? '' : id;
  });
}

/**
 * The enterprise selector (spec part 2): a read-only input showing the picked enterprises' names
 * that opens a dialog searching by name and status, one enterprise (radio) or several (checkboxes,
 * the value then being their ids joined by commas). Search ids `enterpriseSelector_<field>`.
 */
export function EnterpriseSelector({
  multiple = false,
  id,
  value,
  onChange,
  placeholder,
  disabled,
}: PickerInputProps<string> & { multiple?: boolean }) {
  const { t } = useTranslation('pickers');
  const lang = useLang();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const ids = idsOf(value);
  const names = useEnterpriseNames(ids);
  return (
    <>
      <PickerField
        id={id}
        text={names.filter(Boolean).join(', ')}
        placeholder={placeholder}
        disabled={disabled}
        onOpen={() => setOpen(true)}
        onClear={() => onChange?.(undefined)}
      />
      {open && (
        <PickerDialog
          title={t('enterpriseTitle')}
          multiple={multiple}
          searchName="enterpriseSelector"
          queryKey={['crud', enterprise.key, 'selector']}
          load={(query) => fetchPage(enterprise, query)}
          emptyMessage={t('selectAtLeastOne')}
          initial={ids}
          columns={pickerColumns(enterprise, SOURCE.columns, lang)}
          searchItems={
            <>
              <Form.Item name="enterpriseName" label={fieldOf(enterprise, 'enterpriseName').label[lang]}>
                <Input allowClear style={{ width: 200 }} />
              </Form.Item>
              <Form.Item name="status" label={fieldOf(enterprise, 'status').label[lang]}>
                <DictSelect field={fieldOf(enterprise, 'status')} allowClear style={{ width: 140 }} />
              </Form.Item>
            </>
          }
          onConfirm={(rows) => {
            rememberPicked(queryClient, 'enterprise', rows);
            queryClient.setQueryData(namesKey(rows.map((row) => row.id)), rows);
            onChange?.(rows.map((row) => row.id).join(','));
            setOpen(false);
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
