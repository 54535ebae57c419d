import { wfForm, wfFormHistory, wfModel, wfModelHistory } from '@park/catalog';
import type { Versioned } from '../forms/versions.ts';

/** The workflow's versioned parents (modules/forms/versions.ts): forms (JSON schemas) and models (BPMN XML). */
export const FORM_VERSIONS: Omit<Versioned, 'check'> = {
  parent: wfForm,
  history: wfFormHistory,
  parentColumn: 'form_id',
  parentParam: 'formId',
  keyColumn: 'form_key',
  body: 'content',
  remark: true,
  designButton: 'wf_form_design',
  historyButton: 'wf_form_history',
  messages: {
    noParent: { zh: '请选择表单', en: 'Please select the form' },
    noContent: { zh: '请提交表单内容', en: 'Please send the form content' },
  },
};

export const MODEL_VERSIONS: Omit<Versioned, 'check'> = {
  parent: wfModel,
  history: wfModelHistory,
  parentColumn: 'model_id',
  parentParam: 'modelId',
  keyColumn: 'model_key',
  body: 'xml',
  remark: false,
  designButton: 'wf_model_design',
  historyButton: 'wf_model_history',
  messages: {
    noParent: { zh: '请选择模型', en: 'Please select the model' },
    noContent: { zh: '请提交流程 XML', en: 'Please send the process XML' },
  },
};
