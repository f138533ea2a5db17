/**
 * The runner's schema, one list of statements per version, applied in order and never edited
 * once released (add a version instead). Plain Postgres SQL: PGlite and a server run the same.
 * Times are bigint milliseconds since the epoch, as the tracker model keeps them.
 */
export const MIGRATIONS: readonly (readonly string[])[] = [
  [
    // A tracker as the dashboard's model holds it (`tracker`, read back through the stored
    // tracker schema), with what only the runner adds: its schedule, alert channels and floor.
    `create table trackers (
      id text primary key,
      name text not null unique,
      tracker jsonb not null,
      cron text,
      time_zone text not null default 'UTC',
      catch_up boolean not null default false,
      next_due bigint,
      channels jsonb not null default '[]',
      reserve_floor integer,
      added_at bigint not null
    )`,
    'create index trackers_next_due on trackers (next_due) where next_due is not null',
    `create table runs (
      tracker_id text not null references trackers (id) on delete cascade,
      id text not null,
      slot bigint,
      started_at bigint not null,
      finished_at bigint,
      status text not null,
      missed_reason text,
      credits integer not null default 0,
      suspect text,
      catch_up boolean not null default false,
      plan jsonb,
      owner text,
      lease_until bigint,
      primary key (tracker_id, id)
    )`,
    // One row per cell of a run: written as 'sent' and committed before its request leaves
    // (the engine's write-ahead), then replaced by what the cell became.
    `create table run_cells (
      tracker_id text not null,
      run_id text not null,
      cell_id text not null,
      state text not null,
      cell jsonb,
      primary key (tracker_id, run_id, cell_id),
      foreign key (tracker_id, run_id) references runs (tracker_id, id) on delete cascade
    )`,
    `create table alerts (
      id text primary key,
      tracker_id text not null references trackers (id) on delete cascade,
      run_id text not null,
      at bigint not null,
      kind text not null,
      text text not null,
      delivered jsonb not null default '{}'
    )`,
  ],
  [
    // A tracker's runs newest first (a page of runs, its movers' baseline, the list's last run)
    // straight from an index, however long the history (decision 096).
    'create index runs_by_start on runs (tracker_id, started_at, id)',
  ],
  [
    // Each tracker's first page of runs cut to the movers, as the dashboard is sent it, stored
    // when a run ends (decision 122); `stamp` names the runs it was cut from, so a page whose
    // runs changed since is cut again rather than sent.
    `create table first_pages (
      tracker_id text primary key references trackers (id) on delete cascade,
      stamp text not null,
      page text not null
    )`,
  ],
];
