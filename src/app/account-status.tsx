import { ConcurrencyIndicator } from './concurrency-indicator.tsx';
import { CreditsPill } from '../workspace/costs/credits-pill.tsx';

/**
 * The header's account figures. Loaded on their own once a key is set (layout.tsx): they
 * bring the request code, which no first paint without a key needs.
 */
export default function AccountStatus() {
  return (
    <>
      <CreditsPill />
      <ConcurrencyIndicator />
    </>
  );
}
