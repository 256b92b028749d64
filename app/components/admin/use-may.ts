/**
 * Whether the signed-in staff member's role reaches a level (domain/roles.ts), for hiding the
 * buttons of calls the server would refuse them (a packer sees no "Record payment"). Only a
 * courtesy: the server checks every call itself (server/http/route-guard.ts).
 */
import { useRouteLoaderData } from 'react-router';
import { mayUse, type StaffAccess } from '../../../domain/roles';

export function useMay(level: StaffAccess): boolean {
  const user = (useRouteLoaderData('root') as { user?: { role?: string } | null } | undefined)?.user;
  return mayUse(user?.role, level);
}
