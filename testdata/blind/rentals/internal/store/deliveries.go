package store

import (
	"context"

	"github.com/jmoiron/sqlx"

	"github.com/gearloop/rentals/internal/domain"
)

// DeliveryRepo stores courier legs and the partner's status events.
type DeliveryRepo interface {
	Upsert(ctx context.Context, d domain.Delivery) (domain.Delivery, error)
	Get(ctx context.Context, id string) (domain.Delivery, error)
	GetLeg(ctx context.Context, bookingID, leg string) (domain.Delivery, error)
	GetByCourierJob(ctx context.Context, jobID string) (domain.Delivery, error)
	MarkScheduled(ctx context.Context, id, courierJobID string) error
	SetStatus(ctx context.Context, id, status string) error
	CancelPendingForBooking(ctx context.Context, bookingID string) (int64, error)
	InsertEvent(ctx context.Context, e domain.DeliveryEvent) error
}

type deliveryRepo struct{ q sqlx.ExtContext }

// Upsert writes the leg for (booking_id, leg). A leg that is still pending
// picks up the new schedule; anything further along is left untouched. The
// stored row is returned.
func (r *deliveryRepo) Upsert(ctx context.Context, d domain.Delivery) (domain.Delivery, error) {
	_, err := sqlx.NamedExecContext(ctx, r.q, `
		INSERT INTO deliveries (id, booking_id, leg, status, client_reference, courier_job_id,
		                        pickup_address, dropoff_address, scheduled_for, created_at, updated_at)
		VALUES (:id, :booking_id, :leg, :status, :client_reference, :courier_job_id,
		        :pickup_address, :dropoff_address, :scheduled_for, :created_at, :updated_at)
		ON DUPLICATE KEY UPDATE
			scheduled_for   = IF(status = 'pending', VALUES(scheduled_for), scheduled_for),
			courier_job_id  = COALESCE(VALUES(courier_job_id), courier_job_id),
			client_reference = IF(VALUES(courier_job_id) IS NULL, client_reference, VALUES(client_reference)),
			status          = IF(VALUES(courier_job_id) IS NULL, status, VALUES(status)),
			updated_at      = VALUES(updated_at)`, d)
	if err != nil {
		return domain.Delivery{}, err
	}
	return getOne[domain.Delivery](ctx, r.q,
		`SELECT * FROM deliveries WHERE booking_id = ? AND leg = ?`, d.BookingID, d.Leg)
}

func (r *deliveryRepo) Get(ctx context.Context, id string) (domain.Delivery, error) {
	return getOne[domain.Delivery](ctx, r.q, `SELECT * FROM deliveries WHERE id = ?`, id)
}

func (r *deliveryRepo) GetLeg(ctx context.Context, bookingID, leg string) (domain.Delivery, error) {
	return getOne[domain.Delivery](ctx, r.q,
		`SELECT * FROM deliveries WHERE booking_id = ? AND leg = ?`, bookingID, leg)
}

func (r *deliveryRepo) GetByCourierJob(ctx context.Context, jobID string) (domain.Delivery, error) {
	return getOne[domain.Delivery](ctx, r.q, `SELECT * FROM deliveries WHERE courier_job_id = ?`, jobID)
}

func (r *deliveryRepo) MarkScheduled(ctx context.Context, id, courierJobID string) error {
	_, err := r.q.ExecContext(ctx, `
		UPDATE deliveries SET status = ?, courier_job_id = ?, updated_at = UTC_TIMESTAMP(6)
		WHERE id = ? AND status = ?`, domain.DeliveryScheduled, courierJobID, id, domain.DeliveryPending)
	return err
}

func (r *deliveryRepo) SetStatus(ctx context.Context, id, status string) error {
	_, err := r.q.ExecContext(ctx,
		`UPDATE deliveries SET status = ?, updated_at = UTC_TIMESTAMP(6) WHERE id = ?`, status, id)
	return err
}

func (r *deliveryRepo) CancelPendingForBooking(ctx context.Context, bookingID string) (int64, error) {
	res, err := r.q.ExecContext(ctx, `
		UPDATE deliveries SET status = ?, updated_at = UTC_TIMESTAMP(6)
		WHERE booking_id = ? AND status IN (?, ?)`,
		domain.DeliveryCancelled, bookingID, domain.DeliveryPending, domain.DeliveryScheduled)
	if err != nil {
		return 0, err
	}
	return affected(res)
}

func (r *deliveryRepo) InsertEvent(ctx context.Context, e domain.DeliveryEvent) error {
	_, err := sqlx.NamedExecContext(ctx, r.q, `
		INSERT INTO delivery_events (id, delivery_id, courier_event_id, status, occurred_at, received_at)
		VALUES (:id, :delivery_id, :courier_event_id, :status, :occurred_at, :received_at)`, e)
	return err
}
