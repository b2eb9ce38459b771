package db

import (
	"context"
	"time"
)

const insertPickList = `
INSERT INTO pick_lists (id, order_id, bin_route) VALUES ($1, $2, $3)
`

func (q *Queries) InsertPickList(ctx context.Context, id, orderID, binRoute string) error {
	_, err := q.db.Exec(ctx, insertPickList, id, orderID, binRoute)
	return err
}

const insertPickListLine = `
INSERT INTO pick_list_lines (pick_list_id, product_id, quantity, bin) VALUES ($1, $2, $3, $4)
`

func (q *Queries) InsertPickListLine(ctx context.Context, pickListID, productID string, qty int32, bin string) error {
	_, err := q.db.Exec(ctx, insertPickListLine, pickListID, productID, qty, bin)
	return err
}

const upsertShipment = `
INSERT INTO shipments (id, order_id, courier_shipment_id, tracking_number, label_url, status)
VALUES ($1, $2, $3, $4, $5, 'label_created')
ON CONFLICT (order_id) DO UPDATE
SET courier_shipment_id = EXCLUDED.courier_shipment_id,
    tracking_number     = EXCLUDED.tracking_number,
    label_url           = EXCLUDED.label_url
RETURNING id
`

type UpsertShipmentParams struct {
	ID                string
	OrderID           string
	CourierShipmentID string
	TrackingNumber    string
	LabelURL          *string
}

func (q *Queries) UpsertShipment(ctx context.Context, arg UpsertShipmentParams) (string, error) {
	var id string
	err := q.db.QueryRow(ctx, upsertShipment, arg.ID, arg.OrderID, arg.CourierShipmentID, arg.TrackingNumber, arg.LabelURL).Scan(&id)
	return id, err
}

const shipmentColumns = `id, order_id, courier_shipment_id, tracking_number, label_url, status, last_event_at`

func scanShipment(row interface{ Scan(...any) error }) (Shipment, error) {
	var s Shipment
	err := row.Scan(&s.ID, &s.OrderID, &s.CourierShipmentID, &s.TrackingNumber, &s.LabelURL, &s.Status, &s.LastEventAt)
	return s, err
}

const getShipmentByTracking = `SELECT ` + shipmentColumns + ` FROM shipments WHERE tracking_number = $1`

func (q *Queries) GetShipmentByTracking(ctx context.Context, tracking string) (Shipment, error) {
	return scanShipment(q.db.QueryRow(ctx, getShipmentByTracking, tracking))
}

const getShipmentByOrder = `SELECT ` + shipmentColumns + ` FROM shipments WHERE order_id = $1`

func (q *Queries) GetShipmentByOrder(ctx context.Context, orderID string) (Shipment, error) {
	return scanShipment(q.db.QueryRow(ctx, getShipmentByOrder, orderID))
}

const getShipment = `SELECT ` + shipmentColumns + ` FROM shipments WHERE id = $1`

func (q *Queries) GetShipment(ctx context.Context, id string) (Shipment, error) {
	return scanShipment(q.db.QueryRow(ctx, getShipment, id))
}

const insertShipmentEvent = `
INSERT INTO shipment_events (id, shipment_id, courier_event_id, status, description, occurred_at)
VALUES ($1, $2, $3, $4, $5, $6)
`

type InsertShipmentEventParams struct {
	ID             string
	ShipmentID     string
	CourierEventID string
	Status         string
	Description    *string
	OccurredAt     time.Time
}

func (q *Queries) InsertShipmentEvent(ctx context.Context, arg InsertShipmentEventParams) error {
	_, err := q.db.Exec(ctx, insertShipmentEvent, arg.ID, arg.ShipmentID, arg.CourierEventID, arg.Status, arg.Description, arg.OccurredAt)
	return err
}

const advanceShipmentStatus = `
UPDATE shipments SET status = $2, last_event_at = $3
WHERE id = $1 AND (last_event_at IS NULL OR last_event_at < $3)
`

// AdvanceShipmentStatus only moves the shipment forward in time, so courier
// events that arrive out of order do not roll the status back.
func (q *Queries) AdvanceShipmentStatus(ctx context.Context, id, status string, at time.Time) (int64, error) {
	tag, err := q.db.Exec(ctx, advanceShipmentStatus, id, status, at)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

const insertCourierCall = `
INSERT INTO courier_call_log (id, operation, request_key, status_code, duration_ms, error)
VALUES ($1, $2, $3, $4, $5, $6)
`

type InsertCourierCallParams struct {
	ID         string
	Operation  string
	RequestKey *string
	StatusCode *int32
	DurationMs int32
	Error      *string
}

func (q *Queries) InsertCourierCall(ctx context.Context, arg InsertCourierCallParams) error {
	_, err := q.db.Exec(ctx, insertCourierCall, arg.ID, arg.Operation, arg.RequestKey, arg.StatusCode, arg.DurationMs, arg.Error)
	return err
}
