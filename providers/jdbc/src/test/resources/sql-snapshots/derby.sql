-- Derby

-- create table
CREATE TABLE shedlock (name VARCHAR(255) NOT NULL PRIMARY KEY, lock_until TIMESTAMP NOT NULL, locked_at TIMESTAMP NOT NULL, locked_by VARCHAR(255) NOT NULL, last_fire BIGINT, fencing_token BIGINT, last_run_fire BIGINT, last_run_by VARCHAR(255), last_run_started TIMESTAMP, last_run_ended TIMESTAMP, last_run_outcome VARCHAR(16), last_run_error VARCHAR(1000), last_run_kind VARCHAR(16), paused_until TIMESTAMP, paused_by VARCHAR(1200));

-- add a fire column
ALTER TABLE shedlock ADD last_fire BIGINT;

-- add a fire column
ALTER TABLE shedlock ADD fencing_token BIGINT;

-- add an optional column
ALTER TABLE shedlock ADD last_run_fire BIGINT;

-- add an optional column
ALTER TABLE shedlock ADD last_run_by VARCHAR(255);

-- add an optional column
ALTER TABLE shedlock ADD last_run_started TIMESTAMP;

-- add an optional column
ALTER TABLE shedlock ADD last_run_ended TIMESTAMP;

-- add an optional column
ALTER TABLE shedlock ADD last_run_outcome VARCHAR(16);

-- add an optional column
ALTER TABLE shedlock ADD last_run_error VARCHAR(1000);

-- add an optional column
ALTER TABLE shedlock ADD last_run_kind VARCHAR(16);

-- add an optional column
ALTER TABLE shedlock ADD paused_until TIMESTAMP;

-- add an optional column
ALTER TABLE shedlock ADD paused_by VARCHAR(1200);

-- acquire LEASE_ONLY (UpdateThenInsert); parameters: 0, 300, 'node-1/4f2a-7', 'nightly-report'
UPDATE shedlock SET lock_until = {fn TIMESTAMPADD(SQL_TSI_FRAC_SECOND, ?, {fn TIMESTAMPADD(SQL_TSI_SECOND, ?, CURRENT_TIMESTAMP)})}, locked_at = CURRENT_TIMESTAMP, locked_by = ? WHERE name = ? AND lock_until <= CURRENT_TIMESTAMP;

-- acquire LEASE_ONLY (UpdateThenInsert); parameters: 'nightly-report', 0, 300, 'node-1/4f2a-7', 'nightly-report'
INSERT INTO shedlock (name, lock_until, locked_at, locked_by) SELECT ?, {fn TIMESTAMPADD(SQL_TSI_FRAC_SECOND, ?, {fn TIMESTAMPADD(SQL_TSI_SECOND, ?, CURRENT_TIMESTAMP)})}, CURRENT_TIMESTAMP, ? FROM SYSIBM.SYSDUMMY1 WHERE NOT EXISTS (SELECT 1 FROM shedlock WHERE name = ?);

-- read the row LEASE_ONLY; parameters: 'nightly-report'
SELECT locked_by FROM shedlock WHERE name = ?;

-- acquire PLAIN (UpdateThenInsert); parameters: 0, 300, 'node-1/4f2a-7', 'nightly-report'
UPDATE shedlock SET lock_until = {fn TIMESTAMPADD(SQL_TSI_FRAC_SECOND, ?, {fn TIMESTAMPADD(SQL_TSI_SECOND, ?, CURRENT_TIMESTAMP)})}, locked_at = CURRENT_TIMESTAMP, locked_by = ?, fencing_token = CASE WHEN COALESCE(fencing_token, 0) + 1 > ({fn TIMESTAMPDIFF(SQL_TSI_FRAC_SECOND, TIMESTAMP('1970-01-01 00:00:00'), CURRENT_TIMESTAMP)} / 1000) THEN COALESCE(fencing_token, 0) + 1 ELSE ({fn TIMESTAMPDIFF(SQL_TSI_FRAC_SECOND, TIMESTAMP('1970-01-01 00:00:00'), CURRENT_TIMESTAMP)} / 1000) END WHERE name = ? AND lock_until <= CURRENT_TIMESTAMP;

