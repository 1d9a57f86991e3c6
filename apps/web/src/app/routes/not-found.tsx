import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state/empty-state.js';

export function NotFoundRoute() {
  return (
    <EmptyState
      title="Page not found"
      text="This address does not exist in the console."
      action={<Link to="/realtime">Go to the realtime orders</Link>}
    />
  );
}
