package scheduling

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/veinline/plasmaops/internal/platform/apperr"
	"github.com/veinline/plasmaops/internal/platform/pgstore"
)

// Repository persists slots and appointments.
type Repository interface {
	ListOpenSlots(ctx context.Context, db pgstore.DBTX, centreID string, from, to time.Time) ([]Slot, error)
	ReserveSeat(ctx context.Context, db pgstore.DBTX, slotID string) (Slot, error)
	ReleaseSeat(ctx context.Context, db pgstore.DBTX, slotID string) error
	InsertAppointment(ctx context.Context, db pgstore.DBTX, a Appointment) error
	GetAppointment(ctx context.Context, db pgstore.DBTX, id string) (Appointment, error)
	GetAppointmentForUpdate(ctx context.Context, tx pgx.Tx, id string) (Appointment, error)
	MarkCancelled(ctx context.Context, db pgstore.DBTX, id, reason string, at time.Time) error
	MarkCheckedIn(ctx context.Context, db pgstore.DBTX, id string, at time.Time) (Appointment, bool, error)
	MoveToSlot(ctx context.Context, db pgstore.DBTX, id, slotID, centreID string) error
	RecentDonationTimes(ctx context.Context, db pgstore.DBTX, donorID string, since time.Time) ([]time.Time, error)
}

type pgRepository struct{}

// NewRepository returns the Postgres repository.
func NewRepository() Repository { return pgRepository{} }

func (pgRepository) ListOpenSlots(ctx context.Context, db pgstore.DBTX, centreID string, from, to time.Time) ([]Slot, error) {
	rows, err := db.Query(ctx, `
		SELECT id, centre_id, starts_at, capacity, booked_count
		  FROM slots
		 WHERE centre_id = $1 AND starts_at >= $2 AND starts_at < $3 AND booked_count < capacity
		 ORDER BY starts_at`, centreID, from, to)
	if err != nil {
		return nil, fmt.Errorf("list slots: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Slot, error) {
		var s Slot
		err := r.Scan(&s.ID, &s.CentreID, &s.StartsAt, &s.Capacity, &s.BookedCount)
		return s, err
	})
}

// ReserveSeat takes one chair in the slot, failing when the slot is full.
func (pgRepository) ReserveSeat(ctx context.Context, db pgstore.DBTX, slotID string) (Slot, error) {
	var s Slot
	err := db.QueryRow(ctx, `
		UPDATE slots SET booked_count = booked_count + 1
		 WHERE id = $1 AND booked_count < capacity
		RETURNING id, centre_id, starts_at, capacity, booked_count`, slotID,
	).Scan(&s.ID, &s.CentreID, &s.StartsAt, &s.Capacity, &s.BookedCount)
	if pgstore.IsNoRows(err) {
		var exists bool
		if qerr := db.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM slots WHERE id = $1)`, slotID).Scan(&exists); qerr != nil {
			return Slot{}, fmt.Errorf("reserve seat: %w", qerr)
		}
		if !exists {
			return Slot{}, apperr.NotFound("slot %s not found", slotID)
		}
		return Slot{}, apperr.Precondition("slot %s is full", slotID)
	}
	if err != nil {
		return Slot{}, fmt.Errorf("reserve seat: %w", err)
	}
	return s, nil
}

// ReleaseSeat gives a chair back to the slot.
func (pgRepository) ReleaseSeat(ctx context.Context, db pgstore.DBTX, slotID string) error {
	_, err := db.Exec(ctx, `
		UPDATE slots SET booked_count = booked_count - 1
		 WHERE id = $1 AND booked_count > 0`, slotID)
	if err != nil {
		return fmt.Errorf("release seat: %w", err)
	}
	return nil
}

func (pgRepository) InsertAppointment(ctx context.Context, db pgstore.DBTX, a Appointment) error {
	_, err := db.Exec(ctx, `
		INSERT INTO appointments (id, donor_id, slot_id, centre_id, status, source, booked_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		a.ID, a.DonorID, a.SlotID, a.CentreID, a.Status, a.Source, a.BookedAt)
	if err != nil {
		return fmt.Errorf("insert appointment: %w", err)
	}
	return nil
}

