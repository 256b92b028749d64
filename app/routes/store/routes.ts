// The storefront's routes (spec §2 "Public routes"). Paths are relative to app/.
import { index, type RouteConfigEntry } from '@react-router/dev/routes';

export const storeRoutes: RouteConfigEntry[] = [index('routes/home.tsx')];
