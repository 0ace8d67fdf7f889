-- DB2

-- create table
CREATE TABLE shedlock (name VARCHAR(255) NOT NULL PRIMARY KEY, lock_until TIMESTAMP(3) NOT NULL, locked_at TIMESTAMP(3) NOT NULL, locked_by VARCHAR(255) NOT NULL, last_fire BIGINT, fencing_token BIGINT);

-- add a fire column
ALTER TABLE shedlock ADD last_fire BIGINT;

-- add a fire column
ALTER TABLE shedlock ADD fencing_token BIGINT;

-- acquire LEASE_ONLY (UpdateCount); parameters: 'nightly-report', 300000000, 'node-1/4f2a-7', 'nightly-report', 300000000, 'node-1/4f2a-7'
MERGE INTO shedlock tl USING SYSIBM.SYSDUMMY1 ON (tl.name = ?) WHEN MATCHED AND tl.lock_until <= CAST(CURRENT TIMESTAMP - CURRENT TIMEZONE AS TIMESTAMP(3)) THEN UPDATE SET lock_until = (CAST(CURRENT TIMESTAMP - CURRENT TIMEZONE AS TIMESTAMP(3)) + CAST(? AS BIGINT) MICROSECONDS), locked_at = CAST(CURRENT TIMESTAMP - CURRENT TIMEZONE AS TIMESTAMP(3)), locked_by = ? WHEN NOT MATCHED THEN INSERT (name, lock_until, locked_at, locked_by) VALUES (?, (CAST(CURRENT TIMESTAMP - CURRENT TIMEZONE AS TIMESTAMP(3)) + CAST(? AS BIGINT) MICROSECONDS), CAST(CURRENT TIMESTAMP - CURRENT TIMEZONE AS TIMESTAMP(3)), ?);

-- read the row LEASE_ONLY; parameters: 'nightly-report'
SELECT locked_by FROM shedlock WHERE name = ?;

-- release; parameters: 10000000, 10000000, 'nightly-report', 'node-1/4f2a-7'
UPDATE shedlock SET lock_until = CASE WHEN (locked_at + CAST(? AS BIGINT) MICROSECONDS) > CAST(CURRENT TIMESTAMP - CURRENT TIMEZONE AS TIMESTAMP(3)) THEN (locked_at + CAST(? AS BIGINT) MICROSECONDS) ELSE CAST(CURRENT TIMESTAMP - CURRENT TIMEZONE AS TIMESTAMP(3)) END WHERE name = ? AND locked_by = ?;

-- extend; parameters: 300000000, 'nightly-report', 'node-1/4f2a-7'
UPDATE shedlock SET lock_until = (CAST(CURRENT TIMESTAMP - CURRENT TIMEZONE AS TIMESTAMP(3)) + CAST(? AS BIGINT) MICROSECONDS), locked_at = CAST(CURRENT TIMESTAMP - CURRENT TIMEZONE AS TIMESTAMP(3)) WHERE name = ? AND locked_by = ? AND lock_until > CAST(CURRENT TIMESTAMP - CURRENT TIMEZONE AS TIMESTAMP(3));

-- is the acquisition live; parameters: 'nightly-report', 'node-1/4f2a-7'
SELECT 1 FROM shedlock WHERE name = ? AND locked_by = ? AND lock_until > CAST(CURRENT TIMESTAMP - CURRENT TIMEZONE AS TIMESTAMP(3));
