-- name: EnsureMonthlyStatement :exec
INSERT INTO monthly_statements (period) VALUES ($1)
ON CONFLICT (period) DO NOTHING;

-- name: GetMonthlyStatement :one
SELECT * FROM monthly_statements WHERE period = $1;

-- name: SummarisePeriod :one
SELECT count(DISTINCT j.id)::integer AS movements,
       coalesce(sum(d.amount_cents), 0)::bigint AS dues_cents,
       coalesce(sum(j.gross_tonnage), 0)::bigint AS gross_tonnage
FROM pilotage_jobs j
LEFT JOIN dues_lines d ON d.job_id = j.id AND d.kind = 'pilotage'
WHERE j.status = 'completed'
  AND j.scheduled_at >= sqlc.arg(period_start)
  AND j.scheduled_at < sqlc.arg(period_end);

-- name: MarkStatementFiled :exec
UPDATE monthly_statements
SET status = 'filed', authority_ref = $2, filed_at = now()
WHERE period = $1;

-- name: InsertFilingAttempt :exec
INSERT INTO statement_filing_attempts (id, period, request_key, outcome, detail)
VALUES ($1, $2, $3, $4, $5);

-- name: ConsumedMessageExists :one
SELECT EXISTS (
    SELECT 1 FROM consumed_messages WHERE consumer = $1 AND message_key = $2
);

-- name: InsertConsumedMessage :exec
INSERT INTO consumed_messages (consumer, message_key) VALUES ($1, $2)
ON CONFLICT (consumer, message_key) DO NOTHING;

-- name: InsertOutboxEvent :exec
INSERT INTO outbox_events (id, topic, event_key, event_type, payload)
VALUES ($1, $2, $3, $4, $5);
