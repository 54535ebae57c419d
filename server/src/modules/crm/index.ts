import {
  businessInfo,
  certificate,
  crmStaff,
  type EntityDef,
  enterpriseScoped as enterpriseEntities,
  intellectualProperty,
  production,
  productionDetail,
  project,
  projectHistory,
  qualification,
  rdPlatform,
  rdPlatformAssets,
  toSnake,
  workshop,
} from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { mountAttachments } from '../../resources/attachments.ts';
import { createResource, type EntityHooks, mountResource, type Resource } from '../../resources/engine.ts';
import { ident } from '../../resources/sql.ts';
import { mountCrmWorkOrderSubmit } from '../property/repairs.ts';
import { registerEnterprise } from './enterprise.ts';
import { registerProject } from './project.ts';
import { enterpriseScoped, type ParentRef } from './scope.ts';
import { registerStaff } from './staff.ts';

/** Child rows and the parent that gives them their enterprise. */
const PARENTS = new Map<EntityDef, ParentRef>([
  [
    projectHistory,
    { field: 'projectId', table: project.table, missing: { zh: '所属项目不存在', en: 'The project does not exist' } },
  ],
  [
    rdPlatformAssets,
    {
      field: 'rdPlatformId',
      table: rdPlatform.table,
      missing: { zh: '所属研发平台不存在', en: 'The R&D platform does not exist' },
    },
  ],
  [
    productionDetail,
    {
      field: 'productionId',
      table: production.table,
      missing: { zh: '所属生产情况不存在', en: 'The production record does not exist' },
    },
  ],
]);

/** Business info is one row per enterprise. */
function onePerEnterprise(hooks: EntityHooks): EntityHooks {
  return {
    ...hooks,
    async beforeSave(e) {
      await hooks.beforeSave?.(e);
      if (e.values.enterpriseId === undefined) return;
      const clash = await e.q.query(
        'select 1 from crm_business_info where tenant_id = $1 and enterprise_id = $2 and id <> $3 and is_deleted = 0',
        [ctx().tenantId, e.values.enterpriseId, e.isNew ? 0 : e.body.id],
      );
      if (clash.length) throw badRequest({ zh: '该企业已有工商信息', en: 'This enterprise already has business info' });
    },
  };
}

/** Removing a parent removes its children: a history record without its project means nothing. */
function removeChildren(parent: EntityDef): EntityHooks['afterRemove'] {
  const children = [...PARENTS].filter(([, ref]) => ref.table === parent.table);
  if (!children.length) return undefined;
  return async ({ q, ids }) => {
    for (const [child, ref] of children) {
      await q.query(
        `update ${ident(child.table)} set is_deleted = 1, update_user = $2, update_time = localtimestamp(0)
          where ${ident(toSnake(ref.field))} = any($1::bigint[]) and is_deleted = 0`,
        [ids, ctx().userId],
      );
    }
  };
}

/** The rows that carry attachments (spec part 7 "crm"), with the parameter naming the row. */
const ATTACHMENT_OWNERS: [EntityDef, string][] = [
  [certificate, 'certificateId'],
  [qualification, 'qualificationId'],
  [intellectualProperty, 'intellectPropertyId'],
  [project, 'projectId'],
  [workshop, 'workshopId'],
];

function hooksFor(platform: Platform, entity: EntityDef): EntityHooks {
  const hooks = { ...enterpriseScoped(platform, PARENTS.get(entity)), afterRemove: removeChildren(entity) };
  if (entity === businessInfo) return onePerEnterprise(hooks);
  return hooks;
}

/** The enterprise CRM (issue 5): enterprises and every entity that belongs to one, all under one company scope. */
export async function registerCrm(app: FastifyInstance, platform: Platform) {
  await app.register(async (crm) => {
    registerEnterprise(crm, platform);
    const resources = new Map<EntityDef, Resource>();
    for (const entity of enterpriseEntities) {
      const resource = createResource(platform, entity, hooksFor(platform, entity));
      mountResource(crm, resource);
      resources.set(entity, resource);
    }
    registerStaff(crm, platform, resources.get(crmStaff)!);
    registerProject(crm, resources.get(project)!, resources.get(projectHistory)!);
    // A company account's fault report (spec part 7 crm work-order/submit): a repair of its own enterprise.
    mountCrmWorkOrderSubmit(crm, platform);
    for (const [entity, ownerParam] of ATTACHMENT_OWNERS) {
      await mountAttachments(crm, platform, { resource: resources.get(entity)!, ownerParam });
    }
  });
}
