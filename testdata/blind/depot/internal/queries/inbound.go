package queries

const (
	InsertASN = `
INSERT INTO asns (id, merchant_id, reference, carrier, expected_at, status, created_at)
VALUES ($1, $2, $3, $4, $5, 'expected', $6)
ON CONFLICT (merchant_id, reference) DO NOTHING
RETURNING id`

	InsertASNLine = `
INSERT INTO asn_lines (id, asn_id, sku, expected_qty)
VALUES ($1, $2, $3, $4)`

	GetASN = `
SELECT id, merchant_id, reference, carrier, expected_at, status, created_at
  FROM asns WHERE id = $1`

	GetASNByReference = `
SELECT id, merchant_id, reference, carrier, expected_at, status, created_at
  FROM asns WHERE merchant_id = $1 AND reference = $2`

	ListASNLines = `
SELECT id, asn_id, sku, expected_qty, received_qty
  FROM asn_lines WHERE asn_id = $1 ORDER BY sku`

	GetASNLine = `
SELECT id, asn_id, sku, expected_qty, received_qty
  FROM asn_lines WHERE id = $1`

	InsertReceipt = `
INSERT INTO asn_receipts (id, asn_line_id, scan_id, qty, received_by, received_at)
VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (asn_line_id, scan_id) DO NOTHING`

	AddLineReceived = `
UPDATE asn_lines SET received_qty = received_qty + $2 WHERE id = $1`

	MarkASNReceiving = `
UPDATE asns SET status = 'receiving'
 WHERE id = $1 AND status = 'expected'`

	InsertReceivingSession = `
INSERT INTO receiving_sessions (id, asn_id, dock, scanner_id, trailer, started_at)
VALUES (:id, :asn_id, :dock, :scanner_id, :trailer, :started_at)`
)
