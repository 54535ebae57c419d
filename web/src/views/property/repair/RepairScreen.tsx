import {
  CheckCircleOutlined,
  CloseCircleOutlined,
  EditOutlined,
  EyeOutlined,
  NodeIndexOutlined,
  PlayCircleOutlined,
  SendOutlined,
  StarOutlined,
} from '@ant-design/icons';
import { type EntityDef, type FieldDef, REPAIR_STATUS, type RepairAction, repairKept } from '@park/catalog';
import { encodeProcessParams } from '@park/catalog/workflow';
import { Button, Radio, Tag } from 'antd';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Row } from '../../../api/crud.ts';
import CrudPage from '../../../crud/CrudPage.tsx';
import { DictLabel } from '../../../crud/DictSelect.tsx';
import { FormModal } from '../../../crud/FormModal.tsx';
import { FieldItems, useRecordForm } from '../../../crud/RecordModal.tsx';
import { PRIMARY_ACTION } from '../../../crud/RowActions.tsx';
import { formFieldsOf, toRowValues } from '../../../crud/values.ts';
import { useLang } from '../../../i18n/index.ts';
import { useIsCompany, usePermission, useSession } from '../../../stores/session.ts';
import { useConfirmed } from '../../system/shared/useConfirmedAction.ts';
import { moveRepair, reportRepair } from './api.ts';

// The detail (its description list and steps) loads with its first opening, not with the list.
const RepairDetail = lazy(() => import('./RepairDetail.tsx'));

// Status colours the themes keep readable (axe's contrast check): warning, processing, success, default.
const STATE_COLOR: Record<number, string> = {
  [REPAIR_STATUS.pending]: 'warning',
  [REPAIR_STATUS.assigned]: 'processing',
  [REPAIR_STATUS.working]: 'processing',
  [REPAIR_STATUS.finished]: 'success',
  [REPAIR_STATUS.rated]: 'success',
  [REPAIR_STATUS.cancelled]: 'default',
};

/** The row's state as a coloured tag. */
export function RepairState({ entity, row }: { entity: EntityDef; row: Row }) {
  const field = entity.fields.find((f) => f.name === 'repairStatus')!;
  return (
    <Tag color={STATE_COLOR[Number(row.repairStatus)]}>
      <DictLabel field={field} value={row.repairStatus} />
    </Tag>
  );
}

/** What a company account's report form leaves out: its enterprise is its own, and it reads no offices or rooms. */
const PARK_ONLY_FIELDS = ['enterpriseId', 'officeId', 'roomId'];

type Dialog =
  | { kind: 'report'; id?: string }
  | { kind: 'assign' | 'finish' | 'rate' | 'cancel'; row: Row }
  | { kind: 'detail'; id: string };

/**
 * 报修管理 (`entity` repair) and 工单管理 (work order): one screen over the same rows. The list is the generic one
 * with the state tagged; 查看 opens the detail with every step as a timeline; 新增 and 编辑 (while nobody has taken
 * the repair up) open the report form, which a company account sends through blade-crm/work-order/submit for its
 * own enterprise. The row's flow actions show only where its state allows them: on 工单管理 派单 (picking the park
 * user), 开始处理, 完成 (with the result) and 取消; on 报修管理 the reporter's 评价 (stars and a comment) and 取消.
 * A repair run by the tenant's repair process (it has a processInstanceId) moves in the process: its row links
 * 查看流程 to the process's detail instead of 派单, 开始处理, 完成 and 评价 (取消 stays: it ends the process).
 * A finished or rated repair is the record of the work: it offers no 删除 (the server refuses it too).
 */
