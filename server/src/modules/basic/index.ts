import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform.ts';
import { registerTeamProjects } from './team-project.ts';

/** blade-basic: the park's basic data. */
export function registerBasic(app: FastifyInstance, platform: Platform) {
  registerTeamProjects(app, platform);
}
