-- name: CreateJob :one
INSERT INTO pilotage_jobs (
    id, agent_id, vessel_imo, vessel_name, gross_tonnage, movement, berth, scheduled_at, source
) VALUES (
    $1, $2, $3, $4, $5, $6, $7, $8, $9
)
RETURNING *;

-- name: GetJob :one
SELECT * FROM pilotage_jobs WHERE id = $1;

-- name: AssignPilot :one
UPDATE pilotage_jobs
SET status = 'dispatched', pilot_id = sqlc.arg(pilot_id), updated_at = now()
WHERE id = sqlc.arg(id)
  AND (status = 'requested' OR (status = 'dispatched' AND pilot_id = sqlc.arg(pilot_id)))
RETURNING *;

-- name: MarkBoarded :execrows
UPDATE pilotage_jobs
SET status = 'boarded', boarded_at = $2, updated_at = now()
WHERE id = $1 AND status = 'dispatched';

-- name: MarkDisembarked :execrows
UPDATE pilotage_jobs
SET status = 'disembarked', disembarked_at = $2, updated_at = now()
WHERE id = $1 AND status = 'boarded';

-- name: CompleteJob :execrows
UPDATE pilotage_jobs
SET status = 'completed', updated_at = now()
WHERE id = $1 AND status IN ('boarded', 'disembarked');

-- name: CancelJob :execrows
UPDATE pilotage_jobs
SET status = 'cancelled', cancelled_at = now(), updated_at = now()
WHERE id = $1 AND status IN ('requested', 'dispatched');

-- name: InsertBoarding :exec
INSERT INTO boardings (job_id, pilot_id, boarded_at, latitude, longitude)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (job_id) DO NOTHING;

-- name: InsertDispatchAttempt :exec
INSERT INTO dispatch_attempts (id, job_id, pilot_id, outcome)
VALUES ($1, $2, $3, $4);

-- name: GetPilot :one
SELECT * FROM pilots WHERE id = $1;

-- name: GetAgent :one
SELECT * FROM agents WHERE id = $1;

-- name: FindStandingOrder :one
SELECT * FROM standing_orders WHERE vessel_imo = $1;

-- name: UpsertEtaNotice :exec
INSERT INTO eta_notices (notice_id, vessel_imo, eta, berth)
VALUES ($1, $2, $3, $4)
ON CONFLICT (notice_id) DO UPDATE SET
    eta         = EXCLUDED.eta,
    berth       = EXCLUDED.berth,
    received_at = now();

-- name: InsertVesselMovement :exec
INSERT INTO vessel_movements (id, report_id, job_id, vessel_imo, kind, gross_tonnage, occurred_at)
VALUES ($1, $2, $3, $4, $5, $6, $7);

-- name: UpsertStandingOrder :exec
INSERT INTO standing_orders (vessel_imo, agent_id, vessel_name, gross_tonnage, berth)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (vessel_imo) DO UPDATE SET
    agent_id      = EXCLUDED.agent_id,
    vessel_name   = EXCLUDED.vessel_name,
    gross_tonnage = EXCLUDED.gross_tonnage,
    berth         = EXCLUDED.berth;
