-- name: InsertBooking :one
INSERT INTO bookings (
    id, trip_id, channel, customer_id, partner_id, agent_reference, hold_id,
    payment_intent_id, total_cents, currency, contact_phone
) VALUES (
    @id, @trip_id, @channel, @customer_id, @partner_id, @agent_reference, @hold_id,
    @payment_intent_id, @total_cents, @currency, @contact_phone
)
RETURNING *;

-- name: GetBooking :one
SELECT * FROM bookings WHERE id = $1;

-- name: GetBookingByHold :one
SELECT * FROM bookings WHERE hold_id = $1;

-- name: InsertTicket :one
INSERT INTO tickets (id, booking_id, trip_id, passenger_name, seat_no, fare_cents, rebooked_from)
VALUES (@id, @booking_id, @trip_id, @passenger_name, @seat_no, @fare_cents, @rebooked_from)
RETURNING *;

-- name: GetTicket :one
SELECT * FROM tickets WHERE id = $1;

-- name: ListTicketsByBooking :many
SELECT * FROM tickets WHERE booking_id = $1 ORDER BY created_at, id;

-- name: ListActiveTicketsForTrip :many
SELECT * FROM tickets WHERE trip_id = $1 AND status = 'active' ORDER BY created_at, id;

-- name: MarkTicketRefundPending :execrows
UPDATE tickets SET status = 'refund_pending'
WHERE id = @id AND status = 'active';

-- name: MarkTicketRefunded :execrows
UPDATE tickets SET status = 'refunded'
WHERE id = @id AND status = @from_status;

-- name: MarkTicketRebooked :execrows
UPDATE tickets SET status = 'rebooked'
WHERE id = @id AND status = 'active';

-- name: MoveTicketToTrip :execrows
UPDATE tickets SET trip_id = @to_trip_id, seat_no = NULL
WHERE id = @id AND trip_id = @from_trip_id AND status = 'active';

-- name: InsertTicketChange :exec
INSERT INTO ticket_changes (id, ticket_id, from_trip_id, to_trip_id, fee_cents, payment_intent_id)
VALUES (@id, @ticket_id, @from_trip_id, @to_trip_id, @fee_cents, @payment_intent_id);

-- name: InsertRefund :execrows
INSERT INTO refunds (id, ticket_id, stripe_refund_id, amount_cents, reason)
VALUES (@id, @ticket_id, @stripe_refund_id, @amount_cents, @reason)
ON CONFLICT (ticket_id) DO NOTHING;

-- name: MarkRefundSettled :execrows
UPDATE refunds SET settled_at = now()
WHERE stripe_refund_id = @stripe_refund_id AND settled_at IS NULL;

-- name: ListTicketsForReminder :many
SELECT t.id AS ticket_id, t.passenger_name, b.contact_phone, tr.departs_at, r.origin, r.destination
FROM tickets t
JOIN bookings b ON b.id = t.booking_id
JOIN trips tr ON tr.id = t.trip_id
JOIN routes r ON r.id = tr.route_id
WHERE t.status = 'active'
  AND t.reminder_sent_at IS NULL
  AND b.contact_phone IS NOT NULL
  AND tr.status = 'scheduled'
  AND tr.departs_at BETWEEN @window_start AND @window_end
ORDER BY tr.departs_at
LIMIT @max_rows;

-- name: MarkRemindersSent :exec
UPDATE tickets SET reminder_sent_at = now()
WHERE id = ANY(@ticket_ids::uuid[]);

-- name: GetCustomer :one
SELECT * FROM customers WHERE id = $1;

-- name: GetPartner :one
SELECT * FROM partners WHERE id = $1;

-- name: GetPartnerByKeyHash :one
SELECT * FROM partners WHERE api_key_hash = $1 AND active;

-- name: InsertBoardingScan :execrows
INSERT INTO boarding_scans (scan_id, device_id, ticket_id, trip_id, scanned_at, result)
VALUES (@scan_id, @device_id, @ticket_id, @trip_id, @scanned_at, @result)
ON CONFLICT (scan_id) DO NOTHING;

-- name: GetBoardingScan :one
SELECT * FROM boarding_scans WHERE scan_id = $1;

-- name: MarkTicketBoarded :execrows
UPDATE tickets SET status = 'boarded'
WHERE id = @id AND trip_id = @trip_id AND status = 'active';
