import type { QuestionStatistics, SheetStatistics as SurveyStatistics } from '@park/catalog';
import { type FormOption, type FormSchema, isPlainObject, starsOf } from '@park/catalog/forms';
import type { CounterRow, Question } from './counters.ts';
import { questionsOf } from './counters.ts';

/**
 * A survey's statistics from its counters (never from the sheets): per question, how many answered it and its
 * share of the sheets, and by kind the options with their counts and shares (a checkbox's shares may sum past 1),
 * the average of numbers and ratings, the NPS, a matrix's table, a ranking's average places and scores.
 */
export type { OptionCount, QuestionStatistics, SheetStatistics as SurveyStatistics } from '@park/catalog';

const ratio = (part: number, whole: number, places = 4) =>
  whole > 0 ? Math.round((part / whole) * 10 ** places) / 10 ** places : 0;
/** An average to 2 decimals (a value too large for cents to matter as it is). */
function mean(sum: number, count: number): number | null {
  if (count <= 0) return null;
  const value = sum / count;
  return Math.abs(value) >= 1e13 ? value : Math.round(value * 100) / 100;
}

const optionsOf = (list: unknown): FormOption[] =>
  (Array.isArray(list) ? list : []).filter(
    (o): o is FormOption => isPlainObject(o) && typeof o.value === 'string' && typeof o.label === 'string',
  );

/** The choices a question offers, in its order: its options, a rating's stars, the NPS scale. */
function choicesOf(q: Question): { value: string; label: string }[] {
  const type: string = q.field.type;
  if (type === 'rating') {
    return Array.from({ length: starsOf(q.field) }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }));
  }
  if (type === 'nps') return Array.from({ length: 11 }, (_, i) => ({ value: String(i), label: String(i) }));
  return optionsOf(q.field.options).map((o) => ({ value: o.value, label: o.label }));
}

/** The counts of the offered choices in their order, then any counted value no longer offered. */
function counted(choices: { value: string; label: string }[], counts: Map<string, number>, answered: number) {
  const out = choices.map((c) => ({ ...c, count: counts.get(c.value) ?? 0 }));
  const offered = new Set(choices.map((c) => c.value));
  for (const [value, count] of counts) if (!offered.has(value)) out.push({ value, label: value, count });
  return out.map((o) => ({ ...o, share: ratio(o.count, answered) }));
}

export function statisticsOf(schema: FormSchema, rows: CounterRow[]): SurveyStatistics {
  // question -> sub -> option -> row
  const tree = new Map<string, Map<string, Map<string, CounterRow>>>();
  for (const row of rows) {
    if (!tree.has(row.question)) tree.set(row.question, new Map());
    const subs = tree.get(row.question)!;
    if (!subs.has(row.sub)) subs.set(row.sub, new Map());
    subs.get(row.sub)!.set(row.option, row);
  }
  const sheets = tree.get('')?.get('')?.get('')?.count ?? 0;

  const questions = questionsOf(schema).map((q): QuestionStatistics => {
    const subs = tree.get(q.name) ?? new Map<string, Map<string, CounterRow>>();
    const own = subs.get('')?.get('');
    const answered = own?.count ?? 0;
    const total = own?.total ?? 0;
    const stats: QuestionStatistics = {
      name: q.name,
      label: q.field.label,
      type: q.field.type,
      answered,
      rate: ratio(answered, sheets),
    };
    const optionCounts = (sub: string) =>
      new Map(
        [...(subs.get(sub) ?? new Map<string, CounterRow>()).values()]
          .filter((r) => r.option !== '')
          .map((r) => [r.option, r.count]),
      );
    switch (q.kind) {
      case 'one':
      case 'many':
        stats.options = counted(choicesOf(q), optionCounts(''), answered);
        break;
      case 'scale': {
        stats.options = counted(choicesOf(q), optionCounts(''), answered);
        stats.sum = total;
        stats.average = mean(total, answered);
        if (q.field.type === ('nps' as string)) {
          const at = (from: number, to: number) =>
            stats
              .options!.filter((o) => Number(o.value) >= from && Number(o.value) <= to)
              .reduce((n, o) => n + o.count, 0);
          const promoters = at(9, 10);
          const passives = at(7, 8);
          const detractors = at(0, 6);
          stats.nps = {
            promoters,
            passives,
            detractors,
            score: answered > 0 ? Math.round(((promoters - detractors) / answered) * 1000) / 10 : null,
          };
        }
        break;
      }
      case 'number':
        stats.sum = total;
        stats.average = mean(total, answered);
        break;
      case 'matrix': {
        const columns = choicesOf(q);
        const rowsOffered = optionsOf(q.field.rows).map((r) => ({ value: r.value, label: r.label }));
        const offered = new Set(rowsOffered.map((r) => r.value));
        const extra = [...subs.keys()].filter((k) => k !== '' && !offered.has(k)).map((k) => ({ value: k, label: k }));
        stats.rows = [...rowsOffered, ...extra].map((r) => {
          const rowAnswered = subs.get(r.value)?.get('')?.count ?? 0;
          return { ...r, answered: rowAnswered, options: counted(columns, optionCounts(r.value), rowAnswered) };
        });
        break;
      }
      case 'ranking': {
        const choices = choicesOf(q);
        const n = choices.length;
        const offered = new Set(choices.map((c) => c.value));
        const extra = [...subs.keys()].filter((k) => k !== '' && !offered.has(k)).map((k) => ({ value: k, label: k }));
        stats.items = [...choices, ...extra].map((c) => {
          const places = [...(subs.get(c.value) ?? new Map<string, CounterRow>()).values()];
          const count = places.reduce((sum, p) => sum + p.count, 0);
          const rankSum = places.reduce((sum, p) => sum + Number(p.option) * p.count, 0);
          // Borda points: the first of n places gives n, the last 1; averaged over the question's answers.
          const points = places.reduce((sum, p) => sum + Math.max(n - Number(p.option) + 1, 0) * p.count, 0);
          return { ...c, count, averageRank: mean(rankSum, count), score: mean(points, answered) };
        });
        break;
      }
      default:
        break;
    }
    return stats;
  });
  return { sheets, questions };
}
