import { Link, useLocation } from 'react-router';
import { VIEWS } from '../config/views.ts';

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
        {VIEWS.map((v) => (
          <li key={v.path}>
            <Link className="btn-link" to={v.path}>
              {v.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
