import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { SCOPE_TYPES, type ScopeType } from '@park/catalog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Flex, Select, Spin, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../feedback.ts';
import { i18n } from '../../i18n/index.ts';
import { EnterpriseSelector } from '../pickers/EnterpriseSelector.tsx';
import { idsOf } from '../pickers/PickedName.tsx';
import { PrincipalPicker } from '../pickers/PrincipalPicker.tsx';
import { isComplete, linesOf, newLine, rowsOf, type ScopeLine, type ScopeRow } from './scopeLines.ts';

/**
 * Lines of users, roles, departments, posts or company accounts (a company line without enterprises: every
 * company account), each kind once, picked with the product's pickers. Controlled: a screen that saves the scope
 * with something else (a survey with its scope) holds the lines; `ScopeEditor` loads and saves them alone.
 * `empty` says what no line means where the scope is used (everyone may start a model; a survey asks no one).
 */
export function ScopeLinesInput({
  value,
  onChange,
  readOnly = false,
  empty,
  actions,
}: {
  value: ScopeLine[];
  onChange: (lines: ScopeLine[]) => void;
  readOnly?: boolean;
  empty: ReactNode;
  /** Buttons at the end of the add-line row (the editor's save). */
  actions?: ReactNode;
}) {
  const { t } = useTranslation('pickers');
  const change = (key: number, patch: Partial<ScopeLine>) =>
    onChange(value.map((line) => (line.key === key ? { ...line, ...patch } : line)));
  const used = new Set(value.map((line) => line.scopeType));
  return (
    <Flex vertical gap={12}>
      {value.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
      ) : (
        value.map((line, index) => (
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
                onClick={() => onChange(value.filter((other) => other.key !== line.key))}
              />
            )}
          </Flex>
        ))
      )}
      {!readOnly && (
        <Flex justify="space-between" wrap gap={8}>
          <Button
            icon={<PlusOutlined />}
            disabled={value.length >= SCOPE_TYPES.length}
            onClick={() => onChange([...value, newLine(value)])}
          >
            {t('scope.addLine')}
          </Button>
          {actions}
        </Flex>
      )}
    </Flex>
  );
}

/** Whether every line names enough to be saved; warns (and answers false) when one does not. */
export function checkScopeLines(lines: readonly ScopeLine[]): boolean {
  if (lines.every(isComplete)) return true;
  toast.warning(i18n.t('pickers:scope.incomplete'));
  return false;
}

/**
 * A scope loaded (`load`, cached under `queryKey`), edited and saved as a whole (`save`, which replaces every
 * line): the workflow's model scope (its list's 范围 dialog, 模型范围) and 问卷范围.
 */
export function ScopeEditor({
  queryKey,
  load,
  save,
  empty,
  readOnly = false,
  onSaved,
  onCancel,
}: {
  queryKey: readonly unknown[];
  load: () => Promise<ScopeRow[]>;
  save: (rows: ScopeRow[]) => Promise<unknown>;
  empty: ReactNode;
  readOnly?: boolean;
  onSaved?: () => void;
  onCancel?: () => void;
}) {
  const scope = useQuery({ queryKey, queryFn: load });
  if (scope.isPending) return <Spin style={{ display: 'block', margin: '24px auto' }} />;
  if (scope.isError) return <Alert type="error" showIcon title={scope.error.message} />;
  return (
    <SavedLines
      // A fresh editor for each scope (another model or survey picked), from what was loaded.
      key={JSON.stringify(queryKey)}
      queryKey={queryKey}
      initial={scope.data}
      save={save}
      empty={empty}
      readOnly={readOnly}
      onSaved={onSaved}
      onCancel={onCancel}
    />
  );
}

function SavedLines({
  queryKey,
  initial,
  save,
  empty,
  readOnly,
  onSaved,
  onCancel,
}: {
  queryKey: readonly unknown[];
  initial: ScopeRow[];
  save: (rows: ScopeRow[]) => Promise<unknown>;
  empty: ReactNode;
  readOnly: boolean;
  onSaved?: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation(['pickers', 'common']);
  const queryClient = useQueryClient();
  const [lines, setLines] = useState<ScopeLine[]>(() => linesOf(initial));
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    if (!checkScopeLines(lines)) return;
    setSaving(true);
    try {
      await save(rowsOf(lines));
      toast.success(t('scope.saved'));
      await queryClient.invalidateQueries({ queryKey });
      onSaved?.();
    } catch {
      // Already shown by the HTTP client.
    } finally {
      setSaving(false);
    }
  };

  return (
    <ScopeLinesInput
      value={lines}
      onChange={setLines}
      readOnly={readOnly}
      empty={empty}
      actions={
        <Flex gap={8}>
          {onCancel && <Button onClick={onCancel}>{t('common:cancel')}</Button>}
          <Button type="primary" loading={saving} onClick={submit}>
            {t('scope.save')}
          </Button>
        </Flex>
      }
    />
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
  line: ScopeLine;
  readOnly: boolean;
  onChange: (ids: string[], names: string[]) => void;
}) {
  const { t } = useTranslation('pickers');
  if (type === 'company') {
    return (
      // Named as the other kinds' values are (the picker's input shows the enterprises' names, its placeholder the rule).
      <fieldset aria-label={label} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
        <EnterpriseSelector
          multiple
          value={line.ids.join(',')}
          disabled={readOnly}
          placeholder={t('scope.everyCompany')}
          // The server names the enterprises itself when it saves the line.
          onChange={(value) => onChange(idsOf(value), [])}
        />
      </fieldset>
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