export function RepairScreen({ entity }: { entity: EntityDef }) {
  const { t } = useTranslation(['repair', 'crud']);
  const confirmed = useConfirmed();
  const company = useIsCompany();
  const me = useSession((s) => s.user?.userId);
  const park = entity.key === 'work_order';
  const canEdit = usePermission(`${entity.key}_edit`);
  const canView = usePermission(`${entity.key}_view`);
  const [dialog, setDialog] = useState<(Dialog & { reload?: () => void }) | null>(null);
  const navigate = useNavigate();

  const reporterSide = (row: Row) => company || String(row.createUser) === me;
  const actions = (row: Row, reload: () => void): ReactNode[] => {
    const state = Number(row.repairStatus);
    const open = (kind: 'assign' | 'finish' | 'rate' | 'cancel') => () => setDialog({ kind, row, reload });
    const button = (key: string, icon: ReactNode, label: string, onClick: () => void) => (
      // 派单 is the row's main work: it stays side by side however many buttons the row has (issue 34.4).
      <Button
        key={key}
        type="link"
        size="small"
        icon={icon}
        onClick={onClick}
        {...(key === 'assign' ? PRIMARY_ACTION : {})}
      >
        {label}
      </Button>
    );
    const shown: ReactNode[] = [];
    if (canView) {
      shown.push(button('view', <EyeOutlined />, t('crud:view'), () => setDialog({ kind: 'detail', id: row.id })));
    }
    if (state === REPAIR_STATUS.pending && canEdit && (park || reporterSide(row) || !company)) {
      shown.push(
        button('edit', <EditOutlined />, t('crud:edit'), () => setDialog({ kind: 'report', id: row.id, reload })),
      );
    }
    const process = row.processInstanceId ? String(row.processInstanceId) : '';
    if (process) {
      shown.push(
        button('process', <NodeIndexOutlined />, t('process'), () =>
          navigate(`/workflow/process/detail/${encodeProcessParams({ processInstanceId: process })}`),
        ),
      );
    }
    if (park && canEdit && !process) {
      if (state === REPAIR_STATUS.pending) shown.push(button('assign', <SendOutlined />, t('assign'), open('assign')));
      if (state === REPAIR_STATUS.assigned) {
        shown.push(
          button('start', <PlayCircleOutlined />, t('start'), () =>
            confirmed(
              t('startQuestion', { no: String(row.repairNo) }),
              async () => {
                try {
                  await moveRepair(entity, 'start', { id: row.id });
                } finally {
                  reload();
                }
              },
              t('started'),
            ),
          ),
        );
      }
      if (state === REPAIR_STATUS.working)
        shown.push(button('finish', <CheckCircleOutlined />, t('finish'), open('finish')));
    }
    if (!park && !process && state === REPAIR_STATUS.finished && reporterSide(row)) {
      shown.push(button('rate', <StarOutlined />, t('rate'), open('rate')));
    }
    const mayCancel = park ? canEdit : reporterSide(row) || canEdit;
    if ((state === REPAIR_STATUS.pending || state === REPAIR_STATUS.assigned) && mayCancel) {
      shown.push(button('cancel', <CloseCircleOutlined />, t('cancel'), open('cancel')));
    }
    return shown;
  };

  const close = () => setDialog(null);
  const done = () => {
    dialog && 'reload' in dialog && dialog.reload?.();
    setDialog(null);
  };
  return (
    <>
      <CrudPage
        entity={entity}
        viewable={false}
        editable={false}
        add={{ label: t('crud:add'), open: ({ reload }) => setDialog({ kind: 'report', reload }) }}
        columns={[{ key: 'repairStatus', render: (_: unknown, row) => <RepairState entity={entity} row={row} /> }]}
        rowActions={(row, { reload }) => <>{actions(row, reload)}</>}
        removable={(row) => !repairKept(row)}
      />
      {dialog?.kind === 'report' && (
        <ReportModal entity={entity} id={dialog.id} company={company} onClose={close} onSaved={done} />
      )}
      {dialog &&
        (dialog.kind === 'assign' ||
          dialog.kind === 'finish' ||
          dialog.kind === 'rate' ||
          dialog.kind === 'cancel') && (
          <MoveModal entity={entity} action={dialog.kind} row={dialog.row} onClose={close} onSaved={done} />
        )}
      {dialog?.kind === 'detail' && (
        <Suspense fallback={null}>
          <RepairDetail entity={entity} id={dialog.id} onClose={close} />
        </Suspense>
      )}
    </>
  );
}

