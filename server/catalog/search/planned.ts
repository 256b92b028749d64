/**
 * Searches run with the plan remembered for their term, so a term searched before costs no
 * query to plan; the page's own query checks the plan is still current (page-rows.ts
 * `checkedVersion`), and a stale one is planned again.
 */
import { CatalogChanged, type SearchPlan } from './plan';
import type { SearchStrategy } from './strategy';

/** Runs a search with its term's plan: null when the term has no words. */
export type Planned = <T>(term: string, run: (plan: SearchPlan) => Promise<T>) => Promise<T | null>;

export function plannedSearches(search: SearchStrategy): Planned {
  /**
   * Runs a search with the plan remembered for its term (no query to plan it), which the page's
   * own query checks; plans it anew when the term is new or the catalogue changed since.
   */
  return async function planned<T>(term: string, run: (plan: SearchPlan) => Promise<T>): Promise<T | null> {
    const assumed = search.remembered(term);
    if (assumed) {
      try {
        return await run(assumed);
      } catch (error) {
        if (!(error instanceof CatalogChanged)) throw error;
      }
    }
    const plan = await search.plan(term);
    return plan ? run(plan) : null;
  };
}
