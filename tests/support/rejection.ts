import { expect } from 'vitest';

/**
 * The error `call` rejects with, checked to be a `kind` (the test fails when the call resolves or
 * rejects with anything else).
 */
export async function rejection<E>(call: Promise<unknown>, kind: abstract new (...args: never[]) => E): Promise<E> {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(kind);
  return error as E;
}
