// Signing in, the cart and buying (spec §2 "Public routes"). Paths are relative to app/.
import type { RouteConfigEntry } from '@react-router/dev/routes';

export const accountRoutes: RouteConfigEntry[] = [];
