import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform.ts';
import { registerSheets } from './data.ts';
import { registerQuestionnaireForms } from './forms.ts';
import { registerResearch } from './research.ts';
import { registerScopes, registerSurveys } from './surveys.ts';

/**
 * blade-questionnaire (issue 32): categories, forms with their versions, templates, research projects, surveys
 * with their scopes, the answer sheets, and the statistics and reports read from the counters.
 */
export async function registerQuestionnaire(app: FastifyInstance, platform: Platform) {
  registerQuestionnaireForms(app, platform);
  await registerResearch(app, platform);
  const { surveys } = registerSurveys(app, platform);
  registerScopes(app, platform, surveys);
  registerSheets(app, platform);
}
