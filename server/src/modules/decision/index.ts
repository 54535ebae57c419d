import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform.ts';
import { registerAnalyse } from './analyse.ts';
import { registerCockpit } from './cockpit.ts';
import { registerOverview } from './overview.ts';

/**
 * blade-decision (issue 33): 驾驶舱 (./cockpit.ts), the analyses, ranks and trends (./analyse.ts) and 企业概览
 * (./overview.ts), all from the CRM's live rows. The cockpit and the analyses are the park's figures: company
 * accounts never reach them (company-fence); the overview shows a company its own enterprise.
 */
export function registerDecision(app: FastifyInstance, platform: Platform) {
  registerCockpit(app, platform);
  registerAnalyse(app, platform);
  registerOverview(app, platform);
}
