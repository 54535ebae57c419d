import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform.ts';
import { registerContracts } from './contracts.ts';
import { registerCosts } from './costs.ts';
import { registerRebuild } from './rebuild.ts';
import { registerRepairs } from './repairs.ts';
import { registerSpaces } from './spaces.ts';
import { registerStorey } from './storey.ts';
import { registerUnits } from './units.ts';

/**
 * blade-property: buildings and floors, offices and rooms, lease contracts and their generated costs
 * (issue 17's first part). Public spaces, repairs, work orders and renovations register here too as they come.
 */
export function registerProperty(app: FastifyInstance, platform: Platform) {
  registerStorey(app, platform);
  registerUnits(app, platform);
  registerContracts(app, platform);
  registerCosts(app, platform);
  registerSpaces(app, platform);
  registerRepairs(app, platform);
  registerRebuild(app, platform);
}
