/** The header's suggestion list and its options, by id: the search box points at them (aria-controls, aria-activedescendant). */
export const SUGGESTIONS_ID = 'search-suggestions';
export const suggestionId = (i: number) => `${SUGGESTIONS_ID}-${i}`;
