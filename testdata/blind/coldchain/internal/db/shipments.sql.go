package db

import (
	"context"
	"encoding/json"
	"time"

	"github.com/google/uuid"
)

const createShipment = `-- name: CreateShipment :one
INSERT INTO shipments (
    id, shipper_id, shipper_reference, origin, destination, commodity,
    temp_min_c, temp_max_c, pickup_at, cross_border, price_cents, currency
) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
RETURNING ` + ShipmentColumns

type CreateShipmentParams struct {
	ID               string
	ShipperID        string
	ShipperReference string
	Origin           string
	Destination      string
	Commodity        string
	TempMinC         float64
	TempMaxC         float64
	PickupAt         time.Time
	CrossBorder      bool
	PriceCents       int64
	Currency         string
}

func (q *Queries) CreateShipment(ctx context.Context, arg CreateShipmentParams) (Shipment, error) {
	row := q.db.QueryRow(ctx, createShipment,
		arg.ID, arg.ShipperID, arg.ShipperReference, arg.Origin, arg.Destination, arg.Commodity,
		arg.TempMinC, arg.TempMaxC, arg.PickupAt, arg.CrossBorder, arg.PriceCents, arg.Currency)
	return ScanShipment(row)
}

const setShipmentStatus = `-- name: SetShipmentStatus :exec
UPDATE shipments SET status = $2, updated_at = now() WHERE id = $1`

func (q *Queries) SetShipmentStatus(ctx context.Context, id, status string) error {
	_, err := q.db.Exec(ctx, setShipmentStatus, id, status)
	return err
}

const incrementDoorOpenCount = `-- name: IncrementDoorOpenCount :exec
UPDATE shipments SET door_open_count = door_open_count + 1, updated_at = now() WHERE id = $1`

func (q *Queries) IncrementDoorOpenCount(ctx context.Context, id string) error {
	_, err := q.db.Exec(ctx, incrementDoorOpenCount, id)
	return err
}

const upsertSensorDevice = `-- name: UpsertSensorDevice :exec
INSERT INTO sensor_devices (device_id, shipment_id)
VALUES ($1, $2)
ON CONFLICT (device_id) DO UPDATE
    SET shipment_id = EXCLUDED.shipment_id, attached_at = now()`

func (q *Queries) UpsertSensorDevice(ctx context.Context, deviceID, shipmentID string) error {
	_, err := q.db.Exec(ctx, upsertSensorDevice, deviceID, shipmentID)
	return err
}

const getShipmentForDevice = `-- name: GetShipmentForDevice :one
SELECT s.id, s.shipper_id, s.shipper_reference, s.origin, s.destination, s.commodity,
    s.temp_min_c, s.temp_max_c, s.pickup_at, s.cross_border, s.status, s.door_open_count,
    s.price_cents, s.currency, s.driver_id, s.invoice_id, s.created_at, s.updated_at
FROM sensor_devices d
JOIN shipments s ON s.id = d.shipment_id
WHERE d.device_id = $1`

func (q *Queries) GetShipmentForDevice(ctx context.Context, deviceID string) (Shipment, error) {
	return ScanShipment(q.db.QueryRow(ctx, getShipmentForDevice, deviceID))
}

const getShipperForShipment = `-- name: GetShipperForShipment :one
SELECT sh.id, sh.name, sh.billing_email, sh.ops_phone, sh.dispatcher_phone, sh.stripe_customer_id,
    sh.autopay_enabled, sh.default_payment_method, sh.created_at
FROM shipments s
JOIN shippers sh ON sh.id = s.shipper_id
WHERE s.id = $1`

func (q *Queries) GetShipperForShipment(ctx context.Context, shipmentID string) (Shipper, error) {
	return ScanShipper(q.db.QueryRow(ctx, getShipperForShipment, shipmentID))
}

const setShipperStripeCustomer = `-- name: SetShipperStripeCustomer :exec
UPDATE shippers SET stripe_customer_id = $2 WHERE id = $1`

func (q *Queries) SetShipperStripeCustomer(ctx context.Context, shipperID, customerID string) error {
	_, err := q.db.Exec(ctx, setShipperStripeCustomer, shipperID, customerID)
	return err
}

const setShipperPaymentMethod = `-- name: SetShipperPaymentMethod :exec
UPDATE shippers SET default_payment_method = $2, autopay_enabled = $3 WHERE id = $1`

func (q *Queries) SetShipperPaymentMethod(ctx context.Context, shipperID, paymentMethod string, autopay bool) error {
	_, err := q.db.Exec(ctx, setShipperPaymentMethod, shipperID, paymentMethod, autopay)
	return err
}

const insertTemperatureReading = `-- name: InsertTemperatureReading :execrows
INSERT INTO temperature_readings (device_id, seq, shipment_id, celsius, recorded_at)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (device_id, seq) DO NOTHING`

