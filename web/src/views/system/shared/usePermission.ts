import { useSession } from '../../../stores/session.ts';

/** Whether the user holds a button code (user_role, role_grant, ...). */
export function usePermission(code: string): boolean {
  return useSession((s) => s.permissions[code] === true);
}
