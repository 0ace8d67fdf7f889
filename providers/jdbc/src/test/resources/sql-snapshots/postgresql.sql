-- PostgreSQL

-- create table
CREATE TABLE IF NOT EXISTS shedlock (name VARCHAR(255) NOT NULL, lock_until TIMESTAMP(3) NOT NULL, locked_at TIMESTAMP(3) NOT NULL, locked_by VARCHAR(255) NOT NULL, last_fire BIGINT, fencing_token BIGINT, last_run_fire BIGINT, last_run_by VARCHAR(255), last_run_started TIMESTAMP(3), last_run_ended TIMESTAMP(3), last_run_outcome VARCHAR(16), last_run_error VARCHAR(1000), last_run_kind VARCHAR(16), paused_until TIMESTAMP(3), paused_by VARCHAR(1200), PRIMARY KEY (name));

-- add a fire column
ALTER TABLE shedlock ADD last_fire BIGINT;

-- add a fire column
ALTER TABLE shedlock ADD fencing_token BIGINT;

-- add an optional column
ALTER TABLE shedlock ADD last_run_fire BIGINT;

-- add an optional column
ALTER TABLE shedlock ADD last_run_by VARCHAR(255);

-- add an optional column
ALTER TABLE shedlock ADD last_run_started TIMESTAMP(3);

-- add an optional column
ALTER TABLE shedlock ADD last_run_ended TIMESTAMP(3);

-- add an optional column
ALTER TABLE shedlock ADD last_run_outcome VARCHAR(16);

-- add an optional column
ALTER TABLE shedlock ADD last_run_error VARCHAR(1000);

-- add an optional column
ALTER TABLE shedlock ADD last_run_kind VARCHAR(16);

-- add an optional column
ALTER TABLE shedlock ADD paused_until TIMESTAMP(3);

-- add an optional column
ALTER TABLE shedlock ADD paused_by VARCHAR(1200);

-- acquire LEASE_ONLY (ReturnedRow); parameters: -910384739, 'nightly-report', 'nightly-report', 300000, 'node-1/4f2a-7', 'nightly-report', 300000, 'node-1/4f2a-7'
SELECT EXISTS (SELECT FROM (SELECT generate_series(0, 2000) AS i) AS turn WHERE CASE WHEN i = 0 OR (clock_timestamp() < statement_timestamp() + INTERVAL '2000 milliseconds' AND pg_sleep(0.001)::text = '') THEN pg_try_advisory_xact_lock(1414284107, ?) END); WITH cur AS (SELECT 1 AS one FROM shedlock WHERE name = ?), free AS (SELECT name FROM shedlock WHERE name = ? AND lock_until <= date_trunc('milliseconds', timezone('UTC', statement_timestamp())) FOR UPDATE SKIP LOCKED), upd AS (UPDATE shedlock SET lock_until = (date_trunc('milliseconds', timezone('UTC', statement_timestamp())) + ? * INTERVAL '1 millisecond'), locked_at = date_trunc('milliseconds', timezone('UTC', statement_timestamp())), locked_by = ? WHERE name = (SELECT name FROM free) RETURNING locked_by), ins AS (INSERT INTO shedlock (name, lock_until, locked_at, locked_by) SELECT ?, (date_trunc('milliseconds', timezone('UTC', statement_timestamp())) + ? * INTERVAL '1 millisecond'), date_trunc('milliseconds', timezone('UTC', statement_timestamp())), ? WHERE NOT EXISTS (SELECT 1 FROM cur) ON CONFLICT (name) DO NOTHING RETURNING locked_by) SELECT COALESCE((SELECT locked_by FROM upd), (SELECT locked_by FROM ins));

-- read the row LEASE_ONLY; parameters: 'nightly-report'
SELECT locked_by FROM shedlock WHERE name = ?;

