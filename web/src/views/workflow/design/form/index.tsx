import { changeFormCategory } from '../../../../api/workflow-form.ts';
import { DesignedFormsPage } from '../../../../components/form-designer/DesignedFormsPage.tsx';
import { usePermission } from '../../../../stores/session.ts';
import { ChangeCategoryModal } from '../model/ChangeCategoryModal.tsx';
import { workflowForms } from './designedForms.ts';

/**
 * /workflow/design/form (表单设计): the forms' generic list and dialog (key, name, category, status, remark), and per
 * row 设计 (the designer, full screen; each save a new version) and 历史 (the versions); 变更分类 for the picked
 * rows. Each behind its button code (workflow-contract.md).
 */
export default function FormDesignPage() {
  const mayEdit = usePermission('wf_form_edit');
  const can = {
    // A design is saved through the form's submit, which asks for both buttons (the row's edit, the design).
    design: usePermission('wf_form_design') && mayEdit,
    history: usePermission('wf_form_history'),
    // The category is the form's own field: whoever may edit the form may move it (the server's rule too).
    recategorise: mayEdit,
  };
  return (
    <DesignedFormsPage
      forms={workflowForms}
      can={can}
      categoryModal={(props) => <ChangeCategoryModal {...props} change={changeFormCategory} />}
    />
  );
}
