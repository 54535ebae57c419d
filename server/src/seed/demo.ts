import type { Queryable } from '../platform/db.ts';
import { PLATFORM_TENANT } from '../platform/params.ts';
import type { FileStore } from '../platform/storage.ts';
import { seedCrmDemo } from './crm-demo.ts';
import { insertRows } from './rows.ts';

/** Demo rows that make the first start meaningful; every one says it is demo data in its remark. */
export async function seedDemo(q: Queryable, files: FileStore) {
  await insertRows(q, 'blade_param', [
    {
      id: '1900000000000000001',
      tenant_id: PLATFORM_TENANT,
      param_name: '园区名称',
      param_key: 'park.name',
      param_value: '星河科技园',
      remark: '演示数据',
    },
    {
      id: '1900000000000000002',
      tenant_id: PLATFORM_TENANT,
      param_name: '园区服务热线',
      param_key: 'park.hotline',
      param_value: '0755-86000000',
      remark: '演示数据',
    },
  ]);
  await seedCrmDemo(q, files);
}
