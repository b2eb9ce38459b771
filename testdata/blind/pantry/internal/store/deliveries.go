package store

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/pantryco/fulfilment/internal/domain"
	"github.com/pantryco/fulfilment/internal/platform/pg"
)

// DeliveryRepo stores courier bookings.
type DeliveryRepo struct {
	db pg.DBTX
}

// NewDeliveryRepo builds a DeliveryRepo.
func NewDeliveryRepo(db pg.DBTX) *DeliveryRepo { return &DeliveryRepo{db: db} }

func scanDelivery(row rowScanner) (domain.Delivery, error) {
	var d domain.Delivery
	err := row.Scan(&d.OrderID, &d.ClientReference, &d.BookingID, &d.Status, &d.TrackingURL, &d.UpdatedAt)
	return d, err
}

// EnsurePending creates the pending delivery row for an order with the
// given client reference, keeping the existing row on conflict, and returns
// the stored row locked for update.
func (r *DeliveryRepo) EnsurePending(ctx context.Context, orderID uuid.UUID, clientRef string) (domain.Delivery, error) {
	q := conn(ctx, r.db)
	if _, err := q.Exec(ctx, `
		INSERT INTO deliveries (order_id, client_reference)
		VALUES ($1, $2)
		ON CONFLICT (order_id) DO NOTHING`, orderID, clientRef); err != nil {
		return domain.Delivery{}, fmt.Errorf("ensure delivery: %w", err)
	}
	d, err := scanDelivery(q.QueryRow(ctx, `
		SELECT order_id, client_reference, booking_id, status, tracking_url, updated_at
		  FROM deliveries WHERE order_id = $1 FOR UPDATE`, orderID))
	if err != nil {
		return domain.Delivery{}, fmt.Errorf("load delivery: %w", err)
	}
	return d, nil
}

// Get loads the delivery of an order.
func (r *DeliveryRepo) Get(ctx context.Context, orderID uuid.UUID) (domain.Delivery, error) {
	d, err := scanDelivery(conn(ctx, r.db).QueryRow(ctx, `
		SELECT order_id, client_reference, booking_id, status, tracking_url, updated_at
		  FROM deliveries WHERE order_id = $1`, orderID))
	if err != nil {
		return domain.Delivery{}, fmt.Errorf("get delivery: %w", pg.NotFound(err))
	}
	return d, nil
}

// MarkBooked stores the courier's booking id.
func (r *DeliveryRepo) MarkBooked(ctx context.Context, orderID uuid.UUID, bookingID, trackingURL string) error {
	_, err := conn(ctx, r.db).Exec(ctx, `
		UPDATE deliveries SET booking_id = $2, tracking_url = $3, status = 'booked', updated_at = now()
		 WHERE order_id = $1`, orderID, bookingID, trackingURL)
	return err
}

// UpsertBooked writes a booked delivery, replacing any previous booking.
func (r *DeliveryRepo) UpsertBooked(ctx context.Context, d domain.Delivery) error {
	_, err := conn(ctx, r.db).Exec(ctx, `
		INSERT INTO deliveries (order_id, client_reference, booking_id, status, tracking_url)
		VALUES ($1, $2, $3, 'booked', $4)
		ON CONFLICT (order_id)
		DO UPDATE SET client_reference = EXCLUDED.client_reference,
		              booking_id = EXCLUDED.booking_id,
		              tracking_url = EXCLUDED.tracking_url,
		              status = 'booked',
		              updated_at = now()`,
		d.OrderID, d.ClientReference, d.BookingID, d.TrackingURL)
	if err != nil {
		return fmt.Errorf("upsert delivery: %w", err)
	}
	return nil
}

// SetStatus updates the delivery status.
func (r *DeliveryRepo) SetStatus(ctx context.Context, orderID uuid.UUID, status string) error {
	_, err := conn(ctx, r.db).Exec(ctx, `
		UPDATE deliveries SET status = $2, updated_at = now() WHERE order_id = $1`, orderID, status)
	return err
}

// DeliveryEventRepo stores delivery milestones (one per order and event).
type DeliveryEventRepo struct {
	db pg.DBTX
}

// NewDeliveryEventRepo builds a DeliveryEventRepo.
func NewDeliveryEventRepo(db pg.DBTX) *DeliveryEventRepo { return &DeliveryEventRepo{db: db} }

// Record stores a milestone for an order.
func (r *DeliveryEventRepo) Record(ctx context.Context, orderID uuid.UUID, event, driverID string, at time.Time) error {
	_, err := conn(ctx, r.db).Exec(ctx, `
		INSERT INTO delivery_events (order_id, event, driver_id, at)
		VALUES ($1, $2, $3, $4)`, orderID, event, driverID, at)
	if err != nil {
		return fmt.Errorf("record delivery event: %w", err)
	}
	return nil
}

// NotificationRepo tracks customer notifications per (order, kind).
type NotificationRepo struct {
	db pg.DBTX
}

// NewNotificationRepo builds a NotificationRepo.
func NewNotificationRepo(db pg.DBTX) *NotificationRepo { return &NotificationRepo{db: db} }

// Claim creates the pending notification if absent and returns the stored
// row locked for update.
func (r *NotificationRepo) Claim(ctx context.Context, n domain.Notification) (domain.Notification, error) {
	q := conn(ctx, r.db)
	if _, err := q.Exec(ctx, `
		INSERT INTO notifications (order_id, kind, phone)
		VALUES ($1, $2, $3)
		ON CONFLICT (order_id, kind) DO NOTHING`, n.OrderID, n.Kind, n.Phone); err != nil {
		return domain.Notification{}, fmt.Errorf("claim notification: %w", err)
	}
	var out domain.Notification
	err := q.QueryRow(ctx, `
		SELECT order_id, kind, status, phone FROM notifications
		 WHERE order_id = $1 AND kind = $2 FOR UPDATE`, n.OrderID, n.Kind).
		Scan(&out.OrderID, &out.Kind, &out.Status, &out.Phone)
	if err != nil {
		return domain.Notification{}, fmt.Errorf("load notification: %w", err)
	}
	return out, nil
}

// SetStatus updates a notification's status.
func (r *NotificationRepo) SetStatus(ctx context.Context, orderID uuid.UUID, kind, status string) error {
	_, err := conn(ctx, r.db).Exec(ctx, `
		UPDATE notifications SET status = $3, updated_at = now()
		 WHERE order_id = $1 AND kind = $2`, orderID, kind, status)
	return err
}
