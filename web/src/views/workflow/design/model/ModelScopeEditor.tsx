import { CloseOutlined, DeleteOutlined, PlusOutlined, SelectOutlined } from '@ant-design/icons';
import { SCOPE_TYPES, type ScopeType } from '@park/catalog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Flex, Select, Spin, Tag, Typography } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../../api/crud.ts';
import { fetchPostOptions, fetchRoleOptions } from '../../../../api/system.ts';
import { fetchModelScope, type ScopeLine, submitModelScope } from '../../../../api/workflow-design.ts';
import { DeptTreeSelect } from '../../../../components/DeptTreeSelect.tsx';
import { EnterpriseSelector } from '../../../../components/pickers/EnterpriseSelector.tsx';
import { PersonPicker } from '../../../../components/pickers/PersonPicker.tsx';
import { idsOf } from '../../../../components/pickers/PickedName.tsx';
import { toast } from '../../../../feedback.ts';
import { usePermission } from '../../../../stores/session.ts';

/** One line being edited: a kind of starter and the picked ids with their names, in the same order. */
interface Line {
  key: number;
  scopeType?: ScopeType;
  ids: string[];
  names: string[];
}

export const scopeQueryKey = (modelId: string) => ['workflow', 'model-scope', modelId];

/** The person picker's filter: park accounts (a company account, user_type 2, is named through its enterprise). */
const PARK_ACCOUNTS = { userType_notequal: '2' };

/** Whether a line names enough: a company line without enterprises names every company account. */
const complete = (line: Line) => line.scopeType !== undefined && (line.scopeType === 'company' || line.ids.length > 0);

/** Editing a scope is the 模型范围 screen's edit (or add) button, wherever it is edited (the server's rule). */
export function useMayEditScope(): boolean {
  const edit = usePermission('wf_model_scope_edit');
  const add = usePermission('wf_model_scope_add');
  return edit || add;
}

const split = (text: string) => (text ? text.split(',') : []);

/**
 * Who may start a model (design/model/scope): lines of users, roles, departments, posts or company accounts,
 * each kind once, picked with the product's pickers and saved as a whole; no line means everyone may start it.
 * The model list's 范围 dialog and the 模型范围 screen both edit a scope with it.
 */
export function ModelScopeEditor({
  modelId,
  readOnly = false,
  onSaved,
  onCancel,
}: {
  modelId: string;
  readOnly?: boolean;
  onSaved?: () => void;
  onCancel?: () => void;
}) {
  const scope = useQuery({ queryKey: scopeQueryKey(modelId), queryFn: () => fetchModelScope(modelId) });
  if (scope.isPending) return <Spin style={{ display: 'block', margin: '24px auto' }} />;
  if (scope.isError) return <Alert type="error" showIcon title={scope.error.message} />;
  return (
    <ScopeLines
      key={modelId}
      modelId={modelId}
      initial={scope.data}
      readOnly={readOnly}
      onSaved={onSaved}
      onCancel={onCancel}
    />
  );
}

function ScopeLines({
  modelId,
  initial,
  readOnly,
  onSaved,
  onCancel,
}: {
  modelId: string;
  initial: ScopeLine[];
  readOnly: boolean;
  onSaved?: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation(['workflow', 'common']);
  const queryClient = useQueryClient();
  const nextKey = useRef(initial.length);
  const [lines, setLines] = useState<Line[]>(() =>
    initial.map((line, key) => ({ key, scopeType: line.scopeType, ids: split(line.val), names: split(line.text) })),
  );
  const [saving, setSaving] = useState(false);

  const change = (key: number, patch: Partial<Line>) =>
    setLines((before) => before.map((line) => (line.key === key ? { ...line, ...patch } : line)));
  const add = () => setLines((before) => [...before, { key: nextKey.current++, ids: [], names: [] }]);
  const remove = (key: number) => setLines((before) => before.filter((line) => line.key !== key));

  const save = async () => {
    if (!lines.every(complete)) {
      toast.warning(t('scope.incomplete'));
      return;
    }
    setSaving(true);
    try {
      await submitModelScope(
        modelId,
        lines.map((line) => ({
          scopeType: line.scopeType as ScopeType,
          val: line.ids.join(','),
          text: line.names.join(','),
        })),
      );
      toast.success(t('scope.saved'));
      await queryClient.invalidateQueries({ queryKey: scopeQueryKey(modelId) });
      onSaved?.();
    } catch {
      // Already shown by the HTTP client.
    } finally {
      setSaving(false);
    }
  };

  const used = new Set(lines.map((line) => line.scopeType));
  return (
    <Flex vertical gap={12}>
      {lines.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('scope.everyone')} />
      ) : (
        lines.map((line, index) => (
          <Flex key={line.key} gap={8} align="flex-start" data-scope-line={line.scopeType ?? ''}>
            <Select<ScopeType>
              aria-label={t('scope.typeOf', { index: index + 1 })}
              placeholder={t('scope.type')}
              disabled={readOnly}
              value={line.scopeType}
              style={{ width: 140, flex: 'none' }}
              options={SCOPE_TYPES.map((type) => ({
                value: type,
                label: t(`scope.types.${type}`),
                disabled: type !== line.scopeType && used.has(type),
              }))}
              onChange={(scopeType) => change(line.key, { scopeType, ids: [], names: [] })}
            />
            <div style={{ flex: 1, minWidth: 0 }}>
              {line.scopeType ? (
                <ScopeValues
                  type={line.scopeType}
                  label={t('scope.valuesOf', { index: index + 1 })}
                  line={line}
                  readOnly={readOnly}
                  onChange={(ids, names) => change(line.key, { ids, names })}
                />
              ) : (
                <Typography.Text type="secondary">{t('scope.pickTypeFirst')}</Typography.Text>
              )}
            </div>
            {!readOnly && (
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('scope.removeLine', { index: index + 1 })}
                onClick={() => remove(line.key)}
              />
            )}
          </Flex>
        ))
      )}
      {!readOnly && (
        <Flex justify="space-between" wrap gap={8}>
          <Button icon={<PlusOutlined />} disabled={lines.length >= SCOPE_TYPES.length} onClick={add}>
            {t('scope.addLine')}
          </Button>
          <Flex gap={8}>
            {onCancel && <Button onClick={onCancel}>{t('common:cancel')}</Button>}
            <Button type="primary" loading={saving} onClick={save}>
              {t('scope.save')}
            </Button>
          </Flex>
        </Flex>
      )}
    </Flex>
  );
}

