-- SQL Server

-- create table
CREATE TABLE shedlock (name NVARCHAR(255) COLLATE Latin1_General_100_BIN2 NOT NULL PRIMARY KEY, lock_until DATETIME2(3) NOT NULL, locked_at DATETIME2(3) NOT NULL, locked_by NVARCHAR(255) NOT NULL, last_fire BIGINT, fencing_token BIGINT, last_run_fire BIGINT, last_run_by NVARCHAR(255), last_run_started DATETIME2(3), last_run_ended DATETIME2(3), last_run_outcome NVARCHAR(16), last_run_error NVARCHAR(1000), last_run_kind NVARCHAR(16), paused_until DATETIME2(3), paused_by NVARCHAR(1200));

-- add a fire column
ALTER TABLE shedlock ADD last_fire BIGINT;

-- add a fire column
ALTER TABLE shedlock ADD fencing_token BIGINT;

-- add an optional column
ALTER TABLE shedlock ADD last_run_fire BIGINT;

-- add an optional column
ALTER TABLE shedlock ADD last_run_by NVARCHAR(255);

-- add an optional column
ALTER TABLE shedlock ADD last_run_started DATETIME2(3);

-- add an optional column
ALTER TABLE shedlock ADD last_run_ended DATETIME2(3);

-- add an optional column
ALTER TABLE shedlock ADD last_run_outcome NVARCHAR(16);

-- add an optional column
ALTER TABLE shedlock ADD last_run_error NVARCHAR(1000);

-- add an optional column
ALTER TABLE shedlock ADD last_run_kind NVARCHAR(16);

-- add an optional column
ALTER TABLE shedlock ADD paused_until DATETIME2(3);

-- add an optional column
ALTER TABLE shedlock ADD paused_by NVARCHAR(1200);

-- acquire LEASE_ONLY (UpdateCount); parameters: 'nightly-report', 0, 300, 'node-1/4f2a-7', 'nightly-report', 0, 300, 'node-1/4f2a-7'
MERGE INTO shedlock WITH (HOLDLOCK) AS tl USING (SELECT 1 AS one) AS s ON (tl.name = ?) WHEN MATCHED AND tl.lock_until <= CAST(SYSUTCDATETIME() AS DATETIME2(3)) THEN UPDATE SET lock_until = DATEADD(MILLISECOND, ?, DATEADD(SECOND, ?, CAST(SYSUTCDATETIME() AS DATETIME2(3)))), locked_at = CAST(SYSUTCDATETIME() AS DATETIME2(3)), locked_by = ? WHEN NOT MATCHED THEN INSERT (name, lock_until, locked_at, locked_by) VALUES (?, DATEADD(MILLISECOND, ?, DATEADD(SECOND, ?, CAST(SYSUTCDATETIME() AS DATETIME2(3)))), CAST(SYSUTCDATETIME() AS DATETIME2(3)), ?);

-- read the row LEASE_ONLY; parameters: 'nightly-report'
SELECT locked_by FROM shedlock WHERE name = ?;

-- acquire LEASE_ONLY_PAUSABLE (UpdateCount); parameters: 'nightly-report', 0, 300, 'node-1/4f2a-7', 'nightly-report', 0, 300, 'node-1/4f2a-7'
MERGE INTO shedlock WITH (HOLDLOCK) AS tl USING (SELECT 1 AS one) AS s ON (tl.name = ?) WHEN MATCHED AND tl.lock_until <= CAST(SYSUTCDATETIME() AS DATETIME2(3)) AND (tl.paused_by IS NULL OR (tl.paused_until IS NOT NULL AND tl.paused_until <= CAST(SYSUTCDATETIME() AS DATETIME2(3)))) THEN UPDATE SET lock_until = DATEADD(MILLISECOND, ?, DATEADD(SECOND, ?, CAST(SYSUTCDATETIME() AS DATETIME2(3)))), locked_at = CAST(SYSUTCDATETIME() AS DATETIME2(3)), locked_by = ? WHEN NOT MATCHED THEN INSERT (name, lock_until, locked_at, locked_by) VALUES (?, DATEADD(MILLISECOND, ?, DATEADD(SECOND, ?, CAST(SYSUTCDATETIME() AS DATETIME2(3)))), CAST(SYSUTCDATETIME() AS DATETIME2(3)), ?);

-- read the row LEASE_ONLY_PAUSABLE; parameters: 'nightly-report'
SELECT locked_by, CASE WHEN (paused_by IS NULL OR (paused_until IS NOT NULL AND paused_until <= CAST(SYSUTCDATETIME() AS DATETIME2(3)))) THEN 0 ELSE 1 END FROM shedlock WHERE name = ?;

-- release; parameters: 0, 10, 0, 10, 'nightly-report', 'node-1/4f2a-7'
UPDATE shedlock SET lock_until = CASE WHEN DATEADD(MILLISECOND, ?, DATEADD(SECOND, ?, locked_at)) > CAST(SYSUTCDATETIME() AS DATETIME2(3)) THEN DATEADD(MILLISECOND, ?, DATEADD(SECOND, ?, locked_at)) ELSE CAST(SYSUTCDATETIME() AS DATETIME2(3)) END WHERE name = ? AND locked_by = ?;

