package pgrepo

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/northwind-retail/rma/internal/domain"
	"github.com/northwind-retail/rma/internal/repo"
)

type Labels struct{}

func NewLabels() *Labels { return &Labels{} }

const labelColumns = `id, return_id, carrier, service_level, status, carrier_shipment_id,
	tracking_number, label_url, last_error, created_at`

func scanLabel(row pgx.Row) (domain.LabelBooking, error) {
	var b domain.LabelBooking
	err := row.Scan(&b.ID, &b.ReturnID, &b.Carrier, &b.ServiceLevel, &b.Status,
		&b.CarrierShipmentID, &b.TrackingNumber, &b.LabelURL, &b.LastError, &b.CreatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return b, domain.ErrNotFound
	}
	return b, err
}

func (l Labels) EnsurePending(ctx context.Context, q repo.Q, b domain.LabelBooking) (domain.LabelBooking, error) {
	_, err := q.Exec(ctx, `
		INSERT INTO label_bookings (id, return_id, carrier, service_level, status)
		VALUES ($1, $2, $3, $4, 'pending')
		ON CONFLICT (return_id) DO NOTHING`, b.ID, b.ReturnID, b.Carrier, b.ServiceLevel)
	if err != nil {
		return b, fmt.Errorf("ensure label booking: %w", err)
	}
	return l.GetByReturn(ctx, q, b.ReturnID)
}

func (Labels) Upsert(ctx context.Context, q repo.Q, b domain.LabelBooking) error {
	_, err := q.Exec(ctx, `
		INSERT INTO label_bookings (id, return_id, carrier, service_level, status,
			carrier_shipment_id, tracking_number, label_url)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
		ON CONFLICT (return_id) DO UPDATE SET
			status = EXCLUDED.status,
			carrier_shipment_id = EXCLUDED.carrier_shipment_id,
			tracking_number = EXCLUDED.tracking_number,
			label_url = EXCLUDED.label_url,
			updated_at = now()`,
		b.ID, b.ReturnID, b.Carrier, b.ServiceLevel, b.Status, b.CarrierShipmentID, b.TrackingNumber, b.LabelURL)
	if err != nil {
		return fmt.Errorf("upsert label booking: %w", err)
	}
	return nil
}

func (Labels) MarkBooked(ctx context.Context, q repo.Q, id, shipmentID, tracking, labelURL string) error {
	_, err := q.Exec(ctx, `
		UPDATE label_bookings
		SET status = 'booked', carrier_shipment_id = $2, tracking_number = $3, label_url = $4,
		    last_error = '', updated_at = now()
		WHERE id = $1`, id, shipmentID, tracking, labelURL)
	return err
}

func (Labels) MarkFailed(ctx context.Context, q repo.Q, id, reason string) error {
	_, err := q.Exec(ctx, `
		UPDATE label_bookings SET last_error = $2, updated_at = now() WHERE id = $1`, id, reason)
	return err
}

func (Labels) GetByReturn(ctx context.Context, q repo.Q, returnID string) (domain.LabelBooking, error) {
	return scanLabel(q.QueryRow(ctx, `SELECT `+labelColumns+` FROM label_bookings WHERE return_id = $1`, returnID))
}

func (Labels) GetByTracking(ctx context.Context, q repo.Q, tracking string) (domain.LabelBooking, error) {
	return scanLabel(q.QueryRow(ctx, `SELECT `+labelColumns+` FROM label_bookings WHERE tracking_number = $1`, tracking))
}

type CarrierEvents struct{}

func NewCarrierEvents() *CarrierEvents { return &CarrierEvents{} }

func (CarrierEvents) Seen(ctx context.Context, q repo.Q, eventID string) (bool, error) {
	var exists bool
	err := q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM carrier_events WHERE event_id = $1)`, eventID).Scan(&exists)
	return exists, err
}

func (CarrierEvents) Record(ctx context.Context, q repo.Q, eventID string) error {
	_, err := q.Exec(ctx, `INSERT INTO carrier_events (event_id) VALUES ($1) ON CONFLICT DO NOTHING`, eventID)
	return err
}

type Tracking struct{}

func NewTracking() *Tracking { return &Tracking{} }

func (Tracking) Insert(ctx context.Context, q repo.Q, ev domain.TrackingEvent) error {
	_, err := q.Exec(ctx, `
		INSERT INTO tracking_events (id, return_id, tracking_number, status, location, occurred_at)
		VALUES ($1, $2, $3, $4, $5, $6)`,
		ev.ID, ev.ReturnID, ev.TrackingNumber, ev.Status, ev.Location, ev.OccurredAt)
	if err != nil {
		return fmt.Errorf("insert tracking event: %w", err)
	}
	return nil
}
