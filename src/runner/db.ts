import { PGlite, types } from '@electric-sql/pglite';
import pg from 'pg';
import { MIGRATIONS } from './migrations.ts';

/** One statement's rows. Times are stored as bigint milliseconds and read back as numbers. */
export interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<T[]>;
}

/**
 * The runner's database: the embedded PGlite (a data folder, one process) or a Postgres server
 * (`DATABASE_URL`, any number of runners). Both speak the same SQL, so one set of migrations
 * and queries serves both (decision 073).
 */
export interface Db extends Sql {
  kind: 'embedded' | 'postgres';
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const INT8 = 20;

async function openEmbedded(dataDir: string): Promise<Db> {
  const db = await PGlite.create(dataDir, { parsers: { [types.INT8]: (x: string) => Number(x) } });
  const sql: Sql = {
    query: async <T>(text: string, params: readonly unknown[] = []) =>
      (await db.query<T>(text, [...params])).rows,
  };
  return {
    kind: 'embedded',
    ...sql,
    // PGlite runs one statement at a time: its transaction holds the connection meanwhile.
    transaction: (work) =>
      db.transaction((tx) =>
        work({
          query: async <T>(t: string, p: readonly unknown[] = []) =>
            (await tx.query<T>(t, [...p])).rows,
        }),
      ),
    close: () => db.close(),
  };
}

/** int8 (bigint milliseconds, counts) read as numbers; every other type as pg reads it. */
const pgTypes = {
  getTypeParser: (oid: number, format?: 'text' | 'binary'): ((value: string) => unknown) =>
    oid === INT8
      ? Number
      : (pg.types.getTypeParser(oid, format ?? 'text') as (value: string) => unknown),
};

function openPostgres(url: string): Db {
  const pool = new pg.Pool({ connectionString: url, max: 4, types: pgTypes });
  const on = (client: pg.Pool | pg.PoolClient): Sql => ({
    query: async <T>(text: string, params: readonly unknown[] = []) =>
      (await client.query(text, [...params])).rows as T[],
  });
  return {
    kind: 'postgres',
    ...on(pool),
    transaction: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work(on(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** Opens the database and brings its schema up to date (one runner at a time migrates). */
export async function openDb(where: { databaseUrl?: string; dataDir: string }): Promise<Db> {
  const db = where.databaseUrl
    ? openPostgres(where.databaseUrl)
    : await openEmbedded(where.dataDir);
  await migrate(db);
  return db;
}

/** An arbitrary number that names the runner's migration lock among a server's advisory locks. */
const MIGRATION_LOCK = 738_073;

async function migrate(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    // Several runners starting at once against one server: one migrates, the others wait.
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(
      'create table if not exists runner_migrations (version integer primary key, applied_at bigint not null)',
    );
    const done = new Set(
      (await tx.query<{ version: number }>('select version from runner_migrations')).map(
        (r) => r.version,
      ),
    );
    for (const [index, statements] of MIGRATIONS.entries()) {
      const version = index + 1;
      if (done.has(version)) continue;
      for (const statement of statements) await tx.query(statement);
      await tx.query('insert into runner_migrations (version, applied_at) values ($1, $2)', [
        version,
        Date.now(),
      ]);
    }
  });
}
