/**
 * Small notices instead of the browser's alerts, which block the page until dismissed:
 * `notify('Successfully added!')`. Rendered once by the root layout.
 */
import { useSyncExternalStore } from 'react';

export interface Notice {
  id: number;
  text: string;
  kind: 'success' | 'error' | 'info';
}

let notices: Notice[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function notify(text: string, kind: Notice['kind'] = 'success', ms = 3000): void {
  const notice = { id: nextId++, text, kind };
  notices = [...notices, notice];
  emit();
  setTimeout(() => {
    notices = notices.filter((n) => n.id !== notice.id);
    emit();
  }, ms);
}

const EMPTY: Notice[] = [];
function useNotices(): Notice[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => notices,
    () => EMPTY,
  );
}

export function Notices() {
  const list = useNotices();
  return (
    <div role="status" aria-live="polite" className="no-print pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4">
      {list.map((n) => (
        <div
          key={n.id}
          data-testid="notice"
          className={`pointer-events-auto rounded px-4 py-2 text-sm text-white shadow-lg ${n.kind === 'error' ? 'bg-red-700' : n.kind === 'info' ? 'bg-stone-700' : 'bg-emerald-700'}`}
        >
          {n.text}
        </div>
      ))}
    </div>
  );
}
