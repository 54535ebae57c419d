import { DeleteOutlined, DownOutlined, PlusOutlined } from '@ant-design/icons';
import { ASSIGNEE_TYPES, type AssigneeType } from '@park/catalog/workflow';
import { Button, Dropdown, Flex, Select, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isPrincipalType, PrincipalPicker } from '../../../../../components/pickers/PrincipalPicker.tsx';
import type { Rule } from './parkModel.ts';

const split = (text: string) => (text ? text.split(',') : []);

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
  if (isPrincipalType(rule.type)) {
    return (
      <PrincipalPicker
        type={rule.type}
        label={label}
        ids={split(rule.value)}
        names={split(rule.text)}
        size="small"
        onChange={(picked, labels) => onChange(picked.join(','), labels.join(','))}
        texts={{ pickUsers: t('rule.pickUsers'), removeName: (name) => t('rule.removeName', { name }) }}
      />
    );
  }
  if (rule.type !== 'field') {
    // The starter and the starter's leader name nobody.
    return <Typography.Text type="secondary">{t('rule.noValue')}</Typography.Text>;
  }
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
