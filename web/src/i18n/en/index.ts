import type { LazyNamespace, Resources } from '../types.ts';
import { common } from './common.ts';
import { crm } from './crm.ts';
import { crud } from './crud.ts';
import { desk } from './desk.ts';
import { dhm } from './dhm.ts';
import { errors } from './errors.ts';
import { home } from './home.ts';
import { info } from './info.ts';
import { interaction } from './interaction.ts';
import { layout } from './layout.ts';
import { login } from './login.ts';
import { menu } from './menu.ts';
import { message } from './message.ts';
import { personnel } from './personnel.ts';
import { pickers } from './pickers.ts';
import { policy } from './policy.ts';
import { property } from './property.ts';
import { repair } from './repair.ts';
import { resource } from './resource.ts';
import { shell } from './shell.ts';
import { showcase } from './showcase.ts';
import { system } from './system.ts';
import { validate } from './validate.ts';

export const en: Omit<Resources, LazyNamespace> & { menu: Record<string, string> } = {
  common,
  login,
  layout,
  crud,
  errors,
  home,
  shell,
  info,
  interaction,
  validate,
  system,
  crm,
  pickers,
  policy,
  resource,
  menu,
  message,
  showcase,
  desk,
  dhm,
  personnel,
  property,
  repair,
};
