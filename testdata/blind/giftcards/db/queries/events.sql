-- name: IsEventProcessed :one
SELECT EXISTS (
    SELECT 1 FROM processed_events WHERE consumer = $1 AND event_id = $2
);

-- name: MarkEventProcessed :exec
INSERT INTO processed_events (consumer, event_id)
VALUES ($1, $2)
ON CONFLICT (consumer, event_id) DO NOTHING;

-- name: ClaimStripeEvent :execrows
INSERT INTO stripe_events (event_id, event_type)
VALUES ($1, $2)
ON CONFLICT (event_id) DO NOTHING;

-- name: InsertTerminalEvent :exec
INSERT INTO terminal_events (id, terminal_id, event_type, payload)
VALUES ($1, $2, $3, $4);
