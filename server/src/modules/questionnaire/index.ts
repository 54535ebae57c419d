import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform.ts';
import { registerAnswers } from './answers.ts';
import { registerSheets } from './data.ts';
import { registerExportData } from './export.ts';
import { registerQuestionnaireForms } from './forms.ts';
import { registerResearch } from './research.ts';
import { registerScopes, registerSurveys } from './surveys.ts';

/**
 * blade-questionnaire (issue 32): categories, forms with their versions, templates, research projects, surveys
 * with their scopes, the answer sheets, and the statistics and reports read from the counters; cross-filtered
 * statistics, free-text answers and the answers' export read from the sheets.
 */
export async function registerQuestionnaire(app: FastifyInstance, platform: Platform) {
  registerQuestionnaireForms(app, platform);
  await registerResearch(app, platform);
  const { surveys, requireManager } = registerSurveys(app, platform);
  registerScopes(app, platform, surveys);
  registerAnswers(app, platform, surveys, requireManager);
  registerExportData(app, platform, surveys, requireManager);
  registerSheets(app, platform);
}
