-- DB2

-- create table
CREATE TABLE shedlock (name VARCHAR(255) NOT NULL PRIMARY KEY, lock_until TIMESTAMP(3) NOT NULL, locked_at TIMESTAMP(3) NOT NULL, locked_by VARCHAR(255) NOT NULL, last_fire BIGINT, fencing_token BIGINT, last_run_fire BIGINT, last_run_by VARCHAR(255), last_run_started TIMESTAMP(3), last_run_ended TIMESTAMP(3), last_run_outcome VARCHAR(16), last_run_error VARCHAR(1000), last_run_kind VARCHAR(16), paused_until TIMESTAMP(3), paused_by VARCHAR(1200));

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

-- acquire LEASE_ONLY (UpdateCount); parameters: 'nightly-report', 300000000, 'node-1/4f2a-7', 'nightly-report', 300000000, 'node-1/4f2a-7'
MERGE INTO shedlock tl USING SYSIBM.SYSDUMMY1 ON (tl.name = ?) WHEN MATCHED AND tl.lock_until <= CAST(CURRENT TIMESTAMP - CURRENT TIMEZONE AS TIMESTAMP(3)) THEN UPDATE SET lock_until = (CAST(CURRENT TIMESTAMP - CURRENT TIMEZONE AS TIMESTAMP(3)) + CAST(? AS BIGINT) MICROSECONDS), locked_at = CAST(CURRENT TIMESTAMP - CURRENT TIMEZONE AS TIMESTAMP(3)), locked_by = ? WHEN NOT MATCHED THEN INSERT (name, lock_until, locked_at, locked_by) VALUES (?, (CAST(CURRENT TIMESTAMP - CURRENT TIMEZONE AS TIMESTAMP(3)) + CAST(? AS BIGINT) MICROSECONDS), CAST(CURRENT TIMESTAMP - CURRENT TIMEZONE AS TIMESTAMP(3)), ?);

-- read the row LEASE_ONLY; parameters: 'nightly-report'
SELECT locked_by FROM shedlock WHERE name = ?;

-- acquire LEASE_ONLY_PAUSABLE (UpdateCount); parameters: 'nightly-report', 300000000, 'node-1/4f2a-7', 'nightly-report', 300000000, 'node-1/4f2a-7'
MERGE INTO shedlock tl USING SYSIBM.SYSDUMMY1 ON (tl.name = ?) WHEN MATCHED AND tl.lock_until <= CAST(CURRENT TIMESTAMP - CURRENT TIMEZONE AS TIMESTAMP(3)) AND (tl.paused_by IS NULL OR (tl.paused_until IS NOT NULL AND tl.paused_until <= CAST(CURRENT TIMESTAMP - CURRENT TIMEZONE AS TIMESTAMP(3)))) THEN UPDATE SET lock_until = (CAST(CURRENT TIMESTAMP - CURRENT TIMEZONE AS TIMESTAMP(3)) + CAST(? AS BIGINT) MICROSECONDS), locked_at = CAST(CURRENT TIMESTAMP - CURRENT TIMEZONE AS TIMESTAMP(3)), locked_by = ? WHEN NOT MATCHED THEN INSERT (name, lock_until, locked_at, locked_by) VALUES (?, (CAST(CURRENT TIMESTAMP - CURRENT TIMEZONE AS TIMESTAMP(3)) + CAST(? AS BIGINT) MICROSECONDS), CAST(CURRENT TIMESTAMP - CURRENT TIMEZONE AS TIMESTAMP(3)), ?);

-- read the row LEASE_ONLY_PAUSABLE; parameters: 'nightly-report'
SELECT locked_by, CASE WHEN (paused_by IS NULL OR (paused_until IS NOT NULL AND paused_until <= CAST(CURRENT TIMESTAMP - CURRENT TIMEZONE AS TIMESTAMP(3)))) THEN 0 ELSE 1 END FROM shedlock WHERE name = ?;

-- release; parameters: 10000000, 10000000, 'nightly-report', 'node-1/4f2a-7'
UPDATE shedlock SET lock_until = CASE WHEN (locked_at + CAST(? AS BIGINT) MICROSECONDS) > CAST(CURRENT TIMESTAMP - CURRENT TIMEZONE AS TIMESTAMP(3)) THEN (locked_at + CAST(? AS BIGINT) MICROSECONDS) ELSE CAST(CURRENT TIMESTAMP - CURRENT TIMEZONE AS TIMESTAMP(3)) END WHERE name = ? AND locked_by = ?;

-- release recording a failed run; parameters: 1893456000000, 1, 'java.lang.IllegalStateException: disk full', 10000000, 10000000, 'nightly-report', 'node-1/4f2a-7'
UPDATE shedlock SET last_run_fire = ?, last_run_by = locked_by, last_run_started = locked_at, last_run_ended = CAST(CURRENT TIMESTAMP - CURRENT TIMEZONE AS TIMESTAMP(3)), last_run_outcome = CASE WHEN lock_until <= CAST(CURRENT TIMESTAMP - CURRENT TIMEZONE AS TIMESTAMP(3)) THEN 'LOCK_LOST' WHEN ? = 1 THEN 'FAILED' ELSE 'SUCCEEDED' END, last_run_error = ?, lock_until = CASE WHEN (locked_at + CAST(? AS BIGINT) MICROSECONDS) > CAST(CURRENT TIMESTAMP - CURRENT TIMEZONE AS TIMESTAMP(3)) THEN (locked_at + CAST(? AS BIGINT) MICROSECONDS) ELSE CAST(CURRENT TIMESTAMP - CURRENT TIMEZONE AS TIMESTAMP(3)) END WHERE name = ? AND locked_by = ?;

