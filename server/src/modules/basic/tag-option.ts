import { isTagKey, TAG_MAX_LENGTH, type TagKey } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import type { Queryable } from '../../platform/db.ts';
import { badRequest, ok } from '../../platform/errors.ts';
import { nextId } from '../../platform/ids.ts';
import type { Platform } from '../../platform/platform.ts';

/**
 * Tag options (blade-basic/tag-option; spec part 3 "Tag option: id, tagKey, tagValue"): the tags the
 * tag input offers for a tag key (guide_tag_option, policy_tag_option), which are the entries of that
 * dictionary code (system, then the tenant's business one) followed by the tags the tenant's people
 * have added. `select` lists them; `save` adds one and `submit` an array, skipping empty values and
 * values already there (spec part 5) in one statement (insert ... on conflict do nothing against the
 * unique index, not exists against the dictionaries), so concurrent submits add each tag once.
 */
const BASE = '/api/blade-basic/tag-option';
/** The most tags one submit adds. */
const MAX_TAGS = 100;

const MSG = {
  missingKey: { zh: '缺少参数tagKey', en: 'The parameter tagKey is missing' },
  unexpectedKey: { zh: '不被期望的tagKey', en: 'Unexpected tagKey' },
  emptyValue: { zh: '请输入标签', en: 'Please enter the tag' },
  notText: { zh: '标签必须是文本', en: 'A tag must be text' },
  tooLong: {
    zh: `标签长度不能超过${TAG_MAX_LENGTH}个字符`,
    en: `A tag cannot be longer than ${TAG_MAX_LENGTH} characters`,
  },
  notArray: { zh: '请提交标签数组', en: 'Please submit an array of tags' },
  notObject: { zh: '请求体必须是JSON对象', en: 'The request body must be a JSON object' },
  tooMany: { zh: `一次最多提交${MAX_TAGS}个标签`, en: `At most ${MAX_TAGS} tags can be submitted at once` },
} as const;

export type TagOption = {
  id: string;
  tagKey: string;
  tagValue: string;
};

/** A tag key of the request: one of the tag dictionaries' codes, or a 400. */
function tagKeyOf(value: unknown): TagKey {
  if (value === undefined || value === null || value === '') throw badRequest(MSG.missingKey);
  if (!isTagKey(value)) throw badRequest(MSG.unexpectedKey);
  return value;
}

/** A tag as it is kept, trimmed; undefined for an empty one (skipped); a 400 for anything but text or a number. */
function tagValueOf(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' && typeof value !== 'number') throw badRequest(MSG.notText);
  const tag = String(value).trim();
  if (tag === '') return undefined;
  if ([...tag].length > TAG_MAX_LENGTH) throw badRequest(MSG.tooLong);
  return tag;
}

/** The dictionaries' entries of the tag key for the tenant, system first, as tag options. */
const DICTIONARY_TAGS = `
  select d.id::text as id, d.code as "tagKey", d.dict_value as "tagValue", 0 as source, d.sort, d.id as n
    from blade_dict d where d.code = $1 and d.parent_id <> 0 and d.is_sealed = 0 and d.is_deleted = 0
  union all
  select b.id::text, b.code, b.dict_value, 1, b.sort, b.id
    from blade_dict_biz b where b.code = $1 and b.tenant_id = $2 and b.parent_id <> 0 and b.is_sealed = 0
     and b.is_deleted = 0`;

/** The tag options of a key: the dictionaries' entries, then the tenant's own tags, each value once. */
function optionsOf(q: Queryable, tenantId: string, tagKey: TagKey, like?: string): Promise<TagOption[]> {
  return q.query<TagOption>(
    `select id, "tagKey", "tagValue" from (
       select o.*, row_number() over (partition by "tagValue" order by source, sort, n) as k from (
         ${DICTIONARY_TAGS}
         union all
         select t.id::text, t.tag_key, t.tag_value, 2, 0, t.id
           from basic_tag_option t where t.tenant_id = $2 and t.tag_key = $1 and t.is_deleted = 0
       ) o
       where $3::text is null or position(lower($3) in lower("tagValue")) > 0
     ) ranked where k = 1
     order by source, sort, n`,
    [tagKey, tenantId, like ?? null],
  );
}

