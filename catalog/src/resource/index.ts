import type { EntityDef } from '../types.ts';
import { oss } from './oss.ts';
import { sms } from './sms.ts';

export { oss, sms };

/** The resource module's provider configurations. */
export const resourceEntities: EntityDef[] = [sms, oss];
