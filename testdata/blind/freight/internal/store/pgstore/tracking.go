package pgstore

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/acme/freight/internal/domain"
	"github.com/acme/freight/internal/platform/txm"
)

type Tracking struct {
	pool *pgxpool.Pool
}

func NewTracking(pool *pgxpool.Pool) *Tracking { return &Tracking{pool: pool} }

// AppendEvent adds an event to a shipment's tracking history.
func (r *Tracking) AppendEvent(ctx context.Context, e *domain.TrackingEvent) error {
	_, err := txm.Q(ctx, r.pool).Exec(ctx, `
		INSERT INTO tracking_events (id, shipment_id, carrier, tracking_number, carrier_event_id, status, location, occurred_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
		e.ID, e.ShipmentID, e.Carrier, e.TrackingNumber, e.CarrierEventID, e.Status, e.Location, e.OccurredAt)
	if err != nil {
		return fmt.Errorf("append tracking event: %w", err)
	}
	return nil
}

// InsertException stores the exception once per (carrier, carrier_event_id)
// and reports whether this call inserted it.
func (r *Tracking) InsertException(ctx context.Context, e *domain.TrackingException) (bool, error) {
	tag, err := txm.Q(ctx, r.pool).Exec(ctx, `
		INSERT INTO tracking_exceptions (id, shipment_id, carrier, carrier_event_id, code, detail, occurred_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7)
		ON CONFLICT (carrier, carrier_event_id) DO NOTHING`,
		e.ID, e.ShipmentID, e.Carrier, e.CarrierEventID, e.Code, e.Detail, e.OccurredAt)
	if err != nil {
		return false, fmt.Errorf("insert tracking exception: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

func (r *Tracking) InsertPOD(ctx context.Context, p *domain.ProofOfDelivery) error {
	_, err := txm.Q(ctx, r.pool).Exec(ctx, `
		INSERT INTO pod_documents (id, shipment_id, signed_by, image_url, delivered_at)
		VALUES ($1, $2, $3, $4, $5)`, p.ID, p.ShipmentID, p.SignedBy, p.ImageURL, p.DeliveredAt)
	return err
}
