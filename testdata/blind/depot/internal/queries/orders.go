package queries

const (
	InsertOrder = `
INSERT INTO orders (id, merchant_id, external_ref, channel, status, ship_to, service_level, created_at, updated_at)
VALUES ($1, $2, $3, $4, 'accepted', $5, $6, $7, $7)`

	InsertOrderLine = `
INSERT INTO order_lines (order_id, line_no, sku, qty) VALUES ($1, $2, $3, $4)`

	GetOrder = `
SELECT id, merchant_id, external_ref, channel, status, ship_to, service_level, created_at, updated_at
  FROM orders WHERE id = $1`

	GetOrderForUpdate = GetOrder + ` FOR UPDATE`

	ListOrderLines = `
SELECT order_id, line_no, sku, qty FROM order_lines WHERE order_id = $1 ORDER BY line_no`

	TransitionOrder = `
UPDATE orders SET status = $3, updated_at = now()
 WHERE id = $1 AND status = ANY($2)`

	InsertReservation = `
INSERT INTO reservations (order_id, sku, merchant_id, qty, status, expires_at)
VALUES ($1, $2, $3, $4, 'held', $5)
ON CONFLICT (order_id, sku) DO NOTHING`

	ListHeldReservations = `
SELECT order_id, sku, merchant_id, qty, status, expires_at
  FROM reservations WHERE order_id = $1 AND status = 'held'`

	ReleaseOrderReservations = `
UPDATE reservations SET status = 'released'
 WHERE order_id = $1 AND status = 'held'
RETURNING order_id, sku, merchant_id, qty, status, expires_at`

	ExpireReservations = `
UPDATE reservations SET status = 'expired'
 WHERE status = 'held' AND expires_at < $1
   AND order_id IN (SELECT id FROM orders WHERE status IN ('accepted', 'reserved', 'backordered'))
RETURNING order_id, sku, merchant_id, qty, status, expires_at`

	InsertPickTask = `
INSERT INTO pick_tasks (id, order_id, sku, location, qty)
VALUES ($1, $2, $3, $4, $5)`

	ConfirmPickTask = `
UPDATE pick_tasks
   SET status = 'picked', picked_qty = $2, picker_id = $3, picked_at = $4
 WHERE id = $1 AND status = 'open'
RETURNING order_id`

	GetPickTask = `
SELECT id, order_id, sku, location, qty, picked_qty, picker_id, status, picked_at
  FROM pick_tasks WHERE id = $1`

	CountOpenPickTasks = `
SELECT count(*) FROM pick_tasks WHERE order_id = $1 AND status = 'open'`

	InsertPackage = `
INSERT INTO packages (order_id, seq, box_code, weight_g, length_mm, width_mm, height_mm, packed_by, packed_at)
VALUES (:order_id, :seq, :box_code, :weight_g, :length_mm, :width_mm, :height_mm, :packed_by, :packed_at)
ON CONFLICT (order_id, seq) DO NOTHING`

	ListPackages = `
SELECT order_id, seq, box_code, weight_g, length_mm, width_mm, height_mm, packed_by, packed_at
  FROM packages WHERE order_id = $1 ORDER BY seq`

	GetPackage = `
SELECT order_id, seq, box_code, weight_g, length_mm, width_mm, height_mm, packed_by, packed_at
  FROM packages WHERE order_id = $1 AND seq = $2`
)
