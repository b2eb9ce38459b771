-- name: InsertOutboxEvent :exec
INSERT INTO outbox_events (id, topic, partition_key, event_type, payload)
VALUES (@id, @topic, @partition_key, @event_type, @payload);

-- name: LockUnpublishedOutbox :many
SELECT * FROM outbox_events
WHERE published_at IS NULL
ORDER BY created_at
LIMIT @max_rows
FOR UPDATE SKIP LOCKED;

-- name: MarkOutboxPublished :exec
UPDATE outbox_events SET published_at = now()
WHERE id = ANY(@ids::uuid[]);

-- name: IsMessageProcessed :one
SELECT EXISTS (
    SELECT 1 FROM processed_messages WHERE consumer = @consumer AND message_id = @message_id
) AS processed;

-- name: ClaimMessage :execrows
INSERT INTO processed_messages (consumer, message_id)
VALUES (@consumer, @message_id)
ON CONFLICT (consumer, message_id) DO NOTHING;

-- name: InsertStripeEvent :exec
INSERT INTO stripe_events (event_id, event_type) VALUES (@event_id, @event_type);

-- name: GetIdempotencyRecord :one
SELECT * FROM idempotency_keys WHERE scope = @scope AND key = @key;

-- name: SaveIdempotencyRecord :exec
INSERT INTO idempotency_keys (scope, key, status_code, response_body)
VALUES (@scope, @key, @status_code, @response_body)
ON CONFLICT (scope, key) DO NOTHING;

-- name: ApplyAvailabilityDelta :exec
INSERT INTO trip_availability (trip_id, seats_held, seats_sold, updated_at)
VALUES (@trip_id, @held_delta::int, @sold_delta::int, now())
ON CONFLICT (trip_id) DO UPDATE
SET seats_held = trip_availability.seats_held + EXCLUDED.seats_held,
    seats_sold = trip_availability.seats_sold + EXCLUDED.seats_sold,
    updated_at = now();

-- name: InsertCommissionEntry :exec
INSERT INTO commission_entries (id, partner_id, booking_id, kind, amount_cents)
VALUES (@id, @partner_id, @booking_id, @kind, @amount_cents);

-- name: InsertLoyaltyEntry :exec
INSERT INTO loyalty_ledger (id, customer_id, booking_id, points, reason)
VALUES (@id, @customer_id, @booking_id, @points, @reason);

-- name: InsertNotification :exec
INSERT INTO notification_log (id, booking_id, ticket_id, channel, template, provider_message_id)
VALUES (@id, @booking_id, @ticket_id, @channel, @template, @provider_message_id);
