-- name: ClaimIdempotencyKey :execrows
INSERT INTO idempotency_keys (scope, key, request_hash)
VALUES ($1, $2, $3)
ON CONFLICT (scope, key) DO NOTHING;

-- name: CreditBalance :exec
INSERT INTO driver_balances (driver_id, currency, available_cents, updated_at)
VALUES ($1, $2, $3, now())
ON CONFLICT (driver_id) DO UPDATE
SET available_cents = driver_balances.available_cents + EXCLUDED.available_cents,
    updated_at = now();

-- name: DebitBalance :exec
UPDATE driver_balances
SET available_cents = available_cents - $2, updated_at = now()
WHERE driver_id = $1;

-- name: GetDriverBalance :one
SELECT driver_id, currency, available_cents, held_cents, updated_at FROM driver_balances
WHERE driver_id = $1;

-- name: GetIdempotencyKey :one
SELECT scope, key, request_hash, response_code, response_body, created_at FROM idempotency_keys
WHERE scope = $1 AND key = $2;

-- name: HoldBalance :execrows
UPDATE driver_balances
SET available_cents = available_cents - $2, held_cents = held_cents + $2, updated_at = now()
WHERE driver_id = $1 AND available_cents >= $2;

-- name: InsertAdjustment :exec
INSERT INTO adjustments (id, driver_id, amount_cents, currency, reason, ticket_ref, created_by)
VALUES ($1, $2, $3, $4, $5, $6, $7);

-- name: InsertDriverStatement :execrows
INSERT INTO driver_statements (driver_id, period, total_cents, currency, entry_count)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (driver_id, period) DO NOTHING;

-- name: InsertLedgerEntry :execrows
INSERT INTO ledger_entries (id, driver_id, kind, amount_cents, currency, source_type, source_ref, memo)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
ON CONFLICT (id) DO NOTHING;

-- name: InsertWeeklySummary :execrows
INSERT INTO weekly_summaries (driver_id, week, total_cents)
VALUES ($1, $2, $3)
ON CONFLICT (driver_id, week) DO NOTHING;

-- name: ListWeeklySummaryCandidates :many
SELECT e.driver_id, SUM(e.amount_cents)::bigint AS total_cents, COUNT(*)::int AS entry_count
FROM ledger_entries e
LEFT JOIN weekly_summaries s ON s.driver_id = e.driver_id AND s.week = $3
WHERE e.created_at >= $1 AND e.created_at < $2
  AND e.kind IN ('trip_earning', 'tip', 'toll', 'incentive')
  AND s.driver_id IS NULL
GROUP BY e.driver_id;

-- name: ReleaseHold :exec
UPDATE driver_balances
SET held_cents = held_cents - $2, updated_at = now()
WHERE driver_id = $1;

-- name: SaveIdempotencyResponse :exec
INSERT INTO idempotency_keys (scope, key, request_hash, response_code, response_body)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (scope, key) DO UPDATE
SET response_code = EXCLUDED.response_code, response_body = EXCLUDED.response_body;

-- name: SumEarningsByDriverForDay :many
SELECT driver_id, SUM(amount_cents)::bigint AS total_cents, COUNT(*) FILTER (WHERE kind = 'trip_earning')::int AS trip_count
FROM ledger_entries
WHERE created_at >= $1 AND created_at < $1 + interval '1 day'
  AND kind IN ('trip_earning', 'tip', 'toll', 'incentive', 'adjustment')
GROUP BY driver_id;

-- name: SumLedgerByDriverForPeriod :many
SELECT driver_id, currency, SUM(amount_cents)::bigint AS total_cents, COUNT(*)::int AS entry_count
FROM ledger_entries
WHERE created_at >= $1 AND created_at < $2
GROUP BY driver_id, currency;

-- name: UpsertDailyClose :exec
INSERT INTO daily_earnings_close (driver_id, day, total_cents, trip_count)
VALUES ($1, $2, $3, $4)
ON CONFLICT (driver_id, day) DO UPDATE
SET total_cents = EXCLUDED.total_cents, trip_count = EXCLUDED.trip_count, closed_at = now();
