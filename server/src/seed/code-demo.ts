import type { Queryable } from '../platform/db.ts';
import { PLATFORM_TENANT } from '../platform/params.ts';
import { SEED } from './platform.ts';
import { insertRows } from './rows.ts';

/** A demo code-generator configuration of tenant 000000 for the parameters table, so 代码生成 is not empty. */
export async function seedCodeDemo(q: Queryable) {
  await insertRows(q, 'blade_code', [
    {
      id: '1900000000000300001',
      tenant_id: PLATFORM_TENANT,
      code_name: '参数管理',
      table_name: 'blade_param',
      table_prefix: 'blade_',
      pk_name: 'id',
      package_name: 'system',
      api_path: 'blade-system/param',
      web_path: '/system/param',
      remark: '演示数据',
      create_user: SEED.adminUser,
      update_user: SEED.adminUser,
    },
  ]);
}
