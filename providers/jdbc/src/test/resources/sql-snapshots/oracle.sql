-- Oracle

-- create table
CREATE TABLE shedlock (name VARCHAR2(255 CHAR) NOT NULL PRIMARY KEY, lock_until TIMESTAMP(3) NOT NULL, locked_at TIMESTAMP(3) NOT NULL, locked_by VARCHAR2(255 CHAR) NOT NULL, last_fire NUMBER(19), fencing_token NUMBER(19), last_run_fire NUMBER(19), last_run_by VARCHAR2(255 CHAR), last_run_started TIMESTAMP(3), last_run_ended TIMESTAMP(3), last_run_outcome VARCHAR2(16 CHAR), last_run_error VARCHAR2(1000 CHAR), last_run_kind VARCHAR2(16 CHAR), paused_until TIMESTAMP(3), paused_by VARCHAR2(1200 CHAR));

-- add a fire column
ALTER TABLE shedlock ADD last_fire NUMBER(19);

-- add a fire column
ALTER TABLE shedlock ADD fencing_token NUMBER(19);

-- add an optional column
ALTER TABLE shedlock ADD last_run_fire NUMBER(19);

-- add an optional column
ALTER TABLE shedlock ADD last_run_by VARCHAR2(255 CHAR);

-- add an optional column
ALTER TABLE shedlock ADD last_run_started TIMESTAMP(3);

-- add an optional column
ALTER TABLE shedlock ADD last_run_ended TIMESTAMP(3);

-- add an optional column
ALTER TABLE shedlock ADD last_run_outcome VARCHAR2(16 CHAR);

-- add an optional column
ALTER TABLE shedlock ADD last_run_error VARCHAR2(1000 CHAR);

-- add an optional column
ALTER TABLE shedlock ADD last_run_kind VARCHAR2(16 CHAR);

-- add an optional column
ALTER TABLE shedlock ADD paused_until TIMESTAMP(3);

-- add an optional column
ALTER TABLE shedlock ADD paused_by VARCHAR2(1200 CHAR);

-- acquire LEASE_ONLY (UpdateCount); parameters: 'nightly-report', 300000, 'node-1/4f2a-7', 'nightly-report', 300000, 'node-1/4f2a-7'
MERGE INTO shedlock tl USING dual ON (tl.name = ?) WHEN MATCHED THEN UPDATE SET lock_until = (CAST(SYS_EXTRACT_UTC(SYSTIMESTAMP) AS TIMESTAMP(3)) + NUMTODSINTERVAL(? / 1000, 'SECOND')), locked_at = CAST(SYS_EXTRACT_UTC(SYSTIMESTAMP) AS TIMESTAMP(3)), locked_by = ? WHERE tl.lock_until <= CAST(SYS_EXTRACT_UTC(SYSTIMESTAMP) AS TIMESTAMP(3)) WHEN NOT MATCHED THEN INSERT (name, lock_until, locked_at, locked_by) VALUES (?, (CAST(SYS_EXTRACT_UTC(SYSTIMESTAMP) AS TIMESTAMP(3)) + NUMTODSINTERVAL(? / 1000, 'SECOND')), CAST(SYS_EXTRACT_UTC(SYSTIMESTAMP) AS TIMESTAMP(3)), ?);

-- read the row LEASE_ONLY; parameters: 'nightly-report'
SELECT locked_by FROM shedlock WHERE name = ?;

