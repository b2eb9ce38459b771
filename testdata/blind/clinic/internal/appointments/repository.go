// Package appointments owns booking, cancellation and the appointment
// lifecycle, including reminder messaging.
package appointments

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/acme/clinic/internal/platform/db"
	"github.com/acme/clinic/internal/platform/ids"
)

type Status string

const (
	StatusBooked    Status = "booked"
	StatusConfirmed Status = "confirmed"
	StatusCancelled Status = "cancelled"
	StatusNoShow    Status = "no_show"
	StatusCompleted Status = "completed"
)

var (
	ErrNotFound     = errors.New("appointment not found")
	ErrSlotTaken    = errors.New("slot is no longer available")
	ErrInvalidState = errors.New("appointment is not in a valid state for this operation")
)

type Appointment struct {
	ID           string    `json:"id"`
	PatientID    string    `json:"patient_id"`
	ClinicianID  string    `json:"clinician_id"`
	SlotStart    time.Time `json:"slot_start"`
	SlotMinutes  int       `json:"slot_minutes"`
	Status       Status    `json:"status"`
	Reason       string    `json:"reason"`
	DepositCents int64     `json:"deposit_cents"`
	CreatedAt    time.Time `json:"created_at"`
	UpdatedAt    time.Time `json:"updated_at"`
}

func (a Appointment) Active() bool {
	return a.Status == StatusBooked || a.Status == StatusConfirmed
}

type BookInput struct {
	PatientID   string    `json:"patient_id" binding:"required,uuid"`
	ClinicianID string    `json:"clinician_id" binding:"required,uuid"`
	SlotStart   time.Time `json:"slot_start" binding:"required"`
	SlotMinutes int       `json:"slot_minutes"`
	Reason      string    `json:"reason"`
}

// Deposit is the subset of a succeeded deposit payment needed for refunds.
type Deposit struct {
	PaymentAttemptID string
	ProviderRef      string
	AmountCents      int64
}

// RefundRecord is written to the refunds table when an appointment is cancelled.
type RefundRecord struct {
	ID               string
	PaymentAttemptID string
	RequestID        string
	AmountCents      int64
	Status           string
	ProviderRef      string
	Reason           string
}

// Repository persists appointments. Methods honour a transaction in ctx.
type Repository interface {
	Get(ctx context.Context, id string) (Appointment, error)
	Insert(ctx context.Context, a Appointment) error
	UpdateStatus(ctx context.Context, id string, status Status) error
	TransitionStatus(ctx context.Context, id string, from []Status, to Status) (bool, error)
	RecordRefund(ctx context.Context, r RefundRecord) error
}

type PostgresRepository struct {
	pool *sql.DB
}

func NewPostgresRepository(pool *sql.DB) *PostgresRepository {
	return &PostgresRepository{pool: pool}
}

const selectAppointment = `SELECT id, patient_id, clinician_id, slot_start, slot_minutes, status,
       reason, deposit_cents, created_at, updated_at FROM appointments`

func (r *PostgresRepository) Get(ctx context.Context, id string) (Appointment, error) {
	var a Appointment
	err := db.Conn(ctx, r.pool).QueryRowContext(ctx, selectAppointment+` WHERE id = $1`, id).Scan(
		&a.ID, &a.PatientID, &a.ClinicianID, &a.SlotStart, &a.SlotMinutes, &a.Status,
		&a.Reason, &a.DepositCents, &a.CreatedAt, &a.UpdatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return a, ErrNotFound
	}
	if err != nil {
		return a, fmt.Errorf("appointments.Get: %w", err)
	}
	return a, nil
}

