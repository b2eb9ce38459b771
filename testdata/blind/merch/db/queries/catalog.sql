-- name: InsertArtist :one
INSERT INTO artists (id, slug, display_name, stripe_account_id, revenue_share_bps, created_at)
VALUES ($1, $2, $3, $4, $5, $6)
RETURNING *;

-- name: GetArtist :one
SELECT * FROM artists WHERE id = $1;

-- name: ListArtists :many
SELECT * FROM artists ORDER BY slug;

-- name: UpdateArtistConnectStatus :execrows
UPDATE artists
SET payouts_enabled = $2, connect_synced_at = $3
WHERE stripe_account_id = $1
  AND (connect_synced_at IS NULL OR connect_synced_at < $3);

-- name: GetTour :one
SELECT * FROM tours WHERE id = $1;

-- name: InsertProduct :one
INSERT INTO products (id, tour_id, artist_id, sku, name, variant, unit_price_cents, currency, preorder_cap, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)
ON CONFLICT (sku) DO NOTHING
RETURNING *;

-- name: GetProductBySKU :one
SELECT * FROM products WHERE sku = $1;

-- name: ListProductsBySKU :many
SELECT * FROM products WHERE sku = ANY(@skus::text[]) ORDER BY sku;

-- name: ReserveStock :execrows
UPDATE products
SET reserved = reserved + @qty::integer, updated_at = now()
WHERE sku = @sku
  AND status = 'on_sale'
  AND (preorder_cap = 0 OR reserved + @qty::integer <= preorder_cap);

-- name: ReleaseReservation :exec
UPDATE products
SET reserved = GREATEST(reserved - @qty::integer, 0), updated_at = now()
WHERE sku = @sku;

-- name: SetProductStatus :execrows
UPDATE products SET status = $2, updated_at = now()
WHERE sku = $1 AND status <> $2;

-- name: AdjustStockOnHand :exec
UPDATE products SET stock_on_hand = stock_on_hand + @delta::integer, updated_at = now()
WHERE sku = @sku;

-- name: InsertStockEvent :exec
INSERT INTO stock_events (id, warehouse_event_id, sku, kind, quantity, occurred_at)
VALUES ($1, $2, $3, $4, $5, $6);
