import type { FormSchema } from '@park/catalog/forms';
import type { Row } from './crud.ts';
import { request, requestList } from './http.ts';

/** The BPMN designer's calls (/work/briefs/workflow-contract.md): its model, the forms, buttons and conditions it picks. */

const DESIGN = 'blade-workflow/design';

/** A model as design/model/detail answers it. */
export interface DesignedModel extends Row {
  modelKey: string;
  name: string;
  categoryId?: string | null;
  icon?: string | null;
  description?: string | null;
  xml: string;
  version?: number | null;
  deployedVersion?: number | null;
}

/** An enabled form the designer may attach (design/form/listType). */
export interface FormChoice {
  id: string;
  formKey: string;
  name: string;
  version: number;
  categoryId?: string | null;
}

/** One of the 12 task buttons (design/button); `display` 1: shown on a task that names none. */
export interface TaskButton extends Row {
  buttonKey: string;
  name: string;
  display: number;
  sort?: number;
}

/** A reusable named condition (design/condition). */
export interface SavedCondition extends Row {
  name: string;
  expression: string;
}

export const fetchDesignedModel = (id: string) => request<DesignedModel>(`${DESIGN}/model/detail`, { query: { id } });

/** Saves the diagram as the model's next version, which becomes its main one (name from the process). */
export const saveModelXml = (model: DesignedModel, name: string, xml: string) =>
  request<unknown>(`${DESIGN}/model/submit`, {
    method: 'POST',
    body: {
      id: model.id,
      modelKey: model.modelKey,
      name,
      categoryId: model.categoryId ?? null,
      icon: model.icon ?? null,
      description: model.description ?? null,
      xml,
    },
  });

/** Deploys the model's main version: the new deployment, or a 400 whose message joins every reason it was refused for. */
export const deployDesignedModel = (id: string) =>
  request<Row & { version: number }>(`${DESIGN}/model/deploy`, { method: 'POST', query: { id } });

export const fetchFormChoices = () => request<FormChoice[]>(`${DESIGN}/form/listType`);

/** A form's fields as its main version holds them (content is the schema as a JSON string). */
export async function fetchFormSchema(id: string): Promise<FormSchema | undefined> {
  const form = await request<{ content?: string | null }>(`${DESIGN}/form/detail`, { query: { id } });
  if (!form.content) return undefined;
  try {
    return JSON.parse(form.content) as FormSchema;
  } catch {
    return undefined;
  }
}

export const fetchTaskButtons = () => requestList<TaskButton>(`${DESIGN}/button`, { ascs: 'sort' });

export const fetchSavedConditions = () => requestList<SavedCondition>(`${DESIGN}/condition`);
