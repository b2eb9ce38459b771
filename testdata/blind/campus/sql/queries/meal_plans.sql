-- name: GetMealPlanAccount :one
SELECT * FROM meal_plan_accounts WHERE student_id = $1;

-- name: InsertTopUp :exec
INSERT INTO meal_plan_topups (id, student_id, amount_cents, processor_charge_id)
VALUES ($1, $2, $3, $4);

-- name: CreditMealPlan :exec
UPDATE meal_plan_accounts
SET balance_cents = balance_cents + sqlc.arg(amount_cents), updated_at = now()
WHERE student_id = sqlc.arg(student_id);

-- name: DebitMealPlan :exec
UPDATE meal_plan_accounts
SET balance_cents = balance_cents - sqlc.arg(amount_cents), updated_at = now()
WHERE student_id = sqlc.arg(student_id);

-- name: GetTopUpByChargeID :one
SELECT * FROM meal_plan_topups WHERE processor_charge_id = $1;

-- name: MarkTopUpRefunded :execrows
UPDATE meal_plan_topups SET status = 'refunded'
WHERE processor_charge_id = $1 AND status = 'succeeded';

-- name: FreezeMealPlan :exec
UPDATE meal_plan_accounts SET frozen = true, updated_at = now()
WHERE student_id = $1;

-- name: GetIdempotentResponse :one
SELECT * FROM api_idempotency_keys WHERE scope = $1 AND idem_key = $2;

-- name: SaveIdempotentResponse :exec
INSERT INTO api_idempotency_keys (scope, idem_key, response_status, response_body)
VALUES ($1, $2, $3, $4)
ON CONFLICT (scope, idem_key) DO NOTHING;

-- name: ClaimCardWebhookEvent :execrows
INSERT INTO card_webhook_events (event_id, event_type)
VALUES ($1, $2)
ON CONFLICT (event_id) DO NOTHING;

-- name: InsertChargeback :exec
INSERT INTO chargebacks (processor_dispute_id, processor_charge_id, student_id, amount_cents, reason)
VALUES ($1, $2, $3, $4, $5);
