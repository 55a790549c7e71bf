// Pages open to everyone, signed in or not (privacy policy, unauthorized, reset confirmation).
import { Outlet } from 'react-router';

export function AnonymousRoute() {
  return <Outlet />;
}