/** The report form: the catalog's fields (a company account's without its enterprise and the units). */
function ReportModal({
  entity,
  id,
  company,
  onClose,
  onSaved,
}: {
  entity: EntityDef;
  id?: string;
  company: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(['repair', 'crud']);
  const { fields, loading, failed, initialValues } = useRecordForm(
    entity,
    id,
    undefined,
    formFieldsOf(entity).filter((f) => !company || !PARK_ONLY_FIELDS.includes(f.name)),
  );
  return (
    <FormModal<Record<string, unknown>>
      title={t(id ? 'crud:edit' : 'crud:add')}
      width={880}
      submit={(values) => reportRepair(entity, company, { ...(id ? { id } : {}), ...toRowValues(fields, values) })}
      savedMessage={id ? t('crud:updated') : t('reported')}
      onClose={onClose}
      onSaved={onSaved}
      loading={loading}
      saveDisabled={failed}
      disabled={failed}
      labelCol={{ flex: '120px' }}
      initialValues={initialValues}
    >
      <FieldItems fields={fields} />
    </FormModal>
  );
}

const text = (name: string, label: { zh: string; en: string }, required = false): FieldDef => ({
  name,
  type: 'text',
  label,
  maxLength: 2000,
  span: 24,
  required: required ? { zh: `请输入${label.zh}`, en: `Please enter the ${label.en.toLowerCase()}` } : undefined,
});

/** The fields each move's dialog asks for. */
const MOVE_FIELDS: Record<'assign' | 'finish' | 'rate' | 'cancel', FieldDef[]> = {
  assign: [
    {
      name: 'assignee',
      type: 'id',
      label: { zh: '处理人', en: 'Assignee' },
      required: { zh: '请选择处理人', en: 'Please select the assignee' },
      span: 24,
      ref: { entity: 'user', nameField: 'realName', as: 'assigneeName' },
    },
    text('note', { zh: '备注', en: 'Note' }),
  ],
  finish: [text('result', { zh: '处理结果', en: 'Result' }, true)],
  rate: [
    {
      name: 'rating',
      type: 'int',
      label: { zh: '评分', en: 'Rating' },
      required: { zh: '请选择评分', en: 'Please choose the rating' },
      span: 24,
    },
    text('ratingComment', { zh: '评价内容', en: 'Comment' }),
  ],
  cancel: [text('note', { zh: '取消原因', en: 'Reason' })],
};

const MOVE_TITLE = { assign: 'assignTitle', finish: 'finishTitle', rate: 'rateTitle', cancel: 'cancelTitle' } as const;
const MOVE_DONE = { assign: 'assigned', finish: 'finished', rate: 'rated', cancel: 'cancelled' } as const;

/** One move's dialog: 派单 with the person picker, 完成 with the result, 评价 with stars and a comment, 取消 with a reason. */
function MoveModal({
  entity,
  action,
  row,
  onClose,
  onSaved,
}: {
  entity: EntityDef;
  action: 'assign' | 'finish' | 'rate' | 'cancel';
  row: Row;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('repair');
  const fields = MOVE_FIELDS[action];
  return (
    <FormModal<Record<string, unknown>>
      title={t(MOVE_TITLE[action], { no: String(row.repairNo ?? '') })}
      width={640}
      submit={(values) => moveRepair(entity, action as RepairAction, { id: row.id, ...toRowValues(fields, values) })}
      savedMessage={t(MOVE_DONE[action])}
      onClose={onClose}
      onSaved={onSaved}
      labelCol={{ flex: '100px' }}
    >
      <FieldItems fields={fields} inputs={{ rating: () => <Stars /> }} />
    </FormModal>
  );
}

/** The rating, 1 to 5 stars, as named radio buttons (each reads as "3 星" / "3 stars"). */
function Stars({ id, value, onChange }: { id?: string; value?: number; onChange?: (value: number) => void }) {
  const { t } = useTranslation('repair');
  const lang = useLang();
  return (
    <Radio.Group
      id={id}
      optionType="button"
      value={value}
      onChange={(e) => onChange?.(e.target.value)}
      aria-label={lang === 'zh' ? '评分' : 'Rating'}
      options={[1, 2, 3, 4, 5].map((n) => ({ value: n, label: t('stars', { count: n }) }))}
    />
  );
}
