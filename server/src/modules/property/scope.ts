import { forbidden } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import type { EntityHooks } from '../../resources/engine.ts';
import { ownEnterprise } from '../user/company.ts';

/**
 * The property's company fence: a company account (user_type 2) reads its own enterprise's contracts and
 * costs and writes none of the property's rows, whatever its role holds; park staff see the tenant's.
 */
const COMPANY_WRITE = {
  zh: '企业账号不能修改租赁合同或费用',
  en: 'A company account cannot change lease contracts or costs',
};

/** A company account reads its own enterprise's contracts (and costs) only. */
export function companyScope(platform: Platform): EntityHooks['scope'] {
  return async (where) => {
    const own = await ownEnterprise(platform);
    if (own) where.and(`"enterprise_id" = ${where.param(own)}`);
  };
}

/** Writes are the park's: a company account is refused whatever its role holds. */
export async function refuseCompany(platform: Platform) {
  if ((await ownEnterprise(platform)) !== null) throw forbidden(COMPANY_WRITE);
}
