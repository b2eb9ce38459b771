package store

import (
	"context"
	"fmt"
	"time"

	"github.com/hammerline/auctions/internal/domain"
	"github.com/hammerline/auctions/internal/platform/pgdb"
)

// Shipments persists labels, tracking events and insurance policies.
type Shipments struct{}

// NewShipments returns a Shipments repository.
func NewShipments() *Shipments { return &Shipments{} }

// InsertIfAbsent stores the shipment for an order unless one exists, and
// returns the stored row.
func (r *Shipments) InsertIfAbsent(ctx context.Context, q pgdb.Querier, s domain.Shipment) (domain.Shipment, error) {
	_, err := q.Exec(ctx, `
		INSERT INTO shipments (id, order_id, carrier_label_id, tracking_number, service_level, label_url, rate_cents)
		VALUES ($1, $2, $3, $4, $5, $6, $7)
		ON CONFLICT (order_id) DO NOTHING`,
		s.ID, s.OrderID, s.CarrierLabelID, s.TrackingNumber, s.ServiceLevel, s.LabelURL, s.RateCents)
	if err != nil {
		return domain.Shipment{}, fmt.Errorf("shipments: insert: %w", err)
	}
	return r.GetByOrder(ctx, q, s.OrderID)
}

// GetByOrder loads an order's shipment.
func (r *Shipments) GetByOrder(ctx context.Context, q pgdb.Querier, orderID string) (domain.Shipment, error) {
	var s domain.Shipment
	err := q.QueryRow(ctx, `
		SELECT id, order_id, carrier_label_id, tracking_number, service_level, label_url,
		       rate_cents, status, created_at
		FROM shipments WHERE order_id = $1`, orderID).Scan(
		&s.ID, &s.OrderID, &s.CarrierLabelID, &s.TrackingNumber, &s.ServiceLevel,
		&s.LabelURL, &s.RateCents, &s.Status, &s.CreatedAt)
	if err != nil {
		return domain.Shipment{}, fmt.Errorf("shipments: by order %s: %w", orderID, pgdb.NotFound(err))
	}
	return s, nil
}

// UpdateStatusByTracking sets a shipment's status from a carrier event and
// returns the order it belongs to.
func (r *Shipments) UpdateStatusByTracking(ctx context.Context, q pgdb.Querier, tracking, status string) (string, error) {
	var orderID string
	err := q.QueryRow(ctx, `
		UPDATE shipments SET status = $2, updated_at = now()
		WHERE tracking_number = $1
		RETURNING order_id`, tracking, status).Scan(&orderID)
	if err != nil {
		return "", fmt.Errorf("shipments: update by tracking %s: %w", tracking, pgdb.NotFound(err))
	}
	return orderID, nil
}

// InsertTrackingEvent stores a carrier event once; it reports whether the
// event was new.
func (r *Shipments) InsertTrackingEvent(ctx context.Context, q pgdb.Querier, eventID, tracking, status string, at time.Time) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO tracking_events (carrier_event_id, tracking_number, status, occurred_at)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (carrier_event_id) DO NOTHING`, eventID, tracking, status, at)
	if err != nil {
		return false, fmt.Errorf("shipments: insert tracking event: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

// Policy is a shipping insurance policy bound with the partner insurer.
type Policy struct {
	ID           string
	OrderID      string
	PolicyNumber string
	InsuredCents int64
	PremiumCents int64
}

// InsertPolicy stores a bound policy.
func (r *Shipments) InsertPolicy(ctx context.Context, q pgdb.Querier, p Policy) error {
	_, err := q.Exec(ctx, `
		INSERT INTO insurance_policies (id, order_id, policy_number, insured_cents, premium_cents)
		VALUES ($1, $2, $3, $4, $5)`,
		p.ID, p.OrderID, p.PolicyNumber, p.InsuredCents, p.PremiumCents)
	if err != nil {
		return fmt.Errorf("shipments: insert policy: %w", err)
	}
	return nil
}

// OrderIDByTracking returns the order a tracking number belongs to.
func (r *Shipments) OrderIDByTracking(ctx context.Context, q pgdb.Querier, tracking string) (string, error) {
	var orderID string
	err := q.QueryRow(ctx, `SELECT order_id FROM shipments WHERE tracking_number = $1`, tracking).Scan(&orderID)
	if err != nil {
		return "", fmt.Errorf("shipments: order by tracking %s: %w", tracking, pgdb.NotFound(err))
	}
	return orderID, nil
}