// Insert books the slot. A live appointment already holding the slot yields
// ErrSlotTaken.
func (r *PostgresRepository) Insert(ctx context.Context, a Appointment) error {
	res, err := db.Conn(ctx, r.pool).ExecContext(ctx, `
		INSERT INTO appointments (id, patient_id, clinician_id, slot_start, slot_minutes, status, reason, deposit_cents)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
		ON CONFLICT (clinician_id, slot_start) WHERE status <> 'cancelled' DO NOTHING`,
		a.ID, a.PatientID, a.ClinicianID, a.SlotStart, a.SlotMinutes, a.Status, a.Reason, a.DepositCents)
	if err != nil {
		return fmt.Errorf("appointments.Insert: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrSlotTaken
	}
	return nil
}

func (r *PostgresRepository) UpdateStatus(ctx context.Context, id string, status Status) error {
	res, err := db.Conn(ctx, r.pool).ExecContext(ctx,
		`UPDATE appointments SET status = $2, updated_at = now() WHERE id = $1`, id, status)
	if err != nil {
		return fmt.Errorf("appointments.UpdateStatus: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

// TransitionStatus moves the appointment to `to` only if it is currently in
// one of `from`. It reports whether the row changed.
func (r *PostgresRepository) TransitionStatus(ctx context.Context, id string, from []Status, to Status) (bool, error) {
	allowed := make([]string, len(from))
	for i, s := range from {
		allowed[i] = string(s)
	}
	res, err := db.Conn(ctx, r.pool).ExecContext(ctx,
		`UPDATE appointments SET status = $2, updated_at = now()
		  WHERE id = $1 AND status = ANY($3)`, id, to, allowed)
	if err != nil {
		return false, fmt.Errorf("appointments.TransitionStatus: %w", err)
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

func (r *PostgresRepository) RecordRefund(ctx context.Context, rf RefundRecord) error {
	_, err := db.Conn(ctx, r.pool).ExecContext(ctx, `
		INSERT INTO refunds (id, payment_attempt_id, request_id, amount_cents, status, provider_ref, reason)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		rf.ID, rf.PaymentAttemptID, rf.RequestID, rf.AmountCents, rf.Status, rf.ProviderRef, rf.Reason)
	if err != nil {
		return fmt.Errorf("appointments.RecordRefund: %w", err)
	}
	return nil
}

// MessageLog records patient text messages tied to an appointment.
type MessageLog interface {
	WasSent(ctx context.Context, appointmentID, kind string) (bool, error)
	MarkSent(ctx context.Context, appointmentID, kind, providerMessageID string) error

	// Reserve records the intent to send template for the appointment. It
	// returns ok=false if an intent already exists.
	Reserve(ctx context.Context, appointmentID, template string) (id string, ok bool, err error)
	Release(ctx context.Context, id string) error
	Complete(ctx context.Context, id, providerMessageID string) error
}

type SQLMessageLog struct {
	db *sql.DB
}

func NewSQLMessageLog(db *sql.DB) *SQLMessageLog { return &SQLMessageLog{db: db} }

func (l *SQLMessageLog) WasSent(ctx context.Context, appointmentID, kind string) (bool, error) {
	var exists bool
	err := l.db.QueryRowContext(ctx,
		`SELECT EXISTS (SELECT 1 FROM reminder_log WHERE appointment_id = $1 AND kind = $2)`,
		appointmentID, kind).Scan(&exists)
	return exists, err
}

func (l *SQLMessageLog) MarkSent(ctx context.Context, appointmentID, kind, providerMessageID string) error {
	_, err := l.db.ExecContext(ctx, `
		INSERT INTO reminder_log (appointment_id, kind, provider_message_id) VALUES ($1, $2, $3)
		ON CONFLICT (appointment_id, kind) DO NOTHING`, appointmentID, kind, providerMessageID)
	return err
}

func (l *SQLMessageLog) Reserve(ctx context.Context, appointmentID, template string) (string, bool, error) {
	var id string
	err := l.db.QueryRowContext(ctx, `
		INSERT INTO sms_outbox (id, appointment_id, template, status) VALUES ($1, $2, $3, 'sending')
		ON CONFLICT (appointment_id, template) DO NOTHING
		RETURNING id`, ids.NewXID(), appointmentID, template).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, err
	}
	return id, true, nil
}

func (l *SQLMessageLog) Release(ctx context.Context, id string) error {
	_, err := l.db.ExecContext(ctx, `DELETE FROM sms_outbox WHERE id = $1 AND status = 'sending'`, id)
	return err
}

func (l *SQLMessageLog) Complete(ctx context.Context, id, providerMessageID string) error {
	_, err := l.db.ExecContext(ctx,
		`UPDATE sms_outbox SET status = 'sent', provider_message_id = $2, updated_at = now() WHERE id = $1`,
		id, providerMessageID)
	return err
}
