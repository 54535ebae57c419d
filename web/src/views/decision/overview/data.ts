import { useQuery } from '@tanstack/react-query';
import { request } from '../../../api/http.ts';
import type { ChartExtensions } from '../../../components/Chart.tsx';
import { useLang } from '../../../i18n/index.ts';

/** The calls of 企业概览 (server/src/modules/decision/overview.ts), each answer in its shape there. */
export const API = 'blade-decision/overview';

/** A row of `list`: an enterprise the caller may look at. */
export interface ListedEnterprise {
  id: string;
  enterpriseName: string;
  industry: string | null;
  status: number | null;
  entryDate: string | null;
}

/** `getDefaultEnterprise`: the saved choice (`chosen`), else the first of the caller's list; null when none. */
export type DefaultEnterprise = { id: string; enterpriseName: string; chosen: boolean } | null;

/** `enterprise`: the profile and today's counts of what it holds. */
export interface Profile {
  id: string;
  enterpriseName: string;
  creditCode: string | null;
  industry: string | null;
  industryName: string | null;
  /** Yuan. */
  registeredCapital: number | null;
  scale: number | null;
  scaleName: string | null;
  officeNumber: string | null;
  agentName: string | null;
  agentPhone: string | null;
  entryDate: string | null;
  dueDate: string | null;
  status: number | null;
  legalPerson: string | null;
  establishDate: string | null;
  enterpriseType: string | null;
  registeredAddress: string | null;
  staff: number;
  intellectualProperty: number;
  qualification: number;
  certificate: number;
  project: number;
  standard: number;
  rdPlatform: number;
}

/** One year of `production`: its economic rows' sums (yuan; null where no row gives one) and its products. */
export interface YearRow {
  year: number;
  revenue: number | null;
  taxAmount: number | null;
  outputValue: number | null;
  rdInvestment: number | null;
  employeeCount: number | null;
  products: number;
  productOutputValue: number | null;
}

/** A product of the latest production year; its output value in yuan. */
export interface Product {
  productName: string;
  year: number;
  capacity: number | null;
  output: number | null;
  outputValue: number | null;
}

export interface Production {
  years: YearRow[];
  products: Product[];
}

/** A tag of `tags`: industry and scale, then a count per qualification, patent and certificate type. */
export interface OverviewTag {
  kind: 'industry' | 'scale' | 'qualification' | 'patent' | 'certificate';
  key: string;
  label: string;
  count?: number;
}

export interface Contract {
  id: string;
  contractNo: string;
  contractType: number | null;
  unitNames: string | null;
  leaseArea: number | null;
  startDate: string;
  endDate: string;
  monthlyRent: number | null;
  monthlyFee: number | null;
}

/** `resource`: what it takes of the park (money in yuan, area in m²) and its contracts. */
export interface Resource {
  offices: number;
  rooms: number;
  leasedArea: number;
  monthlyRent: number;
  rentDueThisYear: number;
  rentPaidThisYear: number;
  rentOverdue: number;
  mealsThisMonth: number;
  mealAmountThisMonth: number;
  spaceBookingsThisMonth: number;
  spaceHoursThisMonth: number;
  openRepairs: number;
  facilityLeases: number;
  facilityMonthlyRent: number;
  contracts: Contract[];
}

export type RadarKey = 'revenue' | 'taxAmount' | 'rdInvestment' | 'staff' | 'intellectualProperty' | 'certificate';

export interface RadarAxis {
  key: RadarKey;
  /** The enterprise's figure, the park's average and maximum (yuan, or a count). */
  value: number;
  average: number;
  max: number;
  /** The enterprise and the average as a share of the park's maximum, 0 to 100. */
  score: number;
  averageScore: number;
}

export interface Radar {
  year: number;
  enterprises: number;
  axes: RadarAxis[];
}

/** The calls that read one enterprise, with the answer each gives. */
interface Calls {
  enterprise: Profile;
  production: Production;
  tags: OverviewTag[];
  resource: Resource;
  'radar-data': Radar;
}

/**
 * One enterprise's answer to a call. The language is in the key: the server names scales, types and tags in it.
 * Nothing is asked before an enterprise is chosen.
 */
export function useEnterpriseCall<K extends keyof Calls>(call: K, id: string | undefined) {
  const lang = useLang();
  return useQuery({
    queryKey: ['decision', 'overview', call, id, lang],
    queryFn: () => request<Calls[K]>(`${API}/${call}`, { query: { id } }),
    enabled: Boolean(id),
  });
}

export const DEFAULT_KEY = ['decision', 'overview', 'default'];

export function useDefaultEnterprise() {
  return useQuery({ queryKey: DEFAULT_KEY, queryFn: () => request<DefaultEnterprise>(`${API}/getDefaultEnterprise`) });
}

/** How many enterprises the picker offers at a time: typing narrows them on the server. */
export const PICKER_SIZE = 20;

export function useEnterpriseOptions(name: string) {
  return useQuery({
    queryKey: ['decision', 'overview', 'list', name],
    queryFn: () =>
      request<{ records: ListedEnterprise[]; total: number }>(`${API}/list`, {
        query: { current: 1, size: PICKER_SIZE, enterpriseName: name },
      }),
  });
}

export const setDefaultEnterprise = (id: string) =>
  request<boolean>(`${API}/setDefaultEnterprise/${encodeURIComponent(id)}`, { method: 'POST' });

/** The chart types and components, fetched with the first chart: only the screens that draw load them. */
export const parts = async (): Promise<ChartExtensions> => (await import('./chartParts.ts')).parts;
