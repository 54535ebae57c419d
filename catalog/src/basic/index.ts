import type { EntityDef } from '../types.ts';
import { teamProject, teamProjectMatters } from './team-project.ts';

export { MATTER_STATUS, teamProject, teamProjectMatters } from './team-project.ts';

/** The basic-data module's entities. */
export const basicEntities: EntityDef[] = [teamProject, teamProjectMatters];
