import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useAllowed } from '../auth/roles.ts';
import { loginPathOf, useSession } from '../stores/session.ts';

/** Main-layout routes need a session; without one, the login page of the account type (spec part 2). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useSession((s) => s.accessToken);
  const accountType = useSession((s) => s.accountType);
  return token ? children : <Navigate to={loginPathOf(accountType)} replace />;
}

/** `/login` (where a 401 sends the user in the spec) is the login page of the last account type. */
export function LoginRedirect() {
  const accountType = useSession((s) => s.accountType);
  return <Navigate to={loginPathOf(accountType)} replace />;
}

/**
 * A page of the layout kept to some roles (spec part 6's role lists, as on menu items): anyone else
 * meets /404, as on a path no menu grants them.
 */
export function RequireRoles({ roles, children }: { roles: string[]; children: ReactNode }) {
  return useAllowed(roles) ? children : <Navigate to="/404" replace />;
}