-- release recording a plain call that succeeded; parameters: NULL, 0, NULL, 10000000, 10000000, 'nightly-report', 'node-1/4f2a-7'
UPDATE shedlock SET last_run_fire = ?, last_run_by = locked_by, last_run_started = locked_at, last_run_ended = CAST(CURRENT TIMESTAMP - CURRENT TIMEZONE AS TIMESTAMP(3)), last_run_outcome = CASE WHEN lock_until <= CAST(CURRENT TIMESTAMP - CURRENT TIMEZONE AS TIMESTAMP(3)) THEN 'LOCK_LOST' WHEN ? = 1 THEN 'FAILED' ELSE 'SUCCEEDED' END, last_run_error = ?, lock_until = CASE WHEN (locked_at + CAST(? AS BIGINT) MICROSECONDS) > CAST(CURRENT TIMESTAMP - CURRENT TIMEZONE AS TIMESTAMP(3)) THEN (locked_at + CAST(? AS BIGINT) MICROSECONDS) ELSE CAST(CURRENT TIMESTAMP - CURRENT TIMEZONE AS TIMESTAMP(3)) END WHERE name = ? AND locked_by = ?;

-- release recording a manual run and its kind; parameters: 'MANUAL', NULL, 0, NULL, 10000000, 10000000, 'nightly-report', 'node-1/4f2a-7'
UPDATE shedlock SET last_run_kind = ?, last_run_fire = ?, last_run_by = locked_by, last_run_started = locked_at, last_run_ended = CAST(CURRENT TIMESTAMP - CURRENT TIMEZONE AS TIMESTAMP(3)), last_run_outcome = CASE WHEN lock_until <= CAST(CURRENT TIMESTAMP - CURRENT TIMEZONE AS TIMESTAMP(3)) THEN 'LOCK_LOST' WHEN ? = 1 THEN 'FAILED' ELSE 'SUCCEEDED' END, last_run_error = ?, lock_until = CASE WHEN (locked_at + CAST(? AS BIGINT) MICROSECONDS) > CAST(CURRENT TIMESTAMP - CURRENT TIMEZONE AS TIMESTAMP(3)) THEN (locked_at + CAST(? AS BIGINT) MICROSECONDS) ELSE CAST(CURRENT TIMESTAMP - CURRENT TIMEZONE AS TIMESTAMP(3)) END WHERE name = ? AND locked_by = ?;

-- the database's now, for a pause's end
SELECT CAST(CURRENT TIMESTAMP - CURRENT TIMEZONE AS TIMESTAMP(3)) FROM SYSIBM.SYSDUMMY1;

-- create the history table
CREATE TABLE shedlock_history (id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, name VARCHAR(255) NOT NULL, fire BIGINT, node VARCHAR(255) NOT NULL, started TIMESTAMP(3) NOT NULL, ended TIMESTAMP(3) NOT NULL, outcome VARCHAR(16) NOT NULL, kind VARCHAR(16) NOT NULL, error_class VARCHAR(255), error_message VARCHAR(1000));

-- after the release: the history record of a failed run; parameters: 'node-1/4f2a-7', 'SCHEDULED', 'java.lang.IllegalStateException', 'disk full', 'nightly-report', 'node-1/4f2a-7'
INSERT INTO shedlock_history (name, fire, node, started, ended, outcome, kind, error_class, error_message) SELECT name, last_run_fire, CAST(? AS VARCHAR(255)), last_run_started, last_run_ended, last_run_outcome, CAST(? AS VARCHAR(16)), CAST(? AS VARCHAR(255)), CAST(? AS VARCHAR(1000)) FROM shedlock WHERE name = ? AND last_run_by = ?;

-- extend; parameters: 300000000, 'nightly-report', 'node-1/4f2a-7'
UPDATE shedlock SET lock_until = (CAST(CURRENT TIMESTAMP - CURRENT TIMEZONE AS TIMESTAMP(3)) + CAST(? AS BIGINT) MICROSECONDS), locked_at = CAST(CURRENT TIMESTAMP - CURRENT TIMEZONE AS TIMESTAMP(3)) WHERE name = ? AND locked_by = ? AND lock_until > CAST(CURRENT TIMESTAMP - CURRENT TIMEZONE AS TIMESTAMP(3));

-- is the acquisition live; parameters: 'nightly-report', 'node-1/4f2a-7'
SELECT 1 FROM shedlock WHERE name = ? AND locked_by = ? AND lock_until > CAST(CURRENT TIMESTAMP - CURRENT TIMEZONE AS TIMESTAMP(3));
