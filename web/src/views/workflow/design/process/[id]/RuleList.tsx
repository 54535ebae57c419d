import { CloseOutlined, DeleteOutlined, DownOutlined, PlusOutlined, SelectOutlined } from '@ant-design/icons';
import { ASSIGNEE_TYPES, type AssigneeType } from '@park/catalog/workflow';
import { useQuery } from '@tanstack/react-query';
import { Button, Dropdown, Flex, Select, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../../../api/crud.ts';
import { fetchPostOptions, fetchRoleOptions } from '../../../../../api/system.ts';
import { DeptTreeSelect } from '../../../../../components/DeptTreeSelect.tsx';
import { PersonPicker } from '../../../../../components/pickers/PersonPicker.tsx';
import type { Rule } from './parkModel.ts';

const split = (text: string) => (text ? text.split(',') : []);

/** Kinds whose rule names nobody: the starter, the starter's leader. */
const WITHOUT_VALUE: readonly AssigneeType[] = ['starter', 'starterLeader'];

/**
 * Rules that find people (a task's assignees, its copies): each a kind (users, a role, a department, a
 * post, the starter, the starter's leader, a person field of the form) and the picked values, with the
 * product's pickers. Every change writes the whole list (one command).
 */
export function RuleList({
  list,
  rules,
  userFields,
  onChange,
}: {
  /** The list's name in the labels (审批人, 抄送). */
  list: string;
  rules: Rule[];
  /** The process form's person fields, for the `field` kind: name and label. */
  userFields: { name: string; label: string }[];
  onChange: (rules: Rule[]) => void;
}) {
  const { t } = useTranslation('workflowDesigner');
  const replace = (index: number, rule: Rule) => onChange(rules.map((r, i) => (i === index ? rule : r)));
  return (
    <Flex vertical gap={8} role="group" aria-label={list}>
      {rules.length === 0 && <Typography.Text type="secondary">{t('rule.empty')}</Typography.Text>}
      {rules.map((rule, index) => (
        <Flex
          // biome-ignore lint/suspicious/noArrayIndexKey: rules have no id of their own; a row is its position and kind
          key={`${index}:${rule.type}`}
          gap={8}
          align="flex-start"
          data-rule={rule.type}
        >
          <Tag style={{ marginInlineEnd: 0, marginTop: 5, flex: 'none' }}>{t(`rule.types.${rule.type}`)}</Tag>
          <div style={{ flex: 1, minWidth: 0 }}>
            <RuleValues
              rule={rule}
              label={t('rule.valuesOf', { list, index: index + 1 })}
              userFields={userFields}
              onChange={(value, text) => replace(index, { ...rule, value, text })}
            />
          </div>
          <Button
            type="text"
            danger
            size="small"
            icon={<DeleteOutlined />}
            aria-label={t('rule.remove', { list, index: index + 1 })}
            onClick={() => onChange(rules.filter((_, i) => i !== index))}
          />
        </Flex>
      ))}
      <Dropdown
        trigger={['click']}
        menu={{
          items: ASSIGNEE_TYPES.map((type) => ({ key: type, label: t(`rule.types.${type}`) })),
          onClick: ({ key }) => onChange([...rules, { type: key as AssigneeType, value: '', text: '' }]),
        }}
      >
        <Button size="small" icon={<PlusOutlined />} style={{ alignSelf: 'flex-start' }}>
          {t('rule.add')} <DownOutlined />
        </Button>
      </Dropdown>
    </Flex>
  );
}

function RuleValues({
  rule,
  label,
  userFields,
  onChange,
}: {
  rule: Rule;
  label: string;
  userFields: { name: string; label: string }[];
  onChange: (value: string, text: string) => void;
}) {
  const { t } = useTranslation('workflowDesigner');
  const ids = split(rule.value);
  const names = split(rule.text);
  const joined = (picked: string[], labels: string[]) => onChange(picked.join(','), labels.join(','));
  if (WITHOUT_VALUE.includes(rule.type)) {
    return <Typography.Text type="secondary">{t('rule.noValue')}</Typography.Text>;
  }
  switch (rule.type) {
    case 'role':
      return (
        <OptionValues
          label={label}
          ids={ids}
          names={names}
          onChange={joined}
          queryKey={['system', 'role', 'select']}
          load={fetchRoleOptions}
          nameField="roleName"
        />
      );
    case 'post':
      return (
        <OptionValues
          label={label}
          ids={ids}
          names={names}
          onChange={joined}
          queryKey={['system', 'post', 'select']}
          load={fetchPostOptions}
          nameField="postName"
        />
      );
    case 'dept':
      return (
        <DeptTreeSelect
          aria-label={label}
          multiple
          value={ids}
          size="small"
          style={{ width: '100%' }}
          onChange={(picked: string[], labels: ReactNode[]) => joined(picked, labels.map(String))}
        />
      );
    case 'field': {
      const options = userFields.map((field) => ({ value: field.name, label: field.label || field.name }));
      if (rule.value && !options.some((option) => option.value === rule.value))
        options.push({ value: rule.value, label: rule.text || rule.value });
      return (
        <Select
          aria-label={label}
          size="small"
          style={{ width: '100%' }}
          value={rule.value || undefined}
          options={options}
          placeholder={options.length ? undefined : t('rule.noUserFields')}
          onChange={(name: string) => onChange(name, options.find((option) => option.value === name)?.label ?? name)}
        />
      );
    }
    default:
      return <PeopleValues label={label} ids={ids} names={names} onChange={joined} />;
  }
}

function OptionValues({
  label,
  ids,
  names,
  onChange,
  queryKey,
  load,
  nameField,
}: {
  label: string;
  ids: string[];
  names: string[];
  onChange: (ids: string[], names: string[]) => void;
  queryKey: string[];
  load: () => Promise<Row[]>;
  nameField: string;
}) {
  const rows = useQuery({ queryKey, queryFn: load });
  const options = (rows.data ?? []).map((row) => ({ value: row.id, label: String(row[nameField] ?? row.id) }));
  // A stored value whose row is gone (or not read yet) keeps the name it was saved with.
  for (const [i, id] of ids.entries()) {
    if (!options.some((option) => option.value === id)) options.push({ value: id, label: names[i] ?? id });
  }
  return (
    <Select<string[]>
      aria-label={label}
      mode="multiple"
      size="small"
      showSearch
      optionFilterProp="label"
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
  onChange,
}: {
  label: string;
  ids: string[];
  names: string[];
  onChange: (ids: string[], names: string[]) => void;
}) {
  const { t } = useTranslation('workflowDesigner');
  const [picking, setPicking] = useState(false);
  const add = (users: Row[]) => {
    const fresh = users.filter((user) => !ids.includes(user.id));
    onChange([...ids, ...fresh.map((user) => user.id)], [...names, ...fresh.map((user) => String(user.realName))]);
    setPicking(false);
  };
  return (
    <Flex wrap gap={4} align="center" role="group" aria-label={label} style={{ minHeight: 24 }}>
      {ids.map((id, index) => (
        <Tag
          key={id}
          closable
          closeIcon={<CloseOutlined aria-label={t('rule.removeName', { name: names[index] ?? id })} />}
          onClose={() =>
            onChange(
              ids.filter((_, i) => i !== index),
              names.filter((_, i) => i !== index),
            )
          }
          style={{ marginInlineEnd: 0 }}
        >
          {names[index] ?? id}
        </Tag>
      ))}
      <Button size="small" icon={<SelectOutlined />} onClick={() => setPicking(true)}>
        {t('rule.pickUsers')}
      </Button>
      {picking && (
        <PersonPicker
          multiple
          title={t('rule.pickUsers')}
          baseFilters={{ userType_notequal: '2' }}
          onConfirm={add}
          onClose={() => setPicking(false)}
        />
      )}
    </Flex>
  );
}
