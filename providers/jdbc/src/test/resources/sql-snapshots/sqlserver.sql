-- SQL Server

-- create table
CREATE TABLE shedlock (name NVARCHAR(255) COLLATE Latin1_General_100_BIN2 NOT NULL PRIMARY KEY, lock_until DATETIME2(3) NOT NULL, locked_at DATETIME2(3) NOT NULL, locked_by NVARCHAR(255) NOT NULL, last_fire BIGINT, fencing_token BIGINT);

-- add a fire column
ALTER TABLE shedlock ADD last_fire BIGINT;

-- add a fire column
ALTER TABLE shedlock ADD fencing_token BIGINT;

-- acquire LEASE_ONLY (UpdateCount); parameters: 'nightly-report', 0, 300, 'node-1/4f2a-7', 'nightly-report', 0, 300, 'node-1/4f2a-7'
MERGE INTO shedlock WITH (HOLDLOCK) AS tl USING (SELECT 1 AS one) AS s ON (tl.name = ?) WHEN MATCHED AND tl.lock_until <= CAST(SYSUTCDATETIME() AS DATETIME2(3)) THEN UPDATE SET lock_until = DATEADD(MILLISECOND, ?, DATEADD(SECOND, ?, CAST(SYSUTCDATETIME() AS DATETIME2(3)))), locked_at = CAST(SYSUTCDATETIME() AS DATETIME2(3)), locked_by = ? WHEN NOT MATCHED THEN INSERT (name, lock_until, locked_at, locked_by) VALUES (?, DATEADD(MILLISECOND, ?, DATEADD(SECOND, ?, CAST(SYSUTCDATETIME() AS DATETIME2(3)))), CAST(SYSUTCDATETIME() AS DATETIME2(3)), ?);

-- read the row LEASE_ONLY; parameters: 'nightly-report'
SELECT locked_by FROM shedlock WHERE name = ?;

-- release; parameters: 0, 10, 0, 10, 'nightly-report', 'node-1/4f2a-7'
UPDATE shedlock SET lock_until = CASE WHEN DATEADD(MILLISECOND, ?, DATEADD(SECOND, ?, locked_at)) > CAST(SYSUTCDATETIME() AS DATETIME2(3)) THEN DATEADD(MILLISECOND, ?, DATEADD(SECOND, ?, locked_at)) ELSE CAST(SYSUTCDATETIME() AS DATETIME2(3)) END WHERE name = ? AND locked_by = ?;

-- extend; parameters: 0, 300, 'nightly-report', 'node-1/4f2a-7'
UPDATE shedlock SET lock_until = DATEADD(MILLISECOND, ?, DATEADD(SECOND, ?, CAST(SYSUTCDATETIME() AS DATETIME2(3)))), locked_at = CAST(SYSUTCDATETIME() AS DATETIME2(3)) WHERE name = ? AND locked_by = ? AND lock_until > CAST(SYSUTCDATETIME() AS DATETIME2(3));

-- is the acquisition live; parameters: 'nightly-report', 'node-1/4f2a-7'
SELECT 1 FROM shedlock WHERE name = ? AND locked_by = ? AND lock_until > CAST(SYSUTCDATETIME() AS DATETIME2(3));
