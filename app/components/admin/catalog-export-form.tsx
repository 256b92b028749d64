/**
 * The catalogue's CSV download (`/api/product/export.csv`, server/catalog/bulk-export.ts) with the
 * product list's filters: a plain GET form, so it works without JavaScript.
 */
import { PRODUCT_TYPES } from '../../../domain/catalog';
import { Button } from './buttons';
import { FilterInput, FilterSelect, ROW_CONTROL } from './filters';

export interface ExportFilters {
  type?: string | undefined;
  category?: number | undefined;
  is_active?: string | undefined;
  search?: string | undefined;
}

const ACTIVE_CHOICES = [
  ['true', 'Active'],
  ['false', 'Inactive'],
] as const;

export function CatalogExportForm({ filters: f, categories }: { filters: ExportFilters; categories: { id: number; name: string }[] }) {
  return (
    <form method="get" action="/api/product/export.csv" className="flex flex-wrap items-end gap-3" data-testid="export-form">
      <FilterSelect label="Type" name="type" defaultValue={f.type ?? ''} all="All" choices={PRODUCT_TYPES.map((t) => [t, t] as const)} className={ROW_CONTROL} />
      <FilterSelect label="Category" name="category" defaultValue={f.category ?? ''} all="All" choices={categories.map((c) => [c.id, c.name] as const)} className={ROW_CONTROL} />
      <FilterSelect label="Active" name="is_active" defaultValue={f.is_active ?? ''} all="Active and inactive" choices={ACTIVE_CHOICES} className={ROW_CONTROL} />
      <FilterInput label="Search" name="search" defaultValue={f.search ?? ''} className={ROW_CONTROL} />
      <Button type="submit" kind="secondary">
        Download CSV
      </Button>
    </form>
  );
}
