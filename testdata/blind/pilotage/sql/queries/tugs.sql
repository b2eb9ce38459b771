-- name: CreateTugOrder :one
INSERT INTO tug_orders (id, job_id, tugs_required, bollard_pull_t)
VALUES ($1, $2, $3, $4)
ON CONFLICT (job_id) DO NOTHING
RETURNING *;

-- name: GetTugOrderByJob :one
SELECT * FROM tug_orders WHERE job_id = $1;

-- name: CancelTugOrder :execrows
UPDATE tug_orders
SET status = 'cancelled', updated_at = now()
WHERE job_id = $1 AND status <> 'cancelled';

-- name: InsertTugConfirmation :exec
INSERT INTO tug_confirmations (confirmation_id, tug_order_id, tug_names, confirmed_at)
VALUES ($1, $2, $3, $4);

-- name: ConfirmTugOrder :execrows
UPDATE tug_orders
SET status = 'confirmed', updated_at = now()
WHERE id = $1 AND status = 'ordered';
