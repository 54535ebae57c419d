import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform.ts';
import { registerMenus } from './menus.ts';
import { registerOrders } from './orders.ts';

/** blade-dhm: the canteen. Dishes, meal categories, meals and booking rules; orders and their rules. */
export function registerDhm(app: FastifyInstance, platform: Platform) {
  registerMenus(app, platform);
  registerOrders(app, platform);
}
