-- name: GetInspectionByAssignment :one
SELECT * FROM move_out_inspections WHERE assignment_id = $1;

-- name: CreateInspection :one
INSERT INTO move_out_inspections (id, assignment_id, inspector, notes, total_damage_cents)
VALUES ($1, $2, $3, $4, $5)
RETURNING *;

-- name: InsertDamageCharge :exec
INSERT INTO damage_charges (id, inspection_id, item_code, description, amount_cents)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (inspection_id, item_code) DO NOTHING;

-- name: InsertDamageCardCharge :exec
INSERT INTO damage_card_charges (id, inspection_id, amount_cents, processor_charge_id)
VALUES ($1, $2, $3, $4);

-- name: InsertRekeyOrder :exec
INSERT INTO rekey_orders (id, assignment_id, room_id, locksmith_job_id)
VALUES ($1, $2, $3, $4);

-- name: CreateDepositRefund :one
INSERT INTO deposit_refunds (id, assignment_id, student_id, amount_cents)
VALUES ($1, $2, $3, $4)
RETURNING *;

-- name: MarkRefundSubmitted :exec
UPDATE deposit_refunds
SET status = 'submitted', provider_payout_id = $2, updated_at = now()
WHERE id = $1;

-- name: MarkRefundPaid :execrows
UPDATE deposit_refunds SET status = 'paid', updated_at = now()
WHERE provider_payout_id = $1 AND status = 'submitted';

-- name: MarkRefundFailed :execrows
UPDATE deposit_refunds
SET status = 'failed', failure_reason = $2, updated_at = now()
WHERE provider_payout_id = $1 AND status = 'submitted';

-- name: MarkRefundReturned :one
UPDATE deposit_refunds
SET status = 'returned', failure_reason = $2, updated_at = now()
WHERE provider_payout_id = $1
RETURNING student_id, amount_cents;

-- name: AddStudentCredit :exec
INSERT INTO student_credits (student_id, balance_cents)
VALUES (sqlc.arg(student_id), sqlc.arg(amount_cents))
ON CONFLICT (student_id) DO UPDATE
    SET balance_cents = student_credits.balance_cents + EXCLUDED.balance_cents,
        updated_at    = now();

-- name: PayoutWebhookSeen :one
SELECT EXISTS (SELECT 1 FROM payout_webhook_events WHERE event_id = $1) AS seen;

-- name: RecordPayoutWebhook :exec
INSERT INTO payout_webhook_events (event_id, event_type)
VALUES ($1, $2);
