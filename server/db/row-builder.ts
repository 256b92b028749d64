/**
 * Rows made into objects by a function written for their columns: the drivers and packed-rows.ts
 * read rows as arrays, which costs less than building each object property by property.
 */

/** Rows as arrays made into objects by a function written for their columns (the same objects: columns in order, a repeated name the last one's). */
export function rowBuilder(columns: string[]): (values: unknown[]) => unknown {
  // Column names of our own SQL, quoted by JSON.stringify.
  return new Function('r', `return {${columns.map((name, i) => `${JSON.stringify(name)}: r[${i}]`).join(', ')}};`) as (values: unknown[]) => unknown;
}
