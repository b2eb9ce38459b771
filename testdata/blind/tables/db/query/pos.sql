-- name: InsertBookingSpend :exec
INSERT INTO booking_spend (id, booking_id, restaurant_id, pos_check_id, subtotal_cents, tip_cents, closed_at)
VALUES ($1, $2, $3, $4, $5, $6, $7);

-- name: InsertPosReservationLink :exec
INSERT INTO pos_reservation_links (pos_reservation_id, booking_id, location_id, acked_at)
VALUES ($1, $2, $3, $4);
