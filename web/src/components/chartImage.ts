import { saveBlob } from '../utils/download.ts';
import type { ChartHandle } from './Chart.tsx';

/** A data URL's bytes as a file (a fetch of it would need the page to allow data: connections). */
function blobOf(url: string): Blob {
  const [head, body] = url.split(',', 2);
  const bytes = Uint8Array.from(atob(body), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type: /^data:([^;]+)/.exec(head)?.[1] ?? 'image/png' });
}

/** Saves a drawn chart as `<name>.png`; false when the chart has not drawn yet (nothing saved). */
export function saveChartImage(chart: ChartHandle | null | undefined, name: string): boolean {
  const url = chart?.toPng();
  if (!url) return false;
  saveBlob(blobOf(url), `${name}.png`);
  return true;
}
