import { type FormField, LAYOUT_FIELD_TYPES } from '@park/catalog/forms';
import { useQuery } from '@tanstack/react-query';
import {
  type FormChoice,
  fetchFormChoices,
  fetchFormSchema,
  fetchSavedConditions,
  fetchTaskButtons,
} from '../../../../../api/workflow-model.ts';

/** The lists the drawer picks from, each read once per visit to the designer and shared by every element. */

const KEY = ['workflow', 'designer'];

export const useFormChoices = () => useQuery({ queryKey: [...KEY, 'forms'], queryFn: fetchFormChoices });
export const useTaskButtons = () => useQuery({ queryKey: [...KEY, 'buttons'], queryFn: fetchTaskButtons });
export const useSavedConditions = () => useQuery({ queryKey: [...KEY, 'conditions'], queryFn: fetchSavedConditions });

/** The fields with a value of their own, a group's fields among them (layout kinds have none). */
export function valueFields(fields: readonly FormField[]): FormField[] {
  return fields.flatMap((field) => {
    if (field.type === 'group') return valueFields(field.children ?? []);
    return LAYOUT_FIELD_TYPES.includes(field.type) || !field.name ? [] : [field];
  });
}

/** The value fields of the form with this key (its main version), once the form list names it. */
export function useFormFields(formKey: string | undefined) {
  const forms = useFormChoices();
  const form: FormChoice | undefined = forms.data?.find((choice) => choice.formKey === formKey);
  const schema = useQuery({
    queryKey: [...KEY, 'form', form?.id, form?.version],
    queryFn: () => fetchFormSchema(form?.id as string),
    enabled: Boolean(form),
  });
  return {
    form,
    pending: forms.isPending || (Boolean(form) && schema.isPending),
    fields: schema.data ? valueFields(schema.data.fields ?? []) : [],
  };
}
