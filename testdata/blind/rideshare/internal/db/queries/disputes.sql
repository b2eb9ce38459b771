-- name: ClaimNotification :execrows
INSERT INTO notifications (dedup_key, driver_id, category)
VALUES ($1, $2, $3)
ON CONFLICT (dedup_key) DO NOTHING;

-- name: GetDisputeByPspRef :one
SELECT id, psp_reference, fare_id, trip_id, driver_id, amount_cents, currency, reason_code, status, resolved_at, created_at FROM disputes
WHERE psp_reference = $1;

-- name: InsertDispute :exec
INSERT INTO disputes (id, psp_reference, fare_id, trip_id, driver_id, amount_cents, currency, reason_code)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8);

-- name: InsertWebhookEvent :execrows
INSERT INTO webhook_events (provider, event_id)
VALUES ($1, $2)
ON CONFLICT (provider, event_id) DO NOTHING;

-- name: ResolveDispute :execrows
UPDATE disputes
SET status = $2, resolved_at = now()
WHERE psp_reference = $1 AND status = 'open';
