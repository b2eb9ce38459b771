package pg

import (
	"context"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/hollowpine-memorial/plotkeeper/internal/domain"
)

const intermentColumns = `id, reservation_id, plot_id, family_id, decedent_name, funeral_home_id,
	service_at, status, partner_booking_ref, reminder_sent_at, created_at, updated_at`

type Interments struct {
	store[domain.Interment]
	timeline store[domain.TimelineEntry]
	attempts store[domain.PartnerCallAttempt]
}

func NewInterments(db *sqlx.DB) *Interments {
	return &Interments{
		store:    newStore[domain.Interment](db, "interments"),
		timeline: newStore[domain.TimelineEntry](db, "interment_timeline"),
		attempts: newStore[domain.PartnerCallAttempt](db, "partner_call_attempts"),
	}
}

// CreateOrGet keys on the reservation: one interment per reserved plot.
func (r *Interments) CreateOrGet(ctx context.Context, in domain.Interment) (domain.Interment, bool, error) {
	created, found, err := r.getFound(ctx, `
		INSERT INTO interments (id, reservation_id, plot_id, family_id, decedent_name, funeral_home_id, service_at, status)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
		ON CONFLICT (reservation_id) DO NOTHING
		RETURNING `+intermentColumns,
		in.ID, in.ReservationID, in.PlotID, in.FamilyID, in.DecedentName, in.FuneralHomeID, in.ServiceAt, in.Status)
	if err != nil || found {
		return created, found, err
	}
	existing, err := r.get(ctx, `SELECT `+intermentColumns+` FROM interments WHERE reservation_id = $1`, in.ReservationID)
	return existing, false, err
}

func (r *Interments) Get(ctx context.Context, id string) (domain.Interment, error) {
	return r.get(ctx, `SELECT `+intermentColumns+` FROM interments WHERE id = $1`, id)
}

func (r *Interments) FindByBookingRef(ctx context.Context, ref string) (domain.Interment, error) {
	return r.get(ctx, `SELECT `+intermentColumns+` FROM interments WHERE partner_booking_ref = $1`, ref)
}

func (r *Interments) SetBooking(ctx context.Context, id, bookingRef string) (bool, error) {
	n, err := r.exec(ctx, `
		UPDATE interments
		SET partner_booking_ref = $2, status = 'booked', updated_at = now()
		WHERE id = $1 AND partner_booking_ref IS NULL`, id, bookingRef)
	return n == 1, err
}

func (r *Interments) Reschedule(ctx context.Context, id string, from, to time.Time) (bool, error) {
	n, err := r.exec(ctx, `
		UPDATE interments
		SET service_at = $3, reminder_sent_at = NULL, updated_at = now()
		WHERE id = $1 AND service_at = $2`, id, from, to)
	return n == 1, err
}

func (r *Interments) SetStatus(ctx context.Context, id, status string) error {
	_, err := r.exec(ctx, `UPDATE interments SET status = $2, updated_at = now() WHERE id = $1`, id, status)
	return err
}

func (r *Interments) DueForReminder(ctx context.Context, from, to time.Time) ([]domain.Interment, error) {
	return r.list(ctx, `
		SELECT `+intermentColumns+`
		FROM interments
		WHERE service_at >= $1 AND service_at < $2
		  AND reminder_sent_at IS NULL
		  AND status IN ('booked', 'confirmed')
		ORDER BY service_at`, from, to)
}

func (r *Interments) MarkReminded(ctx context.Context, id string, at time.Time) error {
	_, err := r.exec(ctx, `UPDATE interments SET reminder_sent_at = $2 WHERE id = $1`, id, at)
	return err
}

func (r *Interments) AppendTimeline(ctx context.Context, e domain.TimelineEntry) error {
	return r.timeline.insert(ctx, `
		INSERT INTO interment_timeline (id, interment_id, event, detail, occurred_at)
		VALUES (:id, :interment_id, :event, :detail, :occurred_at)`, e)
}

// RecordCallAttempt always writes on the pool: an attempt that failed must
// stay on record even when the caller's transaction rolls back.
func (r *Interments) RecordCallAttempt(ctx context.Context, a domain.PartnerCallAttempt) error {
	_, err := sqlx.NamedExecContext(ctx, r.attempts.db, `
		INSERT INTO partner_call_attempts (id, interment_id, operation, status_code, error, duration_ms, attempted_at)
		VALUES (:id, :interment_id, :operation, :status_code, :error, :duration_ms, :attempted_at)`, a)
	if err != nil {
		return r.attempts.wrap(err)
	}
	return nil
}

type PartnerEvents struct {
	store[struct{}]
}

func NewPartnerEvents(db *sqlx.DB) *PartnerEvents {
	return &PartnerEvents{newStore[struct{}](db, "partner_events")}
}

func (r *PartnerEvents) Seen(ctx context.Context, eventID string) (bool, error) {
	var seen bool
	err := r.q(ctx).GetContext(ctx, &seen,
		`SELECT EXISTS (SELECT 1 FROM partner_events WHERE event_id = $1)`, eventID)
	return seen, err
}

func (r *PartnerEvents) Mark(ctx context.Context, eventID, eventType string) error {
	_, err := r.exec(ctx, `
		INSERT INTO partner_events (event_id, event_type) VALUES ($1, $2)
		ON CONFLICT (event_id) DO NOTHING`, eventID, eventType)
	return err
}
