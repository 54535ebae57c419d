import type { EntityDef } from '../types.ts';
import { certificate, intellectualProperty, qualification, standard } from './achievements.ts';
import { businessHolding, businessInfo, economic, finance } from './business.ts';
import { enterprise } from './enterprise.ts';
import { production, productionDetail, rdPlatform, rdPlatformAssets, workshop } from './facilities.ts';
import { agreement, enterpriseHistory, enterprisePlan } from './planning.ts';
import { project, projectExample, projectHistory } from './project.ts';
import { crmStaff } from './staff.ts';

export { enterpriseField } from './fields.ts';
export {
  agreement,
  businessHolding,
  businessInfo,
  certificate,
  crmStaff,
  economic,
  enterprise,
  enterpriseHistory,
  enterprisePlan,
  finance,
  intellectualProperty,
  production,
  productionDetail,
  project,
  projectExample,
  projectHistory,
  qualification,
  rdPlatform,
  rdPlatformAssets,
  standard,
  workshop,
};

/** Every CRM entity that belongs to one enterprise: all but the enterprise itself. */
export const enterpriseScoped: EntityDef[] = [
  businessInfo,
  crmStaff,
  intellectualProperty,
  qualification,
  certificate,
  project,
  projectHistory,
  enterprisePlan,
  enterpriseHistory,
  agreement,
  economic,
  businessHolding,
  rdPlatform,
  rdPlatformAssets,
  workshop,
  finance,
  production,
  productionDetail,
  standard,
  projectExample,
];

export const crmEntities: EntityDef[] = [enterprise, ...enterpriseScoped];
