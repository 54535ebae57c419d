import { FormOutlined, HistoryOutlined, TagsOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import CrudPage, { type CrudPageProps } from '../../crud/CrudPage.tsx';
import { requireSelection } from '../../views/system/shared/requireSelection.ts';
import type { DesignedForm, DesignedForms } from './designedForms.ts';
import { FormDesignDrawer } from './FormDesignDrawer.tsx';

/** What the list lets the user do beyond the generic buttons (each behind the module's button codes). */
export interface DesignedFormsCan {
  design: boolean;
  history: boolean;
  /** 变更分类 for the picked rows. */
  recategorise: boolean;
}

/**
 * A module's forms list (表单设计, 问卷表单): the entity's generic list and dialog, and per row 设计 (the designer, full
 * screen, each save a new version) and 历史 (the versions); 变更分类 for the picked rows, in the module's category
 * modal. A module adds its own columns, row buttons (after these) and toolbar buttons.
 */
export function DesignedFormsPage<F extends DesignedForm>({
  forms,
  can,
  categoryModal,
  rowActions,
  toolbar,
  ...crud
}: {
  forms: DesignedForms<F>;
  can: DesignedFormsCan;
  /** The module's 变更分类 dialog for these rows. */
  categoryModal: (props: { ids: string[]; onClose: () => void; onDone: () => void }) => ReactNode;
} & Pick<CrudPageProps, 'columns' | 'rowActions' | 'toolbar'>) {
  const { t } = useTranslation('forms');
  const navigate = useNavigate();
  const [designing, setDesigning] = useState<{ id: string; reload: () => void } | null>(null);
  const [recategorising, setRecategorising] = useState<{ ids: string[]; reload: () => void } | null>(null);

  return (
    <>
      <CrudPage
        entity={forms.entity}
        {...crud}
        rowActions={(row, context) => (
          <>
            {can.design && (
              <Button
                type="link"
                size="small"
                icon={<FormOutlined />}
                onClick={() => setDesigning({ id: row.id, reload: context.reload })}
              >
                {t('screen.design')}
              </Button>
            )}
            {can.history && (
              <Button
                type="link"
                size="small"
                icon={<HistoryOutlined />}
                onClick={() => navigate(forms.historyPath(row.id))}
              >
                {t('screen.history')}
              </Button>
            )}
            {rowActions?.(row, context)}
          </>
        )}
        toolbar={(context) => (
          <>
            {can.recategorise && (
              <Button
                icon={<TagsOutlined />}
                onClick={() =>
                  requireSelection(context.selected, (ids) => setRecategorising({ ids, reload: context.reload }))
                }
              >
                {t('screen.changeCategory')}
              </Button>
            )}
            {toolbar?.(context)}
          </>
        )}
      />
      {designing && (
        <FormDesignDrawer
          forms={forms}
          id={designing.id}
          onClose={() => setDesigning(null)}
          onSaved={designing.reload}
        />
      )}
      {recategorising &&
        categoryModal({
          ids: recategorising.ids,
          onClose: () => setRecategorising(null),
          onDone: () => {
            recategorising.reload();
            setRecategorising(null);
          },
        })}
    </>
  );
}
