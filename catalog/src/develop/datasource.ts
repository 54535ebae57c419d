import { createTimeField, remarkField } from '../system/fields.ts';
import type { EntityDef } from '../types.ts';

/** The only driver whose connection the server can test (docs/decisions.md). */
export const POSTGRES_DRIVER = 'org.postgresql.Driver';

/** Data sources (BladeX blade_datasource): JDBC-style connections, tested before each save; the password never comes back in clear. */
export const datasource: EntityDef = {
  key: 'datasource',
  module: 'develop',
  api: 'blade-develop/datasource',
  route: '/tool/datasource',
  table: 'blade_datasource',
  label: { zh: '数据源管理', en: 'Data sources' },
  // The tenant screen gives a tenant its data source.
  readWith: ['/system/tenant'],
  fields: [
    {
      name: 'name',
      type: 'string',
      label: { zh: '名称', en: 'Name' },
      required: { zh: '请输入名称', en: 'Please enter the name' },
      maxLength: 100,
      search: true,
      sort: true,
    },
    {
      name: 'driverClass',
      type: 'string',
      label: { zh: '驱动类', en: 'Driver class' },
      required: { zh: '请输入驱动类', en: 'Please enter the driver class' },
      maxLength: 100,
    },
    {
      name: 'url',
      type: 'string',
      label: { zh: '连接地址', en: 'URL' },
      required: { zh: '请输入连接地址', en: 'Please enter the URL' },
      maxLength: 500,
      span: 24,
    },
    {
      name: 'username',
      type: 'string',
      label: { zh: '用户名', en: 'User name' },
      required: { zh: '请输入用户名', en: 'Please enter the user name' },
      maxLength: 100,
    },
    { name: 'password', type: 'string', label: { zh: '密码', en: 'Password' }, maxLength: 255, list: false },
    remarkField,
    createTimeField,
  ],
};
