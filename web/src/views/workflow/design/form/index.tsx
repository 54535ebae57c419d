import { FormOutlined, HistoryOutlined, TagsOutlined } from '@ant-design/icons';
import { wfForm } from '@park/catalog';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { changeFormCategory } from '../../../../api/workflow-form.ts';
import CrudPage from '../../../../crud/CrudPage.tsx';
import { usePermission } from '../../../../stores/session.ts';
import { requireSelection } from '../../../system/shared/requireSelection.ts';
import { ChangeCategoryModal } from '../model/ChangeCategoryModal.tsx';
import { FormDesignDrawer } from './FormDesignDrawer.tsx';

/** The version history of a form. */
const formHistoryPath = (id: string) => `/workflow/design/form/history/${encodeURIComponent(id)}`;

/**
 * /workflow/design/form (表单设计): the forms' generic list and dialog (key, name, category, status, remark), and per
 * row 设计 (the designer, full screen; each save a new version) and 历史 (the versions); 变更分类 for the picked
 * rows. Each behind its button code (workflow-contract.md).
 */
export default function FormDesignPage() {
  const { t } = useTranslation('forms');
  const navigate = useNavigate();
  const mayEdit = usePermission('wf_form_edit');
  const can = {
    // A design is saved through the form's submit, which asks for both buttons (the row's edit, the design).
    design: usePermission('wf_form_design') && mayEdit,
    history: usePermission('wf_form_history'),
    // The category is the form's own field: whoever may edit the form may move it (the server's rule too).
    edit: mayEdit,
  };
  const [designing, setDesigning] = useState<{ id: string; reload: () => void } | null>(null);
  const [recategorising, setRecategorising] = useState<{ ids: string[]; reload: () => void } | null>(null);

  return (
    <>
      <CrudPage
        entity={wfForm}
        rowActions={(row, { reload }) => (
          <>
            {can.design && (
              <Button
                type="link"
                size="small"
                icon={<FormOutlined />}
                onClick={() => setDesigning({ id: row.id, reload })}
              >
                {t('screen.design')}
              </Button>
            )}
            {can.history && (
              <Button
                type="link"
                size="small"
                icon={<HistoryOutlined />}
                onClick={() => navigate(formHistoryPath(row.id))}
              >
                {t('screen.history')}
              </Button>
            )}
          </>
        )}
        toolbar={({ selected, reload }) =>
          can.edit && (
            <Button
              icon={<TagsOutlined />}
              onClick={() => requireSelection(selected, (ids) => setRecategorising({ ids, reload }))}
            >
              {t('screen.changeCategory')}
            </Button>
          )
        }
      />
      {designing && (
        <FormDesignDrawer id={designing.id} onClose={() => setDesigning(null)} onSaved={designing.reload} />
      )}
      {recategorising && (
        <ChangeCategoryModal
          ids={recategorising.ids}
          change={changeFormCategory}
          onClose={() => setRecategorising(null)}
          onDone={() => {
            recategorising.reload();
            setRecategorising(null);
          }}
        />
      )}
    </>
  );
}
