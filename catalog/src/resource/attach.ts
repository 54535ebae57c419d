import { createTimeField } from '../system/fields.ts';
import type { EntityDef } from '../types.ts';

/**
 * Attachment management (附件管理): every file attached to a tenant's rows (park_attachment),
 * read and removed here; files are added only through their owner's upload.
 */
export const attach: EntityDef = {
  key: 'attach',
  module: 'resource',
  api: 'blade-resource/attach',
  route: '/resource/attach',
  table: 'park_attachment',
  label: { zh: '附件管理', en: 'Attachments' },
  fields: [
    {
      name: 'name',
      type: 'string',
      label: { zh: '附件名称', en: 'Name' },
      maxLength: 255,
      search: true,
      sort: true,
      form: false,
    },
    {
      name: 'extension',
      type: 'string',
      label: { zh: '附件类型', en: 'Type' },
      maxLength: 10,
      search: true,
      form: false,
    },
    {
      name: 'attachSize',
      type: 'int',
      label: { zh: '附件大小', en: 'Size' },
      sort: true,
      form: false,
    },
    {
      name: 'businessType',
      type: 'string',
      label: { zh: '所属业务', en: 'Belongs to' },
      maxLength: 64,
      form: false,
      entityKey: true,
    },
    { name: 'businessId', type: 'id', label: { zh: '业务编号', en: 'Record id' }, list: false, form: false },
    { name: 'link', type: 'string', label: { zh: '附件地址', en: 'Link' }, maxLength: 500, list: false, form: false },
    {
      name: 'createUser',
      type: 'id',
      label: { zh: '上传人', en: 'Uploaded by' },
      form: false,
      ref: { entity: 'user', nameField: 'realName', as: 'createUserName' },
    },
    { ...createTimeField, label: { zh: '上传时间', en: 'Uploaded' }, list: true },
  ],
};
