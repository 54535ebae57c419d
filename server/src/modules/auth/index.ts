import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform.ts';

export async function registerAuth(_app: FastifyInstance, _platform: Platform) {}
