-- name: InsertSchedule :one
INSERT INTO schedules (
    id, clinic_id, patient_id, request_id, pattern, shift, chair_id, starts_on, ends_on, created_by
) VALUES (
    $1, $2, $3, $4, $5, $6, $7, $8, $9, $10
)
ON CONFLICT (clinic_id, request_id) DO NOTHING
RETURNING id, clinic_id, patient_id, request_id, pattern, shift, chair_id, starts_on, ends_on, status, created_by, created_at, updated_at;

-- name: GetSchedule :one
SELECT id, clinic_id, patient_id, request_id, pattern, shift, chair_id, starts_on, ends_on, status, created_by, created_at, updated_at FROM schedules
WHERE id = $1;

-- name: GetScheduleByRequest :one
SELECT id, clinic_id, patient_id, request_id, pattern, shift, chair_id, starts_on, ends_on, status, created_by, created_at, updated_at FROM schedules
WHERE clinic_id = $1 AND request_id = $2;

-- name: ListActiveSchedulesForClinic :many
SELECT id, clinic_id, patient_id, request_id, pattern, shift, chair_id, starts_on, ends_on, status, created_by, created_at, updated_at FROM schedules
WHERE clinic_id = $1
  AND status = 'active'
  AND starts_on <= $3
  AND (ends_on IS NULL OR ends_on >= $2)
ORDER BY shift, chair_id;

-- name: UpdateScheduleChair :one
UPDATE schedules
SET chair_id = $2, updated_at = now()
WHERE id = $1
RETURNING id, clinic_id, patient_id, request_id, pattern, shift, chair_id, starts_on, ends_on, status, created_by, created_at, updated_at;

-- name: GetChair :one
SELECT id, clinic_id, label, station_type, active FROM chairs
WHERE id = $1;

-- name: ReserveChairSlot :execrows
INSERT INTO chair_slots (chair_id, pattern, shift, schedule_id)
VALUES ($1, $2, $3, $4)
ON CONFLICT (chair_id, pattern, shift) DO NOTHING;

-- name: GetChairSlot :one
SELECT chair_id, pattern, shift, schedule_id, reserved_at FROM chair_slots
WHERE chair_id = $1 AND pattern = $2 AND shift = $3;

-- name: ReleaseChairSlot :exec
DELETE FROM chair_slots
WHERE chair_id = $1 AND pattern = $2 AND shift = $3 AND schedule_id = $4;

-- name: MoveFutureSessionsToChair :execrows
UPDATE treatment_sessions
SET chair_id = $2, updated_at = now()
WHERE schedule_id = $1
  AND session_date >= $3
  AND status = 'scheduled';

-- name: GetTreatmentSession :one
SELECT id, schedule_id, clinic_id, patient_id, chair_id, session_date, shift, status, pre_weight_g, post_weight_g, started_by, started_at, completed_by, completed_at, cancel_reason, created_at, updated_at FROM treatment_sessions
WHERE id = $1;

-- name: ListSessionsForSchedule :many
SELECT id, schedule_id, clinic_id, patient_id, chair_id, session_date, shift, status, pre_weight_g, post_weight_g, started_by, started_at, completed_by, completed_at, cancel_reason, created_at, updated_at FROM treatment_sessions
WHERE schedule_id = $1
  AND session_date BETWEEN $2 AND $3
  AND status = 'scheduled'
ORDER BY session_date;

-- name: CancelTreatmentSession :one
UPDATE treatment_sessions
SET status = 'cancelled', cancel_reason = $2, updated_at = now()
WHERE id = $1 AND status = 'scheduled'
RETURNING id, schedule_id, clinic_id, patient_id, chair_id, session_date, shift, status, pre_weight_g, post_weight_g, started_by, started_at, completed_by, completed_at, cancel_reason, created_at, updated_at;

-- name: StartTreatmentSession :one
UPDATE treatment_sessions
SET status = 'in_progress',
    started_by = $2,
    started_at = $3,
    pre_weight_g = $4,
    updated_at = now()
WHERE id = $1 AND status = 'scheduled'
RETURNING id, schedule_id, clinic_id, patient_id, chair_id, session_date, shift, status, pre_weight_g, post_weight_g, started_by, started_at, completed_by, completed_at, cancel_reason, created_at, updated_at;

-- name: CompleteTreatmentSession :one
UPDATE treatment_sessions
SET status = 'completed',
    completed_by = $2,
    completed_at = $3,
    post_weight_g = $4,
    updated_at = now()
WHERE id = $1 AND status = 'in_progress'
RETURNING id, schedule_id, clinic_id, patient_id, chair_id, session_date, shift, status, pre_weight_g, post_weight_g, started_by, started_at, completed_by, completed_at, cancel_reason, created_at, updated_at;
