-- name: InsertSlot :execrows
INSERT INTO slots (id, restaurant_id, table_id, starts_at, duration_minutes, party_max)
VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (restaurant_id, table_id, starts_at) DO NOTHING;

-- name: GetSlot :one
SELECT id, restaurant_id, table_id, starts_at, duration_minutes, party_max, created_at
FROM slots
WHERE id = $1;

-- name: GetSlotForUpdate :one
SELECT id, restaurant_id, table_id, starts_at, duration_minutes, party_max, created_at
FROM slots
WHERE id = $1
FOR UPDATE;
