// The "also look at these" table of the open comments map: for every criterion (2..31, and 99
// "something else"), five other criteria whose comments often tell the same story. One place, so the
// page and its tests read the same relations.
export const RELATED_CRITERIA: Readonly<
  Record<number, readonly [number, number, number, number, number]>
> = {
  2: [23, 30, 10, 7, 13], // meaningful work: values, strategy, appreciation, learning, autonomy
  3: [17, 10, 9, 8, 27], // pay: fairness, appreciation, security, career, reputation
  4: [18, 10, 11, 29, 16], // supervisor: feedback, appreciation, goals, psychological safety, trust
  5: [25, 29, 22, 31, 12], // team spirit: cooperation, psychological safety, wellbeing, inclusion, information
  6: [14, 20, 21, 22, 13], // work-life balance: workload, flexible hours, remote work, wellbeing, autonomy
  7: [8, 18, 2, 13, 4], // learning: career, feedback, meaningful work, autonomy, supervisor
  8: [7, 17, 3, 18, 4], // career: learning, fairness, pay, feedback, supervisor
  9: [26, 30, 16, 3, 27], // job security: change, strategy, trust, pay, reputation
  10: [18, 4, 3, 17, 5], // appreciation: feedback, supervisor, pay, fairness, team spirit
  11: [30, 12, 4, 18, 26], // clear goals: strategy, information, supervisor, feedback, change
  12: [16, 26, 25, 11, 19], // information: trust, change, cooperation, goals, influence
  13: [19, 20, 2, 6, 16], // autonomy: influence, flexible hours, meaningful work, balance, trust
  14: [6, 22, 15, 4, 11], // workload: balance, wellbeing, tools, supervisor, goals
  15: [28, 14, 21, 22, 24], // environment and tools: safety, workload, remote work, wellbeing, customers
  16: [12, 30, 26, 17, 19], // trust in management: information, strategy, change, fairness, influence
  17: [31, 3, 10, 16, 29], // fairness: inclusion, pay, appreciation, trust, psychological safety
  18: [4, 10, 7, 11, 29], // feedback: supervisor, appreciation, learning, goals, psychological safety
  19: [13, 16, 26, 12, 29], // influence: autonomy, trust, change, information, psychological safety
  20: [6, 21, 13, 14, 22], // flexible hours: balance, remote work, autonomy, workload, wellbeing
  21: [20, 6, 15, 12, 25], // remote work: flexible hours, balance, tools, information, cooperation
  22: [6, 14, 29, 28, 5], // wellbeing: balance, workload, psychological safety, physical safety, team spirit
  23: [2, 31, 27, 30, 5], // values: meaningful work, inclusion, reputation, strategy, team spirit
  24: [25, 2, 27, 15, 11], // customers: cooperation, meaningful work, reputation, tools, goals
  25: [5, 12, 24, 26, 11], // cooperation: team spirit, information, customers, change, goals
  26: [12, 16, 30, 9, 19], // change: information, trust, strategy, security, influence
  27: [23, 24, 3, 9, 30], // reputation: values, customers, pay, security, strategy
  28: [15, 22, 29, 14, 9], // physical safety: tools, wellbeing, psychological safety, workload, security
  29: [5, 4, 17, 31, 22], // psychological safety: team spirit, supervisor, fairness, inclusion, wellbeing
  30: [11, 16, 26, 2, 12], // strategy: goals, trust, change, meaningful work, information
  31: [17, 29, 23, 5, 10], // inclusion: fairness, psychological safety, values, team spirit, appreciation
  99: [22, 6, 5, 3, 2], // something else: the topics people most often write about
};

/** The five related criteria of a criterion; none for an unknown id. */
export function relatedCriteria(criterionId: number): readonly number[] {
  return RELATED_CRITERIA[criterionId] ?? [];
}