-- acquire PLAIN (ReturnedRow); parameters: -910384739, 'nightly-report', 'nightly-report', 300000, 'node-1/4f2a-7', 'nightly-report', 300000, 'node-1/4f2a-7'
SELECT EXISTS (SELECT FROM (SELECT generate_series(0, 2000) AS i) AS turn WHERE CASE WHEN i = 0 OR (clock_timestamp() < statement_timestamp() + INTERVAL '2000 milliseconds' AND pg_sleep(0.001)::text = '') THEN pg_try_advisory_xact_lock(1414284107, ?) END); WITH cur AS (SELECT last_fire FROM shedlock WHERE name = ?), free AS (SELECT name FROM shedlock WHERE name = ? AND lock_until <= date_trunc('milliseconds', timezone('UTC', statement_timestamp())) FOR UPDATE SKIP LOCKED), upd AS (UPDATE shedlock SET lock_until = (date_trunc('milliseconds', timezone('UTC', statement_timestamp())) + ? * INTERVAL '1 millisecond'), locked_at = date_trunc('milliseconds', timezone('UTC', statement_timestamp())), locked_by = ?, fencing_token = CASE WHEN COALESCE(fencing_token, 0) + 1 > CAST(EXTRACT(EPOCH FROM statement_timestamp()) * 1000000 AS BIGINT) THEN COALESCE(fencing_token, 0) + 1 ELSE CAST(EXTRACT(EPOCH FROM statement_timestamp()) * 1000000 AS BIGINT) END WHERE name = (SELECT name FROM free) RETURNING locked_by, fencing_token, last_fire), ins AS (INSERT INTO shedlock (name, lock_until, locked_at, locked_by, fencing_token) SELECT ?, (date_trunc('milliseconds', timezone('UTC', statement_timestamp())) + ? * INTERVAL '1 millisecond'), date_trunc('milliseconds', timezone('UTC', statement_timestamp())), ?, CAST(EXTRACT(EPOCH FROM statement_timestamp()) * 1000000 AS BIGINT) WHERE NOT EXISTS (SELECT 1 FROM cur) ON CONFLICT (name) DO NOTHING RETURNING locked_by, fencing_token, last_fire) SELECT COALESCE((SELECT locked_by FROM upd), (SELECT locked_by FROM ins)), COALESCE((SELECT fencing_token FROM upd), (SELECT fencing_token FROM ins)), (SELECT last_fire FROM cur);

-- read the row PLAIN; parameters: 'nightly-report'
SELECT locked_by, fencing_token, last_fire FROM shedlock WHERE name = ?;

-- acquire FIRE (ReturnedRow); parameters: -910384739, 'nightly-report', 'nightly-report', 1893456000000, 300000, 'node-1/4f2a-7', 1893456000000, 'nightly-report', 300000, 'node-1/4f2a-7', 1893456000000
SELECT EXISTS (SELECT FROM (SELECT generate_series(0, 2000) AS i) AS turn WHERE CASE WHEN i = 0 OR (clock_timestamp() < statement_timestamp() + INTERVAL '2000 milliseconds' AND pg_sleep(0.001)::text = '') THEN pg_try_advisory_xact_lock(1414284107, ?) END); WITH cur AS (SELECT last_fire FROM shedlock WHERE name = ?), free AS (SELECT name FROM shedlock WHERE name = ? AND lock_until <= date_trunc('milliseconds', timezone('UTC', statement_timestamp())) AND (last_fire IS NULL OR last_fire < ?) FOR UPDATE SKIP LOCKED), upd AS (UPDATE shedlock SET lock_until = (date_trunc('milliseconds', timezone('UTC', statement_timestamp())) + ? * INTERVAL '1 millisecond'), locked_at = date_trunc('milliseconds', timezone('UTC', statement_timestamp())), locked_by = ?, last_fire = ?, fencing_token = CASE WHEN COALESCE(fencing_token, 0) + 1 > CAST(EXTRACT(EPOCH FROM statement_timestamp()) * 1000000 AS BIGINT) THEN COALESCE(fencing_token, 0) + 1 ELSE CAST(EXTRACT(EPOCH FROM statement_timestamp()) * 1000000 AS BIGINT) END WHERE name = (SELECT name FROM free) RETURNING locked_by, fencing_token, last_fire), ins AS (INSERT INTO shedlock (name, lock_until, locked_at, locked_by, last_fire, fencing_token) SELECT ?, (date_trunc('milliseconds', timezone('UTC', statement_timestamp())) + ? * INTERVAL '1 millisecond'), date_trunc('milliseconds', timezone('UTC', statement_timestamp())), ?, ?, CAST(EXTRACT(EPOCH FROM statement_timestamp()) * 1000000 AS BIGINT) WHERE NOT EXISTS (SELECT 1 FROM cur) ON CONFLICT (name) DO NOTHING RETURNING locked_by, fencing_token, last_fire) SELECT COALESCE((SELECT locked_by FROM upd), (SELECT locked_by FROM ins)), COALESCE((SELECT fencing_token FROM upd), (SELECT fencing_token FROM ins)), COALESCE((SELECT last_fire FROM upd), (SELECT last_fire FROM ins), (SELECT last_fire FROM cur));

