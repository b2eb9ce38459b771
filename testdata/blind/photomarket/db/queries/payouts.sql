-- name: EnsurePayout :exec
INSERT INTO payouts (id, booking_id, photographer_id, amount_cents, currency)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (booking_id) DO NOTHING;

-- name: GetPayoutByBooking :one
SELECT * FROM payouts WHERE booking_id = $1;

-- name: SetPayoutTransfer :exec
UPDATE payouts
SET provider_transfer_id = $2, status = 'paid', updated_at = now()
WHERE id = $1;
