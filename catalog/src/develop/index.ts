import type { EntityDef } from '../types.ts';
import { datasource } from './datasource.ts';

export { datasource, POSTGRES_DRIVER } from './datasource.ts';

/** The develop module's entities. */
export const developEntities: EntityDef[] = [datasource];
