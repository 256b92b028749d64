/** What page loaders and actions receive from the server (server/http/react-router.ts). */
import type { Services } from '../server/services';
import type { AuthUser } from '../server/accounts/sessions';

declare module 'react-router' {
  interface AppLoadContext {
    services: Services;
    user: AuthUser | null;
    /** The client's address as the server's trusted-proxy rules read it. */
    ip?: string;
  }
}

export {};