-- acquire PLAIN (UpdateThenInsert); parameters: 'nightly-report', 0, 300, 'node-1/4f2a-7', 'nightly-report'
INSERT INTO shedlock (name, lock_until, locked_at, locked_by, fencing_token) SELECT ?, {fn TIMESTAMPADD(SQL_TSI_FRAC_SECOND, ?, {fn TIMESTAMPADD(SQL_TSI_SECOND, ?, CURRENT_TIMESTAMP)})}, CURRENT_TIMESTAMP, ?, ({fn TIMESTAMPDIFF(SQL_TSI_FRAC_SECOND, TIMESTAMP('1970-01-01 00:00:00'), CURRENT_TIMESTAMP)} / 1000) FROM SYSIBM.SYSDUMMY1 WHERE NOT EXISTS (SELECT 1 FROM shedlock WHERE name = ?);

-- read the row PLAIN; parameters: 'nightly-report'
SELECT locked_by, fencing_token, last_fire FROM shedlock WHERE name = ?;

-- acquire FIRE (UpdateThenInsert); parameters: 0, 300, 'node-1/4f2a-7', 1893456000000, 'nightly-report', 1893456000000
UPDATE shedlock SET lock_until = {fn TIMESTAMPADD(SQL_TSI_FRAC_SECOND, ?, {fn TIMESTAMPADD(SQL_TSI_SECOND, ?, CURRENT_TIMESTAMP)})}, locked_at = CURRENT_TIMESTAMP, locked_by = ?, last_fire = ?, fencing_token = CASE WHEN COALESCE(fencing_token, 0) + 1 > ({fn TIMESTAMPDIFF(SQL_TSI_FRAC_SECOND, TIMESTAMP('1970-01-01 00:00:00'), CURRENT_TIMESTAMP)} / 1000) THEN COALESCE(fencing_token, 0) + 1 ELSE ({fn TIMESTAMPDIFF(SQL_TSI_FRAC_SECOND, TIMESTAMP('1970-01-01 00:00:00'), CURRENT_TIMESTAMP)} / 1000) END WHERE name = ? AND lock_until <= CURRENT_TIMESTAMP AND (last_fire IS NULL OR last_fire < ?);

-- acquire FIRE (UpdateThenInsert); parameters: 'nightly-report', 0, 300, 'node-1/4f2a-7', 1893456000000, 'nightly-report'
INSERT INTO shedlock (name, lock_until, locked_at, locked_by, last_fire, fencing_token) SELECT ?, {fn TIMESTAMPADD(SQL_TSI_FRAC_SECOND, ?, {fn TIMESTAMPADD(SQL_TSI_SECOND, ?, CURRENT_TIMESTAMP)})}, CURRENT_TIMESTAMP, ?, ?, ({fn TIMESTAMPDIFF(SQL_TSI_FRAC_SECOND, TIMESTAMP('1970-01-01 00:00:00'), CURRENT_TIMESTAMP)} / 1000) FROM SYSIBM.SYSDUMMY1 WHERE NOT EXISTS (SELECT 1 FROM shedlock WHERE name = ?);

-- read the row FIRE; parameters: 'nightly-report'
SELECT locked_by, fencing_token, last_fire FROM shedlock WHERE name = ?;

-- acquire LEASE_ONLY_PAUSABLE (UpdateThenInsert); parameters: 0, 300, 'node-1/4f2a-7', 'nightly-report'
UPDATE shedlock SET lock_until = {fn TIMESTAMPADD(SQL_TSI_FRAC_SECOND, ?, {fn TIMESTAMPADD(SQL_TSI_SECOND, ?, CURRENT_TIMESTAMP)})}, locked_at = CURRENT_TIMESTAMP, locked_by = ? WHERE name = ? AND lock_until <= CURRENT_TIMESTAMP AND (paused_by IS NULL OR (paused_until IS NOT NULL AND paused_until <= CURRENT_TIMESTAMP));

