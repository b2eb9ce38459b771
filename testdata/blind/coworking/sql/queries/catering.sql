-- name: InsertCateringOrder :exec
INSERT INTO catering_orders (id, room_booking_id, caterer_order_ref, headcount, status)
VALUES ($1, $2, $3, $4, 'placed')
ON CONFLICT (room_booking_id) DO NOTHING;

-- name: GetCateringOrderByBooking :one
SELECT * FROM catering_orders
WHERE room_booking_id = $1;

-- name: MarkCateringOrderCancelled :exec
UPDATE catering_orders
SET status = 'cancelled'
WHERE room_booking_id = $1;
