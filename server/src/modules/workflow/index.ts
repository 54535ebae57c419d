import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform.ts';
import { registerCategory } from './category.ts';
import { registerDeployments } from './deployments.ts';
import { registerForms } from './forms.ts';
import { registerLibrary } from './library.ts';
import { registerModels } from './models.ts';
import { registerDrafts } from './runtime/drafts.ts';
import { registerOps } from './runtime/ops.ts';
import { registerProcess } from './runtime/process.ts';
import { workflowTimersJob } from './runtime/timers.ts';
import { registerScope } from './scope.ts';

/**
 * blade-workflow, the design studio (issue 30): categories, forms and their versions, default values, models
 * and their versions, deployment (the engine's validation, ./engine), start scopes, conditions, buttons and
 * deployments; and the runtime (issue 31) on our engine (./engine): start, the lists, the detail, every task
 * operation (process/*), drafts, 流程监控 (ops/*) and the timer job of due times.
 */
export function registerWorkflow(app: FastifyInstance, platform: Platform) {
  registerCategory(app, platform);
  registerForms(app, platform);
  const models = registerModels(app, platform);
  registerScope(app, platform, models);
  registerLibrary(app, platform);
  registerDeployments(app, platform);
  registerDrafts(app, platform);
  registerProcess(app, platform);
  registerOps(app, platform);
  platform.jobs.register(workflowTimersJob(platform));
}