/**
 * Adds the tags not there yet, in one statement: a value of the dictionaries or of the tenant's tags is
 * skipped, and a concurrent insert of the same value meets the unique index and is skipped too.
 */
async function addTags(q: Queryable, tags: { tagKey: TagKey; tagValue: string }[]): Promise<TagOption[]> {
  if (tags.length === 0) return [];
  const { tenantId, userId, deptId } = ctx();
  return q.query<TagOption>(
    `insert into basic_tag_option (id, tenant_id, tag_key, tag_value, create_user, create_dept, update_user)
     select v.id, $4::varchar, v.tag_key, v.tag_value, $5::bigint, $6::bigint, $5::bigint
       from unnest($1::bigint[], $2::text[], $3::text[]) as v(id, tag_key, tag_value)
      where not exists (select 1 from blade_dict d where d.code = v.tag_key and d.dict_value = v.tag_value
                           and d.parent_id <> 0 and d.is_deleted = 0)
        and not exists (select 1 from blade_dict_biz b where b.tenant_id = $4::varchar and b.code = v.tag_key
                           and b.dict_value = v.tag_value and b.parent_id <> 0 and b.is_deleted = 0)
     on conflict do nothing
     returning id::text as id, tag_key as "tagKey", tag_value as "tagValue"`,
    [
      tags.map(() => nextId()),
      tags.map((t) => t.tagKey),
      tags.map((t) => t.tagValue),
      tenantId,
      userId,
      deptId || null,
    ],
  );
}

/** The tags of a submit's array: `{ tagKey, tagValue }` objects, or texts of the `tagKey` the query names. */
function submittedTags(body: unknown, queryKey: unknown): { tagKey: TagKey; tagValue: string }[] {
  if (!Array.isArray(body)) throw badRequest(MSG.notArray);
  if (body.length > MAX_TAGS) throw badRequest(MSG.tooMany);
  const seen = new Set<string>();
  const tags: { tagKey: TagKey; tagValue: string }[] = [];
  for (const item of body) {
    const isObject = typeof item === 'object' && item !== null && !Array.isArray(item);
    const tagKey = tagKeyOf(isObject ? (item as Record<string, unknown>).tagKey : queryKey);
    const tagValue = tagValueOf(isObject ? (item as Record<string, unknown>).tagValue : item);
    const key = `${tagKey}\n${tagValue}`;
    if (tagValue === undefined || seen.has(key)) continue;
    seen.add(key);
    tags.push({ tagKey, tagValue });
  }
  return tags;
}

export function registerTagOptions(app: FastifyInstance, platform: Platform) {
  type Q = { Querystring: Record<string, unknown> };

  app.get<Q>(`${BASE}/select`, { config: { title: '标签选项' } }, async (req) => {
    const tagKey = tagKeyOf(req.query.tagKey);
    const like = tagValueOf(req.query.tagValue);
    const { tenantId } = ctx();
    return ok(await platform.db.scoped(tenantId, (q) => optionsOf(q, tenantId, tagKey, like)));
  });

  // One tag: the option it is now (added, or the one already there); an empty tag is refused.
  app.post<Q & { Body: unknown }>(`${BASE}/save`, { config: { title: '新增标签选项' } }, async (req) => {
    const body = req.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest(MSG.notObject);
    const { tagKey: rawKey, tagValue: rawValue } = body as Record<string, unknown>;
    const tagKey = tagKeyOf(rawKey ?? req.query.tagKey);
    const tagValue = tagValueOf(rawValue);
    if (tagValue === undefined) throw badRequest(MSG.emptyValue);
    const { tenantId } = ctx();
    const option = await platform.db.tx(tenantId, async (q) => {
      await addTags(q, [{ tagKey, tagValue }]);
      return (await optionsOf(q, tenantId, tagKey)).find((o) => o.tagValue === tagValue);
    });
    return ok(option);
  });

  // Several tags: the ones added (empty, repeated and existing values skipped).
  app.post<Q & { Body: unknown }>(`${BASE}/submit`, { config: { title: '提交标签选项' } }, async (req) => {
    const tags = submittedTags(req.body, req.query.tagKey);
    const { tenantId } = ctx();
    return ok(await platform.db.tx(tenantId, (q) => addTags(q, tags)));
  });
}
