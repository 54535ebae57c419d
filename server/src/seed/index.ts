import { COMPANY_ROLE_ALIAS } from '../modules/crm/company-account.ts';
import { seedReportJob } from '../modules/report/job.ts';
import { provisionWorkflow } from '../modules/workflow/library.ts';
import { ALL_TENANTS, type Database, type Queryable } from '../platform/db.ts';
import type { FileStore } from '../platform/storage.ts';
import { seedBasicDemo } from './basic-demo.ts';
import { seedCodeDemo } from './code-demo.ts';
import { seedDemo } from './demo.ts';
import { seedDhmDemo } from './dhm-demo.ts';
import { seedDictionaries, seedDictionaryEnglish, seedMinioName } from './dictionaries.ts';
import { seedInteractionDemo } from './interaction-demo.ts';
import { seedJobDemo } from './job-demo.ts';
import {
  grantCompanyCanteen,
  grantCompanyInteraction,
  grantCompanyLeases,
  grantCompanyPolicies,
  grantCompanyRepairs,
  grantCompanyReports,
  grantCompanySpaces,
  grantCompanySurveys,
  grantCompanyWorkflow,
  seedMenus,
} from './menus.ts';
import { seedPersonnelDemo } from './personnel-demo.ts';
import { seedPlatform } from './platform.ts';
import { seedPolicyDemo } from './policy-demo.ts';
import { seedProdFinanceDemo } from './prod-finance-demo.ts';
import { seedPropertyDemo, seedPublicSpaceDemo, seedRepairDemo } from './property-demo.ts';
import { seedQuestionnaireDemo } from './questionnaire-demo.ts';
import { seedSystemDemo } from './system-demo.ts';
import { seedTeamProjectDemo } from './team-project-demo.ts';
import { seedCanteenOrdersDemo, seedInboxDemo, seedPicturesDemo, seedRepairStaffDemo } from './usage-demo.ts';
import { seedWorkflowDemo } from './workflow-demo.ts';
import { seedWorkflowInstances } from './workflow-instances.ts';

/**
 * Seed sets, each loaded once per database (recorded in park_seed): the platform's own
 * rows (tenant 000000, admin, client, top menus, parameters), then the demo data. The
 * built-in menus, buttons and dictionaries are brought up to date on every start instead:
 * a newer version's additions reach an existing database, and its renamed or withdrawn
 * built-in menus and buttons follow it where the operator has not changed them (seedMenus).
 */
async function once(db: Database, name: string, load: (q: Queryable) => Promise<void>) {
  await db.tx(ALL_TENANTS, async (q) => {
    const claimed = await q.query(`insert into park_seed (name) values ($1) on conflict do nothing returning name`, [
      name,
    ]);
    if (claimed.length) await load(q);
  });
}

/** The company grants added after the first release, by the name of the set that applies each once. */
const COMPANY_GRANTS: [string, (q: Queryable, roleIds: string[]) => Promise<void>][] = [
  ['company-canteen', grantCompanyCanteen],
  ['company-leases', grantCompanyLeases],
  ['company-policy', grantCompanyPolicies],
  ['company-interaction', grantCompanyInteraction],
  ['company-spaces', grantCompanySpaces],
  ['company-repairs', grantCompanyRepairs],
  ['company-reports', grantCompanyReports],
  ['company-workflow', grantCompanyWorkflow],
  ['company-surveys', grantCompanySurveys],
];

/** The demo data stores its attachments' files through the file store the server will read them from. */
export type SeedOptions = { demo: false } | { demo: true; files: FileStore };

export async function seed(db: Database, opts: SeedOptions) {
  await db.tx(ALL_TENANTS, async (q) => {
    await seedMenus(q);
    await seedDictionaries(q);
  });
  await once(db, 'dictionary-english', seedDictionaryEnglish);
  await once(db, 'dictionary-minio', seedMinioName);
  await once(db, 'platform', seedPlatform);
  // The workflow's task buttons for every tenant that never had them (all of them on a new database).
  await db.tx(ALL_TENANTS, (q) => provisionWorkflow(q));
  // Company roles of a database seeded before companies could reach a screen get its grant once, one set per screen.
  for (const [name, grant] of COMPANY_GRANTS) {
    await once(db, name, async (q) => {
      const roles = await q.query<{ id: string }>(
        `select id::text as id from blade_role where role_alias = $1 and is_deleted = 0`,
        [COMPANY_ROLE_ALIAS],
      );
      await grant(
        q,
        roles.map((r) => r.id),
      );
    });
  }
  if (opts.demo) {
    await once(db, 'demo', (q) => seedDemo(q, opts.files));
    // A set of its own, so a database seeded before the team projects existed gets them too.
    await once(db, 'demo-team-project', seedTeamProjectDemo);
    await once(db, 'demo-code', seedCodeDemo);
    await once(db, 'demo-job', seedJobDemo);
    await once(db, 'demo-dhm', seedDhmDemo);
    await once(db, 'demo-basic', (q) => seedBasicDemo(q, opts.files));
    await once(db, 'demo-personnel', (q) => seedPersonnelDemo(q, opts.files));
    await once(db, 'demo-policy', seedPolicyDemo);
    await once(db, 'demo-interaction', seedInteractionDemo);
    await once(db, 'demo-system', seedSystemDemo);
    await once(db, 'demo-property', seedPropertyDemo);
    // A set of its own, so a database seeded before the public spaces existed gets them too.
    await once(db, 'demo-property-space', seedPublicSpaceDemo);
    // The repairs in every state, with their steps: a set of their own too.
    await once(db, 'demo-property-repair', seedRepairDemo);
    // Reports (one overdue, with a file), facilities, chemicals (one over its limit), facility returns and leases, assets.
    await once(db, 'demo-prod-finance', (q) => seedProdFinanceDemo(q, opts.files));
    // Three deployed processes with their forms, categories and the people they name (issue 30).
    await once(db, 'demo-workflow', seedWorkflowDemo);
    // Instances of them in every state, run through the engine as the demo people (issue 31).
    await once(db, 'demo-workflow-instances', seedWorkflowInstances);
    // A satisfaction survey answered by the demo enterprises, a template and a research project (issue 32).
    await once(db, 'demo-questionnaire', seedQuestionnaireDemo);
    // The monthly park report's job (issue 33): last month's report on the 1st, in 定时任务 beside the others.
    await once(db, 'demo-report-job', seedReportJob);
    // A park in use (issue 34): pictures, the staff who take repairs, everyone's meals, the administrator's messages.
    await once(db, 'demo-pictures', (q) => seedPicturesDemo(q, opts.files));
    await once(db, 'demo-repair-staff', seedRepairStaffDemo);
    await once(db, 'demo-canteen-orders', seedCanteenOrdersDemo);
    await once(db, 'demo-inbox', seedInboxDemo);
  }
}
