-- name: GetStudent :one
SELECT * FROM students WHERE id = $1;

-- name: GetRoom :one
SELECT * FROM rooms WHERE id = $1;

-- name: GetBed :one
SELECT * FROM beds WHERE id = $1;

-- name: ClaimBed :execrows
UPDATE beds SET status = 'occupied'
WHERE id = $1 AND status = 'available';

-- name: ReleaseBed :exec
UPDATE beds SET status = 'available' WHERE id = $1;

-- name: SetRoomRekeyPending :exec
UPDATE rooms SET rekey_pending = true WHERE id = $1;

-- name: UpsertApplication :one
INSERT INTO housing_applications (id, student_id, term_code, preferences, deposit_cents)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (student_id, term_code) DO UPDATE
    SET preferences = EXCLUDED.preferences,
        updated_at  = now()
RETURNING *;

-- name: GetApplication :one
SELECT * FROM housing_applications WHERE id = $1;

-- name: MarkDepositPaid :execrows
UPDATE housing_applications
SET deposit_status = 'paid', deposit_charge_id = $2, updated_at = now()
WHERE id = $1 AND deposit_status = 'pending';

-- name: MarkApplicationAssigned :execrows
UPDATE housing_applications
SET status = 'assigned', updated_at = now()
WHERE id = $1 AND status = 'submitted';

-- name: InsertAssignment :execrows
INSERT INTO room_assignments (
    id, application_id, student_id, bed_id, term_code,
    deposit_held_cents, move_in_date, term_ends_on
) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
ON CONFLICT (application_id) DO NOTHING;

-- name: GetAssignment :one
SELECT * FROM room_assignments WHERE id = $1;

-- name: GetAssignmentByApplication :one
SELECT * FROM room_assignments WHERE application_id = $1;

-- name: MarkAssignmentInspected :exec
UPDATE room_assignments
SET status = 'inspected', deposit_held_cents = $2, updated_at = now()
WHERE id = $1;

-- name: ListAssignmentsToClose :many
SELECT * FROM room_assignments
WHERE status = 'inspected' AND term_ends_on < $1
ORDER BY term_ends_on
LIMIT $2;

-- name: EndAssignment :exec
UPDATE room_assignments SET status = 'ended', updated_at = now()
WHERE id = $1;

-- name: ListRefundsAwaitingBankDetails :many
SELECT ra.id AS assignment_id, s.id AS student_id, s.email, s.full_name, ra.deposit_held_cents
FROM room_assignments ra
JOIN students s ON s.id = ra.student_id
LEFT JOIN deposit_refunds dr ON dr.assignment_id = ra.id
WHERE ra.status IN ('inspected', 'ended')
  AND s.payout_account_id IS NULL
  AND dr.id IS NULL
  AND ra.deposit_held_cents > 0
ORDER BY ra.id;
