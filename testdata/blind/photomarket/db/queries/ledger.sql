-- name: InsertLedgerEntry :exec
INSERT INTO ledger_entries (id, booking_id, photographer_id, account, amount_cents, currency, memo, source_ref)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8);

-- name: SumLedgerByAccount :many
SELECT account, currency, COALESCE(SUM(amount_cents), 0)::bigint AS total_cents
FROM ledger_entries
WHERE photographer_id = $1 AND created_at >= $2 AND created_at < $3
GROUP BY account, currency;

-- name: InsertProcessedMessage :execrows
INSERT INTO processed_messages (handler, message_id)
VALUES ($1, $2)
ON CONFLICT (handler, message_id) DO NOTHING;

-- name: InsertStatement :exec
INSERT INTO statements (id, photographer_id, period_start, period_end, gross_cents, fees_cents, net_cents, currency)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8);
