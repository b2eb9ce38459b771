package queries

const (
	InsertReturn = `
INSERT INTO returns (id, merchant_id, order_id, reason, status, created_at)
VALUES ($1, $2, $3, $4, 'authorized', $5)`

	InsertReturnLine = `
INSERT INTO return_lines (return_id, sku, qty) VALUES ($1, $2, $3)`

	GetReturn = `
SELECT id, merchant_id, order_id, reason, status, return_carrier, return_tracking_number,
       return_label_url, received_at, created_at
  FROM returns WHERE id = $1`

	ListReturnLines = `
SELECT return_id, sku, qty, condition FROM return_lines WHERE return_id = $1 ORDER BY sku`

	SetReturnLabel = `
UPDATE returns
   SET return_carrier = $2, return_tracking_number = $3, return_label_url = $4, status = 'label_issued'
 WHERE id = $1`

	MarkReturnReceived = `
UPDATE returns SET status = 'received', received_at = $2
 WHERE id = $1 AND status IN ('authorized', 'label_issued', 'in_transit')`

	SetReturnLineCondition = `
UPDATE return_lines SET condition = $3 WHERE return_id = $1 AND sku = $2`
)
