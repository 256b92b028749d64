/**
 * Where to go after signing in or up: the page the shopper came
 * from, carried as `?next=`. Only a path on this site is accepted, so a crafted link cannot send
 * a freshly signed-in shopper to another origin (`//evil.example`, `/\evil.example`, `https:…`).
 */
export function safeNext(next: string | null | undefined, fallback = '/'): string {
  if (!next || next.length > 500) return fallback;
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  for (const ch of next) if (ch === '\\' || ch.charCodeAt(0) < 0x20) return fallback;
  return next;
}

/** `/login?next=/checkout` — omits the parameter when the target is home. */
export function withNext(path: string, next: string): string {
  return next && next !== '/' ? `${path}?next=${encodeURIComponent(next)}` : path;
}
