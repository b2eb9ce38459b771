package store

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/carelink/telehealth/internal/domain"
	"github.com/carelink/telehealth/internal/ids"
	"github.com/carelink/telehealth/internal/platform/db"
)

// AppointmentRepo persists appointments and their lifecycle transitions.
type AppointmentRepo struct {
	db *sqlx.DB
}

func NewAppointmentRepo(d *sqlx.DB) *AppointmentRepo { return &AppointmentRepo{db: d} }

func (r *AppointmentRepo) DB() *sqlx.DB { return r.db }

func (r *AppointmentRepo) Get(ctx context.Context, id uuid.UUID) (*domain.Appointment, error) {
	return r.GetQ(ctx, r.db, id)
}

func (r *AppointmentRepo) GetQ(ctx context.Context, q db.Querier, id uuid.UUID) (*domain.Appointment, error) {
	a, err := db.GetOne[domain.Appointment](ctx, q, `SELECT * FROM appointments WHERE id = $1`, id)
	return a, mapNotFound(err)
}

// GetForUpdate locks the appointment row for the rest of tx.
func (r *AppointmentRepo) GetForUpdate(ctx context.Context, tx *sqlx.Tx, id uuid.UUID) (*domain.Appointment, error) {
	a, err := db.GetOne[domain.Appointment](ctx, tx, `SELECT * FROM appointments WHERE id = $1 FOR UPDATE`, id)
	return a, mapNotFound(err)
}

// Insert adds a booked appointment; a clash on the live-slot index is
// reported as ErrSlotTaken.
func (r *AppointmentRepo) Insert(ctx context.Context, tx *sqlx.Tx, a *domain.Appointment) error {
	_, err := tx.NamedExecContext(ctx, `
		INSERT INTO appointments
			(id, patient_id, clinician_id, slot_start, slot_minutes, status, reason, payer_id, member_id)
		VALUES
			(:id, :patient_id, :clinician_id, :slot_start, :slot_minutes, :status, :reason, :payer_id, :member_id)`, a)
	if db.IsUniqueViolation(err, "appointments_live_slot") {
		return domain.ErrSlotTaken
	}
	return err
}

// MoveSlot changes the slot of a booked appointment inside tx.
func (r *AppointmentRepo) MoveSlot(ctx context.Context, tx *sqlx.Tx, id uuid.UUID, start time.Time) error {
	res, err := tx.ExecContext(ctx, `
		UPDATE appointments SET slot_start = $2, updated_at = now()
		WHERE id = $1 AND status = 'booked'`, id, start)
	if db.IsUniqueViolation(err, "appointments_live_slot") {
		return domain.ErrSlotTaken
	}
	if err != nil {
		return err
	}
	if db.Affected(res) == 0 {
		return domain.ErrInvalidState
	}
	return nil
}

// Cancel marks a booked appointment cancelled, releasing its slot.
func (r *AppointmentRepo) Cancel(ctx context.Context, id uuid.UUID, reason string) error {
	return db.InTx(ctx, r.db, func(tx *sqlx.Tx) error {
		res, err := tx.ExecContext(ctx, `
			UPDATE appointments
			SET status = 'cancelled', cancelled_at = now(), cancel_reason = $2, updated_at = now()
			WHERE id = $1 AND status = 'booked'`, id, reason)
		if err != nil {
			return err
		}
		if db.Affected(res) == 0 {
			return domain.ErrInvalidState
		}
		return addOutbox(ctx, tx, id.String(), "appointment.cancelled", map[string]any{
			"appointment_id": id, "reason": reason,
		})
	})
}

// SetVideoRoom stores the vendor room for the appointment.
func (r *AppointmentRepo) SetVideoRoom(ctx context.Context, id uuid.UUID, roomID, joinURL string) error {
	_, err := r.db.ExecContext(ctx, `
		UPDATE appointments
		SET video_room_id = $2, video_join_url = $3, status = 'in_progress',
		    started_at = COALESCE(started_at, now()), updated_at = now()
		WHERE id = $1`, id, roomID, joinURL)
	return err
}

// Complete moves an in-progress visit to completed and queues the
// visit.completed event.
func (r *AppointmentRepo) Complete(ctx context.Context, id uuid.UUID) error {
	return db.InTx(ctx, r.db, func(tx *sqlx.Tx) error {
		res, err := tx.ExecContext(ctx, `
			UPDATE appointments SET status = 'completed', completed_at = now(), updated_at = now()
			WHERE id = $1 AND status = 'in_progress'`, id)
		if err != nil {
			return err
		}
		if db.Affected(res) == 0 {
			return domain.ErrInvalidState
		}
		return addOutbox(ctx, tx, id.String(), "visit.completed", map[string]any{"appointment_id": id})
	})
}

// MarkProviderNoShow flags the appointment inside tx. It reports false if
// the appointment had already moved on.
func (r *AppointmentRepo) MarkProviderNoShow(ctx context.Context, tx *sqlx.Tx, id uuid.UUID) (bool, error) {
	res, err := tx.ExecContext(ctx, `
		UPDATE appointments SET status = 'provider_no_show', updated_at = now()
		WHERE id = $1 AND status IN ('booked', 'in_progress') AND provider_joined_at IS NULL`, id)
	if err != nil {
		return false, err
	}
	return db.Affected(res) == 1, nil
}

// SetProviderJoined records the first time the clinician joined the call.
func (r *AppointmentRepo) SetProviderJoined(ctx context.Context, tx *sqlx.Tx, id uuid.UUID, at time.Time) error {
	_, err := tx.ExecContext(ctx, `
		UPDATE appointments SET provider_joined_at = COALESCE(provider_joined_at, $2), updated_at = now()
		WHERE id = $1`, id, at)
	return err
}

// StartingBetween lists booked appointments whose slot starts in [from, to).
func (r *AppointmentRepo) StartingBetween(ctx context.Context, from, to time.Time) ([]domain.Appointment, error) {
	return db.SelectAll[domain.Appointment](ctx, r.db, `
		SELECT * FROM appointments
		WHERE status = 'booked' AND slot_start >= $1 AND slot_start < $2
		ORDER BY slot_start`, from, to)
}

// NoShowCandidates lists live appointments whose clinician has not joined
// by grace after the slot start.
func (r *AppointmentRepo) NoShowCandidates(ctx context.Context, now time.Time, grace time.Duration, limit int) ([]domain.Appointment, error) {
	return db.SelectAll[domain.Appointment](ctx, r.db, `
		SELECT * FROM appointments
		WHERE status IN ('booked', 'in_progress')
		  AND provider_joined_at IS NULL
		  AND slot_start + make_interval(secs => $2) < $1
		  AND slot_start > $1 - interval '1 day'
		ORDER BY slot_start
		LIMIT $3`, now, grace.Seconds(), limit)
}

// addOutbox records an event next to the state change that caused it.
func addOutbox(ctx context.Context, tx *sqlx.Tx, aggregateID, eventType string, payload any) error {
	body, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("outbox payload: %w", err)
	}
	_, err = tx.ExecContext(ctx, `
		INSERT INTO outbox (id, aggregate_id, event_type, payload)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (aggregate_id, event_type) DO NOTHING`,
		ids.NewUUID(), aggregateID, eventType, body)
	return err
}

// AddOutbox exposes addOutbox to services that compose their own
// transactions.
func AddOutbox(ctx context.Context, tx *sqlx.Tx, aggregateID, eventType string, payload any) error {
	return addOutbox(ctx, tx, aggregateID, eventType, payload)
}
