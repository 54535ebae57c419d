import { dictField, longText, NOT_NEGATIVE, text, typed } from '../crm/fields.ts';
import { createTimeField } from '../system/fields.ts';
import type { EntityDef, FieldDef } from '../types.ts';
import { industryField } from './industry.ts';

/**
 * The park's policies (spec part 1 "policies with attachments, policy info and push"; part 7 basic
 * `policy` with attach-list, remove-attach, save-attach; demo `policy-push` with analysisPush):
 * one row per policy, kept by the operator in one list, 政策管理 (/basic/policy: drafts and published, with
 * its files, 原文附件), written on the add and edit pages under /policy/info, and read once published under
 * 政策资讯 (/policy/info, the readers' list; issue 34.5). Industry, scale and tags say which enterprises it
 * fits; 政策推送 (/policy/push) sends it to them.
 */

/** The keys of the policy_publish_status dictionary: only a published policy is read by companies and pushed. */
export const POLICY_PUBLISH = { draft: 0, published: 1 } as const;
/** The keys of the policy_push_status dictionary. */
export const POLICY_PUSH_STATUS = { pending: 0, pushed: 1 } as const;

/**
 * The enterprise scale (dictionary enterprise_scale) an enterprise falls in by its registered capital
 * (yuan): the CRM keeps no headcount or revenue of its own, and the capital is what the park records
 * at entry. Lower bounds, smallest first: 1 微型, 2 小型 from 1,000,000, 3 中型 from 10,000,000,
 * 4 大型 from 50,000,000. The server matches with the same bounds (modules/basic/policy.ts).
 */
export const SCALE_BOUNDS: readonly [key: number, from: number][] = [
  [1, 0],
  [2, 1_000_000],
  [3, 10_000_000],
  [4, 50_000_000],
];

/** The tag key of the policy's tags (spec part 3 dictionary codes; the tag input's list). */
export const POLICY_TAG_KEY = 'policy_tag_option';

const tagsField: FieldDef = {
  name: 'tags',
  type: 'string',
  label: { zh: '政策标签', en: 'Tags' },
  maxLength: 500,
  tagKey: POLICY_TAG_KEY,
  search: true,
  span: 24,
};

export const policy: EntityDef = {
  key: 'policy_info',
  module: 'basic',
  api: 'blade-basic/policy',
  route: '/policy/info',
  table: 'basic_policy',
  label: { zh: '政策资讯', en: 'Policies' },
  // 政策管理 lists the policies with their files; the push form picks the policy it pushes.
  readWith: ['/basic/policy', '/policy/push'],
  editPages: true,
  defaultSort: { field: 'issueDate', desc: true },
  fields: [
    text('title', { zh: '政策标题', en: 'Title' }, { required: true, search: true, max: 200 }),
    text('policyNo', { zh: '政策文号', en: 'Document number' }, { max: 64 }),
    text('issuingBody', { zh: '发布机构', en: 'Issuing body' }, { required: true, search: true, max: 100 }),
    typed('issueDate', 'date', { zh: '发布日期', en: 'Issue date' }, { required: true }),
    typed('startDate', 'date', { zh: '申报开始', en: 'Applications open' }),
    typed('endDate', 'date', { zh: '申报截止', en: 'Applications close' }, { notBefore: 'startDate' }),
    // Empty means any: a policy for every industry or every scale. An industry covers the ones below it.
    industryField({ zh: '适用行业', en: 'Industry' }),
    dictField('enterpriseScale', { zh: '企业规模', en: 'Enterprise scale' }, 'enterprise_scale'),
    tagsField,
    {
      name: 'content',
      type: 'text',
      label: { zh: '政策内容', en: 'Content' },
      richText: true,
      maxLength: 200_000,
      list: false,
      span: 24,
      required: { zh: '请输入政策内容', en: 'Please enter the content' },
    },
    {
      ...dictField('publishStatus', { zh: '发布状态', en: 'Publishing' }, 'policy_publish_status', true),
      initial: POLICY_PUBLISH.draft,
    },
    // Set by the server when the policy is published, cleared when it is withdrawn.
    { name: 'publishTime', type: 'datetime', label: { zh: '发布时间', en: 'Published' }, form: false, sort: true },
    createTimeField,
  ],
};

export const policyPush: EntityDef = {
  key: 'policy_push',
  module: 'demo',
  api: 'blade-demo/policy-push',
  route: '/policy/push',
  table: 'demo_policy_push',
  label: { zh: '政策推送', en: 'Policy pushes' },
  editPages: true,
  fields: [
    {
      ...typed('policyId', 'id', { zh: '推送政策', en: 'Policy' }, { required: true }),
      search: true,
      // The title travels with the row: a company account reads its pushes, not the drafts they may name.
      // The form offers the published policies only: the server refuses a draft (issue 34.5).
      ref: {
        entity: 'policy_info',
        nameField: 'title',
        as: 'policyTitle',
        offer: { publishStatus_equal: POLICY_PUBLISH.published },
      },
    },
    longText('pushContent', { zh: '推送说明', en: 'Note to enterprises' }),
    {
      ...dictField('pushStatus', { zh: '推送状态', en: 'Push status' }, 'policy_push_status'),
      form: false,
    },
    { name: 'pushTime', type: 'datetime', label: { zh: '推送时间', en: 'Pushed at' }, form: false, sort: true },
    {
      name: 'pushUser',
      type: 'id',
      label: { zh: '推送人', en: 'Pushed by' },
      form: false,
      ref: { entity: 'user', nameField: 'realName', as: 'pushUserName' },
    },
    {
      ...typed('enterpriseCount', 'int', { zh: '推送企业数', en: 'Enterprises reached' }, NOT_NEGATIVE),
      form: false,
    },
    createTimeField,
  ],
};
