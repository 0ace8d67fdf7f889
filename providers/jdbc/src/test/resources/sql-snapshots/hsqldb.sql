-- HSQLDB

-- create table
CREATE TABLE IF NOT EXISTS shedlock (name VARCHAR(255) NOT NULL PRIMARY KEY, lock_until TIMESTAMP(3) NOT NULL, locked_at TIMESTAMP(3) NOT NULL, locked_by VARCHAR(255) NOT NULL, last_fire BIGINT, fencing_token BIGINT, last_run_fire BIGINT, last_run_by VARCHAR(255), last_run_started TIMESTAMP(3), last_run_ended TIMESTAMP(3), last_run_outcome VARCHAR(16), last_run_error VARCHAR(1000), last_run_kind VARCHAR(16), paused_until TIMESTAMP(3), paused_by VARCHAR(1200));

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

-- acquire LEASE_ONLY (ChangedRowAsKeys); parameters: 'nightly-report', 300000, 'node-1/4f2a-7', 'nightly-report', 300000, 'node-1/4f2a-7'
MERGE INTO shedlock tl USING (VALUES (0)) s (one) ON (tl.name = ?) WHEN MATCHED AND tl.lock_until <= CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3)) THEN UPDATE SET lock_until = DATEADD('millisecond', CAST(? AS BIGINT), CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3))), locked_at = CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3)), locked_by = ? WHEN NOT MATCHED THEN INSERT (name, lock_until, locked_at, locked_by) VALUES (?, DATEADD('millisecond', CAST(? AS BIGINT), CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3))), CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3)), ?);

-- read the row LEASE_ONLY; parameters: 'nightly-report'
SELECT locked_by FROM shedlock WHERE name = ?;

-- acquire PLAIN (ChangedRowAsKeys); parameters: 'nightly-report', 300000, 'node-1/4f2a-7', 'nightly-report', 300000, 'node-1/4f2a-7'
MERGE INTO shedlock tl USING (VALUES (0)) s (one) ON (tl.name = ?) WHEN MATCHED AND tl.lock_until <= CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3)) THEN UPDATE SET lock_until = DATEADD('millisecond', CAST(? AS BIGINT), CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3))), locked_at = CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3)), locked_by = ?, fencing_token = CASE WHEN COALESCE(tl.fencing_token, 0) + 1 > DATEDIFF('microsecond', TIMESTAMP '1970-01-01 00:00:00', CAST(CURRENT_TIMESTAMP(6) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(6))) THEN COALESCE(tl.fencing_token, 0) + 1 ELSE DATEDIFF('microsecond', TIMESTAMP '1970-01-01 00:00:00', CAST(CURRENT_TIMESTAMP(6) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(6))) END WHEN NOT MATCHED THEN INSERT (name, lock_until, locked_at, locked_by, fencing_token) VALUES (?, DATEADD('millisecond', CAST(? AS BIGINT), CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3))), CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3)), ?, DATEDIFF('microsecond', TIMESTAMP '1970-01-01 00:00:00', CAST(CURRENT_TIMESTAMP(6) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(6))));

-- read the row PLAIN; parameters: 'nightly-report'
SELECT locked_by, fencing_token, last_fire FROM shedlock WHERE name = ?;

-- acquire FIRE (ChangedRowAsKeys); parameters: 'nightly-report', 1893456000000, 300000, 'node-1/4f2a-7', 1893456000000, 'nightly-report', 300000, 'node-1/4f2a-7', 1893456000000
MERGE INTO shedlock tl USING (VALUES (0)) s (one) ON (tl.name = ?) WHEN MATCHED AND tl.lock_until <= CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3)) AND (tl.last_fire IS NULL OR tl.last_fire < ?) THEN UPDATE SET lock_until = DATEADD('millisecond', CAST(? AS BIGINT), CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3))), locked_at = CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3)), locked_by = ?, last_fire = ?, fencing_token = CASE WHEN COALESCE(tl.fencing_token, 0) + 1 > DATEDIFF('microsecond', TIMESTAMP '1970-01-01 00:00:00', CAST(CURRENT_TIMESTAMP(6) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(6))) THEN COALESCE(tl.fencing_token, 0) + 1 ELSE DATEDIFF('microsecond', TIMESTAMP '1970-01-01 00:00:00', CAST(CURRENT_TIMESTAMP(6) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(6))) END WHEN NOT MATCHED THEN INSERT (name, lock_until, locked_at, locked_by, last_fire, fencing_token) VALUES (?, DATEADD('millisecond', CAST(? AS BIGINT), CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3))), CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3)), ?, ?, DATEDIFF('microsecond', TIMESTAMP '1970-01-01 00:00:00', CAST(CURRENT_TIMESTAMP(6) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(6))));

