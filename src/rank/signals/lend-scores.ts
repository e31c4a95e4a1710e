/**
 * Lends `share` of each lender's score to its borrower, where that lifts the borrower: a loan never lowers a score,
 * a borrower takes its best loan only, and every loan is reckoned from the scores before any is paid. Mutates
 * `scores`; returns each lifted file's lender (for the evidence).
 */
export function lendScores(
  pairs: Iterable<readonly [lender: number, borrower: number]>,
  scores: Float64Array,
  share: number,
): Map<number, number> {
  const loans = new Map<number, { readonly loan: number; readonly lender: number }>();
  for (const [lender, borrower] of pairs) {
    const loan = share * scores[lender];
    if (scores[borrower] < scores[lender] && loan > (loans.get(borrower)?.loan ?? 0)) loans.set(borrower, { loan, lender });
  }
  const lenders = new Map<number, number>();
  for (const [borrower, { loan, lender }] of loans) {
    scores[borrower] += loan;
    lenders.set(borrower, lender);
  }
  return lenders;
}
