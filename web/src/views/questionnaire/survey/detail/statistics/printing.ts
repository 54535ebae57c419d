import { createContext, useContext } from 'react';
import type { ChartHandle } from '../../../../../components/Chart.tsx';

/**
 * The report's charts, for 打印报告: each chart registers how to take its image; printing takes them all (`images`,
 * by chart key) before the page goes to paper, and drops them after.
 */
export interface ChartImages {
  register(key: string, handle: ChartHandle | null): void;
  images: ReadonlyMap<string, string> | null;
}

export const ChartImagesContext = createContext<ChartImages>({ register: () => undefined, images: null });

export const useChartImages = () => useContext(ChartImagesContext);
