import { Form, type FormProps, Modal, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../feedback.ts';
import { useSave } from './useSave.ts';

export interface FormModalProps<V, A> extends Omit<FormProps<V>, 'form' | 'onFinish' | 'children' | 'title'> {
  title: ReactNode;
  width?: number;
  /** Sends the form's values; a failure is already shown by the request, so the dialog just stays open. */
  submit: (values: V) => Promise<A>;
  /** The toast after a save, from the server's answer when it names what was made. */
  savedMessage: string | ((answer: A) => string);
  onClose: () => void;
  onSaved: (answer: A) => void;
  /** A view: the form is disabled and only the close button shows. */
  readOnly?: boolean;
  /** What the form shows is still loading: a spinner in its place. */
  loading?: boolean;
  /** The save button is off (the row to edit failed to load). */
  saveDisabled?: boolean;
  /** The save button's text when it does more than save (发送 sends a message); 保存 otherwise. */
  okText?: string;
  children: ReactNode;
}

/**
 * The save dialog every form of the console uses: 保存 (or the dialog's own word) submits the form, the save runs as a mutation
 * with its success toast, 取消 (关闭 for a view) leaves; a click on the mask does not close it.
 */
export function FormModal<V extends object, A = unknown>({
  title,
  width,
  submit,
  savedMessage,
  onClose,
  onSaved,
  readOnly = false,
  loading = false,
  saveDisabled = false,
  okText,
  children,
  ...formProps
}: FormModalProps<V, A>) {
  const { t } = useTranslation(['crud', 'common']);
  const [form] = Form.useForm<V>();
  const save = useSave(submit, (answer) => {
    toast.success(typeof savedMessage === 'function' ? savedMessage(answer) : savedMessage);
    onSaved(answer);
  });

  return (
    <Modal
      open
      title={title}
      width={width}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={okText ?? t('save')}
      cancelText={readOnly ? t('common:close') : t('common:cancel')}
      okButtonProps={{ loading: save.isPending, disabled: loading || saveDisabled }}
      footer={readOnly ? (_, { CancelBtn }) => <CancelBtn /> : undefined}
      mask={{ closable: false }}
    >
      {loading ? (
        <Spin style={{ display: 'block', padding: 48 }} />
      ) : (
        <Form<V>
          validateTrigger="onBlur"
          labelWrap
          style={{ paddingTop: 8 }}
          {...formProps}
          form={form}
          disabled={readOnly || formProps.disabled}
          onFinish={(values) => save.mutate(values)}
        >
          {children}
        </Form>
      )}
    </Modal>
  );
}