// InsertTemperatureReading returns false when the reading was already stored.
func (q *Queries) InsertTemperatureReading(ctx context.Context, r TemperatureReading) (bool, error) {
	tag, err := q.db.Exec(ctx, insertTemperatureReading, r.DeviceID, r.Seq, r.ShipmentID, r.Celsius, r.RecordedAt)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

const insertHumidityReading = `-- name: InsertHumidityReading :exec
INSERT INTO humidity_readings (id, device_id, shipment_id, relative_pct, recorded_at)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (id) DO NOTHING`

func (q *Queries) InsertHumidityReading(ctx context.Context, r HumidityReading) error {
	_, err := q.db.Exec(ctx, insertHumidityReading, r.ID, r.DeviceID, r.ShipmentID, r.RelativePct, r.RecordedAt)
	return err
}

const upsertShipmentPosition = `-- name: UpsertShipmentPosition :exec
INSERT INTO shipment_positions (shipment_id, lat, lon, recorded_at)
VALUES ($1, $2, $3, $4)
ON CONFLICT (shipment_id) DO UPDATE
    SET lat = EXCLUDED.lat, lon = EXCLUDED.lon, recorded_at = EXCLUDED.recorded_at
    WHERE shipment_positions.recorded_at < EXCLUDED.recorded_at`

func (q *Queries) UpsertShipmentPosition(ctx context.Context, p ShipmentPosition) error {
	_, err := q.db.Exec(ctx, upsertShipmentPosition, p.ShipmentID, p.Lat, p.Lon, p.RecordedAt)
	return err
}

const insertExcursionAlert = `-- name: InsertExcursionAlert :exec
INSERT INTO excursion_alerts (id, shipment_id, device_id, celsius, limit_c, recorded_at)
VALUES ($1, $2, $3, $4, $5, $6)`

func (q *Queries) InsertExcursionAlert(ctx context.Context, a ExcursionAlert) error {
	_, err := q.db.Exec(ctx, insertExcursionAlert, a.ID, a.ShipmentID, a.DeviceID, a.Celsius, a.LimitC, a.RecordedAt)
	return err
}

const getExcursionAlert = `-- name: GetExcursionAlert :one
SELECT id, shipment_id, device_id, celsius, limit_c, recorded_at, notified_at, created_at
FROM excursion_alerts WHERE id = $1`

func (q *Queries) GetExcursionAlert(ctx context.Context, id uuid.UUID) (ExcursionAlert, error) {
	var a ExcursionAlert
	err := q.db.QueryRow(ctx, getExcursionAlert, id).Scan(&a.ID, &a.ShipmentID, &a.DeviceID, &a.Celsius,
		&a.LimitC, &a.RecordedAt, &a.NotifiedAt, &a.CreatedAt)
	return a, err
}

const markAlertNotified = `-- name: MarkAlertNotified :exec
UPDATE excursion_alerts SET notified_at = $2 WHERE id = $1`

func (q *Queries) MarkAlertNotified(ctx context.Context, id uuid.UUID, at time.Time) error {
	_, err := q.db.Exec(ctx, markAlertNotified, id, at)
	return err
}

const insertDoorEvent = `-- name: InsertDoorEvent :exec
INSERT INTO door_events (id, shipment_id, device_id, opened_at) VALUES ($1, $2, $3, $4)`

func (q *Queries) InsertDoorEvent(ctx context.Context, e DoorEvent) error {
	_, err := q.db.Exec(ctx, insertDoorEvent, e.ID, e.ShipmentID, e.DeviceID, e.OpenedAt)
	return err
}

const insertShipmentEvent = `-- name: InsertShipmentEvent :exec
INSERT INTO shipment_events (id, event_id, shipment_id, kind, detail, occurred_at)
VALUES ($1, $2, $3, $4, $5, $6)`

type InsertShipmentEventParams struct {
	ID         string
	EventID    string
	ShipmentID string
	Kind       string
	Detail     json.RawMessage
	OccurredAt time.Time
}

func (q *Queries) InsertShipmentEvent(ctx context.Context, arg InsertShipmentEventParams) error {
	_, err := q.db.Exec(ctx, insertShipmentEvent, arg.ID, arg.EventID, arg.ShipmentID, arg.Kind, arg.Detail, arg.OccurredAt)
	return err
}

const getShipmentEventByEventID = `-- name: GetShipmentEventByEventID :one
SELECT id, event_id, shipment_id, kind, detail, occurred_at, notified_at
FROM shipment_events WHERE event_id = $1`

func (q *Queries) GetShipmentEventByEventID(ctx context.Context, eventID string) (ShipmentEvent, error) {
	var e ShipmentEvent
	err := q.db.QueryRow(ctx, getShipmentEventByEventID, eventID).Scan(&e.ID, &e.EventID, &e.ShipmentID,
		&e.Kind, &e.Detail, &e.OccurredAt, &e.NotifiedAt)
	return e, err
}

const markShipmentEventNotified = `-- name: MarkShipmentEventNotified :exec
UPDATE shipment_events SET notified_at = now() WHERE event_id = $1 AND notified_at IS NULL`

func (q *Queries) MarkShipmentEventNotified(ctx context.Context, eventID string) error {
	_, err := q.db.Exec(ctx, markShipmentEventNotified, eventID)
	return err
}

const isMessageProcessed = `-- name: IsMessageProcessed :one
SELECT EXISTS (SELECT 1 FROM processed_messages WHERE message_id = $1)`

func (q *Queries) IsMessageProcessed(ctx context.Context, messageID string) (bool, error) {
	var ok bool
	err := q.db.QueryRow(ctx, isMessageProcessed, messageID).Scan(&ok)
	return ok, err
}

const markMessageProcessed = `-- name: MarkMessageProcessed :exec
INSERT INTO processed_messages (message_id) VALUES ($1)
ON CONFLICT (message_id) DO NOTHING`

func (q *Queries) MarkMessageProcessed(ctx context.Context, messageID string) error {
	_, err := q.db.Exec(ctx, markMessageProcessed, messageID)
	return err
}
