import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
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
