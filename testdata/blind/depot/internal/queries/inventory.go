package queries

const (
	GetInventoryLevel = `
SELECT merchant_id, sku, on_hand, reserved, updated_at
  FROM inventory_levels
 WHERE merchant_id = $1 AND sku = $2`

	GetInventoryLevelForUpdate = GetInventoryLevel + `
   FOR UPDATE`

	ListInventoryLevels = `
SELECT merchant_id, sku, on_hand, reserved, updated_at
  FROM inventory_levels
 WHERE merchant_id = $1
 ORDER BY sku`

	AddOnHand = `
INSERT INTO inventory_levels (merchant_id, sku, on_hand, reserved, updated_at)
VALUES ($1, $2, $3, 0, now())
ON CONFLICT (merchant_id, sku)
DO UPDATE SET on_hand = inventory_levels.on_hand + EXCLUDED.on_hand,
              updated_at = now()`

	AddReserved = `
UPDATE inventory_levels
   SET reserved = reserved + $3, updated_at = now()
 WHERE merchant_id = $1 AND sku = $2
   AND on_hand - reserved >= $3`

	ReleaseReserved = `
UPDATE inventory_levels
   SET reserved = GREATEST(reserved - $3, 0), updated_at = now()
 WHERE merchant_id = $1 AND sku = $2`

	ShipReserved = `
UPDATE inventory_levels
   SET on_hand = on_hand - $3,
       reserved = GREATEST(reserved - $3, 0),
       updated_at = now()
 WHERE merchant_id = $1 AND sku = $2`

	InsertStockMovement = `
INSERT INTO stock_movements (id, merchant_id, sku, delta, reason, reference, created_at)
VALUES (:id, :merchant_id, :sku, :delta, :reason, :reference, :created_at)`

	InsertStockAdjustment = `
INSERT INTO stock_adjustments (id, merchant_id, sku, delta, reason, note, created_by, created_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`

	// Storage volume per merchant, used by the monthly storage bill.
	MerchantStoredVolume = `
SELECT COALESCE(SUM(l.on_hand * s.volume_cbm), 0)::float8
  FROM inventory_levels l
  JOIN skus s ON s.merchant_id = l.merchant_id AND s.sku = l.sku
 WHERE l.merchant_id = $1`
)
