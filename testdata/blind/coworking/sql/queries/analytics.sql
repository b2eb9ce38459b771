-- name: InsertBookingFact :exec
INSERT INTO analytics_booking_facts (id, booking_id, room_id, member_id, starts_at, minutes, status)
VALUES ($1, $2, $3, $4, $5, $6, $7);

-- name: UpdateBookingFactStatus :exec
UPDATE analytics_booking_facts
SET status = $2
WHERE booking_id = $1;

-- name: BumpRoomDailyCancellations :exec
INSERT INTO analytics_room_daily (room_id, day, cancellations, cancelled_minutes)
VALUES ($1, $2, 1, $3)
ON CONFLICT (room_id, day) DO UPDATE
SET cancellations = analytics_room_daily.cancellations + 1,
    cancelled_minutes = analytics_room_daily.cancelled_minutes + EXCLUDED.cancelled_minutes;

-- name: AnalyticsMessageProcessed :one
SELECT EXISTS (
    SELECT 1 FROM analytics_processed_messages WHERE msg_id = $1
);

-- name: MarkAnalyticsMessageProcessed :exec
INSERT INTO analytics_processed_messages (msg_id, consumer)
VALUES ($1, $2)
ON CONFLICT (msg_id) DO NOTHING;

-- name: InsertCheckin :execrows
INSERT INTO analytics_checkins (event_id, member_id, door, occurred_at)
VALUES ($1, $2, $3, $4)
ON CONFLICT (event_id) DO NOTHING;
