import { PaperClipOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud.ts';
import type { CrudContext } from '../../../crud/CrudPage.tsx';
import type { DetailPage } from '../../../crud/detailPage.tsx';
import { AttachmentsModal } from './AttachmentsModal.tsx';
import { ChildListModal } from './ChildListModal.tsx';
import { type EnterpriseTabDef, rowDetailPath } from './tabs.ts';

/** A list's row buttons and the dialogs they open, to hand to the generic list. */
export interface TabRowActions {
  rowActions?: (row: Row, context: CrudContext) => ReactNode;
  dialogs: ReactNode;
  /** The row's detail page, which the list's 查看 and the row's name open. */
  detail?: DetailPage;
}

/**
 * The row buttons of a tab's entity, as its tab definition declares them (its detail page, which 查看
 * and the row's name open), the rows under it (a project's history), 附件, and the entity's own (a staff member's account). One
 * definition serves the enterprise detail's tab and the entity's own list in the menu.
 */
export function useTabRowActions(tab: EnterpriseTabDef): TabRowActions {
  const { t } = useTranslation('crm');
  const [childOf, setChildOf] = useState<Row | null>(null);
  const [filesOf, setFilesOf] = useState<Row | null>(null);
  const { child, rowActions: Actions, attachments } = tab;
  const detail: DetailPage | undefined = tab.detail && {
    nameField: tab.detail.nameField,
    path: (row) => rowDetailPath(tab, row.id),
  };
  if (!child && !Actions && !attachments) return { dialogs: null, detail };

  return {
    detail,
    rowActions: (row, { reload }) => (
      <>
        {child && (
          <Button type="link" size="small" onClick={() => setChildOf(row)}>
            {t(child.action)}
          </Button>
        )}
        {attachments && (
          <Button type="link" size="small" icon={<PaperClipOutlined />} onClick={() => setFilesOf(row)}>
            {t('attachments')}
          </Button>
        )}
        {Actions && <Actions row={row} reload={reload} />}
      </>
    ),
    dialogs: (
      <>
        {child && childOf && <ChildListModal child={child} parent={childOf} onClose={() => setChildOf(null)} />}
        {attachments && filesOf && (
          <AttachmentsModal
            owner={{ entity: tab.entity, param: attachments.param, id: filesOf.id }}
            name={String(filesOf[attachments.nameField] ?? '')}
            onClose={() => setFilesOf(null)}
          />
        )}
      </>
    ),
  };
}
