import type { EntityDef } from '../types.ts';
import { code } from './code.ts';
import { datasource } from './datasource.ts';

export { CODE_GEN_SYSTEM, CODE_PATHS, code } from './code.ts';
export { datasource, POSTGRES_DRIVER } from './datasource.ts';

/** The develop module's entities. */
export const developEntities: EntityDef[] = [code, datasource];
