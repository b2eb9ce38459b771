-- name: GetShipment :one
SELECT id, order_id, status, courier_booking_id, tracking_url, attempts, ship_to_line1, ship_to_city, ship_to_postal, cold_chain, created_at, dispatched_at, delivered_at FROM shipments
WHERE id = $1;

-- name: GetShipmentForUpdate :one
SELECT id, order_id, status, courier_booking_id, tracking_url, attempts, ship_to_line1, ship_to_city, ship_to_postal, cold_chain, created_at, dispatched_at, delivered_at FROM shipments
WHERE id = $1
FOR UPDATE;

-- name: InsertCourierEvent :execrows
INSERT INTO courier_events (event_id, shipment_id, status, payload)
VALUES ($1, $2, $3, $4)
ON CONFLICT (event_id) DO NOTHING;

-- name: InsertShipment :execrows
INSERT INTO shipments (id, order_id, ship_to_line1, ship_to_city, ship_to_postal, cold_chain)
VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (order_id) DO NOTHING;

-- name: InsertShipmentBooking :exec
INSERT INTO shipment_bookings (shipment_id, client_reference, courier_booking_id, kind)
VALUES ($1, $2, $3, $4);

-- name: SetShipmentBooking :exec
UPDATE shipments
SET courier_booking_id = $2, tracking_url = $3, status = 'booked', attempts = attempts + 1, dispatched_at = now()
WHERE id = $1;

-- name: UpdateShipmentStatus :one
UPDATE shipments
SET status = $2,
    delivered_at = CASE WHEN $2 = 'delivered' THEN now() ELSE delivered_at END
WHERE id = $1
RETURNING id, order_id, status, courier_booking_id, tracking_url, attempts, ship_to_line1, ship_to_city, ship_to_postal, cold_chain, created_at, dispatched_at, delivered_at;
