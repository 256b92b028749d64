/**
 * The listings' filters and sort on a phone: one button, 'ফিল্টার ও সাজানো' with the number of
 * active choices, opens a bottom sheet holding them. Below `md` the sheet is hidden until the
 * button is pressed; from `md` on its content is the listing's side panel (`side`) or not shown
 * (the page shows its own sort beside the list).
 *
 * It works without JavaScript: the button is a <label> for a visually hidden checkbox, and CSS
 * (`peer-checked`) shows the sheet and a backdrop that closes it. The filters inside are plain
 * links and the sort a GET form, so choosing one loads the new list either way. With JavaScript
 * the button is a real button (toggle.tsx), and the sheet also closes when the address changes
 * and on Escape.
 */
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { toBengaliDigits, useLang, useT } from '../lib/i18n';
import { ToggleBox, ToggleButton, setOpen } from './toggle';

const TOGGLE = 'filters-toggle';
const SHEET = 'filter-sheet';

/** How many of the URL's choices are in force (author, publisher, a sort other than the default). */
export function activeFilters(d: { author?: number | undefined; publisher?: number | undefined; ordering?: string | undefined }): number {
  return [d.author, d.publisher, d.ordering].filter((v) => v !== undefined && v !== '').length;
}

/** The button that opens the sheet (place it in the list's toolbar; hidden from `md` on). */
export function FilterButton({ count }: { count: number }) {
  const t = useT();
  const lang = useLang();
  return (
    <ToggleButton id={TOGGLE} controls={SHEET} testId="filter-button" className="drawer-btn md:hidden">
      <span className="i i-sm i-filter" aria-hidden="true" />
      {t('ফিল্টার ও সাজানো', 'Filters & sort')}
      {count > 0 && (
        <>
          <span data-testid="filter-count" className="drawer-count" aria-hidden="true">
            {lang === 'bn' ? toBengaliDigits(count) : count}
          </span>
          <span className="sr-only">{t(`(${toBengaliDigits(count)}টি চালু)`, `(${count} active)`)}</span>
        </>
      )}
    </ToggleButton>
  );
}

/**
 * The checkbox, the backdrop and the sheet (`count`: the same number the button shows). Put it before the list in the listing's grid:
 * with `side` its content is the left column from `md` on.
 */
export function FilterDrawer({ children, count, side = false }: { children: ReactNode; count: number; side?: boolean }) {
  const t = useT();
  const title = t('ফিল্টার ও সাজানো', 'Filters & sort');
  const name = count ? `${title} ${t(`(${toBengaliDigits(count)}টি চালু)`, `(${count} active)`)}` : title;
  const location = useLocation();
  useEffect(() => setOpen(TOGGLE, false), [location.key]);
  return (
    <>
      <ToggleBox id={TOGGLE} className="drawer-toggle md:hidden" label={name} />
      <label htmlFor={TOGGLE} aria-hidden="true" className="drawer-backdrop hidden peer-checked:block md:hidden peer-checked:md:hidden" />
      <div
        id={SHEET}
        data-testid="filter-drawer"
        role="group"
        aria-label={title}
        onKeyDown={(e) => e.key === 'Escape' && setOpen(TOGGLE, false)}
        className={`drawer-sheet hidden peer-checked:block ${side ? 'md:contents peer-checked:md:contents' : 'md:hidden peer-checked:md:hidden'}`}
      >
        <div className="mb-3 flex items-center justify-between gap-2 md:hidden">
          <p className="font-bold">{title}</p>
          <label htmlFor={TOGGLE} className="drawer-close" data-testid="filter-close">
            <span aria-hidden="true">✕</span>
            <span className="sr-only">{t('বন্ধ করুন', 'Close')}</span>
          </label>
        </div>
        {children}
      </div>
    </>
  );
}
