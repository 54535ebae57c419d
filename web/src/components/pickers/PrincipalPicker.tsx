import { CloseOutlined, SelectOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Select, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import type { Row } from '../../api/crud.ts';
import { fetchPostOptions, fetchRoleOptions } from '../../api/system.ts';
import { DeptTreeSelect } from '../DeptTreeSelect.tsx';
import { PARK_ACCOUNTS, PersonPicker } from './PersonPicker.tsx';

/** The kinds of principal picked by id: users, roles, departments, posts. */
export const PRINCIPAL_TYPES = ['user', 'role', 'dept', 'post'] as const;
export type PrincipalType = (typeof PRINCIPAL_TYPES)[number];

export const isPrincipalType = (type: string): type is PrincipalType =>
  (PRINCIPAL_TYPES as readonly string[]).includes(type);

/** The caller's words for the people list (each screen keeps them in its own namespace). */
export interface PrincipalPickerTexts {
  pickUsers: string;
  removeName: (name: string) => string;
}

interface Picked {
  /** The group's or field's accessible name. */
  label: string;
  ids: string[];
  /** The names of `ids`, in the same order. */
  names: string[];
  disabled?: boolean;
  size?: 'small';
  onChange: (ids: string[], names: string[]) => void;
}

const OPTION_SOURCES = {
  role: { queryKey: ['system', 'role', 'select'], load: fetchRoleOptions, nameField: 'roleName' },
  post: { queryKey: ['system', 'post', 'select'], load: fetchPostOptions, nameField: 'postName' },
};

/**
 * Principals of one kind picked with their names: a select of roles or posts, the department tree, or people
 * picked in the person dialog and shown as tags. A workflow's start scope and its assignee rules pick with it.
 */
export function PrincipalPicker({
  type,
  texts,
  ...picked
}: Picked & { type: PrincipalType; texts: PrincipalPickerTexts }) {
  switch (type) {
    case 'role':
    case 'post':
      return <OptionValues {...picked} {...OPTION_SOURCES[type]} />;
    case 'dept':
      return (
        <DeptTreeSelect
          aria-label={picked.label}
          multiple
          disabled={picked.disabled}
          value={picked.ids}
          size={picked.size}
          style={{ width: '100%' }}
          onChange={(ids: string[], names: ReactNode[]) => picked.onChange(ids, names.map(String))}
        />
      );
    case 'user':
      return <PeopleValues {...picked} texts={texts} />;
  }
}

function OptionValues({
  label,
  ids,
  names,
  disabled,
  size,
  onChange,
  queryKey,
  load,
  nameField,
}: Picked & { queryKey: string[]; load: () => Promise<Row[]>; nameField: string }) {
  const rows = useQuery({ queryKey, queryFn: load });
  const options = (rows.data ?? []).map((row) => ({ value: row.id, label: String(row[nameField] ?? row.id) }));
  // A stored value whose row is gone (or not loaded yet) keeps the name it was saved with.
  for (const [i, id] of ids.entries()) {
    if (!options.some((option) => option.value === id)) options.push({ value: id, label: names[i] ?? id });
  }
  return (
    <Select<string[]>
      aria-label={label}
      mode="multiple"
      size={size}
      showSearch
      optionFilterProp="label"
      disabled={disabled}
      loading={rows.isPending}
      value={ids}
      options={options}
      style={{ width: '100%' }}
      onChange={(picked) =>
        onChange(
          picked,
          picked.map((id) => options.find((option) => option.value === id)?.label ?? id),
        )
      }
    />
  );
}

/** Users: their names as tags, more added in the person picker. */
function PeopleValues({
  label,
  ids,
  names,
  disabled,
  size,
  onChange,
  texts,
}: Picked & { texts: PrincipalPickerTexts }) {
  const [picking, setPicking] = useState(false);
  const drop = (index: number) =>
    onChange(
      ids.filter((_, i) => i !== index),
      names.filter((_, i) => i !== index),
    );
  const add = (users: Row[]) => {
    const fresh = users.filter((user) => !ids.includes(user.id));
    onChange([...ids, ...fresh.map((user) => user.id)], [...names, ...fresh.map((user) => String(user.realName))]);
    setPicking(false);
  };
  return (
    <Flex
      wrap
      gap={4}
      align="center"
      role="group"
      aria-label={label}
      // As high as the other kinds' selects of the same size.
      style={{ minHeight: size === 'small' ? 24 : 32 }}
    >
      {ids.map((id, index) => (
        <Tag
          key={id}
          closable={!disabled}
          closeIcon={<CloseOutlined aria-label={texts.removeName(names[index] ?? id)} />}
          onClose={() => drop(index)}
          style={{ marginInlineEnd: 0 }}
        >
          {names[index] ?? id}
        </Tag>
      ))}
      {!disabled && (
        <Button size="small" icon={<SelectOutlined />} onClick={() => setPicking(true)}>
          {texts.pickUsers}
        </Button>
      )}
      {picking && (
        <PersonPicker
          multiple
          title={texts.pickUsers}
          baseFilters={PARK_ACCOUNTS}
          onConfirm={add}
          onClose={() => setPicking(false)}
        />
      )}
    </Flex>
  );
}