-- acquire LEASE_ONLY_PAUSABLE (UpdateThenInsert); parameters: 'nightly-report', 0, 300, 'node-1/4f2a-7', 'nightly-report'
INSERT INTO shedlock (name, lock_until, locked_at, locked_by) SELECT ?, {fn TIMESTAMPADD(SQL_TSI_FRAC_SECOND, ?, {fn TIMESTAMPADD(SQL_TSI_SECOND, ?, CURRENT_TIMESTAMP)})}, CURRENT_TIMESTAMP, ? FROM SYSIBM.SYSDUMMY1 WHERE NOT EXISTS (SELECT 1 FROM shedlock WHERE name = ?);

-- read the row LEASE_ONLY_PAUSABLE; parameters: 'nightly-report'
SELECT locked_by, CASE WHEN (paused_by IS NULL OR (paused_until IS NOT NULL AND paused_until <= CURRENT_TIMESTAMP)) THEN 0 ELSE 1 END FROM shedlock WHERE name = ?;

-- acquire PLAIN_PAUSABLE (UpdateThenInsert); parameters: 0, 300, 'node-1/4f2a-7', 'nightly-report'
UPDATE shedlock SET lock_until = {fn TIMESTAMPADD(SQL_TSI_FRAC_SECOND, ?, {fn TIMESTAMPADD(SQL_TSI_SECOND, ?, CURRENT_TIMESTAMP)})}, locked_at = CURRENT_TIMESTAMP, locked_by = ?, fencing_token = CASE WHEN COALESCE(fencing_token, 0) + 1 > ({fn TIMESTAMPDIFF(SQL_TSI_FRAC_SECOND, TIMESTAMP('1970-01-01 00:00:00'), CURRENT_TIMESTAMP)} / 1000) THEN COALESCE(fencing_token, 0) + 1 ELSE ({fn TIMESTAMPDIFF(SQL_TSI_FRAC_SECOND, TIMESTAMP('1970-01-01 00:00:00'), CURRENT_TIMESTAMP)} / 1000) END WHERE name = ? AND lock_until <= CURRENT_TIMESTAMP AND (paused_by IS NULL OR (paused_until IS NOT NULL AND paused_until <= CURRENT_TIMESTAMP));

-- acquire PLAIN_PAUSABLE (UpdateThenInsert); parameters: 'nightly-report', 0, 300, 'node-1/4f2a-7', 'nightly-report'
INSERT INTO shedlock (name, lock_until, locked_at, locked_by, fencing_token) SELECT ?, {fn TIMESTAMPADD(SQL_TSI_FRAC_SECOND, ?, {fn TIMESTAMPADD(SQL_TSI_SECOND, ?, CURRENT_TIMESTAMP)})}, CURRENT_TIMESTAMP, ?, ({fn TIMESTAMPDIFF(SQL_TSI_FRAC_SECOND, TIMESTAMP('1970-01-01 00:00:00'), CURRENT_TIMESTAMP)} / 1000) FROM SYSIBM.SYSDUMMY1 WHERE NOT EXISTS (SELECT 1 FROM shedlock WHERE name = ?);

-- read the row PLAIN_PAUSABLE; parameters: 'nightly-report'
SELECT locked_by, fencing_token, last_fire, CASE WHEN (paused_by IS NULL OR (paused_until IS NOT NULL AND paused_until <= CURRENT_TIMESTAMP)) THEN 0 ELSE 1 END FROM shedlock WHERE name = ?;

