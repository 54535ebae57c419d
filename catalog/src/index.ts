import { param } from './system/param.ts';
import type { EntityDef } from './types.ts';

export * from './types.ts';
export { param };

/** Every catalog entity; the server mounts each, the web finds each by its route. */
export const entities: EntityDef[] = [param];

export function entityByRoute(route: string): EntityDef | undefined {
  return entities.find((e) => e.route === route);
}