-- read the row FIRE; parameters: 'nightly-report'
SELECT locked_by, fencing_token, last_fire FROM shedlock WHERE name = ?;

-- acquire LEASE_ONLY_PAUSABLE (ChangedRowAsKeys); parameters: 'nightly-report', 300000, 'node-1/4f2a-7', 'nightly-report', 300000, 'node-1/4f2a-7'
MERGE INTO shedlock tl USING (VALUES (0)) s (one) ON (tl.name = ?) WHEN MATCHED AND tl.lock_until <= CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3)) AND (tl.paused_by IS NULL OR (tl.paused_until IS NOT NULL AND tl.paused_until <= CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3)))) THEN UPDATE SET lock_until = DATEADD('millisecond', CAST(? AS BIGINT), CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3))), locked_at = CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3)), locked_by = ? WHEN NOT MATCHED THEN INSERT (name, lock_until, locked_at, locked_by) VALUES (?, DATEADD('millisecond', CAST(? AS BIGINT), CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3))), CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3)), ?);

-- read the row LEASE_ONLY_PAUSABLE; parameters: 'nightly-report'
SELECT locked_by, CASE WHEN (paused_by IS NULL OR (paused_until IS NOT NULL AND paused_until <= CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3)))) THEN 0 ELSE 1 END FROM shedlock WHERE name = ?;

-- acquire PLAIN_PAUSABLE (ChangedRowAsKeys); parameters: 'nightly-report', 300000, 'node-1/4f2a-7', 'nightly-report', 300000, 'node-1/4f2a-7'
MERGE INTO shedlock tl USING (VALUES (0)) s (one) ON (tl.name = ?) WHEN MATCHED AND tl.lock_until <= CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3)) AND (tl.paused_by IS NULL OR (tl.paused_until IS NOT NULL AND tl.paused_until <= CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3)))) THEN UPDATE SET lock_until = DATEADD('millisecond', CAST(? AS BIGINT), CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3))), locked_at = CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3)), locked_by = ?, fencing_token = CASE WHEN COALESCE(tl.fencing_token, 0) + 1 > DATEDIFF('microsecond', TIMESTAMP '1970-01-01 00:00:00', CAST(CURRENT_TIMESTAMP(6) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(6))) THEN COALESCE(tl.fencing_token, 0) + 1 ELSE DATEDIFF('microsecond', TIMESTAMP '1970-01-01 00:00:00', CAST(CURRENT_TIMESTAMP(6) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(6))) END WHEN NOT MATCHED THEN INSERT (name, lock_until, locked_at, locked_by, fencing_token) VALUES (?, DATEADD('millisecond', CAST(? AS BIGINT), CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3))), CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3)), ?, DATEDIFF('microsecond', TIMESTAMP '1970-01-01 00:00:00', CAST(CURRENT_TIMESTAMP(6) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(6))));

-- read the row PLAIN_PAUSABLE; parameters: 'nightly-report'
SELECT locked_by, fencing_token, last_fire, CASE WHEN (paused_by IS NULL OR (paused_until IS NOT NULL AND paused_until <= CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3)))) THEN 0 ELSE 1 END FROM shedlock WHERE name = ?;

-- acquire FIRE_PAUSABLE (ChangedRowAsKeys); parameters: 'nightly-report', 1893456000000, 300000, 'node-1/4f2a-7', 1893456000000, 'nightly-report', 300000, 'node-1/4f2a-7', 1893456000000
MERGE INTO shedlock tl USING (VALUES (0)) s (one) ON (tl.name = ?) WHEN MATCHED AND tl.lock_until <= CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3)) AND (tl.last_fire IS NULL OR tl.last_fire < ?) AND (tl.paused_by IS NULL OR (tl.paused_until IS NOT NULL AND tl.paused_until <= CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3)))) THEN UPDATE SET lock_until = DATEADD('millisecond', CAST(? AS BIGINT), CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3))), locked_at = CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3)), locked_by = ?, last_fire = ?, fencing_token = CASE WHEN COALESCE(tl.fencing_token, 0) + 1 > DATEDIFF('microsecond', TIMESTAMP '1970-01-01 00:00:00', CAST(CURRENT_TIMESTAMP(6) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(6))) THEN COALESCE(tl.fencing_token, 0) + 1 ELSE DATEDIFF('microsecond', TIMESTAMP '1970-01-01 00:00:00', CAST(CURRENT_TIMESTAMP(6) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(6))) END WHEN NOT MATCHED THEN INSERT (name, lock_until, locked_at, locked_by, last_fire, fencing_token) VALUES (?, DATEADD('millisecond', CAST(? AS BIGINT), CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3))), CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3)), ?, ?, DATEDIFF('microsecond', TIMESTAMP '1970-01-01 00:00:00', CAST(CURRENT_TIMESTAMP(6) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(6))));

