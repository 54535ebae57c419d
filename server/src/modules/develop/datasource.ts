import { datasource, POSTGRES_DRIVER } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import { badRequest, forbidden, ok } from '../../platform/errors.ts';
import { PLATFORM_TENANT } from '../../platform/params.ts';
import type { Platform } from '../../platform/platform.ts';
import { createResource, mountResource } from '../../resources/engine.ts';
import { withSecrets } from '../../resources/secrets.ts';
import { DATASOURCE_IN_USE, datasourceInUse } from '../system/tenant-homes.ts';
import { ownDatabase, testConnection } from './connection.ts';

/**
 * A connection test reaches any host and port the server can: only the platform tenant (000000)
 * adds, changes or removes data sources; any other tenant, its administrator included, gets 403.
 */
function platformTenantOnly() {
  if (ctx().tenantId !== PLATFORM_TENANT) throw forbidden();
}

/**
 * blade-develop/datasource: the platform's data sources. Every save first tests the connection
 * with the values it will store (the stored password when the form sends the mask back),
 * inside the saving transaction, so a failed test writes nothing.
 */
export function registerDatasource(app: FastifyInstance, platform: Platform) {
  const resource = withSecrets(
    createResource(platform, datasource, {
      async beforeSave({ q, isNew, body, values }) {
        platformTenantOnly();
        const [stored] = isNew
          ? [{}]
          : await q.query(
              'select driver_class as "driverClass", url, username, password from blade_datasource where id = $1',
              [body.id],
            );
        const merged = { ...stored, ...values } as Record<string, string | null>;
        // A tenant's rows live there: pointing the data source elsewhere would lose them.
        const moved = ['url', 'username', 'driverClass'].some((k) => k in values && values[k] !== stored[k]);
        if (!isNew && moved && (await datasourceInUse(q, [String(body.id)]))) throw badRequest(DATASOURCE_IN_USE);
        if (merged.driverClass !== POSTGRES_DRIVER) {
          throw badRequest({ zh: '暂不支持该数据库驱动', en: 'This database driver is not supported yet' });
        }
        await testConnection(
          { url: merged.url ?? '', username: merged.username ?? '', password: merged.password },
          ownDatabase(platform.db, platform.config.databaseUrl),
        );
      },
      async afterRemove({ q, ids }) {
        platformTenantOnly();
        if (await datasourceInUse(q, ids)) throw badRequest(DATASOURCE_IN_USE);
      },
    }),
    ['password'],
  );
  mountResource(app, resource);
  // BladeX's dropdown of data sources (the tenant's data-source setting picks one).
  app.get<{ Querystring: Record<string, unknown> }>(
    '/api/blade-develop/datasource/select',
    { config: { title: '数据源下拉' } },
    async (req) => ok(await resource.list(req.query)),
  );
}
