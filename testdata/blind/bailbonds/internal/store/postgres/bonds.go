package postgres

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/keystonebail/bondline/internal/applications"
	"github.com/keystonebail/bondline/internal/collateral"
	"github.com/keystonebail/bondline/internal/courts"
	"github.com/keystonebail/bondline/internal/platform/apperr"
	"github.com/keystonebail/bondline/internal/platform/database"
	"github.com/keystonebail/bondline/internal/surety"
)

// Bonds implements applications.BondRepository and surety.BondRepository.
type Bonds struct{}

// Create writes a bond.
func (Bonds) Create(ctx context.Context, db sqlx.ExtContext, b applications.NewBond) error {
	_, err := sqlx.NamedExecContext(ctx, db, `
		INSERT INTO bonds (id, application_id, county, case_number, bail_amount_cents, premium_cents, written_on)
		VALUES (:id, :application_id, :county, :case_number, :bail_amount_cents, :premium_cents, :written_on)`, b)
	return err
}

// AssignPower records the surety's power number on a bond that has none.
func (Bonds) AssignPower(ctx context.Context, db sqlx.ExtContext, bondID uuid.UUID, powerNumber string) (bool, error) {
	res, err := db.ExecContext(ctx, `
		UPDATE bonds SET power_number = $2
		 WHERE id = $1 AND power_number IS NULL`, bondID, powerNumber)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// ListWrittenOn returns the bonds written on a business date.
func (Bonds) ListWrittenOn(ctx context.Context, db sqlx.ExtContext, day time.Time) ([]surety.WrittenBond, error) {
	var out []surety.WrittenBond
	err := sqlx.SelectContext(ctx, db, &out, `
		SELECT id, power_number, county, case_number, bail_amount_cents, premium_cents
		  FROM bonds WHERE written_on = $1::date ORDER BY created_at`, day.Format("2006-01-02"))
	return out, err
}

// CollateralBonds implements collateral.BondRepository.
type CollateralBonds struct{}

// Get reads a bond's status.
func (CollateralBonds) Get(ctx context.Context, db sqlx.ExtContext, id uuid.UUID) (*collateral.Bond, error) {
	var b collateral.Bond
	err := sqlx.GetContext(ctx, db, &b, `SELECT id, status FROM bonds WHERE id = $1`, id)
	if database.NoRows(err) {
		return nil, apperr.NotFound("bond %s", id)
	}
	return &b, err
}

// Close closes an active bond.
func (CollateralBonds) Close(ctx context.Context, db sqlx.ExtContext, id uuid.UUID, reason string, at time.Time) error {
	res, err := db.ExecContext(ctx, `
		UPDATE bonds SET status = 'closed', closed_at = $2, close_reason = $3
		 WHERE id = $1 AND status = 'active'`, id, at, reason)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return apperr.Conflict("bond %s is not active", id)
	}
	return nil
}

// ForfeitureBonds implements courts.BondLookup.
type ForfeitureBonds struct{}

// FindByCase finds the agency's bond on a county case, or nil.
func (ForfeitureBonds) FindByCase(ctx context.Context, db sqlx.ExtContext, county, caseNumber string) (*courts.BondRef, error) {
	var b courts.BondRef
	err := sqlx.GetContext(ctx, db, &b, `
		SELECT id, power_number, county, case_number FROM bonds
		 WHERE county = $1 AND case_number = $2 AND status = 'active'
		 ORDER BY created_at DESC LIMIT 1`, county, caseNumber)
	if database.NoRows(err) {
		return nil, nil
	}
	return &b, err
}

// GetRef reads a bond.
func (ForfeitureBonds) GetRef(ctx context.Context, db sqlx.ExtContext, id uuid.UUID) (*courts.BondRef, error) {
	var b courts.BondRef
	err := sqlx.GetContext(ctx, db, &b, `SELECT id, power_number, county, case_number FROM bonds WHERE id = $1`, id)
	if database.NoRows(err) {
		return nil, apperr.NotFound("bond %s", id)
	}
	return &b, err
}

// Contacts lists the bond's indemnitors.
func (ForfeitureBonds) Contacts(ctx context.Context, db sqlx.ExtContext, bondID uuid.UUID) ([]courts.Contact, error) {
	var out []courts.Contact
	err := sqlx.SelectContext(ctx, db, &out, `
		SELECT i.id, i.full_name, i.phone
		  FROM indemnitors i JOIN bonds b ON b.application_id = i.application_id
		 WHERE b.id = $1 ORDER BY i.created_at`, bondID)
	return out, err
}
