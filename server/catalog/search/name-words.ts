/** The name filters' words (people.ts, categories.ts): a LIKE over names as stored, not the product search. */
import { MAX_SEARCH_WORDS } from '../../../domain/search-text';

/**
 * The words of a LIKE filter on names as stored (the back office's author, publisher and
 * category lists): NFC, split on white space, without LIKE wildcards (`%`, `_` and `\` are
 * spaces, so a term never matches everything). The product search normalises instead (strategy.ts `plan`).
 */
export function searchWords(term: string | undefined | null): string[] {
  if (!term) return [];
  return term
    .normalize('NFC')
    .slice(0, 200)
    .replace(/[%_\\]/g, ' ')
    .split(/\s+/u)
    .filter(Boolean)
    .slice(0, MAX_SEARCH_WORDS);
}
