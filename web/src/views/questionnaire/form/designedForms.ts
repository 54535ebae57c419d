import { QN_SCREENS, qnForm } from '@park/catalog';
import {
  addQnFormVersion,
  fetchQnForm,
  fetchQnFormVersions,
  type QnFormRow,
  setQnFormMainVersion,
} from '../../../api/questionnaire-form.ts';
import type { DesignedForms } from '../../../components/form-designer/designedForms.ts';

/** 问卷表单's forms: questionnaire kinds of question; a design is saved as a version through form/history/submit. */
export const questionnaireForms: DesignedForms<QnFormRow> = {
  entity: qnForm,
  kinds: 'questionnaire',
  detail: fetchQnForm,
  saveVersion: async (form, content) => (await addQnFormVersion(form.id, content)).version,
  versions: fetchQnFormVersions,
  setMainVersion: setQnFormMainVersion,
  listPath: QN_SCREENS.form,
  historyPath: (id) => `${QN_SCREENS.form}/history/${encodeURIComponent(id)}`,
};
