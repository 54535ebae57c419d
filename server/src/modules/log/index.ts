import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform.ts';

export async function registerLog(_app: FastifyInstance, _platform: Platform) {}
