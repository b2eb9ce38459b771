package store

import (
	"context"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/depotworks/depot/internal/domain"
	"github.com/depotworks/depot/internal/platform/db"
	"github.com/depotworks/depot/internal/queries"
)

// ShippingRepo stores label requests, labels, shipments, tracking and
// pickups.
type ShippingRepo struct {
	db *sqlx.DB
}

// ClaimLabelRequest creates the pending purchase record for a package if
// none exists and returns the stored record either way.
func (r *ShippingRepo) ClaimLabelRequest(ctx context.Context, lr domain.LabelRequest) (domain.LabelRequest, error) {
	return db.InTxResult(ctx, r.db, func(tx *sqlx.Tx) (domain.LabelRequest, error) {
		if _, err := db.Exec(ctx, tx, queries.ClaimLabelRequest,
			lr.ID, lr.OrderID, lr.PackageSeq, lr.Carrier, lr.ServiceLevel); err != nil {
			return lr, err
		}
		if _, err := db.Exec(ctx, tx, queries.BumpLabelRequestAttempt, lr.OrderID, lr.PackageSeq); err != nil {
			return lr, err
		}
		return db.Get[domain.LabelRequest](ctx, tx, queries.GetLabelRequest, lr.OrderID, lr.PackageSeq)
	})
}

// CompleteLabelRequest stores the carrier's answer on the purchase record.
func (r *ShippingRepo) CompleteLabelRequest(ctx context.Context, q db.Queryer, id, tracking, url string, cost int64) error {
	_, err := db.Exec(ctx, q, queries.CompleteLabelRequest, id, tracking, url, cost)
	return err
}

// InsertLabel stores a purchased label.
func (r *ShippingRepo) InsertLabel(ctx context.Context, q db.Queryer, l domain.Label) error {
	_, err := db.NamedExec(ctx, q, queries.InsertLabel, l)
	return err
}

// InsertShipment creates the shipment for a tracking number if new.
func (r *ShippingRepo) InsertShipment(ctx context.Context, q db.Queryer, s domain.Shipment) error {
	_, err := db.NamedExec(ctx, q, queries.InsertShipment, s)
	return err
}

// ShipmentByTracking loads a shipment by carrier tracking number.
func (r *ShippingRepo) ShipmentByTracking(ctx context.Context, q db.Queryer, tracking string) (domain.Shipment, error) {
	s, err := db.Get[domain.Shipment](ctx, q, queries.GetShipmentByTracking, tracking)
	return s, notFound(err)
}

// MarkDispatched records that the shipment left the dock.
func (r *ShippingRepo) MarkDispatched(ctx context.Context, q db.Queryer, id string, at time.Time) (bool, error) {
	n, err := db.Exec(ctx, q, queries.MarkShipmentDispatched, id, at)
	return n == 1, err
}

// MarkDelivered records delivery; false if it was already delivered.
func (r *ShippingRepo) MarkDelivered(ctx context.Context, q db.Queryer, id string, at time.Time) (bool, error) {
	n, err := db.Exec(ctx, q, queries.MarkShipmentDelivered, id, at)
	return n == 1, err
}

// SetStatus updates a non-terminal shipment's status.
func (r *ShippingRepo) SetStatus(ctx context.Context, q db.Queryer, id, status string) error {
	_, err := db.Exec(ctx, q, queries.SetShipmentStatus, id, status)
	return err
}

// InsertTrackingEvent appends a carrier scan.
func (r *ShippingRepo) InsertTrackingEvent(ctx context.Context, q db.Queryer, e domain.TrackingEvent) error {
	_, err := db.Exec(ctx, q, queries.InsertTrackingEvent,
		e.ID, e.ShipmentID, e.CarrierEventID, e.Code, e.Description, e.Location, e.OccurredAt)
	return err
}

// HasNotification reports whether the consignee was already sent kind.
func (r *ShippingRepo) HasNotification(ctx context.Context, shipmentID, kind string) (bool, error) {
	return db.Get[bool](ctx, r.db, queries.HasConsigneeNotification, shipmentID, kind)
}

// RecordNotification stores a sent consignee notification.
func (r *ShippingRepo) RecordNotification(ctx context.Context, id, shipmentID, kind, channel, providerID string, at time.Time) error {
	_, err := db.Exec(ctx, r.db, queries.InsertConsigneeNotification, id, shipmentID, kind, channel, providerID, at)
	return err
}

// InsertPickup stores a booked pickup.
func (r *ShippingRepo) InsertPickup(ctx context.Context, p domain.Pickup) error {
	_, err := db.NamedExec(ctx, r.db, queries.InsertPickup, p)
	return err
}

// GetPickup loads the pickup booked for a dock and day.
func (r *ShippingRepo) GetPickup(ctx context.Context, carrier, dock string, day time.Time) (domain.Pickup, error) {
	p, err := db.Get[domain.Pickup](ctx, r.db, queries.GetPickup, carrier, dock, day)
	return p, notFound(err)
}
