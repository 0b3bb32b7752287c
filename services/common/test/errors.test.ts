// DepotError survives a trip through gRPC status metadata intact; outages are recognised.
import * as grpc from '@grpc/grpc-js';
import { DepotError, REASONS } from '../src/domain/errors';
import { fromServiceError, isUnavailable, toServiceError } from '../src/grpc/errors';

function roundTrip(err: DepotError) {
  const status = toServiceError(err);
  const serviceError = Object.assign(new Error(status.details), {
    code: status.code,
    details: status.details,
    metadata: status.metadata,
  }) as grpc.ServiceError;
  return fromServiceError(serviceError);
}

test('every reason round-trips with its code and message', () => {
  for (const reason of Object.keys(REASONS) as (keyof typeof REASONS)[]) {
    const back = roundTrip(new DepotError(reason));
    expect(back).toBeInstanceOf(DepotError);
    expect(back?.reason).toBe(reason);
    expect(back?.code).toBe(REASONS[reason].code);
    expect(back?.message).toBe(REASONS[reason].message);
  }
});

test('field violations and counts travel with the error', () => {
  const fields = DepotError.fields({ name: ['The name has already been taken.'] }, 'MOD_NAME_TAKEN');
  expect(roundTrip(fields)?.details.fields).toEqual({ name: ['The name has already been taken.'] });
  const inUse = new DepotError(
    'VERSION_IN_USE',
    { count: 3 },
    'Mod version is in use by 3 build(s) and cannot be deleted.',
  );
  const back = roundTrip(inUse);
  expect(back?.details.count).toBe(3);
  expect(back?.message).toBe('Mod version is in use by 3 build(s) and cannot be deleted.');
});

test('errors without Depot details are not DepotErrors; transport failures count as outages', () => {
  const plain = Object.assign(new Error('boom'), { code: grpc.status.INTERNAL, metadata: new grpc.Metadata() });
  expect(fromServiceError(plain)).toBeNull();
  expect(fromServiceError(new Error('x'))).toBeNull();
  expect(isUnavailable({ code: grpc.status.UNAVAILABLE })).toBe(true);
  expect(isUnavailable({ code: grpc.status.DEADLINE_EXCEEDED })).toBe(true);
  expect(isUnavailable({ code: grpc.status.NOT_FOUND })).toBe(false);
});