-- release recording a failed run; parameters: 1893456000000, 1, 'java.lang.IllegalStateException: disk full', 0, 10, 0, 10, 'nightly-report', 'node-1/4f2a-7'
UPDATE shedlock SET last_run_fire = ?, last_run_by = locked_by, last_run_started = locked_at, last_run_ended = CAST(SYSUTCDATETIME() AS DATETIME2(3)), last_run_outcome = CASE WHEN lock_until <= CAST(SYSUTCDATETIME() AS DATETIME2(3)) THEN 'LOCK_LOST' WHEN ? = 1 THEN 'FAILED' ELSE 'SUCCEEDED' END, last_run_error = ?, lock_until = CASE WHEN DATEADD(MILLISECOND, ?, DATEADD(SECOND, ?, locked_at)) > CAST(SYSUTCDATETIME() AS DATETIME2(3)) THEN DATEADD(MILLISECOND, ?, DATEADD(SECOND, ?, locked_at)) ELSE CAST(SYSUTCDATETIME() AS DATETIME2(3)) END WHERE name = ? AND locked_by = ?;

-- release recording a plain call that succeeded; parameters: NULL, 0, NULL, 0, 10, 0, 10, 'nightly-report', 'node-1/4f2a-7'
UPDATE shedlock SET last_run_fire = ?, last_run_by = locked_by, last_run_started = locked_at, last_run_ended = CAST(SYSUTCDATETIME() AS DATETIME2(3)), last_run_outcome = CASE WHEN lock_until <= CAST(SYSUTCDATETIME() AS DATETIME2(3)) THEN 'LOCK_LOST' WHEN ? = 1 THEN 'FAILED' ELSE 'SUCCEEDED' END, last_run_error = ?, lock_until = CASE WHEN DATEADD(MILLISECOND, ?, DATEADD(SECOND, ?, locked_at)) > CAST(SYSUTCDATETIME() AS DATETIME2(3)) THEN DATEADD(MILLISECOND, ?, DATEADD(SECOND, ?, locked_at)) ELSE CAST(SYSUTCDATETIME() AS DATETIME2(3)) END WHERE name = ? AND locked_by = ?;

-- release recording a manual run and its kind; parameters: 'MANUAL', NULL, 0, NULL, 0, 10, 0, 10, 'nightly-report', 'node-1/4f2a-7'
UPDATE shedlock SET last_run_kind = ?, last_run_fire = ?, last_run_by = locked_by, last_run_started = locked_at, last_run_ended = CAST(SYSUTCDATETIME() AS DATETIME2(3)), last_run_outcome = CASE WHEN lock_until <= CAST(SYSUTCDATETIME() AS DATETIME2(3)) THEN 'LOCK_LOST' WHEN ? = 1 THEN 'FAILED' ELSE 'SUCCEEDED' END, last_run_error = ?, lock_until = CASE WHEN DATEADD(MILLISECOND, ?, DATEADD(SECOND, ?, locked_at)) > CAST(SYSUTCDATETIME() AS DATETIME2(3)) THEN DATEADD(MILLISECOND, ?, DATEADD(SECOND, ?, locked_at)) ELSE CAST(SYSUTCDATETIME() AS DATETIME2(3)) END WHERE name = ? AND locked_by = ?;

-- the database's now, for a pause's end
SELECT CAST(SYSUTCDATETIME() AS DATETIME2(3));

-- create the history table
CREATE TABLE shedlock_history (id BIGINT IDENTITY PRIMARY KEY, name NVARCHAR(255) COLLATE Latin1_General_100_BIN2 NOT NULL, fire BIGINT, node NVARCHAR(255) NOT NULL, started DATETIME2(3) NOT NULL, ended DATETIME2(3) NOT NULL, outcome NVARCHAR(16) NOT NULL, kind NVARCHAR(16) NOT NULL, error_class NVARCHAR(255), error_message NVARCHAR(1000));

-- after the release: the history record of a failed run; parameters: 'node-1/4f2a-7', 'SCHEDULED', 'java.lang.IllegalStateException', 'disk full', 'nightly-report', 'node-1/4f2a-7'
INSERT INTO shedlock_history (name, fire, node, started, ended, outcome, kind, error_class, error_message) SELECT name, last_run_fire, CAST(? AS NVARCHAR(255)), last_run_started, last_run_ended, last_run_outcome, CAST(? AS NVARCHAR(16)), CAST(? AS NVARCHAR(255)), CAST(? AS NVARCHAR(1000)) FROM shedlock WHERE name = ? AND last_run_by = ?;

-- extend; parameters: 0, 300, 'nightly-report', 'node-1/4f2a-7'
UPDATE shedlock SET lock_until = DATEADD(MILLISECOND, ?, DATEADD(SECOND, ?, CAST(SYSUTCDATETIME() AS DATETIME2(3)))), locked_at = CAST(SYSUTCDATETIME() AS DATETIME2(3)) WHERE name = ? AND locked_by = ? AND lock_until > CAST(SYSUTCDATETIME() AS DATETIME2(3));

-- is the acquisition live; parameters: 'nightly-report', 'node-1/4f2a-7'
SELECT 1 FROM shedlock WHERE name = ? AND locked_by = ? AND lock_until > CAST(SYSUTCDATETIME() AS DATETIME2(3));
