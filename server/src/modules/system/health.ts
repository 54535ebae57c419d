import type { FastifyInstance } from 'fastify';
import type { BusState } from '../../platform/bus.ts';
import { currentLang } from '../../platform/context.ts';
import { ALL_TENANTS } from '../../platform/db.ts';
import { fail, ok } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';

/**
 * `GET /api/blade-system/health`, for load balancers and monitoring, open without token or client:
 * `{ database: 'up' | 'down', bus: 'up' | 'degraded' | 'memory' }` in the envelope. 200 while the
 * instance can serve (a degraded bus included: it serves alone and catches up when the broker is
 * back); 503 when its database does not answer. A load balancer polls it: only its failures reach the api log.
 */
export interface Health {
  database: 'up' | 'down';
  bus: BusState;
}

const DATABASE_WAIT_MS = 3000;

export function registerHealth(app: FastifyInstance, platform: Platform) {
  app.get(
    '/api/blade-system/health',
    { config: { public: true, noClient: true, unlogged: true, title: '健康检查' } },
    async (_request, reply) => {
      const health: Health = { database: (await databaseAnswers(platform)) ? 'up' : 'down', bus: platform.bus.state() };
      if (health.database === 'up') return ok(health);
      reply.code(503);
      return { ...fail(503, currentLang() === 'zh' ? '数据库无响应' : 'The database does not answer'), data: health };
    },
  );
}

async function databaseAnswers(platform: Platform): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), DATABASE_WAIT_MS);
  });
  const answered = platform.db
    .scoped(ALL_TENANTS, (q) => q.query('select 1'))
    .then(
      () => true,
      () => false,
    );
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}