-- acquire LEASE_ONLY_PAUSABLE (UpdateCount); parameters: 'nightly-report', 300000, 'node-1/4f2a-7', 'nightly-report', 300000, 'node-1/4f2a-7'
MERGE INTO shedlock tl USING dual ON (tl.name = ?) WHEN MATCHED THEN UPDATE SET lock_until = (CAST(SYS_EXTRACT_UTC(SYSTIMESTAMP) AS TIMESTAMP(3)) + NUMTODSINTERVAL(? / 1000, 'SECOND')), locked_at = CAST(SYS_EXTRACT_UTC(SYSTIMESTAMP) AS TIMESTAMP(3)), locked_by = ? WHERE tl.lock_until <= CAST(SYS_EXTRACT_UTC(SYSTIMESTAMP) AS TIMESTAMP(3)) AND (tl.paused_by IS NULL OR (tl.paused_until IS NOT NULL AND tl.paused_until <= CAST(SYS_EXTRACT_UTC(SYSTIMESTAMP) AS TIMESTAMP(3)))) WHEN NOT MATCHED THEN INSERT (name, lock_until, locked_at, locked_by) VALUES (?, (CAST(SYS_EXTRACT_UTC(SYSTIMESTAMP) AS TIMESTAMP(3)) + NUMTODSINTERVAL(? / 1000, 'SECOND')), CAST(SYS_EXTRACT_UTC(SYSTIMESTAMP) AS TIMESTAMP(3)), ?);

-- read the row LEASE_ONLY_PAUSABLE; parameters: 'nightly-report'
SELECT locked_by, CASE WHEN (paused_by IS NULL OR (paused_until IS NOT NULL AND paused_until <= CAST(SYS_EXTRACT_UTC(SYSTIMESTAMP) AS TIMESTAMP(3)))) THEN 0 ELSE 1 END FROM shedlock WHERE name = ?;

-- release; parameters: 10000, 10000, 'nightly-report', 'node-1/4f2a-7'
UPDATE shedlock SET lock_until = CASE WHEN (locked_at + NUMTODSINTERVAL(? / 1000, 'SECOND')) > CAST(SYS_EXTRACT_UTC(SYSTIMESTAMP) AS TIMESTAMP(3)) THEN (locked_at + NUMTODSINTERVAL(? / 1000, 'SECOND')) ELSE CAST(SYS_EXTRACT_UTC(SYSTIMESTAMP) AS TIMESTAMP(3)) END WHERE name = ? AND locked_by = ?;

-- release recording a failed run; parameters: 1893456000000, 1, 'java.lang.IllegalStateException: disk full', 10000, 10000, 'nightly-report', 'node-1/4f2a-7'
UPDATE shedlock SET last_run_fire = ?, last_run_by = locked_by, last_run_started = locked_at, last_run_ended = CAST(SYS_EXTRACT_UTC(SYSTIMESTAMP) AS TIMESTAMP(3)), last_run_outcome = CASE WHEN lock_until <= CAST(SYS_EXTRACT_UTC(SYSTIMESTAMP) AS TIMESTAMP(3)) THEN 'LOCK_LOST' WHEN ? = 1 THEN 'FAILED' ELSE 'SUCCEEDED' END, last_run_error = ?, lock_until = CASE WHEN (locked_at + NUMTODSINTERVAL(? / 1000, 'SECOND')) > CAST(SYS_EXTRACT_UTC(SYSTIMESTAMP) AS TIMESTAMP(3)) THEN (locked_at + NUMTODSINTERVAL(? / 1000, 'SECOND')) ELSE CAST(SYS_EXTRACT_UTC(SYSTIMESTAMP) AS TIMESTAMP(3)) END WHERE name = ? AND locked_by = ?;

-- release recording a plain call that succeeded; parameters: NULL, 0, NULL, 10000, 10000, 'nightly-report', 'node-1/4f2a-7'
UPDATE shedlock SET last_run_fire = ?, last_run_by = locked_by, last_run_started = locked_at, last_run_ended = CAST(SYS_EXTRACT_UTC(SYSTIMESTAMP) AS TIMESTAMP(3)), last_run_outcome = CASE WHEN lock_until <= CAST(SYS_EXTRACT_UTC(SYSTIMESTAMP) AS TIMESTAMP(3)) THEN 'LOCK_LOST' WHEN ? = 1 THEN 'FAILED' ELSE 'SUCCEEDED' END, last_run_error = ?, lock_until = CASE WHEN (locked_at + NUMTODSINTERVAL(? / 1000, 'SECOND')) > CAST(SYS_EXTRACT_UTC(SYSTIMESTAMP) AS TIMESTAMP(3)) THEN (locked_at + NUMTODSINTERVAL(? / 1000, 'SECOND')) ELSE CAST(SYS_EXTRACT_UTC(SYSTIMESTAMP) AS TIMESTAMP(3)) END WHERE name = ? AND locked_by = ?;

