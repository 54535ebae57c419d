import { isTagKey, type TagKey } from '@park/catalog';
import { i18n } from '../../i18n/index.ts';

/**
 * The tag lists a tag input may offer (spec part 3 names them among the dictionary codes): the guide
 * and policy tags, as the server's tag-option calls know them (catalog TAG_KEYS).
 */
export { TAG_KEYS, type TagKey } from '@park/catalog';

/** The tag key itself, or 不被期望的tagKey for any other (spec part 8). */
export function checkTagKey(tagKey: string): TagKey {
  if (!isTagKey(tagKey)) throw new Error(i18n.t('pickers:unexpectedTagKey'));
  return tagKey;
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

/** The tags of `next` that are new: neither offered yet nor held before, so the server is told of them. */
export function newTags(next: string[], held: string[], offered: ReadonlySet<string>): string[] {
  return next.filter((tag) => !offered.has(tag) && !held.includes(tag));
}
