-- MySQL

-- create table
CREATE TABLE IF NOT EXISTS shedlock (name VARCHAR(255) NOT NULL, lock_until DATETIME(3) NOT NULL, locked_at DATETIME(3) NOT NULL, locked_by VARCHAR(255) NOT NULL, last_fire BIGINT, fencing_token BIGINT, last_run_fire BIGINT, last_run_by VARCHAR(255), last_run_started DATETIME(3), last_run_ended DATETIME(3), last_run_outcome VARCHAR(16), last_run_error VARCHAR(1000), last_run_kind VARCHAR(16), paused_until DATETIME(3), paused_by VARCHAR(1200), PRIMARY KEY (name)) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_0900_bin;

-- add a fire column
ALTER TABLE shedlock ADD last_fire BIGINT;

-- add a fire column
ALTER TABLE shedlock ADD fencing_token BIGINT;

-- add an optional column
ALTER TABLE shedlock ADD last_run_fire BIGINT;

-- add an optional column
ALTER TABLE shedlock ADD last_run_by VARCHAR(255);

-- add an optional column
ALTER TABLE shedlock ADD last_run_started DATETIME(3);

-- add an optional column
ALTER TABLE shedlock ADD last_run_ended DATETIME(3);

-- add an optional column
ALTER TABLE shedlock ADD last_run_outcome VARCHAR(16);

-- add an optional column
ALTER TABLE shedlock ADD last_run_error VARCHAR(1000);

-- add an optional column
ALTER TABLE shedlock ADD last_run_kind VARCHAR(16);

-- add an optional column
ALTER TABLE shedlock ADD paused_until DATETIME(3);

-- add an optional column
ALTER TABLE shedlock ADD paused_by VARCHAR(1200);

-- acquire LEASE_ONLY (UpsertCount); parameters: 'nightly-report', 300000000, 'node-1/4f2a-7'
INSERT INTO shedlock (name, lock_until, locked_at, locked_by) VALUES (?, (UTC_TIMESTAMP(3) + INTERVAL ? MICROSECOND), UTC_TIMESTAMP(3), ?) ON DUPLICATE KEY UPDATE locked_by = IF(lock_until <= UTC_TIMESTAMP(3), VALUES(locked_by), locked_by), lock_until = IF(locked_by = VALUES(locked_by), VALUES(lock_until), lock_until), locked_at = IF(locked_by = VALUES(locked_by), VALUES(locked_at), locked_at);

-- read the row LEASE_ONLY; parameters: 'nightly-report'
SELECT locked_by FROM shedlock WHERE name = ?;

