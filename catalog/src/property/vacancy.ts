import type { Text } from '../types.ts';

/**
 * Vacancy of an office or room (issue 34.5): 空置 when no live contract holds it today, 已租 when one does,
 * 即将到期 when one does today but none will in EXPIRING_DAYS days (its lease runs out with no contract after
 * it). The server computes it from property_contract_unit on every read (server/src/modules/property/units.ts)
 * and filters the unit lists with `vacancy=<key>`.
 */
export const VACANCY = { vacant: 'vacant', leased: 'leased', expiring: 'expiring' } as const;
export type Vacancy = (typeof VACANCY)[keyof typeof VACANCY];
export const VACANCY_KEYS: readonly Vacancy[] = [VACANCY.vacant, VACANCY.leased, VACANCY.expiring];
/** How far ahead a lease that runs out makes its unit 即将到期. */
export const EXPIRING_DAYS = 30;

export const VACANCY_LABEL: Record<Vacancy, Text> = {
  vacant: { zh: '空置', en: 'Vacant' },
  leased: { zh: '已租', en: 'Leased' },
  expiring: { zh: '即将到期', en: 'Expiring' },
};

export const isVacancy = (value: unknown): value is Vacancy => VACANCY_KEYS.includes(value as Vacancy);
