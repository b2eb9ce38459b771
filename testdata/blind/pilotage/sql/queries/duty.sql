-- name: InsertDutyShift :exec
INSERT INTO duty_shifts (shift_id, pilot_id, job_id, started_at, ended_at, minutes)
VALUES ($1, $2, $3, $4, $5, $6);

-- name: RecordJobDuty :exec
INSERT INTO duty_shifts (shift_id, pilot_id, job_id, started_at, ended_at, minutes)
VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (shift_id) DO NOTHING;
