package queries

const (
	ClaimLabelRequest = `
INSERT INTO label_requests (id, order_id, package_seq, carrier, service_level, status)
VALUES ($1, $2, $3, $4, $5, 'pending')
ON CONFLICT (order_id, package_seq) DO NOTHING`

	GetLabelRequest = `
SELECT id, order_id, package_seq, carrier, service_level, status, tracking_number,
       label_url, cost_cents, attempts, created_at, updated_at
  FROM label_requests WHERE order_id = $1 AND package_seq = $2`

	BumpLabelRequestAttempt = `
UPDATE label_requests SET attempts = attempts + 1, updated_at = now()
 WHERE order_id = $1 AND package_seq = $2`

	CompleteLabelRequest = `
UPDATE label_requests
   SET status = 'purchased', tracking_number = $2, label_url = $3, cost_cents = $4, updated_at = now()
 WHERE id = $1 AND status = 'pending'`

	InsertLabel = `
INSERT INTO labels (id, order_id, package_seq, carrier, tracking_number, label_url, cost_cents, created_at)
VALUES (:id, :order_id, :package_seq, :carrier, :tracking_number, :label_url, :cost_cents, :created_at)`

	InsertShipment = `
INSERT INTO shipments (id, order_id, merchant_id, carrier, tracking_number, consignee_phone, status, updated_at)
VALUES (:id, :order_id, :merchant_id, :carrier, :tracking_number, :consignee_phone, 'label_created', now())
ON CONFLICT (tracking_number) DO NOTHING`

	GetShipmentByTracking = `
SELECT id, order_id, merchant_id, carrier, tracking_number, consignee_phone, status,
       dispatched_at, delivered_at, updated_at
  FROM shipments WHERE tracking_number = $1`

	MarkShipmentDispatched = `
UPDATE shipments SET status = 'dispatched', dispatched_at = COALESCE(dispatched_at, $2), updated_at = now()
 WHERE id = $1 AND status IN ('label_created', 'dispatched')`

	MarkShipmentDelivered = `
UPDATE shipments SET status = 'delivered', delivered_at = $2, updated_at = now()
 WHERE id = $1 AND status <> 'delivered'`

	SetShipmentStatus = `
UPDATE shipments SET status = $2, updated_at = now()
 WHERE id = $1 AND status NOT IN ('delivered', 'returned')`

	InsertTrackingEvent = `
INSERT INTO tracking_events (id, shipment_id, carrier_event_id, code, description, location, occurred_at)
VALUES ($1, $2, $3, $4, $5, $6, $7)`

	HasConsigneeNotification = `
SELECT EXISTS (SELECT 1 FROM consignee_notifications WHERE shipment_id = $1 AND kind = $2)`

	InsertConsigneeNotification = `
INSERT INTO consignee_notifications (id, shipment_id, kind, channel, provider_id, sent_at)
VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (shipment_id, kind) DO NOTHING`

	InsertPickup = `
INSERT INTO pickups (id, carrier, dock, pickup_date, window_start, window_end, pallets, confirmation)
VALUES (:id, :carrier, :dock, :pickup_date, :window_start, :window_end, :pallets, :confirmation)
ON CONFLICT (carrier, dock, pickup_date) DO NOTHING`

	GetPickup = `
SELECT id, carrier, dock, pickup_date, window_start, window_end, pallets, confirmation, created_at
  FROM pickups WHERE carrier = $1 AND dock = $2 AND pickup_date = $3`
)