-- read the row FIRE; parameters: 'nightly-report'
SELECT locked_by, fencing_token, last_fire FROM shedlock WHERE name = ?;

-- acquire LEASE_ONLY_PAUSABLE (ReturnedRow); parameters: -910384739, 'nightly-report', 'nightly-report', 300000, 'node-1/4f2a-7', 'nightly-report', 300000, 'node-1/4f2a-7'
SELECT EXISTS (SELECT FROM (SELECT generate_series(0, 2000) AS i) AS turn WHERE CASE WHEN i = 0 OR (clock_timestamp() < statement_timestamp() + INTERVAL '2000 milliseconds' AND pg_sleep(0.001)::text = '') THEN pg_try_advisory_xact_lock(1414284107, ?) END); WITH cur AS (SELECT 1 AS one, CASE WHEN (paused_by IS NULL OR (paused_until IS NOT NULL AND paused_until <= date_trunc('milliseconds', timezone('UTC', statement_timestamp())))) THEN 0 ELSE 1 END AS paused FROM shedlock WHERE name = ?), free AS (SELECT name FROM shedlock WHERE name = ? AND lock_until <= date_trunc('milliseconds', timezone('UTC', statement_timestamp())) AND (paused_by IS NULL OR (paused_until IS NOT NULL AND paused_until <= date_trunc('milliseconds', timezone('UTC', statement_timestamp())))) FOR UPDATE SKIP LOCKED), upd AS (UPDATE shedlock SET lock_until = (date_trunc('milliseconds', timezone('UTC', statement_timestamp())) + ? * INTERVAL '1 millisecond'), locked_at = date_trunc('milliseconds', timezone('UTC', statement_timestamp())), locked_by = ? WHERE name = (SELECT name FROM free) RETURNING locked_by), ins AS (INSERT INTO shedlock (name, lock_until, locked_at, locked_by) SELECT ?, (date_trunc('milliseconds', timezone('UTC', statement_timestamp())) + ? * INTERVAL '1 millisecond'), date_trunc('milliseconds', timezone('UTC', statement_timestamp())), ? WHERE NOT EXISTS (SELECT 1 FROM cur) ON CONFLICT (name) DO NOTHING RETURNING locked_by) SELECT COALESCE((SELECT locked_by FROM upd), (SELECT locked_by FROM ins)), (SELECT paused FROM cur);

-- read the row LEASE_ONLY_PAUSABLE; parameters: 'nightly-report'
SELECT locked_by, CASE WHEN (paused_by IS NULL OR (paused_until IS NOT NULL AND paused_until <= date_trunc('milliseconds', timezone('UTC', statement_timestamp())))) THEN 0 ELSE 1 END FROM shedlock WHERE name = ?;