-- acquire PLAIN (UpsertCount); parameters: 'nightly-report', 300000000, 'node-1/4f2a-7'
INSERT INTO shedlock (name, lock_until, locked_at, locked_by, fencing_token) VALUES (?, (UTC_TIMESTAMP(3) + INTERVAL ? MICROSECOND), UTC_TIMESTAMP(3), ?, TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', UTC_TIMESTAMP(6))) ON DUPLICATE KEY UPDATE locked_by = IF(lock_until <= UTC_TIMESTAMP(3), VALUES(locked_by), locked_by), lock_until = IF(locked_by = VALUES(locked_by), VALUES(lock_until), lock_until), locked_at = IF(locked_by = VALUES(locked_by), VALUES(locked_at), locked_at), fencing_token = IF(locked_by = VALUES(locked_by), GREATEST(COALESCE(fencing_token, 0) + 1, VALUES(fencing_token)), fencing_token);

-- read the row PLAIN; parameters: 'nightly-report'
SELECT locked_by, fencing_token, last_fire FROM shedlock WHERE name = ?;

-- acquire FIRE (UpsertCount); parameters: 'nightly-report', 300000000, 'node-1/4f2a-7', 1893456000000
INSERT INTO shedlock (name, lock_until, locked_at, locked_by, last_fire, fencing_token) VALUES (?, (UTC_TIMESTAMP(3) + INTERVAL ? MICROSECOND), UTC_TIMESTAMP(3), ?, ?, TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', UTC_TIMESTAMP(6))) ON DUPLICATE KEY UPDATE locked_by = IF(lock_until <= UTC_TIMESTAMP(3) AND (last_fire IS NULL OR last_fire < VALUES(last_fire)), VALUES(locked_by), locked_by), lock_until = IF(locked_by = VALUES(locked_by), VALUES(lock_until), lock_until), locked_at = IF(locked_by = VALUES(locked_by), VALUES(locked_at), locked_at), last_fire = IF(locked_by = VALUES(locked_by), VALUES(last_fire), last_fire), fencing_token = IF(locked_by = VALUES(locked_by), GREATEST(COALESCE(fencing_token, 0) + 1, VALUES(fencing_token)), fencing_token);

-- read the row FIRE; parameters: 'nightly-report'
SELECT locked_by, fencing_token, last_fire FROM shedlock WHERE name = ?;

-- acquire LEASE_ONLY_PAUSABLE (UpsertCount); parameters: 'nightly-report', 300000000, 'node-1/4f2a-7'
INSERT INTO shedlock (name, lock_until, locked_at, locked_by) VALUES (?, (UTC_TIMESTAMP(3) + INTERVAL ? MICROSECOND), UTC_TIMESTAMP(3), ?) ON DUPLICATE KEY UPDATE locked_by = IF(lock_until <= UTC_TIMESTAMP(3) AND (paused_by IS NULL OR (paused_until IS NOT NULL AND paused_until <= UTC_TIMESTAMP(3))), VALUES(locked_by), locked_by), lock_until = IF(locked_by = VALUES(locked_by), VALUES(lock_until), lock_until), locked_at = IF(locked_by = VALUES(locked_by), VALUES(locked_at), locked_at);

-- read the row LEASE_ONLY_PAUSABLE; parameters: 'nightly-report'
SELECT locked_by, CASE WHEN (paused_by IS NULL OR (paused_until IS NOT NULL AND paused_until <= UTC_TIMESTAMP(3))) THEN 0 ELSE 1 END FROM shedlock WHERE name = ?;

-- acquire PLAIN_PAUSABLE (UpsertCount); parameters: 'nightly-report', 300000000, 'node-1/4f2a-7'
INSERT INTO shedlock (name, lock_until, locked_at, locked_by, fencing_token) VALUES (?, (UTC_TIMESTAMP(3) + INTERVAL ? MICROSECOND), UTC_TIMESTAMP(3), ?, TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', UTC_TIMESTAMP(6))) ON DUPLICATE KEY UPDATE locked_by = IF(lock_until <= UTC_TIMESTAMP(3) AND (paused_by IS NULL OR (paused_until IS NOT NULL AND paused_until <= UTC_TIMESTAMP(3))), VALUES(locked_by), locked_by), lock_until = IF(locked_by = VALUES(locked_by), VALUES(lock_until), lock_until), locked_at = IF(locked_by = VALUES(locked_by), VALUES(locked_at), locked_at), fencing_token = IF(locked_by = VALUES(locked_by), GREATEST(COALESCE(fencing_token, 0) + 1, VALUES(fencing_token)), fencing_token);

-- read the row PLAIN_PAUSABLE; parameters: 'nightly-report'
SELECT locked_by, fencing_token, last_fire, CASE WHEN (paused_by IS NULL OR (paused_until IS NOT NULL AND paused_until <= UTC_TIMESTAMP(3))) THEN 0 ELSE 1 END FROM shedlock WHERE name = ?;

-- acquire FIRE_PAUSABLE (UpsertCount); parameters: 'nightly-report', 300000000, 'node-1/4f2a-7', 1893456000000
INSERT INTO shedlock (name, lock_until, locked_at, locked_by, last_fire, fencing_token) VALUES (?, (UTC_TIMESTAMP(3) + INTERVAL ? MICROSECOND), UTC_TIMESTAMP(3), ?, ?, TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', UTC_TIMESTAMP(6))) ON DUPLICATE KEY UPDATE locked_by = IF(lock_until <= UTC_TIMESTAMP(3) AND (last_fire IS NULL OR last_fire < VALUES(last_fire)) AND (paused_by IS NULL OR (paused_until IS NOT NULL AND paused_until <= UTC_TIMESTAMP(3))), VALUES(locked_by), locked_by), lock_until = IF(locked_by = VALUES(locked_by), VALUES(lock_until), lock_until), locked_at = IF(locked_by = VALUES(locked_by), VALUES(locked_at), locked_at), last_fire = IF(locked_by = VALUES(locked_by), VALUES(last_fire), last_fire), fencing_token = IF(locked_by = VALUES(locked_by), GREATEST(COALESCE(fencing_token, 0) + 1, VALUES(fencing_token)), fencing_token);

-- read the row FIRE_PAUSABLE; parameters: 'nightly-report'
SELECT locked_by, fencing_token, last_fire, CASE WHEN (paused_by IS NULL OR (paused_until IS NOT NULL AND paused_until <= UTC_TIMESTAMP(3))) THEN 0 ELSE 1 END FROM shedlock WHERE name = ?;

-- release; parameters: 10000000, 10000000, 'nightly-report', 'node-1/4f2a-7'
UPDATE shedlock SET lock_until = CASE WHEN (locked_at + INTERVAL ? MICROSECOND) > UTC_TIMESTAMP(3) THEN (locked_at + INTERVAL ? MICROSECOND) ELSE UTC_TIMESTAMP(3) END WHERE name = ? AND locked_by = ?;

-- release recording a failed run; parameters: 1893456000000, 1, 'java.lang.IllegalStateException: disk full', 10000000, 10000000, 'nightly-report', 'node-1/4f2a-7'
UPDATE shedlock SET last_run_fire = ?, last_run_by = locked_by, last_run_started = locked_at, last_run_ended = UTC_TIMESTAMP(3), last_run_outcome = CASE WHEN lock_until <= UTC_TIMESTAMP(3) THEN 'LOCK_LOST' WHEN ? = 1 THEN 'FAILED' ELSE 'SUCCEEDED' END, last_run_error = ?, lock_until = CASE WHEN (locked_at + INTERVAL ? MICROSECOND) > UTC_TIMESTAMP(3) THEN (locked_at + INTERVAL ? MICROSECOND) ELSE UTC_TIMESTAMP(3) END WHERE name = ? AND locked_by = ?;

-- release recording a plain call that succeeded; parameters: NULL, 0, NULL, 10000000, 10000000, 'nightly-report', 'node-1/4f2a-7'
UPDATE shedlock SET last_run_fire = ?, last_run_by = locked_by, last_run_started = locked_at, last_run_ended = UTC_TIMESTAMP(3), last_run_outcome = CASE WHEN lock_until <= UTC_TIMESTAMP(3) THEN 'LOCK_LOST' WHEN ? = 1 THEN 'FAILED' ELSE 'SUCCEEDED' END, last_run_error = ?, lock_until = CASE WHEN (locked_at + INTERVAL ? MICROSECOND) > UTC_TIMESTAMP(3) THEN (locked_at + INTERVAL ? MICROSECOND) ELSE UTC_TIMESTAMP(3) END WHERE name = ? AND locked_by = ?;

-- release recording a manual run and its kind; parameters: 'MANUAL', NULL, 0, NULL, 10000000, 10000000, 'nightly-report', 'node-1/4f2a-7'
UPDATE shedlock SET last_run_kind = ?, last_run_fire = ?, last_run_by = locked_by, last_run_started = locked_at, last_run_ended = UTC_TIMESTAMP(3), last_run_outcome = CASE WHEN lock_until <= UTC_TIMESTAMP(3) THEN 'LOCK_LOST' WHEN ? = 1 THEN 'FAILED' ELSE 'SUCCEEDED' END, last_run_error = ?, lock_until = CASE WHEN (locked_at + INTERVAL ? MICROSECOND) > UTC_TIMESTAMP(3) THEN (locked_at + INTERVAL ? MICROSECOND) ELSE UTC_TIMESTAMP(3) END WHERE name = ? AND locked_by = ?;

-- the database's now, for a pause's end
SELECT UTC_TIMESTAMP(3);

-- create the history table
CREATE TABLE IF NOT EXISTS shedlock_history (id BIGINT AUTO_INCREMENT PRIMARY KEY, name VARCHAR(255) NOT NULL, fire BIGINT, node VARCHAR(255) NOT NULL, started DATETIME(3) NOT NULL, ended DATETIME(3) NOT NULL, outcome VARCHAR(16) NOT NULL, kind VARCHAR(16) NOT NULL, error_class VARCHAR(255), error_message VARCHAR(1000)) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_0900_bin;

-- after the release: the history record of a failed run; parameters: 'node-1/4f2a-7', 'SCHEDULED', 'java.lang.IllegalStateException', 'disk full', 'nightly-report', 'node-1/4f2a-7'
INSERT INTO shedlock_history (name, fire, node, started, ended, outcome, kind, error_class, error_message) SELECT name, last_run_fire, CAST(? AS CHAR(255)), last_run_started, last_run_ended, last_run_outcome, CAST(? AS CHAR(16)), CAST(? AS CHAR(255)), CAST(? AS CHAR(1000)) FROM shedlock WHERE name = ? AND last_run_by = ?;

-- extend; parameters: 300000000, 'nightly-report', 'node-1/4f2a-7'
UPDATE shedlock SET lock_until = (UTC_TIMESTAMP(3) + INTERVAL ? MICROSECOND), locked_at = UTC_TIMESTAMP(3) WHERE name = ? AND locked_by = ? AND lock_until > UTC_TIMESTAMP(3);

-- is the acquisition live; parameters: 'nightly-report', 'node-1/4f2a-7'
SELECT 1 FROM shedlock WHERE name = ? AND locked_by = ? AND lock_until > UTC_TIMESTAMP(3);
