import type { EntityDef } from '../types.ts';
import { attach } from './attach.ts';
import { oss } from './oss.ts';
import { sms } from './sms.ts';

export { attach, oss, sms };

/** The resource module's provider configurations and the attachment list. */
export const resourceEntities: EntityDef[] = [sms, oss, attach];