const appointmentSelect = `
	SELECT a.id, a.donor_id, a.slot_id, a.centre_id, a.status, a.source, a.booked_at,
	       a.checked_in_at, a.cancelled_at, COALESCE(a.cancel_reason, ''), s.starts_at
	  FROM appointments a
	  JOIN slots s ON s.id = a.slot_id`

func scanAppointment(row pgx.Row) (Appointment, error) {
	var a Appointment
	err := row.Scan(&a.ID, &a.DonorID, &a.SlotID, &a.CentreID, &a.Status, &a.Source, &a.BookedAt,
		&a.CheckedInAt, &a.CancelledAt, &a.CancelReason, &a.StartsAt)
	return a, err
}

func (pgRepository) GetAppointment(ctx context.Context, db pgstore.DBTX, id string) (Appointment, error) {
	a, err := scanAppointment(db.QueryRow(ctx, appointmentSelect+` WHERE a.id = $1`, id))
	if pgstore.IsNoRows(err) {
		return Appointment{}, apperr.NotFound("appointment %s not found", id)
	}
	if err != nil {
		return Appointment{}, fmt.Errorf("get appointment: %w", err)
	}
	return a, nil
}

func (pgRepository) GetAppointmentForUpdate(ctx context.Context, tx pgx.Tx, id string) (Appointment, error) {
	a, err := scanAppointment(tx.QueryRow(ctx, appointmentSelect+` WHERE a.id = $1 FOR UPDATE OF a`, id))
	if pgstore.IsNoRows(err) {
		return Appointment{}, apperr.NotFound("appointment %s not found", id)
	}
	if err != nil {
		return Appointment{}, fmt.Errorf("lock appointment: %w", err)
	}
	return a, nil
}

// MarkCancelled moves an active appointment to cancelled.
func (pgRepository) MarkCancelled(ctx context.Context, db pgstore.DBTX, id, reason string, at time.Time) error {
	tag, err := db.Exec(ctx, `
		UPDATE appointments
		   SET status = 'cancelled', cancelled_at = $2, cancel_reason = $3
		 WHERE id = $1 AND status IN ('booked', 'checked_in')`, id, at, reason)
	if err != nil {
		return fmt.Errorf("cancel appointment: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return apperr.Precondition("appointment %s is not active", id)
	}
	return nil
}

// MarkCheckedIn records arrival. A repeated check-in keeps the first
// arrival time. The bool reports whether the appointment was in a state
// that allows check-in.
func (pgRepository) MarkCheckedIn(ctx context.Context, db pgstore.DBTX, id string, at time.Time) (Appointment, bool, error) {
	tag, err := db.Exec(ctx, `
		UPDATE appointments
		   SET status = 'checked_in', checked_in_at = COALESCE(checked_in_at, $2)
		 WHERE id = $1 AND status IN ('booked', 'checked_in')`, id, at)
	if err != nil {
		return Appointment{}, false, fmt.Errorf("check in: %w", err)
	}
	a, err := pgRepository{}.GetAppointment(ctx, db, id)
	if err != nil {
		return Appointment{}, false, err
	}
	return a, tag.RowsAffected() == 1, nil
}

func (pgRepository) MoveToSlot(ctx context.Context, db pgstore.DBTX, id, slotID, centreID string) error {
	_, err := db.Exec(ctx, `UPDATE appointments SET slot_id = $2, centre_id = $3 WHERE id = $1`, id, slotID, centreID)
	if err != nil {
		return fmt.Errorf("move appointment: %w", err)
	}
	return nil
}

// RecentDonationTimes returns start times of completed donations since t.
func (pgRepository) RecentDonationTimes(ctx context.Context, db pgstore.DBTX, donorID string, since time.Time) ([]time.Time, error) {
	rows, err := db.Query(ctx, `
		SELECT started_at FROM donation_sessions
		 WHERE donor_id = $1 AND status = 'completed' AND started_at >= $2
		 ORDER BY started_at`, donorID, since)
	if err != nil {
		return nil, fmt.Errorf("recent donations: %w", err)
	}
	return pgx.CollectRows(rows, pgx.RowTo[time.Time])
}
