import { common } from './common.ts';
import { crm } from './crm.ts';
import { crud } from './crud.ts';
import type { dashboard } from './dashboard.ts';
import type { decision } from './decision.ts';
import { desk } from './desk.ts';
import { dhm } from './dhm.ts';
import { errors } from './errors.ts';
import type { forms } from './forms.ts';
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
import type { questionnaire } from './questionnaire.ts';
import { repair } from './repair.ts';
import type { report } from './report.ts';
import { resource } from './resource.ts';
import { shell } from './shell.ts';
import { showcase } from './showcase.ts';
import { system } from './system.ts';
import { validate } from './validate.ts';
import type { workflow } from './workflow.ts';
import type { workflowDesigner } from './workflowDesigner.ts';
import type { workflowRuntime } from './workflowRuntime.ts';

/**
 * The namespaces only some screens read (the form designer and renderer, the workflow's): not in this chunk, each
 * loads apart when a screen first asks for it (i18n/index.ts `LAZY`). Their shape is part of what every language fills.
 */
export type LazyTexts = {
  dashboard: typeof dashboard;
  decision: typeof decision;
  forms: typeof forms;
  questionnaire: typeof questionnaire;
  report: typeof report;
  workflow: typeof workflow;
  workflowDesigner: typeof workflowDesigner;
  workflowRuntime: typeof workflowRuntime;
};

/** The Chinese texts every screen may read; their shape (with LazyTexts) is the shape every language must fill. */
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
};
