import { rebuild } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import { type Bilingual, badRequest } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { createResource, mountResource, type Resource } from '../../resources/engine.ts';
import { refuseCompany } from './scope.ts';

/**
 * Renovation records (blade-property/rebuild, 改造记录): what was done to an office or a room (or both, the
 * room beside an office), by which contractor, from when to when (the end never before the start, checked by
 * the engine and the table), at what cost. The park's: a company account writes none.
 */
const MSG = {
  unit: { zh: '请选择办公室或房间', en: 'Please select the office or the room' },
  office: { zh: '所选办公室不存在', en: 'The selected office does not exist' },
  room: { zh: '所选房间不存在', en: 'The selected room does not exist' },
  enterprise: { zh: '所属企业不存在', en: 'The enterprise does not exist' },
} as const;

export function registerRebuild(app: FastifyInstance, platform: Platform): Resource {
  const resource = createResource(platform, rebuild, {
    async beforeSave({ q, isNew, body, values }) {
      await refuseCompany(platform);
      const { tenantId } = ctx();
      const [stored] = isNew
        ? []
        : await q.query<{ officeId: string | null; roomId: string | null }>(
            'select office_id::text as "officeId", room_id::text as "roomId" from property_rebuild where id = $1',
            [body.id],
          );
      const now = (name: 'officeId' | 'roomId') => (Object.hasOwn(values, name) ? values[name] : stored?.[name]);
      if (now('officeId') == null && now('roomId') == null) throw badRequest(MSG.unit);
      const exists = async (table: string, id: unknown, message: Bilingual) => {
        if (id === null || id === undefined) return;
        const [found] = await q.query(`select 1 from ${table} where id = $1 and tenant_id = $2 and is_deleted = 0`, [
          id,
          tenantId,
        ]);
        if (!found) throw badRequest(message);
      };
      await exists('property_office', values.officeId, MSG.office);
      await exists('property_room', values.roomId, MSG.room);
      await exists('crm_enterprise', values.enterpriseId, MSG.enterprise);
    },
    async afterRemove() {
      await refuseCompany(platform);
    },
  });
  mountResource(app, resource);
  return resource;
}
