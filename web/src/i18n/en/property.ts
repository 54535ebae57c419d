import type { Resources } from '../types.ts';

/** Property: the contract screens and the lease costs. */
export const property: Resources['property'] = {
  totalArea: 'Total building area: {{area}} m²',
  costs: 'Costs',
  costsTitle: 'Lease costs of contract {{no}}',
  noCosts: 'No costs',
  overdue: 'Overdue',
  onlyOverdue: 'Overdue only',
  pay: 'Mark paid',
  payQuestion: 'Mark period {{period}} ({{amount}} yuan) as paid?',
  paid: 'Marked as paid',
};
