// The back office's routes (spec §2 "Admin routes"). Paths are relative to app/.
import type { RouteConfigEntry } from '@react-router/dev/routes';

export const adminRoutes: RouteConfigEntry[] = [];
