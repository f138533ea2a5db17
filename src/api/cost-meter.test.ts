import { describe, expect, test } from 'vitest';
import { forgetRequests, watchRequest } from './cost-meter.ts';
import { getSessionUsage, measuredCostOf } from './session-usage.ts';

/** An account reading that starts now and answers `requestUsed`. */
const read = (requestUsed: number) => {
  const watch = watchRequest('account');
  return () => watch.succeeded({ data: { requestUsed, requestLimit: 1_000 } });
};
const readNow = (requestUsed: number) => read(requestUsed)();
const measured = (id: 'shorts' | 'realty') => measuredCostOf(getSessionUsage(), id);

describe('the cost meter', () => {
  test('a request between two quiet readings is measured by the change in requestUsed', () => {
    forgetRequests();
    readNow(100);
    const shorts = watchRequest('shorts');
    shorts.succeeded({});
    readNow(110);
    expect(measured('shorts')).toMatchObject({ latest: 10, samples: 1, agreeing: 1 });
  });

  test('two overlapping requests are not measured', () => {
    forgetRequests();
    readNow(100);
    const a = watchRequest('shorts');
    const b = watchRequest('realty');
    a.succeeded({});
    b.succeeded({});
    readNow(120);
    expect(measured('shorts')).toBeNull();
    expect(measured('realty')).toBeNull();
  });

  test('a reading that started while the request ran cannot measure it', () => {
    forgetRequests();
    readNow(100);
    const shorts = watchRequest('shorts');
    const during = read(105);
    shorts.succeeded({});
    during();
    expect(measured('shorts')).toBeNull();
  });

  test('a failed request, a fall in requestUsed or a change of key discards the sample', () => {
    forgetRequests();
    readNow(100);
    watchRequest('shorts').failed();
    readNow(110);
    readNow(110);
    watchRequest('shorts').succeeded({});
    readNow(0); // the plan renewed
    readNow(0);
    watchRequest('shorts').succeeded({});
    forgetRequests();
    readNow(10);
    expect(measured('shorts')).toBeNull();
  });
});
