import {
  AlertOutlined,
  CheckOutlined,
  CloseOutlined,
  CopyOutlined,
  PrinterOutlined,
  RollbackOutlined,
  StopOutlined,
  SwapOutlined,
  UndoOutlined,
  UserAddOutlined,
  UserSwitchOutlined,
  VerticalAlignBottomOutlined,
} from '@ant-design/icons';
import { App, Button, Flex, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../feedback.ts';
import { useLang } from '../../i18n/index.ts';
import {
  type Attachment,
  addSigners,
  claimTask,
  completeTask,
  copyTask,
  delegateTask,
  type ProcessDetail,
  removeSigner,
  rollbackTask,
  type Signer,
  terminateTask,
  transferTask,
  urgeTask,
  withdrawProcess,
} from './api.ts';
import { joinedIds, OperationModal, type OperationSpec, oneId } from './OperationModal.tsx';
import { type ActionKey, actionKeys, isRemovableSigner, mayRemoveSigners } from './taskActions.ts';
import { buttonLabel } from './words.ts';

const ICONS: Record<ActionKey, ReactNode> = {
  claim: <VerticalAlignBottomOutlined />,
  wf_pass: <CheckOutlined />,
  wf_reject: <CloseOutlined />,
  wf_print: <PrinterOutlined />,
  wf_transfer: <SwapOutlined />,
  wf_delegate: <UserSwitchOutlined />,
  wf_terminate: <StopOutlined />,
  wf_add_instance: <UserAddOutlined />,
  wf_del_instance: <UserAddOutlined />,
  wf_rollback: <RollbackOutlined />,
  wf_withdraw: <UndoOutlined />,
  wf_copy: <CopyOutlined />,
  wf_urge: <AlertOutlined />,
};

export interface TaskActionsProps {
  detail: ProcessDetail;
  /**
   * The values of the form's fields the task may change, once they pass their rules (同意 sends them); rejects
   * (and shows the form) while one does not.
   */
  editedValues: () => Promise<Record<string, unknown> | undefined>;
  /** After an operation went through: the detail is read again (and left when the task is gone). */
  onDone: () => void;
}

const files = (attachments: Attachment[] | undefined) => (attachments?.length ? attachments : undefined);

/**
 * The action bar of a process's detail (taskActions.ts `actionKeys`): each button opens its dialog (OperationModal)
 * or asks first (签收), makes the call and hands over to `onDone`; 打印 prints the detail (print.css).
 */
export function TaskActions({ detail, editedValues, onDone }: TaskActionsProps) {
  const { t } = useTranslation(['workflowRuntime', 'system', 'common']);
  const lang = useLang();
  const { modal } = App.useApp();
  const [operation, setOperation] = useState<OperationSpec | null>(null);
  const task = detail.task;
  const taskId = task?.taskId ?? '';
  const processInstanceId = detail.process.processInstanceId;
  const keys = actionKeys(detail);
  if (keys.length === 0) return null;

  const label = (key: ActionKey) =>
    buttonLabel(task?.buttons.find((button) => button.buttonKey === key) ?? { buttonKey: key }, lang, t);

  const confirm = (question: string, call: () => Promise<unknown>, done: string) =>
    modal.confirm({
      title: t('system:confirmTitle'),
      content: question,
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      onOk: async () => {
        try {
          await call();
          toast.success(done);
          onDone();
        } catch {
          // Already shown by the HTTP client.
        }
      },
    });

  const run = async (key: ActionKey) => {
    const title = label(key);
    switch (key) {
      case 'claim':
        return confirm(
          t('list.claimQuestion', { name: task?.taskName ?? detail.process.processDefinitionName ?? '' }),
          () => claimTask(taskId),
          t('list.claimed'),
        );
      case 'wf_pass': {
        const formData = await editedValues().catch(() => null);
        if (formData === null) return;
        return setOperation({
          title,
          comment: 'optional',
          attachments: true,
          copyUser: true,
          submit: (v) =>
            completeTask({
              taskId,
              pass: true,
              comment: v.comment,
              attachments: files(v.attachments),
              formData,
              copyUser: joinedIds(v.copyUser),
            }),
        });
      }
      case 'wf_reject':
        return setOperation({
          title,
          comment: 'required',
          commentRequired: t('operation.rejectRequired'),
          attachments: true,
          copyUser: true,
          danger: true,
          submit: (v) =>
            completeTask({
              taskId,
              pass: false,
              comment: v.comment,
              attachments: files(v.attachments),
              copyUser: joinedIds(v.copyUser),
            }),
        });
      case 'wf_transfer':
      case 'wf_delegate': {
        const call = key === 'wf_transfer' ? transferTask : delegateTask;
        return setOperation({
          title,
          assignee: 'one',
          comment: 'optional',
          submit: (v) => call({ taskId, assignee: oneId(v.assignee), comment: v.comment }),
        });
      }
      case 'wf_rollback':
        return setOperation({
          title,
          backNodesOf: taskId,
          comment: 'required',
          submit: (v) => rollbackTask({ taskId, nodeId: String(v.nodeId), comment: String(v.comment) }),
        });
      case 'wf_terminate':
        return setOperation({
          title: t('operation.terminateTitle'),
          hint: t('operation.terminateHint'),
          comment: 'required',
          danger: true,
          submit: (v) => terminateTask({ taskId, comment: String(v.comment) }),
        });
      case 'wf_copy':
        return setOperation({
          title,
          assignee: 'many',
          assigneeLabel: t('operation.copyUser'),
          comment: 'optional',
          submit: (v) => copyTask({ taskId, copyUser: joinedIds(v.assignee) ?? '', comment: v.comment }),
        });
      case 'wf_add_instance':
        return setOperation({
          title,
          assignee: 'many',
          submit: (v) => addSigners({ taskId, assignee: joinedIds(v.assignee) ?? '' }),
        });
      case 'wf_withdraw':
        return setOperation({
          title,
          hint: t('list.withdrawQuestion', { name: detail.process.processDefinitionName ?? '' }),
          comment: 'optional',
          doneMessage: t('list.withdrawn'),
          submit: (v) => withdrawProcess({ processInstanceId, comment: v.comment }),
        });
      case 'wf_urge':
        return setOperation({
          title,
          comment: 'optional',
          doneMessage: t('list.urged'),
          submit: (v) => urgeTask({ processInstanceId, comment: v.comment }),
        });
      case 'wf_print':
        window.print();
        return;
      default:
        return;
    }
  };

  return (
    <>
      <Flex
        gap={8}
        wrap
        className="wf-no-print"
        role="toolbar"
        aria-label={t('detail.actions')}
        data-testid="task-actions"
      >
        {keys.map((key) => (
          <Button
            key={key}
            type={key === 'wf_pass' || key === 'claim' ? 'primary' : 'default'}
            danger={key === 'wf_reject' || key === 'wf_terminate'}
            icon={ICONS[key]}
            data-action={key}
            onClick={() => void run(key)}
          >
            {label(key)}
          </Button>
        ))}
      </Flex>
      {operation && (
        <OperationModal
          spec={operation}
          onClose={() => setOperation(null)}
          onDone={() => {
            setOperation(null);
            onDone();
          }}
        />
      )}
    </>
  );
}

/**
 * A 会签 task's signers, each with whether they decided; while the viewer may take signers off (减签), an open
 * signer's tag closes after a question (process/deleteMultiInstance with that signer's task).
 */
export function Signers({ detail, onDone }: { detail: ProcessDetail; onDone: () => void }) {
  const { t } = useTranslation(['workflowRuntime', 'system', 'common']);
  const { modal } = App.useApp();
  const multi = detail.task?.multiInstance;
  if (!multi) return null;
  const removable = mayRemoveSigners(detail);
  const name = (signer: Signer) => signer.assigneeName ?? signer.assignee ?? signer.taskId;
  const remove = (signer: Signer) =>
    modal.confirm({
      title: t('system:confirmTitle'),
      content: t('detail.removeSignerQuestion', { name: name(signer) }),
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      onOk: async () => {
        try {
          await removeSigner(signer.taskId);
          toast.success(t('detail.signerRemoved'));
          onDone();
        } catch {
          // Already shown by the HTTP client.
        }
      },
    });
  const mode =
    multi.signMode === 'ratio'
      ? t('detail.signMode.ratio', { percent: Math.round((multi.ratio ?? 1) * 100) })
      : multi.signMode === 'any'
        ? t('detail.signMode.any')
        : t('detail.signMode.all');
  const rejected = (signer: Signer) => signer.pass === false || signer.pass === 0;
  const decided = (signer: Signer) =>
    signer.status === 'done'
      ? rejected(signer)
        ? t('detail.signerRejected')
        : t('detail.signerPassed')
      : t('status.todo');
  return (
    <Flex gap={4} wrap align="center" data-testid="signers">
      <Tag>{mode}</Tag>
      {multi.signers.map((signer) => {
        const closable = removable && isRemovableSigner(signer, detail.task?.taskId);
        return (
          <Tag
            key={signer.taskId}
            color={signer.status === 'done' ? (rejected(signer) ? 'error' : 'success') : 'processing'}
            closable={closable}
            closeIcon={
              closable ? <CloseOutlined aria-label={t('detail.removeSigner', { name: name(signer) })} /> : undefined
            }
            onClose={(event) => {
              event.preventDefault();
              remove(signer);
            }}
            style={{ marginInlineEnd: 0 }}
          >
            {`${name(signer)} · ${decided(signer)}`}
          </Tag>
        );
      })}
    </Flex>
  );
}
