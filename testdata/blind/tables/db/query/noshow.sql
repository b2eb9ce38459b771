-- name: GetNoShowCharge :one
SELECT * FROM no_show_charges WHERE booking_id = $1;

-- name: RecordNoShowCharge :execrows
INSERT INTO no_show_charges (booking_id, amount_cents, stripe_payment_intent_id, status)
VALUES ($1, $2, $3, $4)
ON CONFLICT (booking_id) DO NOTHING;
