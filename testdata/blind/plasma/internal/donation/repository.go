package donation

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/veinline/plasmaops/internal/platform/apperr"
	"github.com/veinline/plasmaops/internal/platform/pgstore"
)

// Repository persists sessions, units, samples and reactions.
type Repository interface {
	LockAppointment(ctx context.Context, tx pgx.Tx, id string) (Appointment, error)
	SetAppointmentStatus(ctx context.Context, db pgstore.DBTX, id, status string) error
	InsertSession(ctx context.Context, db pgstore.DBTX, s Session) error
	GetSession(ctx context.Context, db pgstore.DBTX, id string) (Session, error)
	MarkCompleted(ctx context.Context, db pgstore.DBTX, id string, volumeML, acML int, at time.Time) error
	MarkAborted(ctx context.Context, db pgstore.DBTX, id, reason string, at time.Time) (bool, error)
	InsertUnit(ctx context.Context, db pgstore.DBTX, u Unit) error
	InsertSample(ctx context.Context, db pgstore.DBTX, s Sample) error
	InsertReaction(ctx context.Context, db pgstore.DBTX, r AdverseReaction) error
}

type pgRepository struct{}

// NewRepository returns the Postgres repository.
func NewRepository() Repository { return pgRepository{} }

func (pgRepository) LockAppointment(ctx context.Context, tx pgx.Tx, id string) (Appointment, error) {
	var a Appointment
	err := tx.QueryRow(ctx, `
		SELECT id, donor_id, centre_id, status FROM appointments WHERE id = $1 FOR UPDATE`, id,
	).Scan(&a.ID, &a.DonorID, &a.CentreID, &a.Status)
	if pgstore.IsNoRows(err) {
		return Appointment{}, apperr.NotFound("appointment %s not found", id)
	}
	if err != nil {
		return Appointment{}, fmt.Errorf("lock appointment: %w", err)
	}
	return a, nil
}

func (pgRepository) SetAppointmentStatus(ctx context.Context, db pgstore.DBTX, id, status string) error {
	_, err := db.Exec(ctx, `UPDATE appointments SET status = $2 WHERE id = $1`, id, status)
	if err != nil {
		return fmt.Errorf("set appointment status: %w", err)
	}
	return nil
}

func (pgRepository) InsertSession(ctx context.Context, db pgstore.DBTX, s Session) error {
	_, err := db.Exec(ctx, `
		INSERT INTO donation_sessions (id, appointment_id, donor_id, centre_id, machine_serial, phlebotomist_id,
		                               status, pre_weight_kg, pre_hematocrit, pre_protein_gdl, started_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
		s.ID, s.AppointmentID, s.DonorID, s.CentreID, s.MachineSerial, s.PhlebotomistID,
		s.Status, s.PreWeightKg, s.PreHematocrit, s.PreProteinGdl, s.StartedAt)
	if pgstore.IsUniqueViolation(err, "donation_sessions_appointment_key") {
		return apperr.Conflict("a session already exists for appointment %s", s.AppointmentID)
	}
	if err != nil {
		return fmt.Errorf("insert session: %w", err)
	}
	return nil
}

func (pgRepository) GetSession(ctx context.Context, db pgstore.DBTX, id string) (Session, error) {
	var s Session
	var abort *string
	err := db.QueryRow(ctx, `
		SELECT id, appointment_id, donor_id, centre_id, machine_serial, phlebotomist_id, status,
		       pre_weight_kg::float8, pre_hematocrit::float8, pre_protein_gdl::float8,
		       volume_ml, anticoagulant_ml, abort_reason, started_at, ended_at
		  FROM donation_sessions WHERE id = $1`, id,
	).Scan(&s.ID, &s.AppointmentID, &s.DonorID, &s.CentreID, &s.MachineSerial, &s.PhlebotomistID, &s.Status,
		&s.PreWeightKg, &s.PreHematocrit, &s.PreProteinGdl,
		&s.VolumeML, &s.AnticoagulantML, &abort, &s.StartedAt, &s.EndedAt)
	if pgstore.IsNoRows(err) {
		return Session{}, apperr.NotFound("session %s not found", id)
	}
	if err != nil {
		return Session{}, fmt.Errorf("get session: %w", err)
	}
	if abort != nil {
		s.AbortReason = *abort
	}
	return s, nil
}

// MarkCompleted closes an in-progress session with the collected volume.
func (pgRepository) MarkCompleted(ctx context.Context, db pgstore.DBTX, id string, volumeML, acML int, at time.Time) error {
	tag, err := db.Exec(ctx, `
		UPDATE donation_sessions
		   SET status = 'completed', volume_ml = $2, anticoagulant_ml = $3, ended_at = $4
		 WHERE id = $1 AND status = 'in_progress'`, id, volumeML, acML, at)
	if err != nil {
		return fmt.Errorf("complete session: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return apperr.Precondition("session %s is not in progress", id)
	}
	return nil
}

// MarkAborted ends an in-progress session. It reports false when the
// session was not in progress.
func (pgRepository) MarkAborted(ctx context.Context, db pgstore.DBTX, id, reason string, at time.Time) (bool, error) {
	tag, err := db.Exec(ctx, `
		UPDATE donation_sessions
		   SET status = 'aborted', abort_reason = $2, ended_at = $3
		 WHERE id = $1 AND status = 'in_progress'`, id, reason, at)
	if err != nil {
		return false, fmt.Errorf("abort session: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

func (pgRepository) InsertUnit(ctx context.Context, db pgstore.DBTX, u Unit) error {
	_, err := db.Exec(ctx, `
		INSERT INTO plasma_units (id, din, session_id, donor_id, centre_id, volume_ml, collected_at, hold_until, status)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'quarantined')`,
		u.ID, u.DIN, u.SessionID, u.DonorID, u.CentreID, u.VolumeML, u.CollectedAt, u.HoldUntil)
	if pgstore.IsUniqueViolation(err, "plasma_units_din_key") {
		return apperr.Conflict("DIN %s is already assigned to another unit", u.DIN)
	}
	if err != nil {
		return fmt.Errorf("insert unit: %w", err)
	}
	return nil
}

func (pgRepository) InsertSample(ctx context.Context, db pgstore.DBTX, s Sample) error {
	_, err := db.Exec(ctx, `
		INSERT INTO lab_samples (id, unit_id, tube_barcode, panel, status)
		VALUES ($1, $2, $3, $4, 'pending')`,
		s.ID, s.UnitID, s.TubeBarcode, s.Panel)
	if pgstore.IsUniqueViolation(err, "lab_samples_tube_barcode_key") {
		return apperr.Conflict("tube %s is already registered", s.TubeBarcode)
	}
	if err != nil {
		return fmt.Errorf("insert sample: %w", err)
	}
	return nil
}

func (pgRepository) InsertReaction(ctx context.Context, db pgstore.DBTX, r AdverseReaction) error {
	_, err := db.Exec(ctx, `
		INSERT INTO adverse_reactions (id, session_id, donor_id, severity, category, description, reported_by, occurred_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
		r.ID, r.SessionID, r.DonorID, r.Severity, r.Category, r.Description, r.ReportedBy, r.OccurredAt)
	if err != nil {
		return fmt.Errorf("insert adverse reaction: %w", err)
	}
	return nil
}