-- acquire PLAIN_PAUSABLE (ReturnedRow); parameters: -910384739, 'nightly-report', 'nightly-report', 300000, 'node-1/4f2a-7', 'nightly-report', 300000, 'node-1/4f2a-7'
SELECT EXISTS (SELECT FROM (SELECT generate_series(0, 2000) AS i) AS turn WHERE CASE WHEN i = 0 OR (clock_timestamp() < statement_timestamp() + INTERVAL '2000 milliseconds' AND pg_sleep(0.001)::text = '') THEN pg_try_advisory_xact_lock(1414284107, ?) END); WITH cur AS (SELECT last_fire, CASE WHEN (paused_by IS NULL OR (paused_until IS NOT NULL AND paused_until <= date_trunc('milliseconds', timezone('UTC', statement_timestamp())))) THEN 0 ELSE 1 END AS paused FROM shedlock WHERE name = ?), free AS (SELECT name FROM shedlock WHERE name = ? AND lock_until <= date_trunc('milliseconds', timezone('UTC', statement_timestamp())) AND (paused_by IS NULL OR (paused_until IS NOT NULL AND paused_until <= date_trunc('milliseconds', timezone('UTC', statement_timestamp())))) FOR UPDATE SKIP LOCKED), upd AS (UPDATE shedlock SET lock_until = (date_trunc('milliseconds', timezone('UTC', statement_timestamp())) + ? * INTERVAL '1 millisecond'), locked_at = date_trunc('milliseconds', timezone('UTC', statement_timestamp())), locked_by = ?, fencing_token = CASE WHEN COALESCE(fencing_token, 0) + 1 > CAST(EXTRACT(EPOCH FROM statement_timestamp()) * 1000000 AS BIGINT) THEN COALESCE(fencing_token, 0) + 1 ELSE CAST(EXTRACT(EPOCH FROM statement_timestamp()) * 1000000 AS BIGINT) END WHERE name = (SELECT name FROM free) RETURNING locked_by, fencing_token, last_fire), ins AS (INSERT INTO shedlock (name, lock_until, locked_at, locked_by, fencing_token) SELECT ?, (date_trunc('milliseconds', timezone('UTC', statement_timestamp())) + ? * INTERVAL '1 millisecond'), date_trunc('milliseconds', timezone('UTC', statement_timestamp())), ?, CAST(EXTRACT(EPOCH FROM statement_timestamp()) * 1000000 AS BIGINT) WHERE NOT EXISTS (SELECT 1 FROM cur) ON CONFLICT (name) DO NOTHING RETURNING locked_by, fencing_token, last_fire) SELECT COALESCE((SELECT locked_by FROM upd), (SELECT locked_by FROM ins)), COALESCE((SELECT fencing_token FROM upd), (SELECT fencing_token FROM ins)), (SELECT last_fire FROM cur), (SELECT paused FROM cur);

-- read the row PLAIN_PAUSABLE; parameters: 'nightly-report'
SELECT locked_by, fencing_token, last_fire, CASE WHEN (paused_by IS NULL OR (paused_until IS NOT NULL AND paused_until <= date_trunc('milliseconds', timezone('UTC', statement_timestamp())))) THEN 0 ELSE 1 END FROM shedlock WHERE name = ?;

-- acquire FIRE_PAUSABLE (ReturnedRow); parameters: -910384739, 'nightly-report', 'nightly-report', 1893456000000, 300000, 'node-1/4f2a-7', 1893456000000, 'nightly-report', 300000, 'node-1/4f2a-7', 1893456000000
SELECT EXISTS (SELECT FROM (SELECT generate_series(0, 2000) AS i) AS turn WHERE CASE WHEN i = 0 OR (clock_timestamp() < statement_timestamp() + INTERVAL '2000 milliseconds' AND pg_sleep(0.001)::text = '') THEN pg_try_advisory_xact_lock(1414284107, ?) END); WITH cur AS (SELECT last_fire, CASE WHEN (paused_by IS NULL OR (paused_until IS NOT NULL AND paused_until <= date_trunc('milliseconds', timezone('UTC', statement_timestamp())))) THEN 0 ELSE 1 END AS paused FROM shedlock WHERE name = ?), free AS (SELECT name FROM shedlock WHERE name = ? AND lock_until <= date_trunc('milliseconds', timezone('UTC', statement_timestamp())) AND (last_fire IS NULL OR last_fire < ?) AND (paused_by IS NULL OR (paused_until IS NOT NULL AND paused_until <= date_trunc('milliseconds', timezone('UTC', statement_timestamp())))) FOR UPDATE SKIP LOCKED), upd AS (UPDATE shedlock SET lock_until = (date_trunc('milliseconds', timezone('UTC', statement_timestamp())) + ? * INTERVAL '1 millisecond'), locked_at = date_trunc('milliseconds', timezone('UTC', statement_timestamp())), locked_by = ?, last_fire = ?, fencing_token = CASE WHEN COALESCE(fencing_token, 0) + 1 > CAST(EXTRACT(EPOCH FROM statement_timestamp()) * 1000000 AS BIGINT) THEN COALESCE(fencing_token, 0) + 1 ELSE CAST(EXTRACT(EPOCH FROM statement_timestamp()) * 1000000 AS BIGINT) END WHERE name = (SELECT name FROM free) RETURNING locked_by, fencing_token, last_fire), ins AS (INSERT INTO shedlock (name, lock_until, locked_at, locked_by, last_fire, fencing_token) SELECT ?, (date_trunc('milliseconds', timezone('UTC', statement_timestamp())) + ? * INTERVAL '1 millisecond'), date_trunc('milliseconds', timezone('UTC', statement_timestamp())), ?, ?, CAST(EXTRACT(EPOCH FROM statement_timestamp()) * 1000000 AS BIGINT) WHERE NOT EXISTS (SELECT 1 FROM cur) ON CONFLICT (name) DO NOTHING RETURNING locked_by, fencing_token, last_fire) SELECT COALESCE((SELECT locked_by FROM upd), (SELECT locked_by FROM ins)), COALESCE((SELECT fencing_token FROM upd), (SELECT fencing_token FROM ins)), COALESCE((SELECT last_fire FROM upd), (SELECT last_fire FROM ins), (SELECT last_fire FROM cur)), (SELECT paused FROM cur);

