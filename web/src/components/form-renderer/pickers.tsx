import { user } from '@park/catalog';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { fetchDetail, type Row } from '../../api/crud.ts';
import type { TreeNode } from '../../api/system.ts';
import { useSession } from '../../stores/session.ts';
import { Deferred } from '../Deferred.tsx';
import { DeptTreeSelect, deptTreeQuery } from '../DeptTreeSelect.tsx';
import { LazyEnterpriseSelector } from '../pickers/lazyInputs.tsx';
import { idsOf } from '../pickers/PickedName.tsx';
import { PickerField } from '../pickers/PickerField.tsx';

/* The form's people, departments and enterprises: the product's pickers, holding an id or (multiple) an array of ids. */

// The person dialog (its search form and table) loads with the first form that opens it.
const PersonPicker = lazy(() =>
  import('../pickers/PersonPicker.tsx').then((module) => ({ default: module.PersonPicker })),
);

/** A form value of a picker: one id, or an array of ids for a field that picks several. */
type Ids = string | string[];

export interface IdsInputProps {
  id?: string;
  value?: Ids | null;
  onChange?: (value: Ids | undefined) => void;
  multiple?: boolean;
  placeholder?: string;
  disabled?: boolean;
  'aria-label'?: string;
}

/** Ids as the field holds them: the first alone, or all of them when it picks several; nothing picked is undefined. */
const asValue = (ids: string[], multiple: boolean): Ids | undefined =>
  ids.length === 0 ? undefined : multiple ? ids : ids[0];

const userNameKey = (id: string) => ['picker', user.key, 'name', id];

/**
 * The names of users by id: those picked on this screen at once, the others read with blade-user/detail when the
 * viewer may read users (else the id stands for itself, rather than a refusal shown for every field).
 */
export function useUserNames(ids: string[]): string[] {
  const canRead = useSession((s) => s.permissions.user_view === true);
  const rows = useQueries({
    queries: ids.map((id) => ({
      queryKey: userNameKey(id),
      queryFn: () => fetchDetail(user, id),
      enabled: canRead,
      staleTime: 5 * 60_000,
      retry: false,
    })),
  });
  return ids.map((id, i) => {
    const row = rows[i]?.data;
    if (row) return String(row.realName ?? id);
    return canRead && rows[i]?.isPending ? '' : id;
  });
}

/** Park users picked in the person picker: one, or several with `multiple`. */
export function UserInput({ id, value, onChange, multiple = false, placeholder, disabled, ...aria }: IdsInputProps) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const names = useUserNames(idsOf(value));
  const pick = (users: Row[]) => {
    for (const row of users) queryClient.setQueryData(userNameKey(row.id), row);
    onChange?.(
      asValue(
        users.map((row) => row.id),
        multiple,
      ),
    );
    setOpen(false);
  };
  return (
    <>
      <PickerField
        id={id}
        text={names.filter(Boolean).join(', ')}
        placeholder={placeholder ?? aria['aria-label']}
        disabled={disabled}
        onOpen={() => setOpen(true)}
        onClear={() => onChange?.(undefined)}
      />
      {open && (
        <Deferred
          input={PersonPicker}
          multiple={multiple}
          // Company accounts are the enterprises', not the park's people (user_type 2).
          baseFilters={{ userType_notequal: '2' }}
          onConfirm={pick}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

/** Departments of the tree: one, or several with `multiple`. */
export function DeptInput({ id, value, onChange, multiple = false, placeholder, disabled, ...aria }: IdsInputProps) {
  return (
    <DeptTreeSelect
      id={id}
      aria-label={aria['aria-label']}
      multiple={multiple}
      value={value ?? undefined}
      onChange={(picked: Ids | undefined) => onChange?.(asValue(idsOf(picked), multiple))}
      placeholder={placeholder}
      disabled={disabled}
      style={{ width: '100%' }}
    />
  );
}

/** Department names by id, from the department tree every picker shares. */
export function useDeptNames(ids: string[]): string[] {
  const tree = useQuery({ ...deptTreeQuery, enabled: ids.length > 0 });
  const find = (nodes: TreeNode[], id: string): TreeNode | undefined => {
    for (const node of nodes) {
      const found = node.id === id ? node : find(node.children ?? [], id);
      if (found) return found;
    }
    return undefined;
  };
  return ids.map((id) => find(tree.data ?? [], id)?.title ?? (tree.isPending ? '' : id));
}

/** Enterprises picked in the product's enterprise selector, which holds their ids comma-joined. */
export function EnterpriseInput({ id, value, onChange, multiple = false, placeholder, disabled }: IdsInputProps) {
  return (
    <Deferred
      input={LazyEnterpriseSelector}
      id={id}
      multiple={multiple}
      value={idsOf(value).join(',') || undefined}
      onChange={(joined: string | undefined) => onChange?.(asValue(idsOf(joined), multiple))}
      placeholder={placeholder}
      disabled={disabled}
    />
  );
}
