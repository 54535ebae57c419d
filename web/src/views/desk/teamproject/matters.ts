import { type FieldDef, teamProjectMatters } from '@park/catalog';

/** Every query of the desk's matters starts with this key, so completing one refreshes them all. */
export const DESK_MATTERS = ['desk', 'team-project-matters'] as const;

/** The basic list's queries, refreshed too when the desk completes a matter. */
export const MATTERS_LIST = ['crud', teamProjectMatters.key] as const;

export const TEAM_PROJECT_PATH = '/desk/teamproject';
export const matterPath = (id: string) => `${TEAM_PROJECT_PATH}/matters/${id}`;

/** A matter field of the catalog (its dictionary names priority and status, as the basic screens show them). */
export function matterField(name: string): FieldDef {
  const field = teamProjectMatters.fields.find((f) => f.name === name);
  if (!field) throw new Error(`team project matters have no field ${name}`);
  return field;
}
