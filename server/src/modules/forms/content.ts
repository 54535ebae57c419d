import { schemaProblems } from '@park/catalog/forms';
import { type Bilingual, badRequest } from '../../platform/errors.ts';

/**
 * A form's content as a request sends it (workflow forms, questionnaire forms and templates): the FormSchema
 * (@park/catalog/forms) as JSON text or as the object itself, checked by the schema validator the web runs too.
 */
const MSG = {
  notJson: { zh: '表单内容不是有效的 JSON', en: 'The form content is not valid JSON' },
  tooLarge: {
    zh: '表单内容过大（不能超过1,000,000个字符）',
    en: 'The form content is too large (1,000,000 characters at most)',
  },
} as const;

const CONTENT_MAX = 1_000_000;

/** A form content from a request: JSON text (or the object itself) of a well formed schema, as JSON text. */
export async function checkFormContent(value: unknown): Promise<string> {
  let schema: unknown = value;
  if (typeof value === 'string') {
    if (value.length > CONTENT_MAX) throw badRequest(MSG.tooLarge);
    try {
      schema = JSON.parse(value);
    } catch {
      throw badRequest(MSG.notJson);
    }
  }
  const problems = schemaProblems(schema);
  if (problems.length) throw badRequest(joined(problems));
  const text = JSON.stringify(schema);
  if (text.length > CONTENT_MAX) throw badRequest(MSG.tooLarge);
  return text;
}

/** Several problems as one message: each language's own separator. */
export function joined(problems: Bilingual[]): Bilingual {
  return { zh: problems.map((p) => p.zh).join('；'), en: problems.map((p) => p.en).join('; ') };
}
