import { type RouteConfig, route } from '@react-router/dev/routes';
import { storeRoutes } from './routes/store/routes';
import { accountRoutes } from './routes/account/routes';
import { adminRoutes } from './routes/admin/routes';

export default [...storeRoutes, ...accountRoutes, ...adminRoutes, route('*', 'routes/not-found.tsx')] satisfies RouteConfig;
