import { dictField, text, typed } from '../crm/fields.ts';
import { createTimeField } from '../system/fields.ts';
import type { EntityDef, FieldDef, Text } from '../types.ts';

/**
 * The interaction portal's news (新闻资讯) and park guides (园区指南) (spec part 7 basic `news` with
 * `select` by title; `guide` with `attach-list` by guideId and type, `remove-attach`, `select`): articles
 * the park writes with a rich-text body on their own add and edit pages, read by company accounts once
 * published. A guide carries tags (guide_tag_option) and files.
 */

/** The keys of the interaction_publish_status dictionary: only what is published reaches company accounts. */
export const PUBLISH_STATUS = { draft: 0, published: 1 } as const;

/** The tag key of a guide's tags (spec part 3 dictionary codes; the tag input's list). */
export const GUIDE_TAG_KEY = 'guide_tag_option';

function body(label: Text): FieldDef {
  return {
    name: 'content',
    type: 'text',
    label,
    richText: true,
    // An article of some length with its markup; images are links, never inlined data.
    maxLength: 200_000,
    list: false,
    span: 24,
    required: { zh: `请输入${label.zh}`, en: `Please enter the ${label.en.toLowerCase()}` },
  };
}

const coverImage: FieldDef = {
  name: 'coverImage',
  type: 'string',
  label: { zh: '封面图', en: 'Cover image' },
  image: true,
  maxLength: 500,
};

const publishFields: FieldDef[] = [
  {
    ...dictField('publishStatus', { zh: '发布状态', en: 'Publishing' }, 'interaction_publish_status', true),
    initial: PUBLISH_STATUS.draft,
  },
  // Set by the server when the item is published (kept while it stays so), cleared when withdrawn.
  { name: 'publishTime', type: 'datetime', label: { zh: '发布时间', en: 'Published' }, form: false, sort: true },
];

export const news: EntityDef = {
  key: 'news',
  module: 'basic',
  api: 'blade-basic/news',
  route: '/interaction/news',
  table: 'basic_news',
  label: { zh: '新闻资讯', en: 'News' },
  editPages: true,
  defaultSort: { field: 'publishTime', desc: true },
  fields: [
    text('title', { zh: '新闻标题', en: 'Title' }, { required: true, search: true, max: 200 }),
    text('source', { zh: '新闻来源', en: 'Source' }, { max: 100 }),
    { ...text('summary', { zh: '摘要', en: 'Summary' }, { max: 500 }), list: false, span: 24 },
    coverImage,
    body({ zh: '新闻内容', en: 'Content' }),
    ...publishFields,
    createTimeField,
  ],
};

export const guide: EntityDef = {
  key: 'guide',
  module: 'basic',
  api: 'blade-basic/guide',
  route: '/interaction/guide',
  table: 'basic_guide',
  label: { zh: '园区指南', en: 'Park guides' },
  editPages: true,
  defaultSort: { field: 'sort', desc: false },
  fields: [
    text('title', { zh: '指南标题', en: 'Title' }, { required: true, search: true, max: 200 }),
    dictField('guideType', { zh: '指南类型', en: 'Guide type' }, 'guide_type', true),
    {
      name: 'tags',
      type: 'string',
      label: { zh: '指南标签', en: 'Tags' },
      maxLength: 500,
      tagKey: GUIDE_TAG_KEY,
      search: true,
    },
    { ...typed('sort', 'int', { zh: '排序', en: 'Sort' }, { min: 0, max: 9999 }), initial: 1 },
    coverImage,
    body({ zh: '指南内容', en: 'Content' }),
    ...publishFields,
    createTimeField,
  ],
};
