/**
 * Tag options (spec part 3 "Tag option: id, tagKey, tagValue"; part 7 `tag-option` select, save,
 * submit): the tags a tenant's guides and policies have been given, offered again by the tag input.
 * A tag key is one of these dictionary codes (spec part 3); any other is refused with 不被期望的tagKey
 * (part 8). No screen of their own: the guide and policy forms read and add them.
 */
export const TAG_KEYS = ['guide_tag_option', 'policy_tag_option'] as const;
export type TagKey = (typeof TAG_KEYS)[number];

/** The longest tag: a word or two, as a tag is. */
export const TAG_MAX_LENGTH = 50;

export function isTagKey(value: unknown): value is TagKey {
  return (TAG_KEYS as readonly unknown[]).includes(value);
}
