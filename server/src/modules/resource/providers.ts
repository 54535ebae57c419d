import type { EntityDef } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import { badRequest, notFound, ok } from '../../platform/errors.ts';
import { isId } from '../../platform/ids.ts';
import type { Platform } from '../../platform/platform.ts';
import { createResource, mountResource, type Resource } from '../../resources/engine.ts';
import { withSecrets } from '../../resources/secrets.ts';
import { ident } from '../../resources/sql.ts';

/** BladeX's provider status. */
const DISABLED = 1;
export const ENABLED = 2;

/**
 * A tenant's provider configurations (SMS, OSS): the engine's endpoints with the secret key
 * masked, plus `enable?id=`, which enables one and disables the tenant's others in one
 * transaction: one provider at a time. Submit never writes the status. Answers the resource with
 * its secrets in clear, for the server's own use (sending through the provider), never for an answer.
 */
export function mountProviders(
  app: FastifyInstance,
  platform: Platform,
  entity: EntityDef,
  /** Called after every change of a configuration (save, remove, enable), once its transaction has ended. */
  changed?: () => Promise<void>,
): Resource {
  const unmasked = createResource(
    platform,
    entity,
    changed ? { afterSave: () => changed(), afterRemove: () => changed() } : {},
  );
  const resource = withSecrets(unmasked, ['secretKey']);
  mountResource(app, {
    ...resource,
    save: ({ status: _ignored, ...body }) => resource.save(body),
  });

  const table = ident(entity.table);
  app.post<{ Querystring: { id?: string } }>(
    `/api/${entity.api}/enable`,
    { config: { title: `${entity.label.zh}启用`, button: `${entity.key}_edit` } },
    async (req) => {
      const id = String(req.query.id ?? '');
      if (!isId(id)) throw badRequest({ zh: '编号无效', en: 'The id is not valid' });
      // Through the engine's detail: the tenant, deletion and data scope decide what the caller may enable.
      const found = await resource.detail(id);
      if (!found) throw notFound();
      const { tenantId, userId } = ctx();
      await platform.db.tx(tenantId, async (q) => {
        // Lock the tenant's rows in one order first, so two enables at once queue instead of deadlocking.
        await q.query(`select id from ${table} where tenant_id = $1 and is_deleted = 0 order by id for update`, [
          tenantId,
        ]);
        await q.query(
          `update ${table} set status = ${DISABLED}, update_user = $3, update_time = localtimestamp(0)
            where tenant_id = $1 and is_deleted = 0 and status = ${ENABLED} and id <> $2`,
          [tenantId, id, userId],
        );
        const enabled = await q.query(
          `update ${table} set status = ${ENABLED}, update_user = $3, update_time = localtimestamp(0)
            where tenant_id = $1 and is_deleted = 0 and id = $2 returning id`,
          [tenantId, id, userId],
        );
        if (enabled.length === 0) throw notFound();
        await changed?.();
      });
      const code = found[`${entity.key}Code`];
      platform.logs.event('info', `${entity.key}.enable`, `启用${entity.label.zh} ${code}（${id}），停用其余配置`);
      return ok(true);
    },
  );
  return unmasked;
}
