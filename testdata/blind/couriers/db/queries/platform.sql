-- name: GetIdempotencyKey :one
SELECT * FROM http_idempotency_keys WHERE scope = $1 AND key = $2;

-- name: SaveIdempotencyKey :exec
INSERT INTO http_idempotency_keys (scope, key, status_code, response_body)
VALUES ($1, $2, $3, $4)
ON CONFLICT (scope, key) DO NOTHING;

-- name: MessageProcessed :one
SELECT EXISTS (
    SELECT 1 FROM processed_messages WHERE consumer = $1 AND message_id = $2
) AS processed;

-- name: MarkMessageProcessed :exec
INSERT INTO processed_messages (consumer, message_id)
VALUES ($1, $2)
ON CONFLICT (consumer, message_id) DO NOTHING;

-- name: ClaimMessage :execrows
INSERT INTO processed_messages (consumer, message_id)
VALUES ($1, $2)
ON CONFLICT (consumer, message_id) DO NOTHING;

-- name: InsertStripeEvent :execrows
INSERT INTO stripe_events (event_id, type)
VALUES ($1, $2)
ON CONFLICT (event_id) DO NOTHING;
