package postgres

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/lib/pq"

	"github.com/velvetchair/salon/internal/core/domain"
	"github.com/velvetchair/salon/internal/core/ports"
)

type AppointmentRepo struct{}

func NewAppointmentRepo() *AppointmentRepo { return &AppointmentRepo{} }

const appointmentCols = `id, salon_id, stylist_id, client_id, service_id, starts_at, ends_at, status,
	price_cents, deposit_cents, no_show_fee_cents, payment_method_id, notes, confirmed_at,
	completed_at, cancelled_at, cancel_reason, commission_accrued_at, settled_at, created_at, updated_at`

func (r *AppointmentRepo) Insert(ctx context.Context, q ports.Querier, a *domain.Appointment) error {
	_, err := sqlxNamedExec(ctx, q, `
		INSERT INTO appointments (id, salon_id, stylist_id, client_id, service_id, starts_at, ends_at,
			status, price_cents, deposit_cents, no_show_fee_cents, payment_method_id, notes)
		VALUES (:id, :salon_id, :stylist_id, :client_id, :service_id, :starts_at, :ends_at,
			:status, :price_cents, :deposit_cents, :no_show_fee_cents, :payment_method_id, :notes)`, a)
	if isUniqueViolation(err, "appointments_stylist_slot_uq") {
		return domain.ErrSlotTaken
	}
	return err
}

func (r *AppointmentRepo) Get(ctx context.Context, q ports.Querier, id uuid.UUID) (*domain.Appointment, error) {
	return get[domain.Appointment](ctx, q, `SELECT `+appointmentCols+` FROM appointments WHERE id = $1`, id)
}

func (r *AppointmentRepo) GetForUpdate(ctx context.Context, q ports.Querier, id uuid.UUID) (*domain.Appointment, error) {
	return get[domain.Appointment](ctx, q, `SELECT `+appointmentCols+` FROM appointments WHERE id = $1 FOR UPDATE`, id)
}

func (r *AppointmentRepo) UpdateStatus(ctx context.Context, q ports.Querier, id uuid.UUID, from []domain.AppointmentStatus, to domain.AppointmentStatus) (bool, error) {
	states := make([]string, len(from))
	for i, s := range from {
		states[i] = string(s)
	}
	return affected(ctx, q, `
		UPDATE appointments
		   SET status = $2,
		       confirmed_at = CASE WHEN $2 = 'confirmed' THEN now() ELSE confirmed_at END,
		       updated_at = now()
		 WHERE id = $1 AND status = ANY($3)`, id, string(to), pq.Array(states))
}

func (r *AppointmentRepo) Reschedule(ctx context.Context, q ports.Querier, id uuid.UUID, startsAt, endsAt time.Time) error {
	_, err := q.ExecContext(ctx, `
		UPDATE appointments SET starts_at = $2, ends_at = $3, updated_at = now()
		 WHERE id = $1 AND status IN ('booked', 'confirmed')`, id, startsAt, endsAt)
	if isUniqueViolation(err, "appointments_stylist_slot_uq") {
		return domain.ErrSlotTaken
	}
	return err
}

func (r *AppointmentRepo) MarkCancelled(ctx context.Context, q ports.Querier, id uuid.UUID, reason string, at time.Time) (bool, error) {
	return affected(ctx, q, `
		UPDATE appointments
		   SET status = 'cancelled', cancelled_at = $3, cancel_reason = $2, updated_at = now()
		 WHERE id = $1 AND status IN ('booked', 'confirmed')`, id, reason, at)
}

func (r *AppointmentRepo) MarkCompleted(ctx context.Context, q ports.Querier, id uuid.UUID, at time.Time) (bool, error) {
	return affected(ctx, q, `
		UPDATE appointments
		   SET status = 'completed', completed_at = $2, updated_at = now()
		 WHERE id = $1 AND status IN ('booked', 'confirmed')`, id, at)
}

func (r *AppointmentRepo) MarkCommissionAccrued(ctx context.Context, q ports.Querier, id uuid.UUID, at time.Time) error {
	_, err := q.ExecContext(ctx,
		`UPDATE appointments SET commission_accrued_at = $2, updated_at = now() WHERE id = $1`, id, at)
	return err
}

func (r *AppointmentRepo) StartingBetween(ctx context.Context, q ports.Querier, from, to time.Time) ([]domain.Appointment, error) {
	return list[domain.Appointment](ctx, q, `
		SELECT `+appointmentCols+` FROM appointments
		 WHERE starts_at >= $1 AND starts_at < $2 AND status IN ('booked', 'confirmed')
		 ORDER BY starts_at`, from, to)
}

func (r *AppointmentRepo) MarkSettled(ctx context.Context, q ports.Querier, id uuid.UUID, at time.Time) error {
	_, err := q.ExecContext(ctx,
		`UPDATE appointments SET settled_at = $2, updated_at = now() WHERE id = $1 AND settled_at IS NULL`, id, at)
	return err
}

// NextForClient returns the client's earliest upcoming live appointment.
func (r *AppointmentRepo) NextForClient(ctx context.Context, q ports.Querier, clientID uuid.UUID, after time.Time) (*domain.Appointment, error) {
	return get[domain.Appointment](ctx, q, `
		SELECT `+appointmentCols+` FROM appointments
		 WHERE client_id = $1 AND starts_at > $2 AND status IN ('booked', 'confirmed')
		 ORDER BY starts_at LIMIT 1`, clientID, after)
}
