/**
 * One throwaway Postgres cluster per test file (tests/support/postgres.ts): started in beforeAll,
 * always stopped in afterAll (and at process exit). A machine without PostgreSQL fails the file
 * with the helper's installation message.
 */
import { afterAll, beforeAll } from 'vitest';
import { startPostgres, type PostgresCluster } from '../support/postgres';

/** The cluster of this file; `cluster()` throws before beforeAll ran. */
export function usePostgresCluster(): () => PostgresCluster {
  let cluster: PostgresCluster | undefined;
  beforeAll(async () => {
    cluster = await startPostgres({ durable: false });
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
  }, 60_000);
  return () => {
    if (!cluster) throw new Error('the Postgres cluster is not running (did beforeAll fail?)');
    return cluster;
  };
}
