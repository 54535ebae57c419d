import { wfForm } from '@park/catalog';
import {
  type FormRow,
  fetchForm,
  fetchFormVersions,
  setFormMainVersion,
  submitForm,
} from '../../../../api/workflow-form.ts';
import type { DesignedForms } from '../../../../components/form-designer/designedForms.ts';

/** 表单设计's forms: workflow kinds of field; a design is saved with the form's row through design/form/submit. */
export const workflowForms: DesignedForms<FormRow> = {
  entity: wfForm,
  kinds: 'workflow',
  detail: fetchForm,
  async saveVersion({ id, formKey, name, categoryId, status, remark }, content) {
    await submitForm({ id, formKey, name, categoryId, status, remark, content });
    return (await fetchForm(id)).version ?? 0;
  },
  versions: fetchFormVersions,
  setMainVersion: setFormMainVersion,
  listPath: '/workflow/design/form',
  historyPath: (id) => `/workflow/design/form/history/${encodeURIComponent(id)}`,
};
