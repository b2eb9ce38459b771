-- name: GetPlan :one
SELECT * FROM plans
WHERE id = $1;

-- name: InsertMembership :one
INSERT INTO memberships (id, member_id, plan_id, status)
VALUES ($1, $2, $3, 'pending')
ON CONFLICT (member_id) WHERE status IN ('pending', 'active') DO NOTHING
RETURNING *;

-- name: GetOpenMembershipForMember :one
SELECT * FROM memberships
WHERE member_id = $1 AND status IN ('pending', 'active');

-- name: GetMembership :one
SELECT * FROM memberships
WHERE id = $1;

-- name: SetMembershipSubscription :exec
UPDATE memberships
SET stripe_subscription_id = $2
WHERE id = $1;

-- name: CancelMembership :execrows
UPDATE memberships
SET status = 'cancelled', cancelled_at = now()
WHERE id = $1 AND status <> 'cancelled';

-- name: ActivateMembershipBySubscription :one
UPDATE memberships
SET status = 'active'
WHERE stripe_subscription_id = $1
RETURNING *;

-- name: MarkMembershipPastDue :exec
UPDATE memberships
SET status = 'past_due'
WHERE stripe_subscription_id = $1 AND status = 'active';

-- name: UpsertDayPass :one
INSERT INTO day_passes (id, member_id, pass_date, amount_cents)
VALUES ($1, $2, $3, $4)
ON CONFLICT (member_id, pass_date) DO UPDATE
SET member_id = EXCLUDED.member_id
RETURNING *;

-- name: MarkDayPassPaid :exec
UPDATE day_passes
SET status = 'paid', payment_intent_id = $2
WHERE id = $1;

-- name: InsertPaymentAttempt :exec
INSERT INTO payment_attempts (id, subject_type, subject_id, provider_ref, outcome, detail)
VALUES ($1, $2, $3, $4, $5, $6);

-- name: InsertOneOffCharge :one
INSERT INTO one_off_charges (id, member_id, idempotency_key, description, amount_cents)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (idempotency_key) DO NOTHING
RETURNING *;

-- name: GetOneOffChargeByKey :one
SELECT * FROM one_off_charges
WHERE idempotency_key = $1;

-- name: SetOneOffChargeInvoiceItem :exec
UPDATE one_off_charges
SET stripe_invoice_item_id = $2
WHERE id = $1;

-- name: ListUnbilledUsage :many
SELECT * FROM usage_records
WHERE member_id = $1 AND period = $2 AND billed_at IS NULL
ORDER BY id;

-- name: MarkUsageBilled :exec
UPDATE usage_records
SET billed_at = now()
WHERE member_id = $1 AND period = $2 AND billed_at IS NULL;

-- name: InsertInvoice :exec
INSERT INTO invoices (id, member_id, period, stripe_invoice_id, amount_cents, status)
VALUES ($1, $2, $3, $4, $5, $6);

-- name: MarkInvoicePaid :one
UPDATE invoices
SET status = 'paid'
WHERE stripe_invoice_id = $1
RETURNING *;

-- name: InsertUsageSummary :exec
INSERT INTO usage_summaries (member_id, period, desk_days, room_minutes)
VALUES ($1, $2, $3, $4);

-- name: StripeWebhookEventExists :one
SELECT EXISTS (
    SELECT 1 FROM stripe_webhook_events WHERE event_id = $1
);

-- name: RecordStripeWebhookEvent :exec
INSERT INTO stripe_webhook_events (event_id, event_type)
VALUES ($1, $2);

-- name: InsertUsageRecord :exec
INSERT INTO usage_records (id, member_id, room_booking_id, period, minutes, amount_cents)
VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (room_booking_id) DO NOTHING;
