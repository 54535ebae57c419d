import { dictField, enterpriseField, longText, text } from '../crm/fields.ts';
import { createTimeField } from '../system/fields.ts';
import type { EntityDef } from '../types.ts';

/**
 * The park's feedback (意见反馈; spec part 7 basic `feedback` with page and `attach-list` by feedbackId
 * and type) and its replies (part 3 "Feedback reply: feedbackId, content"). Company accounts submit
 * feedback and read their own with its thread; park staff answer it. Its state follows the thread:
 * 待处理 until the park replies, 已回复 after, 已关闭 once closed, after which it takes no reply.
 */

/** The keys of the feedback_status dictionary. */
export const FEEDBACK_STATUS = { pending: 0, replied: 1, closed: 2 } as const;

export const feedback: EntityDef = {
  key: 'feedback',
  module: 'basic',
  api: 'blade-basic/feedback',
  route: '/basic/feedback',
  table: 'basic_feedback',
  label: { zh: '意见反馈', en: 'Feedback' },
  fields: [
    text('title', { zh: '反馈标题', en: 'Subject' }, { required: true, search: true, max: 100 }),
    dictField('feedbackType', { zh: '反馈类型', en: 'Type' }, 'feedback_type', true),
    longText('content', { zh: '反馈内容', en: 'Details' }, true),
    text('contactPhone', { zh: '联系电话', en: 'Phone' }, { max: 20, format: 'phone' }),
    // A company account's own enterprise, filled by the server.
    { ...enterpriseField, form: false },
    {
      ...dictField('feedbackStatus', { zh: '处理状态', en: 'State' }, 'feedback_status'),
      form: false,
      initial: FEEDBACK_STATUS.pending,
    },
    { name: 'replyCount', type: 'int', label: { zh: '回复数', en: 'Replies' }, form: false },
    // The author: whoever submitted it; the reply notifies them.
    {
      name: 'createUser',
      type: 'id',
      label: { zh: '反馈人', en: 'Author' },
      form: false,
      ref: { entity: 'user', nameField: 'realName', as: 'createUserName' },
    },
    { ...createTimeField, list: true },
  ],
};

/**
 * A reply in a feedback's thread (not a screen of its own: the feedback screen shows the thread and
 * its reply box). Written through `blade-basic/feedback/reply`, read through `reply-list`.
 */
export const feedbackReply: EntityDef = {
  key: 'feedback_reply',
  module: 'basic',
  api: 'blade-basic/feedback',
  route: '/basic/feedback',
  table: 'basic_feedback_reply',
  label: { zh: '反馈回复', en: 'Feedback replies' },
  fields: [
    {
      name: 'feedbackId',
      type: 'id',
      label: { zh: '所属反馈', en: 'Feedback' },
      required: { zh: '请选择反馈', en: 'Please choose the feedback' },
    },
    longText('content', { zh: '回复内容', en: 'Reply' }, true),
    createTimeField,
  ],
};
