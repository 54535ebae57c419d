import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { SCOPE_TYPES, type ScopeType } from '@park/catalog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Flex, Select, Spin, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchModelScope, type ScopeLine, submitModelScope } from '../../../../api/workflow-design.ts';
import { EnterpriseSelector } from '../../../../components/pickers/EnterpriseSelector.tsx';
import { idsOf } from '../../../../components/pickers/PickedName.tsx';
import { PrincipalPicker } from '../../../../components/pickers/PrincipalPicker.tsx';
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

/** The picked values of one line: enterprises for company accounts, else the principals of its kind. */
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
  if (type === 'company') {
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
  }
  return (
    <PrincipalPicker
      type={type}
      label={label}
      ids={line.ids}
      names={line.names}
      disabled={readOnly}
      onChange={onChange}
      texts={{ pickUsers: t('scope.pickUsers'), removeName: (name) => t('scope.removeName', { name }) }}
    />
  );
}
