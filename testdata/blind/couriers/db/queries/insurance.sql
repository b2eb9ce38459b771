-- name: InsertEnrollment :exec
INSERT INTO insurance_enrollments (id, courier_id, plan_code, weekly_premium_cents)
VALUES ($1, $2, $3, $4)
ON CONFLICT (courier_id) DO NOTHING;

-- name: GetEnrollmentByCourier :one
SELECT * FROM insurance_enrollments WHERE courier_id = $1;

-- name: ActivateEnrollment :exec
UPDATE insurance_enrollments
SET status = 'active', insurer_member_id = $2, enrolled_at = $3, updated_at = now()
WHERE id = $1;

-- name: InsertPremiumWithholding :execrows
INSERT INTO premium_withholdings (payout_id, courier_id, plan_code, amount_cents, withheld_on)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (payout_id, plan_code) DO NOTHING;

-- name: SummarizeWithholdings :many
SELECT plan_code,
       COUNT(DISTINCT courier_id)::int AS member_count,
       COALESCE(SUM(amount_cents), 0)::bigint AS total_cents
FROM premium_withholdings
WHERE withheld_on >= sqlc.arg(month_start)::date
  AND withheld_on <  sqlc.arg(month_end)::date
GROUP BY plan_code
ORDER BY plan_code;

-- name: InsertRemittance :one
INSERT INTO premium_remittances (id, period_month, plan_code, member_count, total_cents)
VALUES ($1, $2, $3, $4, $5)
RETURNING *;

-- name: GetRemittance :one
SELECT * FROM premium_remittances WHERE id = $1;

-- name: ListPendingRemittances :many
SELECT * FROM premium_remittances
WHERE status = 'pending'
ORDER BY period_month, plan_code
LIMIT $1;

-- name: MarkRemittanceSubmitted :exec
UPDATE premium_remittances
SET status = 'submitted', insurer_remittance_id = $2, submitted_at = $3
WHERE id = $1;

-- name: MarkRemittanceSettled :execrows
UPDATE premium_remittances
SET status = 'settled', settled_at = $2
WHERE insurer_remittance_id = $1 AND status = 'submitted';

-- name: MarkRemittanceRejected :execrows
UPDATE premium_remittances
SET status = 'rejected'
WHERE insurer_remittance_id = $1 AND status = 'submitted';