-- acquire FIRE_PAUSABLE (UpdateThenInsert); parameters: 0, 300, 'node-1/4f2a-7', 1893456000000, 'nightly-report', 1893456000000
UPDATE shedlock SET lock_until = {fn TIMESTAMPADD(SQL_TSI_FRAC_SECOND, ?, {fn TIMESTAMPADD(SQL_TSI_SECOND, ?, CURRENT_TIMESTAMP)})}, locked_at = CURRENT_TIMESTAMP, locked_by = ?, last_fire = ?, fencing_token = CASE WHEN COALESCE(fencing_token, 0) + 1 > ({fn TIMESTAMPDIFF(SQL_TSI_FRAC_SECOND, TIMESTAMP('1970-01-01 00:00:00'), CURRENT_TIMESTAMP)} / 1000) THEN COALESCE(fencing_token, 0) + 1 ELSE ({fn TIMESTAMPDIFF(SQL_TSI_FRAC_SECOND, TIMESTAMP('1970-01-01 00:00:00'), CURRENT_TIMESTAMP)} / 1000) END WHERE name = ? AND lock_until <= CURRENT_TIMESTAMP AND (last_fire IS NULL OR last_fire < ?) AND (paused_by IS NULL OR (paused_until IS NOT NULL AND paused_until <= CURRENT_TIMESTAMP));

-- acquire FIRE_PAUSABLE (UpdateThenInsert); parameters: 'nightly-report', 0, 300, 'node-1/4f2a-7', 1893456000000, 'nightly-report'
INSERT INTO shedlock (name, lock_until, locked_at, locked_by, last_fire, fencing_token) SELECT ?, {fn TIMESTAMPADD(SQL_TSI_FRAC_SECOND, ?, {fn TIMESTAMPADD(SQL_TSI_SECOND, ?, CURRENT_TIMESTAMP)})}, CURRENT_TIMESTAMP, ?, ?, ({fn TIMESTAMPDIFF(SQL_TSI_FRAC_SECOND, TIMESTAMP('1970-01-01 00:00:00'), CURRENT_TIMESTAMP)} / 1000) FROM SYSIBM.SYSDUMMY1 WHERE NOT EXISTS (SELECT 1 FROM shedlock WHERE name = ?);

-- read the row FIRE_PAUSABLE; parameters: 'nightly-report'
SELECT locked_by, fencing_token, last_fire, CASE WHEN (paused_by IS NULL OR (paused_until IS NOT NULL AND paused_until <= CURRENT_TIMESTAMP)) THEN 0 ELSE 1 END FROM shedlock WHERE name = ?;

-- release; parameters: 0, 10, 0, 10, 'nightly-report', 'node-1/4f2a-7'
UPDATE shedlock SET lock_until = CASE WHEN {fn TIMESTAMPADD(SQL_TSI_FRAC_SECOND, ?, {fn TIMESTAMPADD(SQL_TSI_SECOND, ?, locked_at)})} > CURRENT_TIMESTAMP THEN {fn TIMESTAMPADD(SQL_TSI_FRAC_SECOND, ?, {fn TIMESTAMPADD(SQL_TSI_SECOND, ?, locked_at)})} ELSE CURRENT_TIMESTAMP END WHERE name = ? AND locked_by = ?;

-- release recording a failed run; parameters: 1893456000000, 1, 'java.lang.IllegalStateException: disk full', 0, 10, 0, 10, 'nightly-report', 'node-1/4f2a-7'
UPDATE shedlock SET last_run_fire = ?, last_run_by = locked_by, last_run_started = locked_at, last_run_ended = CURRENT_TIMESTAMP, last_run_outcome = CASE WHEN lock_until <= CURRENT_TIMESTAMP THEN 'LOCK_LOST' WHEN ? = 1 THEN 'FAILED' ELSE 'SUCCEEDED' END, last_run_error = ?, lock_until = CASE WHEN {fn TIMESTAMPADD(SQL_TSI_FRAC_SECOND, ?, {fn TIMESTAMPADD(SQL_TSI_SECOND, ?, locked_at)})} > CURRENT_TIMESTAMP THEN {fn TIMESTAMPADD(SQL_TSI_FRAC_SECOND, ?, {fn TIMESTAMPADD(SQL_TSI_SECOND, ?, locked_at)})} ELSE CURRENT_TIMESTAMP END WHERE name = ? AND locked_by = ?;

