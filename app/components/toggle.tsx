/**
 * Open/closed toggles (the phone header's menu, the listings' filter drawer) that work without
 * JavaScript and are real buttons with it (issue 37). The server renders a visually hidden
 * checkbox and a <label> for it, and CSS (`peer-checked`) shows the panel: that works with no
 * script at all. Once hydrated, the label becomes a <button aria-expanded aria-controls> (Enter
 * and Space work; screen readers hear a button and its open state) and the checkbox, `hidden`
 * from everyone, only mirrors the state for the CSS. The state is one small store per toggle id,
 * so a button and its panel may sit in different components. Kept small: every page ships it.
 */
import { useSyncExternalStore, type ReactNode } from 'react';

const open = new Map<string, boolean>();
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => (listeners.add(listener), () => listeners.delete(listener));

export function setOpen(id: string, value: boolean): void {
  open.set(id, value);
  listeners.forEach((l) => l());
}

/** Whether toggle `id` is open; undefined on the server and while hydrating (no script to answer yet). */
const useOpen = (id: string): boolean | undefined => useSyncExternalStore(subscribe, () => !!open.get(id), () => undefined);

/** The checkbox that holds the state for CSS; before hydration it is the control itself (named `label`). */
export function ToggleBox({ id, label, className }: { id: string; label: string; className: string }) {
  const state = useOpen(id);
  return <input id={id} type="checkbox" className={`peer sr-only ${className}`} hidden={state !== undefined} aria-label={label} checked={!!state} onChange={(e) => setOpen(id, e.target.checked)} />;
}

/** The control that opens and closes toggle `id`: a label for its checkbox until hydrated, then a button that says whether `controls` (the panel's id) is expanded. */
export function ToggleButton({ id, controls, className, testId, children }: { id: string; controls: string; className: string; testId: string; children: ReactNode }) {
  const state = useOpen(id);
  return state === undefined ? (
    <label htmlFor={id} className={className} data-testid={testId}>
      {children}
    </label>
  ) : (
    <button type="button" className={className} data-testid={testId} aria-controls={controls} aria-expanded={state} onClick={() => setOpen(id, !state)}>
      {children}
    </button>
  );
}
