// '/': the console starts on the dashboard (spec: the root redirects there), keeping any query string.
import { Navigate, useLocation } from 'react-router';
import { paths } from '../../../lib/paths';

export function StartRoute() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: paths.dashboard, search }} replace />;
}

export { StartRoute as Component };