-- read the row FIRE_PAUSABLE; parameters: 'nightly-report'
SELECT locked_by, fencing_token, last_fire, CASE WHEN (paused_by IS NULL OR (paused_until IS NOT NULL AND paused_until <= date_trunc('milliseconds', timezone('UTC', statement_timestamp())))) THEN 0 ELSE 1 END FROM shedlock WHERE name = ?;

-- release; parameters: 10000, 10000, 'nightly-report', 'node-1/4f2a-7'
UPDATE shedlock SET lock_until = CASE WHEN (locked_at + ? * INTERVAL '1 millisecond') > date_trunc('milliseconds', timezone('UTC', statement_timestamp())) THEN (locked_at + ? * INTERVAL '1 millisecond') ELSE date_trunc('milliseconds', timezone('UTC', statement_timestamp())) END WHERE name = ? AND locked_by = ?;

-- release recording a failed run; parameters: 1893456000000, 1, 'java.lang.IllegalStateException: disk full', 10000, 10000, 'nightly-report', 'node-1/4f2a-7'
UPDATE shedlock SET last_run_fire = ?, last_run_by = locked_by, last_run_started = locked_at, last_run_ended = date_trunc('milliseconds', timezone('UTC', statement_timestamp())), last_run_outcome = CASE WHEN lock_until <= date_trunc('milliseconds', timezone('UTC', statement_timestamp())) THEN 'LOCK_LOST' WHEN ? = 1 THEN 'FAILED' ELSE 'SUCCEEDED' END, last_run_error = ?, lock_until = CASE WHEN (locked_at + ? * INTERVAL '1 millisecond') > date_trunc('milliseconds', timezone('UTC', statement_timestamp())) THEN (locked_at + ? * INTERVAL '1 millisecond') ELSE date_trunc('milliseconds', timezone('UTC', statement_timestamp())) END WHERE name = ? AND locked_by = ?;

-- release recording a plain call that succeeded; parameters: NULL, 0, NULL, 10000, 10000, 'nightly-report', 'node-1/4f2a-7'
UPDATE shedlock SET last_run_fire = ?, last_run_by = locked_by, last_run_started = locked_at, last_run_ended = date_trunc('milliseconds', timezone('UTC', statement_timestamp())), last_run_outcome = CASE WHEN lock_until <= date_trunc('milliseconds', timezone('UTC', statement_timestamp())) THEN 'LOCK_LOST' WHEN ? = 1 THEN 'FAILED' ELSE 'SUCCEEDED' END, last_run_error = ?, lock_until = CASE WHEN (locked_at + ? * INTERVAL '1 millisecond') > date_trunc('milliseconds', timezone('UTC', statement_timestamp())) THEN (locked_at + ? * INTERVAL '1 millisecond') ELSE date_trunc('milliseconds', timezone('UTC', statement_timestamp())) END WHERE name = ? AND locked_by = ?;

