import { Form, type FormProps, Modal, Spin } from 'antd';
import { type CSSProperties, type ReactNode, useEffect, useState } from 'react';
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

/** On screen for assistive technology only. */
const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
  border: 0,
};

/**
 * Gives the focus back, when the dialog goes, to what had it when the dialog came (the button that
 * opened it). Ant Design's Modal does so after its closing animation (`focusTriggerAfterClose`), but the
 * lists unmount their dialog as it closes, so that never runs; the focus then dropped to the page's body.
 */
export function useFocusReturn() {
  const [opener] = useState(() => document.activeElement);
  useEffect(
    () => () => {
      // After the dialog's elements have left the page: only where the focus went nowhere else.
      setTimeout(() => {
        const lost = !document.activeElement || document.activeElement === document.body;
        if (lost && opener instanceof HTMLElement && opener.isConnected) opener.focus();
      });
    },
    [opener],
  );
}

/** What a save form does, in a dialog or on a page of its own (RecordPage). */
export interface SaveFormOptions<V, A> {
  submit: (values: V) => Promise<A>;
  savedMessage: string | ((answer: A) => string);
  onSaved: (answer: A) => void;
  onFinishFailed?: FormProps<V>['onFinishFailed'];
}

/**
 * A save form's behaviour: the save runs as a mutation with its success toast, fields are checked when
 * they lose focus, the first field in error takes the focus and the count of problems is announced.
 * `formProps` go on the Form, `problems` in a `<SaveProblems>` beside it.
 */
export function useSaveForm<V extends object, A = unknown>({
  submit,
  savedMessage,
  onSaved,
  onFinishFailed,
}: SaveFormOptions<V, A>) {
  const { t } = useTranslation('crud');
  const [form] = Form.useForm<V>();
  // What a failed save says, in a live region the form keeps: a screen reader announces it.
  const [problems, setProblems] = useState('');
  const save = useSave(submit, (answer) => {
    toast.success(typeof savedMessage === 'function' ? savedMessage(answer) : savedMessage);
    onSaved(answer);
  });
  const formProps = {
    form,
    validateTrigger: 'onBlur',
    labelWrap: true,
    // The first field in error takes the focus (a screen reader reads it with its message).
    scrollToFirstError: { focus: true },
    onFinish: (values: V) => {
      setProblems('');
      save.mutate(values);
    },
    onFinishFailed: (failure: Parameters<NonNullable<FormProps<V>['onFinishFailed']>>[0]) => {
      // How many fields to mend: each field's own message is read with it, as it takes the focus
      // (Ant Design ties the message to its input), so the region does not repeat the messages.
      const count = failure.errorFields.filter((field) => field.errors.length > 0).length;
      // Set afresh each time, so the same problems are announced again on the next attempt.
      setProblems('');
      requestAnimationFrame(() => setProblems(t('problems', { count })));
      onFinishFailed?.(failure);
    },
  } satisfies FormProps<V>;
  return { form, save, problems, formProps };
}

/** The live region announcing a failed save's problems, on screen for assistive technology only. */
export function SaveProblems({ problems }: { problems: string }) {
  return (
    <div role="alert" data-testid="form-problems" style={VISUALLY_HIDDEN}>
      {problems}
    </div>
  );
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
  useFocusReturn();
  const {
    form,
    save,
    problems,
    formProps: saving,
  } = useSaveForm<V, A>({
    submit,
    savedMessage,
    onSaved,
    onFinishFailed: formProps.onFinishFailed,
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
          validateTrigger={saving.validateTrigger}
          labelWrap
          style={{ paddingTop: 8 }}
          {...formProps}
          form={form}
          disabled={readOnly || formProps.disabled}
          scrollToFirstError={saving.scrollToFirstError}
          onFinish={saving.onFinish}
          onFinishFailed={saving.onFinishFailed}
        >
          {children}
        </Form>
      )}
      <SaveProblems problems={problems} />
    </Modal>
  );
}
