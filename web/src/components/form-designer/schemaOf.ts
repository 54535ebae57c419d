import { FORM_SCHEMA_VERSION, type FormSchema, schemaProblems } from '@park/catalog/forms';

/**
 * A stored form content (the schema as JSON text) as a schema: a form never designed is an empty one; content that
 * is not a well formed schema (the server never stores such) is `broken`, and the designer starts empty too.
 */
export function schemaOf(content: string | null | undefined): { schema: FormSchema; broken: boolean } {
  const empty: FormSchema = { version: FORM_SCHEMA_VERSION, fields: [] };
  if (!content) return { schema: empty, broken: false };
  try {
    const parsed: unknown = JSON.parse(content);
    if (schemaProblems(parsed).length === 0) return { schema: parsed as FormSchema, broken: false };
  } catch {
    // Not JSON: broken like any other content that is no schema.
  }
  return { schema: empty, broken: true };
}
