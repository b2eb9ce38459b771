// Package postgres implements the services' repository interfaces on
// Postgres. Every method takes the sqlx.ExtContext to run on, so callers
// choose between the pool and a transaction.
package postgres

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/keystonebail/bondline/internal/applications"
	"github.com/keystonebail/bondline/internal/platform/apperr"
	"github.com/keystonebail/bondline/internal/platform/database"
)

// Applications implements applications.Repository.
type Applications struct{}

const applicationColumns = `id, defendant_name, defendant_dob, defendant_phone, defendant_email,
	booking_number, county, charge_summary, bail_amount_cents, premium_cents, status,
	submitted_at, approved_at, approved_by`

// Insert writes a new application.
func (Applications) Insert(ctx context.Context, db sqlx.ExtContext, a *applications.Application) error {
	_, err := sqlx.NamedExecContext(ctx, db, `
		INSERT INTO bond_applications (id, defendant_name, defendant_dob, defendant_phone, defendant_email,
			booking_number, county, charge_summary, bail_amount_cents, premium_cents, status, submitted_at)
		VALUES (:id, :defendant_name, :defendant_dob, :defendant_phone, :defendant_email,
			:booking_number, :county, :charge_summary, :bail_amount_cents, :premium_cents, :status, :submitted_at)`, a)
	return err
}

// InsertIndemnitors writes the application's co-signers.
func (Applications) InsertIndemnitors(ctx context.Context, db sqlx.ExtContext, appID uuid.UUID, ins []applications.Indemnitor) error {
	if len(ins) == 0 {
		return nil
	}
	_, err := sqlx.NamedExecContext(ctx, db, `
		INSERT INTO indemnitors (id, application_id, full_name, phone, email, relationship, checkin_interval_days)
		VALUES (:id, :application_id, :full_name, :phone, :email, :relationship, :checkin_interval_days)`, ins)
	return err
}

// GetForUpdate reads one application and locks it for the rest of the
// transaction. NO KEY UPDATE leaves rows that reference it insertable.
func (Applications) GetForUpdate(ctx context.Context, db sqlx.ExtContext, id uuid.UUID) (*applications.Application, error) {
	var a applications.Application
	err := sqlx.GetContext(ctx, db, &a, `SELECT `+applicationColumns+`
		  FROM bond_applications WHERE id = $1 FOR NO KEY UPDATE`, id)
	if database.NoRows(err) {
		return nil, apperr.NotFound("application %s", id)
	}
	return &a, err
}

// MarkApproved moves a submitted application to approved.
func (Applications) MarkApproved(ctx context.Context, db sqlx.ExtContext, id uuid.UUID, agentID string, at time.Time) error {
	res, err := db.ExecContext(ctx, `
		UPDATE bond_applications SET status = 'approved', approved_at = $2, approved_by = $3
		 WHERE id = $1 AND status = 'submitted'`, id, at, agentID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return apperr.Conflict("application %s is no longer awaiting approval", id)
	}
	return nil
}

// Invoices implements applications.InvoiceRepository.
type Invoices struct{}

// Create bills a premium and returns the invoice number.
func (Invoices) Create(ctx context.Context, db sqlx.ExtContext, inv applications.Invoice) (int64, error) {
	var id int64
	err := sqlx.GetContext(ctx, db, &id, `
		INSERT INTO premium_invoices (application_id, amount_cents, due_on)
		VALUES ($1, $2, $3) RETURNING id`, inv.ApplicationID, inv.AmountCents, inv.DueOn)
	return id, err
}
