import { ENTERPRISE_UPDATES, type EnterpriseUpdateAction, type FieldDef } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import type { Row } from '../../platform/db.ts';
import { ok } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { paging } from '../../resources/conditions.ts';
import { namesOf } from '../../resources/names.ts';
import { createEnterpriseResource, IN_PARK } from '../crm/enterprise.ts';

/**
 * The desk's latest enterprise updates (spec part 7 desk "demo enterpriseupdate list"): the
 * tenant's enterprises most recently created or changed first, each with what happened to it,
 * who did it and when. Read through the enterprise resource, so a caller sees exactly the
 * enterprises its enterprise list shows (a company account its own); the operators' names
 * come in one query for the page.
 */
const OPERATOR: FieldDef = {
  name: 'updateUser',
  type: 'id',
  label: { zh: '操作人', en: 'Operator' },
  ref: { entity: 'user', nameField: 'realName' },
};

/** Moved out when it is out of the park; new when it has not changed since it was created; else updated. */
function actionOf(row: Row): EnterpriseUpdateAction {
  if (Number(row.status) !== IN_PARK) return 'movedOut';
  return row.updateTime === row.createTime ? 'entered' : 'updated';
}

export function registerEnterpriseUpdates(app: FastifyInstance, platform: Platform) {
  const enterprises = createEnterpriseResource(platform);
  app.get<{ Querystring: Record<string, unknown> }>(
    `/api/${ENTERPRISE_UPDATES.api}`,
    { config: { title: '企业动态' } },
    async (req) => {
      const { current, size } = paging(req.query);
      const { records } = await enterprises.page({ current, size, descs: 'updateTime' });
      const operators = await namesOf(platform, OPERATOR, records, ctx().tenantId);
      return ok(
        records.map((row) => ({
          id: row.id,
          enterpriseName: row.enterpriseName,
          officeNumber: row.officeNumber,
          action: actionOf(row),
          operatorName: operators?.get(String(row.updateUser)) ?? null,
          time: row.updateTime,
        })),
      );
    },
  );
}
