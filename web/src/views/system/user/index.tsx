import {
  AuditOutlined,
  CloudServerOutlined,
  ImportOutlined,
  KeyOutlined,
  LinkOutlined,
  TeamOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import { user } from '@park/catalog';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud.ts';
import { exportUsers, fetchUserPage, resetPasswords, setUserStatus, unlockUsers } from '../../../api/system.ts';
import CrudPage, { type CrudContext } from '../../../crud/CrudPage.tsx';
import { toast } from '../../../feedback.ts';
import { requireSelection } from '../shared/requireSelection.ts';
import { TreePanel } from '../shared/TreePanel.tsx';
import { deptTreeQuery } from '../shared/treeQueries.ts';
import { useConfirmedAction } from '../shared/useConfirmedAction.ts';
import { usePermission } from '../shared/usePermission.ts';
import { ApplicationsModal } from './ApplicationsModal.tsx';
import { ImportModal } from './ImportModal.tsx';
import { PlatformModal } from './PlatformModal.tsx';
import { UserBindingsModal } from './UserBindingsModal.tsx';
import { UserRolesModal } from './UserRolesModal.tsx';
import { UserPasswordItems, userInputs } from './userForm.tsx';

const ENABLED = 1;

/** /system/user: users of the department picked on the left (and below it), with the account actions. */
export default function UserPage() {
  const { t } = useTranslation('system');
  const depts = useQuery(deptTreeQuery);
  const confirmed = useConfirmedAction();
  const [deptId, setDeptId] = useState<string>();
  const [granting, setGranting] = useState<{ ids: string[]; done: () => void } | null>(null);
  const can = {
    grant: usePermission('user_role'),
    reset: usePermission('user_reset'),
    unlock: usePermission('user_unlock'),
    edit: usePermission('user_edit'),
    review: usePermission('user_register'),
    import: usePermission('user_import'),
    platform: usePermission('user_platform'),
  };
  const [platformOf, setPlatformOf] = useState<{ id: string; done: () => void } | null>(null);
  const [reviewing, setReviewing] = useState<(() => void) | null>(null);
  const [importing, setImporting] = useState<(() => void) | null>(null);
  const [bindingsOf, setBindingsOf] = useState<string | null>(null);

  const toolbar = ({ selected, reload }: CrudContext) => (
    <>
      {can.grant && (
        <Button
          icon={<TeamOutlined />}
          onClick={() => requireSelection(selected, (ids) => setGranting({ ids, done: reload }))}
        >
          {t('user.grantRole')}
        </Button>
      )}
      {can.reset && (
        <Button
          icon={<KeyOutlined />}
          onClick={() =>
            confirmed({ ids: selected, question: t('user.confirmReset'), call: resetPasswords, done: reload })
          }
        >
          {t('user.resetPassword')}
        </Button>
      )}
      {can.unlock && (
        <Button
          icon={<UnlockOutlined />}
          onClick={() =>
            confirmed({ ids: selected, question: t('user.confirmUnlock'), call: unlockUsers, done: reload })
          }
        >
          {t('user.unlock')}
        </Button>
      )}
      {can.platform && (
        <Button
          icon={<CloudServerOutlined />}
          onClick={() =>
            requireSelection(selected, ([id, ...more]) =>
              more.length ? toast.warning(t('user.selectOne')) : setPlatformOf({ id, done: reload }),
            )
          }
        >
          {t('user.platform')}
        </Button>
      )}
      {can.review && (
        <Button icon={<AuditOutlined />} onClick={() => setReviewing(() => reload)}>
          {t('user.applications')}
        </Button>
      )}
      <Button
        icon={<LinkOutlined />}
        onClick={() =>
          requireSelection(selected, ([id, ...more]) =>
            more.length ? toast.warning(t('user.selectOne')) : setBindingsOf(id),
          )
        }
      >
        {t('user.bindings')}
      </Button>
      {can.import && (
        <Button icon={<ImportOutlined />} onClick={() => setImporting(() => reload)}>
          {t('user.import')}
        </Button>
      )}
    </>
  );

  const statusAction = (row: Row, { reload }: CrudContext) => {
    if (!can.edit) return null;
    const enabled = row.status === ENABLED;
    return (
      <Button
        type="link"
        size="small"
        danger={enabled}
        onClick={() =>
          confirmed({
            ids: [row.id],
            question: t(enabled ? 'user.confirmDisable' : 'user.confirmEnable'),
            call: (ids) => setUserStatus(ids, enabled ? 0 : 1),
            done: reload,
          })
        }
      >
        {t(enabled ? 'user.disable' : 'user.enable')}
      </Button>
    );
  };

  return (
    <Flex gap={12} align="flex-start">
      <TreePanel
        title={t('user.deptTree')}
        nodes={depts.data}
        searchPlaceholder={t('user.deptFilter')}
        onSelect={setDeptId}
      />
      <div style={{ flex: 1, minWidth: 0 }}>
        <CrudPage
          entity={user}
          baseFilters={deptId ? { deptId } : undefined}
          load={fetchUserPage}
          exportFile={exportUsers}
          exportButton="user_export"
          inputs={userInputs}
          extra={(mode) => <UserPasswordItems mode={mode} />}
          columns={[
            { key: 'roleName', dataIndex: 'roleName', title: t('user.roleName') },
            { key: 'deptName', dataIndex: 'deptName', title: t('user.deptName') },
            {
              key: 'status',
              dataIndex: 'status',
              title: t('user.status'),
              render: (status: unknown) =>
                status === ENABLED ? (
                  <Tag color="success">{t('user.enabled')}</Tag>
                ) : (
                  <Tag color="error">{t('user.disabled')}</Tag>
                ),
            },
          ]}
          toolbar={toolbar}
          rowActions={statusAction}
        />
      </div>
      {granting && (
        <UserRolesModal
          userIds={granting.ids}
          onClose={() => setGranting(null)}
          onSaved={() => {
            granting.done();
            setGranting(null);
          }}
        />
      )}
      {platformOf && (
        <PlatformModal
          userId={platformOf.id}
          onClose={() => setPlatformOf(null)}
          onSaved={() => {
            platformOf.done();
            setPlatformOf(null);
          }}
        />
      )}
      {bindingsOf && <UserBindingsModal userId={bindingsOf} canRemove={can.edit} onClose={() => setBindingsOf(null)} />}
      {importing && <ImportModal onClose={() => setImporting(null)} onImported={importing} />}
      <ApplicationsModal open={reviewing !== null} onClose={() => setReviewing(null)} onDecided={() => reviewing?.()} />
    </Flex>
  );
}