-- read the row FIRE_PAUSABLE; parameters: 'nightly-report'
SELECT locked_by, fencing_token, last_fire, CASE WHEN (paused_by IS NULL OR (paused_until IS NOT NULL AND paused_until <= CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3)))) THEN 0 ELSE 1 END FROM shedlock WHERE name = ?;

-- release; parameters: 10000, 10000, 'nightly-report', 'node-1/4f2a-7'
UPDATE shedlock SET lock_until = CASE WHEN DATEADD('millisecond', CAST(? AS BIGINT), locked_at) > CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3)) THEN DATEADD('millisecond', CAST(? AS BIGINT), locked_at) ELSE CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3)) END WHERE name = ? AND locked_by = ?;

-- release recording a failed run; parameters: 1893456000000, 1, 'java.lang.IllegalStateException: disk full', 10000, 10000, 'nightly-report', 'node-1/4f2a-7'
UPDATE shedlock SET last_run_fire = ?, last_run_by = locked_by, last_run_started = locked_at, last_run_ended = CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3)), last_run_outcome = CASE WHEN lock_until <= CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3)) THEN 'LOCK_LOST' WHEN ? = 1 THEN 'FAILED' ELSE 'SUCCEEDED' END, last_run_error = ?, lock_until = CASE WHEN DATEADD('millisecond', CAST(? AS BIGINT), locked_at) > CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3)) THEN DATEADD('millisecond', CAST(? AS BIGINT), locked_at) ELSE CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3)) END WHERE name = ? AND locked_by = ?;

-- release recording a plain call that succeeded; parameters: NULL, 0, NULL, 10000, 10000, 'nightly-report', 'node-1/4f2a-7'
UPDATE shedlock SET last_run_fire = ?, last_run_by = locked_by, last_run_started = locked_at, last_run_ended = CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3)), last_run_outcome = CASE WHEN lock_until <= CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3)) THEN 'LOCK_LOST' WHEN ? = 1 THEN 'FAILED' ELSE 'SUCCEEDED' END, last_run_error = ?, lock_until = CASE WHEN DATEADD('millisecond', CAST(? AS BIGINT), locked_at) > CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3)) THEN DATEADD('millisecond', CAST(? AS BIGINT), locked_at) ELSE CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3)) END WHERE name = ? AND locked_by = ?;

-- release recording a manual run and its kind; parameters: 'MANUAL', NULL, 0, NULL, 10000, 10000, 'nightly-report', 'node-1/4f2a-7'
UPDATE shedlock SET last_run_kind = ?, last_run_fire = ?, last_run_by = locked_by, last_run_started = locked_at, last_run_ended = CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3)), last_run_outcome = CASE WHEN lock_until <= CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3)) THEN 'LOCK_LOST' WHEN ? = 1 THEN 'FAILED' ELSE 'SUCCEEDED' END, last_run_error = ?, lock_until = CASE WHEN DATEADD('millisecond', CAST(? AS BIGINT), locked_at) > CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3)) THEN DATEADD('millisecond', CAST(? AS BIGINT), locked_at) ELSE CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3)) END WHERE name = ? AND locked_by = ?;

-- the database's now, for a pause's end
SELECT CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3)) FROM (VALUES (0));

-- create the history table
CREATE TABLE IF NOT EXISTS shedlock_history (id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, name VARCHAR(255) NOT NULL, fire BIGINT, node VARCHAR(255) NOT NULL, started TIMESTAMP(3) NOT NULL, ended TIMESTAMP(3) NOT NULL, outcome VARCHAR(16) NOT NULL, kind VARCHAR(16) NOT NULL, error_class VARCHAR(255), error_message VARCHAR(1000));

-- after the release: the history record of a failed run; parameters: 'node-1/4f2a-7', 'SCHEDULED', 'java.lang.IllegalStateException', 'disk full', 'nightly-report', 'node-1/4f2a-7'
INSERT INTO shedlock_history (name, fire, node, started, ended, outcome, kind, error_class, error_message) SELECT name, last_run_fire, CAST(? AS VARCHAR(255)), last_run_started, last_run_ended, last_run_outcome, CAST(? AS VARCHAR(16)), CAST(? AS VARCHAR(255)), CAST(? AS VARCHAR(1000)) FROM shedlock WHERE name = ? AND last_run_by = ?;

-- extend; parameters: 300000, 'nightly-report', 'node-1/4f2a-7'
UPDATE shedlock SET lock_until = DATEADD('millisecond', CAST(? AS BIGINT), CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3))), locked_at = CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3)) WHERE name = ? AND locked_by = ? AND lock_until > CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3));

-- is the acquisition live; parameters: 'nightly-report', 'node-1/4f2a-7'
SELECT 1 FROM shedlock WHERE name = ? AND locked_by = ? AND lock_until > CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3));
