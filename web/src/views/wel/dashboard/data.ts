import { useQuery } from '@tanstack/react-query';
import { request } from '../../../api/http.ts';
import type { ChartExtensions } from '../../../components/Chart.tsx';

export type DashboardRow = Record<string, string | number | null>;
export interface DashboardData {
  rows: DashboardRow[];
  /** The list the chart's figures come from, and the search that filters it. */
  link: { path: string; query?: Record<string, string> };
}

/** One chart's answer (blade-desk/dashboard/<chart>), shared by the cards that draw it. */
export function useDashboard(chart: string) {
  return useQuery({
    queryKey: ['dashboard', chart],
    queryFn: () => request<DashboardData>(`blade-desk/dashboard/${chart}`),
  });
}

export const linkOf = ({ link }: DashboardData) =>
  `${link.path}${link.query ? `?${new URLSearchParams(link.query)}` : ''}`;

/** The chart types and components, fetched with the first chart: this screen is the only one that loads them. */
export const parts = async (): Promise<ChartExtensions> => (await import('./chartParts.ts')).parts;
