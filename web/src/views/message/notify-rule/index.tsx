import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Select, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud.ts';
import { request } from '../../../api/http.ts';
import { PARK_ACCOUNTS, PersonPicker } from '../../../components/pickers/PersonPicker.tsx';
import { PickerField } from '../../../components/pickers/PickerField.tsx';
import { usePermission } from '../../../stores/session.ts';

/** A kind of incoming work's rule as blade-message/notify-rule/list answers it (server modules/message/notify-rules.ts). */
interface NotifyRule {
  kind: 'repair' | 'feedback' | 'space_reserve' | 'prod_report';
  enabled: number;
  roleIds: string[];
  userIds: string[];
  userNames: string[];
  isDefault: boolean;
}

interface Rules {
  rules: NotifyRule[];
  roles: { id: string; roleName: string }[];
}

const BASE = 'blade-message/notify-rule';
const KEY = ['message', 'notify-rule'] as const;

/** One rule as edited on its row, saved by the row's button. */
type Draft = Pick<NotifyRule, 'kind' | 'enabled' | 'roleIds' | 'userIds' | 'userNames'>;

/** The people of a row: their names; the person picker (park accounts only) replaces them. */
function PeopleCell({ draft, disabled, onChange }: { draft: Draft; disabled: boolean; onChange(d: Draft): void }) {
  const { t } = useTranslation('message');
  const [picking, setPicking] = useState(false);
  return (
    <>
      <PickerField
        id={`notify-users-${draft.kind}`}
        text={draft.userNames.join(', ')}
        placeholder={t('notifyRule.pickUsers')}
        disabled={disabled}
        onOpen={() => setPicking(true)}
        onClear={() => onChange({ ...draft, userIds: [], userNames: [] })}
      />
      {picking && (
        <PersonPicker
          multiple
          title={t('notifyRule.pickUsers')}
          baseFilters={PARK_ACCOUNTS}
          onConfirm={(users: Row[]) => {
            onChange({
              ...draft,
              userIds: users.map((u) => String(u.id)),
              userNames: users.map((u) => String(u.realName ?? u.account ?? u.id)),
            });
            setPicking(false);
          }}
          onClose={() => setPicking(false)}
        />
      )}
    </>
  );
}

/**
 * /message/notify-rule (通知规则, issue 34.1): for each kind of work that reaches the park, whether staff are told
 * and which roles and people; each row is saved by its own button (notify_rule_edit).
 */
export default function NotifyRulePage() {
  const { t } = useTranslation(['message', 'crud']);
  const { message: toast } = App.useApp();
  const canEdit = usePermission('notify_rule_edit');
  const client = useQueryClient();
  const rules = useQuery({ queryKey: KEY, queryFn: () => request<Rules>(`${BASE}/list`) });
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const save = useMutation({
    mutationFn: (draft: Draft) =>
      request<boolean>(`${BASE}/save`, {
        method: 'POST',
        body: { kind: draft.kind, enabled: draft.enabled, roleIds: draft.roleIds, userIds: draft.userIds },
      }),
    onSuccess: (_, draft) => {
      setDrafts(({ [draft.kind]: _saved, ...rest }) => rest);
      void client.invalidateQueries({ queryKey: KEY });
      void toast.success(t('notifyRule.saved'));
    },
  });
  const draftOf = (rule: NotifyRule): Draft => drafts[rule.kind] ?? rule;
  const change = (draft: Draft) => setDrafts((all) => ({ ...all, [draft.kind]: draft }));
  const roleOptions = (rules.data?.roles ?? []).map((r) => ({ value: r.id, label: r.roleName }));

  return (
    <Card>
      <Typography.Paragraph type="secondary">{t('notifyRule.hint')}</Typography.Paragraph>
      <Table<NotifyRule>
        rowKey="kind"
        bordered
        pagination={false}
        loading={rules.isFetching}
        dataSource={rules.data?.rules}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            key: 'kind',
            title: t('notifyRule.kind'),
            width: 200,
            render: (_, rule) => (
              <>
                {t(`notifyRule.kinds.${rule.kind}`)}
                {rule.isDefault && !drafts[rule.kind] && (
                  <Tag style={{ marginInlineStart: 8 }}>{t('notifyRule.isDefault')}</Tag>
                )}
              </>
            ),
          },
          {
            key: 'enabled',
            title: t('notifyRule.enabled'),
            width: 90,
            render: (_, rule) => {
              const draft = draftOf(rule);
              return (
                <Switch
                  aria-label={`${t(`notifyRule.kinds.${rule.kind}`)} ${t('notifyRule.enabled')}`}
                  checked={draft.enabled === 1}
                  disabled={!canEdit}
                  onChange={(on) => change({ ...draft, enabled: on ? 1 : 0 })}
                />
              );
            },
          },
          {
            key: 'roles',
            title: t('notifyRule.roles'),
            width: 320,
            render: (_, rule) => {
              const draft = draftOf(rule);
              return (
                <Select
                  mode="multiple"
                  aria-label={`${t(`notifyRule.kinds.${rule.kind}`)} ${t('notifyRule.roles')}`}
                  style={{ width: '100%', minWidth: 240 }}
                  value={draft.roleIds}
                  options={roleOptions}
                  optionFilterProp="label"
                  disabled={!canEdit}
                  onChange={(roleIds: string[]) => change({ ...draft, roleIds })}
                />
              );
            },
          },
          {
            key: 'users',
            title: t('notifyRule.users'),
            width: 280,
            render: (_, rule) => <PeopleCell draft={draftOf(rule)} disabled={!canEdit} onChange={change} />,
          },
          ...(canEdit
            ? [
                {
                  key: 'action',
                  // Named, as every column: a header-less column fails td-has-header.
                  title: t('crud:actions'),
                  width: 90,
                  fixed: 'right' as const,
                  render: (_: unknown, rule: NotifyRule) => (
                    <Button
                      type="link"
                      disabled={!drafts[rule.kind]}
                      loading={save.isPending && save.variables?.kind === rule.kind}
                      onClick={() => save.mutate(draftOf(rule))}
                    >
                      {t('notifyRule.save')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}
