import type { EntityDef } from '../types.ts';
import { createTimeField } from './fields.ts';

/**
 * Users of a tenant. The password is deliberately not a field: it is never read back,
 * and is written only by the user module (create, reset, change).
 */
export const user: EntityDef = {
  key: 'user',
  module: 'user',
  api: 'blade-user',
  route: '/system/user',
  table: 'blade_user',
  label: { zh: '用户管理', en: 'Users' },
  fields: [
    {
      name: 'account',
      type: 'string',
      label: { zh: '登录账号', en: 'Account' },
      required: { zh: '请输入登录账号', en: 'Please enter the account' },
      unique: { zh: '当前用户已存在', en: 'This account already exists' },
      maxLength: 45,
      search: true,
      sort: true,
    },
    {
      name: 'name',
      type: 'string',
      label: { zh: '用户昵称', en: 'Nickname' },
      required: { zh: '请输入用户昵称', en: 'Please enter the nickname' },
      maxLength: 20,
    },
    {
      name: 'realName',
      type: 'string',
      label: { zh: '用户姓名', en: 'Real name' },
      required: { zh: '请输入用户姓名', en: 'Please enter the real name' },
      maxLength: 10,
      search: true,
    },
    {
      name: 'userType',
      type: 'int',
      label: { zh: '用户平台', en: 'Account type' },
      dict: 'user_type',
      search: true,
    },
    { name: 'code', type: 'string', label: { zh: '用户编号', en: 'Number' }, maxLength: 12, list: false },
    {
      name: 'roleId',
      type: 'string',
      label: { zh: '所属角色', en: 'Roles' },
      required: { zh: '请选择所属角色', en: 'Please select the roles' },
      maxLength: 1000,
      list: false,
    },
    {
      name: 'deptId',
      type: 'string',
      label: { zh: '所属部门', en: 'Departments' },
      required: { zh: '请选择所属部门', en: 'Please select the departments' },
      // A company account (user_type 2) belongs to its enterprise, not to a department of the park.
      requiredUnless: { field: 'userType', value: 2 },
      maxLength: 1000,
      list: false,
    },
    { name: 'postId', type: 'string', label: { zh: '所属岗位', en: 'Posts' }, maxLength: 1000, list: false },
    { name: 'phone', type: 'string', label: { zh: '手机号码', en: 'Mobile' }, maxLength: 45, format: 'mobile' },
    {
      name: 'email',
      type: 'string',
      label: { zh: '电子邮箱', en: 'Email' },
      maxLength: 45,
      list: false,
      format: 'email',
    },
    { name: 'sex', type: 'int', label: { zh: '用户性别', en: 'Sex' }, dict: 'sex', list: false },
    { name: 'birthday', type: 'date', label: { zh: '用户生日', en: 'Birthday' }, list: false },
    { name: 'avatar', type: 'string', label: { zh: '头像', en: 'Avatar' }, maxLength: 500, image: true, list: false },
    // A company account (userType 2) must name one; picked in the enterprise selector.
    {
      name: 'enterpriseId',
      type: 'id',
      label: { zh: '所属企业', en: 'Enterprise' },
      list: false,
      picker: 'enterprise',
    },
    createTimeField,
  ],
};