-- release recording a plain call that succeeded; parameters: NULL, 0, NULL, 0, 10, 0, 10, 'nightly-report', 'node-1/4f2a-7'
UPDATE shedlock SET last_run_fire = ?, last_run_by = locked_by, last_run_started = locked_at, last_run_ended = CURRENT_TIMESTAMP, last_run_outcome = CASE WHEN lock_until <= CURRENT_TIMESTAMP THEN 'LOCK_LOST' WHEN ? = 1 THEN 'FAILED' ELSE 'SUCCEEDED' END, last_run_error = ?, lock_until = CASE WHEN {fn TIMESTAMPADD(SQL_TSI_FRAC_SECOND, ?, {fn TIMESTAMPADD(SQL_TSI_SECOND, ?, locked_at)})} > CURRENT_TIMESTAMP THEN {fn TIMESTAMPADD(SQL_TSI_FRAC_SECOND, ?, {fn TIMESTAMPADD(SQL_TSI_SECOND, ?, locked_at)})} ELSE CURRENT_TIMESTAMP END WHERE name = ? AND locked_by = ?;

-- release recording a manual run and its kind; parameters: 'MANUAL', NULL, 0, NULL, 0, 10, 0, 10, 'nightly-report', 'node-1/4f2a-7'
UPDATE shedlock SET last_run_kind = ?, last_run_fire = ?, last_run_by = locked_by, last_run_started = locked_at, last_run_ended = CURRENT_TIMESTAMP, last_run_outcome = CASE WHEN lock_until <= CURRENT_TIMESTAMP THEN 'LOCK_LOST' WHEN ? = 1 THEN 'FAILED' ELSE 'SUCCEEDED' END, last_run_error = ?, lock_until = CASE WHEN {fn TIMESTAMPADD(SQL_TSI_FRAC_SECOND, ?, {fn TIMESTAMPADD(SQL_TSI_SECOND, ?, locked_at)})} > CURRENT_TIMESTAMP THEN {fn TIMESTAMPADD(SQL_TSI_FRAC_SECOND, ?, {fn TIMESTAMPADD(SQL_TSI_SECOND, ?, locked_at)})} ELSE CURRENT_TIMESTAMP END WHERE name = ? AND locked_by = ?;

-- the database's now, for a pause's end
SELECT CURRENT_TIMESTAMP FROM SYSIBM.SYSDUMMY1;

-- create the history table
CREATE TABLE shedlock_history (id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, name VARCHAR(255) NOT NULL, fire BIGINT, node VARCHAR(255) NOT NULL, started TIMESTAMP NOT NULL, ended TIMESTAMP NOT NULL, outcome VARCHAR(16) NOT NULL, kind VARCHAR(16) NOT NULL, error_class VARCHAR(255), error_message VARCHAR(1000));

-- after the release: the history record of a failed run; parameters: 'node-1/4f2a-7', 'SCHEDULED', 'java.lang.IllegalStateException', 'disk full', 'nightly-report', 'node-1/4f2a-7'
INSERT INTO shedlock_history (name, fire, node, started, ended, outcome, kind, error_class, error_message) SELECT name, last_run_fire, CAST(? AS VARCHAR(255)), last_run_started, last_run_ended, last_run_outcome, CAST(? AS VARCHAR(16)), CAST(? AS VARCHAR(255)), CAST(? AS VARCHAR(1000)) FROM shedlock WHERE name = ? AND last_run_by = ?;

-- extend; parameters: 0, 300, 'nightly-report', 'node-1/4f2a-7'
UPDATE shedlock SET lock_until = {fn TIMESTAMPADD(SQL_TSI_FRAC_SECOND, ?, {fn TIMESTAMPADD(SQL_TSI_SECOND, ?, CURRENT_TIMESTAMP)})}, locked_at = CURRENT_TIMESTAMP WHERE name = ? AND locked_by = ? AND lock_until > CURRENT_TIMESTAMP;

-- is the acquisition live; parameters: 'nightly-report', 'node-1/4f2a-7'
SELECT 1 FROM shedlock WHERE name = ? AND locked_by = ? AND lock_until > CURRENT_TIMESTAMP;
