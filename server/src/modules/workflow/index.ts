import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform.ts';
import { registerCategory } from './category.ts';
import { registerDeployments } from './deployments.ts';
import { registerForms } from './forms.ts';
import { registerLibrary } from './library.ts';
import { registerModels } from './models.ts';
import { registerScope } from './scope.ts';

/**
 * blade-workflow, the design studio (issue 30): categories, forms and their versions, default values, models
 * and their versions, deployment (the engine's validation, ./engine), start scopes, conditions, buttons and
 * deployments. The runtime (process/*, ops/*) comes with the next issue, on the same engine folder.
 */
export function registerWorkflow(app: FastifyInstance, platform: Platform) {
  registerCategory(app, platform);
  registerForms(app, platform);
  const models = registerModels(app, platform);
  registerScope(app, platform, models);
  registerLibrary(app, platform);
  registerDeployments(app, platform);
}