-- release recording a manual run and its kind; parameters: 'MANUAL', NULL, 0, NULL, 10000, 10000, 'nightly-report', 'node-1/4f2a-7'
UPDATE shedlock SET last_run_kind = ?, last_run_fire = ?, last_run_by = locked_by, last_run_started = locked_at, last_run_ended = date_trunc('milliseconds', timezone('UTC', statement_timestamp())), last_run_outcome = CASE WHEN lock_until <= date_trunc('milliseconds', timezone('UTC', statement_timestamp())) THEN 'LOCK_LOST' WHEN ? = 1 THEN 'FAILED' ELSE 'SUCCEEDED' END, last_run_error = ?, lock_until = CASE WHEN (locked_at + ? * INTERVAL '1 millisecond') > date_trunc('milliseconds', timezone('UTC', statement_timestamp())) THEN (locked_at + ? * INTERVAL '1 millisecond') ELSE date_trunc('milliseconds', timezone('UTC', statement_timestamp())) END WHERE name = ? AND locked_by = ?;

-- the database's now, for a pause's end
SELECT date_trunc('milliseconds', timezone('UTC', statement_timestamp()));

-- create the history table
CREATE TABLE IF NOT EXISTS shedlock_history (id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, name VARCHAR(255) NOT NULL, fire BIGINT, node VARCHAR(255) NOT NULL, started TIMESTAMP(3) NOT NULL, ended TIMESTAMP(3) NOT NULL, outcome VARCHAR(16) NOT NULL, kind VARCHAR(16) NOT NULL, error_class VARCHAR(255), error_message VARCHAR(1000));

-- release recording a failed run and its history record; parameters: 'SCHEDULED', 1893456000000, 1, 'java.lang.IllegalStateException: disk full', 10000, 10000, 'nightly-report', 'node-1/4f2a-7', 'nightly-report', 'node-1/4f2a-7', 'SCHEDULED', 'java.lang.IllegalStateException', 'disk full'
WITH r AS (UPDATE shedlock SET last_run_kind = ?, last_run_fire = ?, last_run_by = locked_by, last_run_started = locked_at, last_run_ended = date_trunc('milliseconds', timezone('UTC', statement_timestamp())), last_run_outcome = CASE WHEN lock_until <= date_trunc('milliseconds', timezone('UTC', statement_timestamp())) THEN 'LOCK_LOST' WHEN ? = 1 THEN 'FAILED' ELSE 'SUCCEEDED' END, last_run_error = ?, lock_until = CASE WHEN (locked_at + ? * INTERVAL '1 millisecond') > date_trunc('milliseconds', timezone('UTC', statement_timestamp())) THEN (locked_at + ? * INTERVAL '1 millisecond') ELSE date_trunc('milliseconds', timezone('UTC', statement_timestamp())) END WHERE name = ? AND locked_by = ? RETURNING last_run_fire, last_run_started, last_run_ended, last_run_outcome) INSERT INTO shedlock_history (name, fire, node, started, ended, outcome, kind, error_class, error_message) SELECT ?, last_run_fire, CAST(? AS VARCHAR(255)), last_run_started, last_run_ended, last_run_outcome, CAST(? AS VARCHAR(16)), CAST(? AS VARCHAR(255)), CAST(? AS VARCHAR(1000)) FROM r;

-- extend; parameters: 300000, 'nightly-report', 'node-1/4f2a-7'
UPDATE shedlock SET lock_until = (date_trunc('milliseconds', timezone('UTC', statement_timestamp())) + ? * INTERVAL '1 millisecond'), locked_at = date_trunc('milliseconds', timezone('UTC', statement_timestamp())) WHERE name = ? AND locked_by = ? AND lock_until > date_trunc('milliseconds', timezone('UTC', statement_timestamp()));

-- is the acquisition live; parameters: 'nightly-report', 'node-1/4f2a-7'
SELECT 1 FROM shedlock WHERE name = ? AND locked_by = ? AND lock_until > date_trunc('milliseconds', timezone('UTC', statement_timestamp()));
