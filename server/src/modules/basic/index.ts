import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform.ts';
import { registerCarousel } from './carousel.ts';
import { registerIndustry } from './industry.ts';
import { registerInteraction } from './interaction.ts';
import { registerJob } from './job.ts';
import { registerPersonnel } from './personnel.ts';
import { registerPolicies } from './policy.ts';
import { registerQa } from './qa.ts';
import { registerTagOptions } from './tag-option.ts';
import { registerTeamProjects } from './team-project.ts';
import { registerTeamProjectFiles } from './team-project-files.ts';

/** blade-basic: the park's basic data. */
export async function registerBasic(app: FastifyInstance, platform: Platform) {
  registerTeamProjects(app, platform);
  await registerTeamProjectFiles(app, platform);
  registerPersonnel(app, platform);
  // blade-demo/policy-push too: the push is the policies' own (decisions.md).
  await registerPolicies(app, platform);
  await registerInteraction(app, platform);
  registerJob(app, platform);
  registerCarousel(app, platform);
  registerIndustry(app, platform);
  registerQa(app, platform);
  registerTagOptions(app, platform);
}
