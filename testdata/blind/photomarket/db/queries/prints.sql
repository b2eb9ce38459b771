-- name: CreatePrintOrder :one
INSERT INTO print_orders (
    id, client_id, gallery_id, subtotal_cents, shipping_cents, currency,
    ship_name, ship_line1, ship_line2, ship_city, ship_postcode, ship_country
) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
RETURNING *;

-- name: InsertPrintOrderItem :exec
INSERT INTO print_order_items (id, print_order_id, photo_id, product_sku, quantity, unit_cents)
VALUES ($1, $2, $3, $4, $5, $6);

-- name: GetPrintOrder :one
SELECT * FROM print_orders WHERE id = $1;

-- name: GetPrintOrderByLabID :one
SELECT * FROM print_orders WHERE lab_order_id = $1;

-- name: ListPrintOrderItems :many
SELECT * FROM print_order_items WHERE print_order_id = $1 ORDER BY id;

-- name: MarkPrintOrderPaid :execrows
UPDATE print_orders SET status = 'paid', updated_at = now()
WHERE id = $1 AND status = 'awaiting_payment';

-- name: MarkPrintOrderAwaitingPayment :execrows
UPDATE print_orders SET status = 'awaiting_payment', updated_at = now()
WHERE id = $1 AND status IN ('draft', 'awaiting_payment');

-- name: SetPrintOrderStatus :exec
UPDATE print_orders SET status = $2, updated_at = now() WHERE id = $1;

-- name: SetPrintOrderLabID :exec
UPDATE print_orders SET lab_order_id = $2, status = 'submitted', updated_at = now()
WHERE id = $1;

-- name: EnsureLabSubmission :exec
INSERT INTO lab_submissions (id, print_order_id)
VALUES ($1, $2)
ON CONFLICT (print_order_id) DO NOTHING;

-- name: GetLabSubmission :one
SELECT * FROM lab_submissions WHERE print_order_id = $1;

-- name: MarkLabSubmitted :exec
UPDATE lab_submissions
SET lab_order_id = $2, status = 'submitted', attempts = attempts + 1, updated_at = now()
WHERE id = $1;

-- name: LabEventExists :one
SELECT EXISTS (SELECT 1 FROM lab_events WHERE event_id = $1);

-- name: RecordLabEvent :exec
INSERT INTO lab_events (event_id, lab_order_id, event_type)
VALUES ($1, $2, $3)
ON CONFLICT (event_id) DO NOTHING;

-- name: InsertStoreCredit :exec
INSERT INTO store_credits (id, client_id, print_order_id, amount_cents, currency, reason)
VALUES ($1, $2, $3, $4, $5, $6);

-- name: EnsureReprintRequest :exec
INSERT INTO reprint_requests (id, print_order_id, reason)
VALUES ($1, $2, $3)
ON CONFLICT (print_order_id) DO NOTHING;

-- name: GetReprintRequest :one
SELECT * FROM reprint_requests WHERE print_order_id = $1;

-- name: SetReprintLabID :exec
UPDATE reprint_requests SET lab_reprint_id = $2, status = 'submitted'
WHERE id = $1;

-- name: IncrementReprintCount :exec
UPDATE print_orders SET reprint_count = reprint_count + 1, updated_at = now()
WHERE id = $1;