/** The picked values of one line: a select of roles or posts, the department tree, or people picked in the dialog. */
function ScopeValues({
  type,
  label,
  line,
  readOnly,
  onChange,
}: {
  type: ScopeType;
  label: string;
  line: Line;
  readOnly: boolean;
  onChange: (ids: string[], names: string[]) => void;
}) {
  const { t } = useTranslation('workflow');
  switch (type) {
    case 'role':
      return (
        <OptionValues
          label={label}
          line={line}
          readOnly={readOnly}
          onChange={onChange}
          queryKey={['system', 'role', 'select']}
          load={fetchRoleOptions}
          nameField="roleName"
        />
      );
    case 'post':
      return (
        <OptionValues
          label={label}
          line={line}
          readOnly={readOnly}
          onChange={onChange}
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
          disabled={readOnly}
          value={line.ids}
          style={{ width: '100%' }}
          onChange={(ids: string[], names: ReactNode[]) => onChange(ids, names.map(String))}
        />
      );
    case 'company':
      return (
        <EnterpriseSelector
          multiple
          value={line.ids.join(',')}
          disabled={readOnly}
          placeholder={t('scope.everyCompany')}
          // The server names the enterprises itself when it saves the line.
          onChange={(value) => onChange(idsOf(value), [])}
        />
      );
    case 'user':
      return <PeopleValues label={label} line={line} readOnly={readOnly} onChange={onChange} />;
  }
}

function OptionValues({
  label,
  line,
  readOnly,
  onChange,
  queryKey,
  load,
  nameField,
}: {
  label: string;
  line: Line;
  readOnly: boolean;
  onChange: (ids: string[], names: string[]) => void;
  queryKey: string[];
  load: () => Promise<Row[]>;
  nameField: string;
}) {
  const rows = useQuery({ queryKey, queryFn: load });
  const options = (rows.data ?? []).map((row) => ({ value: row.id, label: String(row[nameField] ?? row.id) }));
  // A stored value whose row is gone (or not loaded yet) keeps the name it was saved with.
  for (const [i, id] of line.ids.entries()) {
    if (!options.some((option) => option.value === id)) options.push({ value: id, label: line.names[i] ?? id });
  }
  return (
    <Select<string[]>
      aria-label={label}
      mode="multiple"
      showSearch
      optionFilterProp="label"
      disabled={readOnly}
      loading={rows.isPending}
      value={line.ids}
      options={options}
      style={{ width: '100%' }}
      onChange={(ids) =>
        onChange(
          ids,
          ids.map((id) => options.find((option) => option.value === id)?.label ?? id),
        )
      }
    />
  );
}

/** Users: their names as tags, more added in the person picker. */
function PeopleValues({
  label,
  line,
  readOnly,
  onChange,
}: {
  label: string;
  line: Line;
  readOnly: boolean;
  onChange: (ids: string[], names: string[]) => void;
}) {
  const { t } = useTranslation('workflow');
  const [picking, setPicking] = useState(false);
  const drop = (index: number) =>
    onChange(
      line.ids.filter((_, i) => i !== index),
      line.names.filter((_, i) => i !== index),
    );
  const addPicked = (users: Row[]) => {
    const fresh = users.filter((user) => !line.ids.includes(user.id));
    onChange([...line.ids, ...fresh.map((user) => user.id)], [...line.names, ...fresh.map((u) => String(u.realName))]);
    setPicking(false);
  };
  return (
    <Flex wrap gap={4} align="center" role="group" aria-label={label} style={{ minHeight: 32 }}>
      {line.ids.map((id, index) => (
        <Tag
          key={id}
          closable={!readOnly}
          closeIcon={<CloseOutlined aria-label={t('scope.removeName', { name: line.names[index] ?? id })} />}
          onClose={() => drop(index)}
          style={{ marginInlineEnd: 0 }}
        >
          {line.names[index] ?? id}
        </Tag>
      ))}
      {!readOnly && (
        <Button size="small" icon={<SelectOutlined />} onClick={() => setPicking(true)}>
          {t('scope.pickUsers')}
        </Button>
      )}
      {picking && (
        <PersonPicker
          multiple
          title={t('scope.pickUsers')}
          baseFilters={PARK_ACCOUNTS}
          onConfirm={addPicked}
          onClose={() => setPicking(false)}
        />
      )}
    </Flex>
  );
}
