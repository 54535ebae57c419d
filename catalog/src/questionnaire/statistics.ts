/**
 * The shape of a survey's statistics, as the server computes them (server/src/modules/questionnaire/statistics.ts)
 * and the statistics screen draws them.
 */
export interface OptionCount {
  value: string;
  label: string;
  count: number;
  /** count / the question's answers (0..1, 4 decimals). */
  share: number;
}

export interface QuestionStatistics {
  name: string;
  label: string;
  type: string;
  answered: number;
  /** answered / sheets. */
  rate: number;
  options?: OptionCount[];
  average?: number | null;
  sum?: number;
  nps?: { promoters: number; passives: number; detractors: number; score: number | null };
  rows?: { value: string; label: string; answered: number; options: OptionCount[] }[];
  items?: { value: string; label: string; count: number; averageRank: number | null; score: number | null }[];
}

/** Per question, over `sheets` submitted answer sheets. */
export interface SheetStatistics {
  sheets: number;
  questions: QuestionStatistics[];
}
