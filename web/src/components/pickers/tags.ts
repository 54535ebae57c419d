import { i18n } from '../../i18n/index.ts';

/**
 * The tag lists a tag input may offer (spec part 3 names them among the dictionary codes):
 * guide tags, policy tags and dish tastes.
 */
export const TAG_KEYS = ['guide_tag_option', 'policy_tag_option', 'dishes_taste'] as const;
export type TagKey = (typeof TAG_KEYS)[number];

/** The tag key itself, or 不被期望的tagKey for any other (spec part 8). */
export function checkTagKey(tagKey: string): TagKey {
  if (!(TAG_KEYS as readonly string[]).includes(tagKey)) throw new Error(i18n.t('pickers:unexpectedTagKey'));
  return tagKey as TagKey;
}

/** The tags of a stored value: comma-joined, as the server keeps them. */
export function tagsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return typeof value === 'string' ? value.split(',').filter(Boolean) : [];
}

/** The tags with one more typed: blanks and a value already there are skipped (spec part 5). */
export function addTag(tags: string[], typed: string): string[] {
  const tag = typed.trim();
  return tag === '' || tags.includes(tag) ? tags : [...tags, tag];
}
