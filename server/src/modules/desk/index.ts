import { notice } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { createResource, mountResource } from '../../resources/engine.ts';
import { registerDashboard } from './dashboard.ts';
import { registerEnterpriseUpdates } from './enterprise-updates.ts';
import { registerHomeSummary } from './home.ts';
import { registerTeamProjectMatters } from './team-project-matters.ts';

/**
 * blade-desk: notices (category from the `notice` dictionary), with `select` by title for pickers;
 * the caller's team-project matters; the latest enterprise updates; 控制台's charts (./dashboard.ts); the home page's summary (./home.ts).
 */
export function registerDesk(app: FastifyInstance, platform: Platform) {
  const resource = createResource(platform, notice);
  mountResource(app, resource);
  app.get<{ Querystring: { title?: string } }>(
    '/api/blade-desk/notice/select',
    { config: { title: '通知下拉' } },
    async (req) => ok(await resource.list({ title: req.query.title ?? '', descs: 'releaseTime' })),
  );
  registerTeamProjectMatters(app, platform);
  registerEnterpriseUpdates(app, platform);
  registerDashboard(app, platform);
  registerHomeSummary(app, platform);
}
