import type { EntityDef } from '../types.ts';
import { attach } from './attach.ts';
import { scheduledJob } from './job.ts';
import { oss } from './oss.ts';
import { sms } from './sms.ts';

export * from './job.ts';
export { attach, oss, sms };

/** The resource module's provider configurations, scheduled jobs and the attachment list. */
export const resourceEntities: EntityDef[] = [sms, oss, scheduledJob, attach];
