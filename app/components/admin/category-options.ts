/** Category choices shown as 'Parent -> Child' (names repeat under different parents), sorted so children follow their parent. */
export interface CategoryLike {
  id: number;
  name: string;
  parent: number | null;
  parent_name: string | null;
}

export function categoryLabel(c: CategoryLike): string {
  return c.parent_name ? `${c.parent_name} -> ${c.name}` : c.name;
}

export function categoryOptions(all: CategoryLike[], exclude: ReadonlySet<number> = new Set()): { value: number; label: string }[] {
  return all
    .filter((c) => !exclude.has(c.id))
    .map((c) => ({ value: c.id, label: categoryLabel(c) }))
    .sort((a, b) => a.label.localeCompare(b.label, 'bn'));
}

/** A category and everything under it: it cannot become its own parent. */
export function selfAndDescendants(all: CategoryLike[], id: number): Set<number> {
  const out = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const c of all) {
      if (c.parent !== null && out.has(c.parent) && !out.has(c.id)) {
        out.add(c.id);
        grew = true;
      }
    }
  }
  return out;
}
