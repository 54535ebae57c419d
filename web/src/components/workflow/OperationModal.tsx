import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../feedback.ts';
import { UserInput } from '../form-renderer/pickers.tsx';
import { type FormFile, UploadInput } from '../form-renderer/UploadInput.tsx';
import { fetchBackNodes } from './api.ts';

/** What an operation's dialog gathered, each only when the operation asks for it. */
export interface OperationValues {
  comment?: string;
  attachments?: FormFile[];
  /** Copy to these users (ids). */
  copyUser?: string[];
  /** The user picked (transfer, delegate, dispatch) or the users (add signers). */
  assignee?: string | string[];
  /** The node to send the task back to (rollback). */
  nodeId?: string;
  /** The open task picked (dispatch). */
  taskId?: string;
}

/** One task operation's dialog: which inputs it shows, and the call it makes with them. */
export interface OperationSpec {
  title: string;
  /** The comment: required (驳回, 退回, 终止) or optional; left out when not given. */
  comment?: 'required' | 'optional';
  /** The message when a required comment is missing (驳回's asks for the reason). */
  commentRequired?: string;
  attachments?: boolean;
  copyUser?: boolean;
  /** One user (转办, 委托, 指派) or several (加签, 抄送). */
  assignee?: 'one' | 'many';
  assigneeLabel?: string;
  /** 退回: the nodes the task may go back to, read with getBackNodes. */
  backNodesOf?: string;
  /** 指派: the instance's open tasks to pick from. */
  tasks?: { value: string; label: string }[];
  /** A line above the inputs (终止 cannot be undone). */
  hint?: string;
  danger?: boolean;
  /** Makes the call; the dialog closes and says 操作成功 once it answers, stays open on a refusal (shown already). */
  submit: (values: OperationValues) => Promise<unknown>;
  /** The toast after success, instead of 操作成功. */
  doneMessage?: string;
}

/** The dialog of a task operation (OperationSpec): its inputs checked, the call made, then `onDone`. */
export function OperationModal({
  spec,
  onClose,
  onDone,
}: {
  spec: OperationSpec;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation(['workflowRuntime', 'common']);
  const [form] = Form.useForm<OperationValues>();
  const [busy, setBusy] = useState(false);
  const backNodes = useQuery({
    queryKey: ['workflow', 'backNodes', spec.backNodesOf],
    queryFn: () => fetchBackNodes(spec.backNodesOf as string),
    enabled: Boolean(spec.backNodesOf),
    gcTime: 0,
  });
  const noBackNodes = Boolean(spec.backNodesOf) && backNodes.isSuccess && backNodes.data.length === 0;
  const noTasks = spec.tasks !== undefined && spec.tasks.length === 0;

  const submit = async () => {
    let values: OperationValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    try {
      await spec.submit(values);
      toast.success(spec.doneMessage ?? t('operation.done'));
      onDone();
    } catch {
      // Already shown by the HTTP client; the dialog stays for another try.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={spec.title}
      okText={t('operation.ok')}
      cancelText={t('common:cancel')}
      okButtonProps={{ danger: spec.danger, disabled: noBackNodes || noTasks }}
      confirmLoading={busy}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
    >
      {spec.hint && <Alert type="warning" showIcon title={spec.hint} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" name="wfOperation" preserve={false}>
        {spec.tasks !== undefined &&
          (noTasks ? (
            <Alert type="info" showIcon title={t('operation.noOpenTask')} style={{ marginBottom: 16 }} />
          ) : (
            <Form.Item
              name="taskId"
              label={t('operation.task')}
              initialValue={spec.tasks.length === 1 ? spec.tasks[0].value : undefined}
              rules={[{ required: true, message: t('operation.taskRequired') }]}
            >
              <Select options={spec.tasks} />
            </Form.Item>
          ))}
        {spec.backNodesOf &&
          (noBackNodes ? (
            <Alert type="info" showIcon title={t('operation.noBackNodes')} style={{ marginBottom: 16 }} />
          ) : (
            <Form.Item
              name="nodeId"
              label={t('operation.backNode')}
              rules={[{ required: true, message: t('operation.backNodeRequired') }]}
            >
              <Select
                loading={backNodes.isPending}
                options={(backNodes.data ?? []).map((node) => ({ value: node.nodeId, label: node.nodeName }))}
              />
            </Form.Item>
          ))}
        {spec.assignee && (
          <Form.Item
            name="assignee"
            label={spec.assigneeLabel ?? t(spec.assignee === 'one' ? 'operation.assignee' : 'operation.users')}
            rules={[
              {
                required: true,
                message: t(spec.assignee === 'one' ? 'operation.assigneeRequired' : 'operation.usersRequired'),
              },
            ]}
          >
            <UserInput multiple={spec.assignee === 'many'} />
          </Form.Item>
        )}
        {spec.comment && (
          <Form.Item
            name="comment"
            label={t('operation.comment')}
            rules={
              spec.comment === 'required'
                ? [
                    {
                      required: true,
                      whitespace: true,
                      message: spec.commentRequired ?? t('operation.commentRequired'),
                    },
                  ]
                : []
            }
          >
            <Input.TextArea rows={3} maxLength={2000} showCount />
          </Form.Item>
        )}
        {spec.attachments && (
          <Form.Item name="attachments" label={t('operation.attachments')}>
            <UploadInput />
          </Form.Item>
        )}
        {spec.copyUser && (
          <Form.Item name="copyUser" label={t('operation.copyUser')}>
            <UserInput multiple />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/** Ids as the calls take them: comma-joined. */
export function joinedIds(value: string | string[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  const ids = Array.isArray(value) ? value : [value];
  return ids.length ? ids.join(',') : undefined;
}

/** The one id of a single pick. */
export function oneId(value: string | string[] | undefined): string {
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
}
