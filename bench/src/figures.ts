/**
 * The run's figures by target (this checkout, and with `--compare REV` the other commit), so that the parts that
 * record theirs can be printed side by side at the end. Each part still prints its own tables as it goes.
 */
export interface Figure {
  part: string;
  name: string;
  value: number;
  unit: string;
  /** Whether more is better (req/s) or worse (ms, MB): the ratio's sense in the side-by-side table. */
  higherIsBetter?: boolean;
}

const byTarget = new Map<string, Figure[]>();
let current = 'this checkout';

/** Figures recorded from now on belong to `label`. */
export function figuresFor(label: string) {
  current = label;
  if (!byTarget.has(label)) byTarget.set(label, []);
}

export function record(part: string, name: string, value: number, unit: string, higherIsBetter = false) {
  if (!byTarget.has(current)) byTarget.set(current, []);
  byTarget.get(current)?.push({ part, name, value, unit, higherIsBetter });
}

/** A part that failed on one target: shown in the table instead of its figures. */
export function recordFailure(part: string, message: string) {
  record(part, `failed: ${message.slice(0, 120)}`, Number.NaN, '');
}

const shown = (f: Figure | undefined) =>
  !f ? '-' : Number.isNaN(f.value) ? 'failed' : `${Number.isInteger(f.value) ? f.value : f.value.toFixed(1)} ${f.unit}`;

/** The figures of two targets side by side, with the ratio of the first to the second. */
export function printSideBySide(first: string, second: string) {
  const a = byTarget.get(first) ?? [];
  const b = byTarget.get(second) ?? [];
  const key = (f: Figure) => `${f.part} | ${f.name}`;
  const keys = [...new Set([...a.map(key), ...b.map(key)])];
  console.log('');
  console.log(`Side by side (ratio: ${first} / ${second}; "better" says which way the ratio should go)`);
  console.log(`| part | figure | ${first} | ${second} | ratio | better |`);
  console.log('| --- | --- | ---: | ---: | ---: | --- |');
  for (const k of keys) {
    const mine = a.find((f) => key(f) === k);
    const theirs = b.find((f) => key(f) === k);
    const ratio =
      mine && theirs && Number.isFinite(mine.value) && Number.isFinite(theirs.value) && theirs.value !== 0
        ? (mine.value / theirs.value).toFixed(2)
        : '-';
    const sense = (mine ?? theirs)?.higherIsBetter ? 'higher' : 'lower';
    console.log(`| ${k} | ${shown(mine)} | ${shown(theirs)} | ${ratio} | ${sense} |`);
  }
}
