import { text } from '../crm/fields.ts';
import { createTimeField, remarkField, sortField } from '../system/fields.ts';
import type { EntityDef } from '../types.ts';

/**
 * 轮播图 (spec part 1 "carousels"; part 7 basic `carousel`): the pictures the park's portal turns
 * through, each uploaded to the file store, shown in their order (`sort`, smallest first) while on
 * (status 1, dictionary carousel_status). A link, when given, is http(s) or a path of the site
 * (checked by the server: no `javascript:` ever reaches a page).
 */
export const carousel: EntityDef = {
  key: 'carousel',
  module: 'basic',
  api: 'blade-basic/carousel',
  route: '/basic/carousel',
  table: 'basic_carousel',
  label: { zh: '轮播图', en: 'Carousels' },
  defaultSort: { field: 'sort', desc: false },
  fields: [
    text('title', { zh: '标题', en: 'Title' }, { required: true, search: true, max: 100 }),
    {
      name: 'imageUrl',
      type: 'string',
      label: { zh: '图片', en: 'Picture' },
      maxLength: 1000,
      image: true,
      required: { zh: '请上传图片', en: 'Please upload the picture' },
    },
    { ...text('linkUrl', { zh: '跳转链接', en: 'Link' }, { max: 500 }), list: false },
    { ...sortField({ zh: '请输入排序', en: 'Please enter the sort order' }), initial: 1, min: 0 },
    {
      name: 'status',
      type: 'int',
      label: { zh: '状态', en: 'State' },
      dict: 'carousel_status',
      search: true,
      initial: 1,
    },
    remarkField,
    createTimeField,
  ],
};
