/** The frame of a back-office screen: its title (with actions beside it) and the panels below. */
import type { ReactNode } from 'react';

export function PageTitle({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
      <h1 className="text-xl font-bold">{children}</h1>
      {actions}
    </div>
  );
}

export function Panel({ title, children, id, collapsed }: { title?: string; children: ReactNode; id?: string; collapsed?: boolean }) {
  if (collapsed !== undefined && title) {
    // An add form folds away so the list is on screen at once; it stays open (with what was typed) once opened.
    return (
      <details id={id} open={!collapsed} className="group mb-6 rounded border border-stone-200 bg-white shadow-sm">
        <summary className="cursor-pointer list-none px-4 py-3 text-base font-semibold select-none">
          <span className="mr-2 inline-block transition-transform group-open:rotate-90">▸</span>
          {title}
        </summary>
        <div className="border-t border-stone-100 p-4">{children}</div>
      </details>
    );
  }
  return (
    <section id={id} className="mb-6 rounded border border-stone-200 bg-white p-4 shadow-sm">
      {title && <h2 className="mb-3 text-base font-semibold">{title}</h2>}
      {children}
    </section>
  );
}
