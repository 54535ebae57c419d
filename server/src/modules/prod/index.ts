import { dangerChemical, experimentalFacility, prodReport } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { mountAttachments } from '../../resources/attachments.ts';
import { createResource, type EntityHooks, mountResource } from '../../resources/engine.ts';
import { enterpriseScoped } from '../crm/scope.ts';
import { notifyingHooks } from '../message/notify-rules.ts';

/**
 * blade-prod: the production and safety reports of the park's enterprises with their files (attach-list by
 * reportId, save-attach, remove-attach), their experimental facilities and their dangerous chemicals. Every
 * row is one enterprise's, under the CRM's rule: a company account reads and writes its own enterprise's rows
 * only (its enterprise is put on what it saves, another's row is not found), park staff name a live
 * enterprise. Of the three, the company fence (platform/company-fence.ts) opens the reports alone to company
 * accounts: they hand in their own. `overdue` and `overLimit` are columns of the views the catalog reads
 * (migration 0151): the database computes them on every read, so they filter, sort and export like any field.
 */
const MSG = {
  cas: {
    zh: 'CAS号格式不正确（如 7732-18-5）',
    en: 'The CAS number is not valid (for example 7732-18-5)',
  },
} as const;

/**
 * Whether a CAS registry number is well formed: 2-7 digits, 2 digits and the check digit, which is the sum
 * of the other digits, each times its place counted from the right, modulo 10.
 */
export function isCasNumber(value: string): boolean {
  const m = /^(\d{2,7})-(\d{2})-(\d)$/.exec(value);
  if (!m) return false;
  const digits = `${m[1]}${m[2]}`.split('').reverse();
  const sum = digits.reduce((total, d, i) => total + Number(d) * (i + 1), 0);
  return sum % 10 === Number(m[3]);
}

/** The enterprise's rows, a chemical's CAS number checked before the write. */
function chemicalHooks(platform: Platform): EntityHooks {
  const scoped = enterpriseScoped(platform);
  return {
    ...scoped,
    async beforeSave(e) {
      const cas = e.values.casNo;
      if (typeof cas === 'string' && !isCasNumber(cas.trim())) throw badRequest(MSG.cas);
      if (typeof cas === 'string') e.values.casNo = cas.trim();
      await scoped.beforeSave?.(e);
    },
  };
}

export async function registerProd(app: FastifyInstance, platform: Platform) {
  // A report handed in (its submit date set) tells the staff the tenant's rule names (issue 34.1).
  const reports = createResource(
    platform,
    prodReport,
    notifyingHooks(platform, 'prod_report', enterpriseScoped(platform), {
      table: 'prod_report',
      column: 'submit_date',
    }),
  );
  mountResource(app, reports);
  // The report's files: a company account reaches those of its own enterprise's reports only (the resource's scope).
  await mountAttachments(app, platform, { resource: reports, ownerParam: 'reportId' });

  mountResource(app, createResource(platform, experimentalFacility, enterpriseScoped(platform)));
  mountResource(app, createResource(platform, dangerChemical, chemicalHooks(platform)));
}
