// The rules alone: the catalog's entities stay off the login page, which shows these messages too.
import { RULE_MESSAGES } from '@park/catalog/rules';
import type { Lang } from './types.ts';

/** The catalog's rule messages in one language: the server answers a save with the same words. */
export function ruleMessages(lang: Lang): Record<keyof typeof RULE_MESSAGES, string> {
  return Object.fromEntries(Object.entries(RULE_MESSAGES).map(([key, text]) => [key, text[lang]])) as Record<
    keyof typeof RULE_MESSAGES,
    string
  >;
}
