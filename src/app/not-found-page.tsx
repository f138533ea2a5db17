import { Link, useLocation } from 'react-router';
import { ENDPOINT_LIST } from '../api/endpoints.ts';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <div className="space-y-3">
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p>
        There is no view at <code>{pathname}</code>. These are the views:
      </p>
      <ul className="list-disc pl-5">
        <li>
          <Link className="btn-link" to="/">
            Overview
          </Link>
        </li>
        {ENDPOINT_LIST.map((spec) => (
          <li key={spec.id}>
            <Link className="btn-link" to={spec.route}>
              {spec.nav}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
