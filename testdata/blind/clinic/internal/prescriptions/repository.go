// Package prescriptions issues e-prescriptions and renewals through RxNet.
package prescriptions

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

var ErrNotFound = errors.New("prescription not found")

const (
	StatusPending = "pending"
	StatusSent    = "sent"
	StatusFailed  = "failed"
)

type Prescription struct {
	ID             string    `json:"id"`
	AppointmentID  string    `json:"appointment_id"`
	ClinicianID    string    `json:"clinician_id"`
	PatientID      string    `json:"patient_id"`
	MedicationCode string    `json:"medication_code"`
	Sig            string    `json:"sig"`
	Quantity       int       `json:"quantity"`
	Refills        int       `json:"refills"`
	PharmacyNCPDP  string    `json:"pharmacy_ncpdp"`
	Status         string    `json:"status"`
	RxNetRef       string    `json:"rxnet_ref,omitempty"`
	CreatedAt      time.Time `json:"created_at"`
}

type Renewal struct {
	ID             string    `json:"id"`
	PrescriptionID string    `json:"prescription_id"`
	Quantity       int       `json:"quantity"`
	RequestedBy    string    `json:"requested_by"`
	Status         string    `json:"status"`
	RxNetRef       string    `json:"rxnet_ref,omitempty"`
	CreatedAt      time.Time `json:"created_at"`
}

type Repository interface {
	InsertPending(ctx context.Context, p Prescription) error
	GetByNaturalKey(ctx context.Context, appointmentID, medicationCode string) (Prescription, error)
	Get(ctx context.Context, id string) (Prescription, error)
	MarkSent(ctx context.Context, id, ref string) error
	InsertRenewal(ctx context.Context, r Renewal) error
	GetRenewal(ctx context.Context, id string) (Renewal, error)
	MarkRenewalSent(ctx context.Context, id, ref string) error
}

type SQLRepository struct {
	db *sql.DB
}

func NewSQLRepository(db *sql.DB) *SQLRepository { return &SQLRepository{db: db} }

// InsertPending records the intent to prescribe. A prescription is unique per
// (appointment, medication); a second insert is a no-op.
func (r *SQLRepository) InsertPending(ctx context.Context, p Prescription) error {
	_, err := r.db.ExecContext(ctx, `
		INSERT INTO prescriptions (id, appointment_id, clinician_id, patient_id, medication_code,
		                           sig, quantity, refills, pharmacy_ncpdp, status)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'pending')
		ON CONFLICT (appointment_id, medication_code) DO NOTHING`,
		p.ID, p.AppointmentID, p.ClinicianID, p.PatientID, p.MedicationCode,
		p.Sig, p.Quantity, p.Refills, p.PharmacyNCPDP)
	if err != nil {
		return fmt.Errorf("prescriptions.InsertPending: %w", err)
	}
	return nil
}

const selectRx = `SELECT id, appointment_id, clinician_id, patient_id, medication_code, sig, quantity,
       refills, pharmacy_ncpdp, status, COALESCE(rxnet_ref, ''), created_at FROM prescriptions`

func scanRx(row *sql.Row) (Prescription, error) {
	var p Prescription
	err := row.Scan(&p.ID, &p.AppointmentID, &p.ClinicianID, &p.PatientID, &p.MedicationCode,
		&p.Sig, &p.Quantity, &p.Refills, &p.PharmacyNCPDP, &p.Status, &p.RxNetRef, &p.CreatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return p, ErrNotFound
	}
	return p, err
}

func (r *SQLRepository) GetByNaturalKey(ctx context.Context, appointmentID, code string) (Prescription, error) {
	return scanRx(r.db.QueryRowContext(ctx,
		selectRx+` WHERE appointment_id = $1 AND medication_code = $2`, appointmentID, code))
}

func (r *SQLRepository) Get(ctx context.Context, id string) (Prescription, error) {
	return scanRx(r.db.QueryRowContext(ctx, selectRx+` WHERE id = $1`, id))
}

func (r *SQLRepository) MarkSent(ctx context.Context, id, ref string) error {
	_, err := r.db.ExecContext(ctx,
		`UPDATE prescriptions SET status = 'sent', rxnet_ref = $2, updated_at = now() WHERE id = $1`, id, ref)
	return err
}

func (r *SQLRepository) InsertRenewal(ctx context.Context, rn Renewal) error {
	_, err := r.db.ExecContext(ctx, `
		INSERT INTO prescription_renewals (id, prescription_id, quantity, requested_by, status)
		VALUES ($1, $2, $3, $4, $5)`,
		rn.ID, rn.PrescriptionID, rn.Quantity, rn.RequestedBy, rn.Status)
	if err != nil {
		return fmt.Errorf("prescriptions.InsertRenewal: %w", err)
	}
	return nil
}

func (r *SQLRepository) GetRenewal(ctx context.Context, id string) (Renewal, error) {
	var rn Renewal
	err := r.db.QueryRowContext(ctx, `
		SELECT id, prescription_id, quantity, requested_by, status, COALESCE(rxnet_ref, ''), created_at
		  FROM prescription_renewals WHERE id = $1`, id).
		Scan(&rn.ID, &rn.PrescriptionID, &rn.Quantity, &rn.RequestedBy, &rn.Status, &rn.RxNetRef, &rn.CreatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return rn, ErrNotFound
	}
	return rn, err
}

func (r *SQLRepository) MarkRenewalSent(ctx context.Context, id, ref string) error {
	_, err := r.db.ExecContext(ctx,
		`UPDATE prescription_renewals SET status = 'sent', rxnet_ref = $2, updated_at = now() WHERE id = $1`, id, ref)
	return err
}