-- release recording a manual run and its kind; parameters: 'MANUAL', NULL, 0, NULL, 10000, 10000, 'nightly-report', 'node-1/4f2a-7'
UPDATE shedlock SET last_run_kind = ?, last_run_fire = ?, last_run_by = locked_by, last_run_started = locked_at, last_run_ended = CAST(SYS_EXTRACT_UTC(SYSTIMESTAMP) AS TIMESTAMP(3)), last_run_outcome = CASE WHEN lock_until <= CAST(SYS_EXTRACT_UTC(SYSTIMESTAMP) AS TIMESTAMP(3)) THEN 'LOCK_LOST' WHEN ? = 1 THEN 'FAILED' ELSE 'SUCCEEDED' END, last_run_error = ?, lock_until = CASE WHEN (locked_at + NUMTODSINTERVAL(? / 1000, 'SECOND')) > CAST(SYS_EXTRACT_UTC(SYSTIMESTAMP) AS TIMESTAMP(3)) THEN (locked_at + NUMTODSINTERVAL(? / 1000, 'SECOND')) ELSE CAST(SYS_EXTRACT_UTC(SYSTIMESTAMP) AS TIMESTAMP(3)) END WHERE name = ? AND locked_by = ?;

-- the database's now, for a pause's end
SELECT CAST(SYS_EXTRACT_UTC(SYSTIMESTAMP) AS TIMESTAMP(3)) FROM dual;

-- create the history table
CREATE TABLE shedlock_history (id NUMBER(19) GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, name VARCHAR2(255 CHAR) NOT NULL, fire NUMBER(19), node VARCHAR2(255 CHAR) NOT NULL, started TIMESTAMP(3) NOT NULL, ended TIMESTAMP(3) NOT NULL, outcome VARCHAR2(16 CHAR) NOT NULL, kind VARCHAR2(16 CHAR) NOT NULL, error_class VARCHAR2(255 CHAR), error_message VARCHAR2(1000 CHAR));

-- after the release: the history record of a failed run; parameters: 'node-1/4f2a-7', 'SCHEDULED', 'java.lang.IllegalStateException', 'disk full', 'nightly-report', 'node-1/4f2a-7'
INSERT INTO shedlock_history (name, fire, node, started, ended, outcome, kind, error_class, error_message) SELECT name, last_run_fire, CAST(? AS VARCHAR2(255 CHAR)), last_run_started, last_run_ended, last_run_outcome, CAST(? AS VARCHAR2(16 CHAR)), CAST(? AS VARCHAR2(255 CHAR)), CAST(? AS VARCHAR2(1000 CHAR)) FROM shedlock WHERE name = ? AND last_run_by = ?;

-- extend; parameters: 300000, 'nightly-report', 'node-1/4f2a-7'
UPDATE shedlock SET lock_until = (CAST(SYS_EXTRACT_UTC(SYSTIMESTAMP) AS TIMESTAMP(3)) + NUMTODSINTERVAL(? / 1000, 'SECOND')), locked_at = CAST(SYS_EXTRACT_UTC(SYSTIMESTAMP) AS TIMESTAMP(3)) WHERE name = ? AND locked_by = ? AND lock_until > CAST(SYS_EXTRACT_UTC(SYSTIMESTAMP) AS TIMESTAMP(3));

-- is the acquisition live; parameters: 'nightly-report', 'node-1/4f2a-7'
SELECT 1 FROM shedlock WHERE name = ? AND locked_by = ? AND lock_until > CAST(SYS_EXTRACT_UTC(SYSTIMESTAMP) AS TIMESTAMP(3));
