package postgres

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/velvetchair/salon/internal/core/domain"
	"github.com/velvetchair/salon/internal/core/ports"
)

type WaitlistRepo struct{}

func NewWaitlistRepo() *WaitlistRepo { return &WaitlistRepo{} }

func (r *WaitlistRepo) Insert(ctx context.Context, q ports.Querier, e *domain.WaitlistEntry) error {
	_, err := sqlxNamedExec(ctx, q, `
		INSERT INTO waitlist_entries (id, salon_id, client_id, service_id, stylist_id, preferred_date, status)
		VALUES (:id, :salon_id, :client_id, :service_id, :stylist_id, :preferred_date, :status)`, e)
	return err
}

func (r *WaitlistRepo) FirstWaiting(ctx context.Context, q ports.Querier, salonID, serviceID uuid.UUID, date time.Time) (*domain.WaitlistEntry, error) {
	return get[domain.WaitlistEntry](ctx, q, `
		SELECT id, salon_id, client_id, service_id, stylist_id, preferred_date, status,
		       offered_appointment_id, created_at
		  FROM waitlist_entries
		 WHERE salon_id = $1 AND service_id = $2 AND preferred_date = $3::date AND status = 'waiting'
		 ORDER BY created_at
		 LIMIT 1
		 FOR UPDATE SKIP LOCKED`, salonID, serviceID, date)
}

func (r *WaitlistRepo) MarkOffered(ctx context.Context, q ports.Querier, id, appointmentID uuid.UUID) error {
	_, err := q.ExecContext(ctx, `
		UPDATE waitlist_entries SET status = 'offered', offered_appointment_id = $2
		 WHERE id = $1 AND status = 'waiting'`, id, appointmentID)
	return err
}
