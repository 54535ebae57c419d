import { common } from './common.ts';
import { crm } from './crm.ts';
import { crud } from './crud.ts';
import { desk } from './desk.ts';
import { dhm } from './dhm.ts';
import { errors } from './errors.ts';
import { forms } from './forms.ts';
import { home } from './home.ts';
import { info } from './info.ts';
import { interaction } from './interaction.ts';
import { layout } from './layout.ts';
import { login } from './login.ts';
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
import { workflow } from './workflow.ts';
import { workflowDesigner } from './workflowDesigner.ts';
import { workflowRuntime } from './workflowRuntime.ts';

/** The Chinese texts; their shape is the shape every language must fill. */
export const zh = {
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
  message,
  showcase,
  desk,
  dhm,
  personnel,
  property,
  repair,
  forms,
  workflow,
  workflowDesigner,
  workflowRuntime,
};
