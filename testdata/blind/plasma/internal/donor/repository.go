package donor

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/veinline/plasmaops/internal/platform/apperr"
	"github.com/veinline/plasmaops/internal/platform/pgstore"
)

// Repository persists donors. Every method takes the handle to run on so
// services decide transaction boundaries.
type Repository interface {
	InsertDonor(ctx context.Context, db pgstore.DBTX, d Donor) (bool, error)
	GetDonor(ctx context.Context, db pgstore.DBTX, id string) (Donor, error)
	GetByNationalIDHash(ctx context.Context, db pgstore.DBTX, hash string) (Donor, error)
	UpdateContact(ctx context.Context, db pgstore.DBTX, u ContactUpdate, at time.Time) error
	SetStatus(ctx context.Context, db pgstore.DBTX, donorID, status string, at time.Time) error
	InsertConsent(ctx context.Context, db pgstore.DBTX, c Consent) (bool, error)
	UpsertDeferral(ctx context.Context, db pgstore.DBTX, d Deferral) (Deferral, error)
	GetDeferral(ctx context.Context, db pgstore.DBTX, id string) (Deferral, error)
}

type pgRepository struct{}

// NewRepository returns the Postgres repository.
func NewRepository() Repository { return pgRepository{} }

const donorColumns = `id, national_id_hash, first_name, last_name, date_of_birth, phone,
	COALESCE(email, ''), home_centre_id, COALESCE(cardholder_ref, ''), status, created_at, updated_at`

func scanDonor(row pgx.Row) (Donor, error) {
	var d Donor
	err := row.Scan(&d.ID, &d.NationalIDHash, &d.FirstName, &d.LastName, &d.DateOfBirth, &d.Phone,
		&d.Email, &d.HomeCentreID, &d.CardholderRef, &d.Status, &d.CreatedAt, &d.UpdatedAt)
	return d, err
}

// InsertDonor inserts d unless a donor with the same national id is
// already registered. It reports whether a row was inserted.
func (pgRepository) InsertDonor(ctx context.Context, db pgstore.DBTX, d Donor) (bool, error) {
	tag, err := db.Exec(ctx, `
		INSERT INTO donors (id, national_id_hash, first_name, last_name, date_of_birth, phone, email,
		                    home_centre_id, cardholder_ref, status, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, NULLIF($7, ''), $8, NULLIF($9, ''), $10, $11, $11)
		ON CONFLICT (national_id_hash) DO NOTHING`,
		d.ID, d.NationalIDHash, d.FirstName, d.LastName, d.DateOfBirth, d.Phone, d.Email,
		d.HomeCentreID, d.CardholderRef, d.Status, d.CreatedAt)
	if err != nil {
		if pgstore.IsForeignKeyViolation(err) {
			return false, apperr.Invalid("unknown centre %q", d.HomeCentreID)
		}
		return false, fmt.Errorf("insert donor: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

func (pgRepository) GetDonor(ctx context.Context, db pgstore.DBTX, id string) (Donor, error) {
	d, err := scanDonor(db.QueryRow(ctx, `SELECT `+donorColumns+` FROM donors WHERE id = $1`, id))
	if pgstore.IsNoRows(err) {
		return Donor{}, apperr.NotFound("donor %s not found", id)
	}
	if err != nil {
		return Donor{}, fmt.Errorf("get donor: %w", err)
	}
	return d, nil
}

func (pgRepository) GetByNationalIDHash(ctx context.Context, db pgstore.DBTX, hash string) (Donor, error) {
	d, err := scanDonor(db.QueryRow(ctx, `SELECT `+donorColumns+` FROM donors WHERE national_id_hash = $1`, hash))
	if pgstore.IsNoRows(err) {
		return Donor{}, apperr.NotFound("donor not found")
	}
	if err != nil {
		return Donor{}, fmt.Errorf("get donor by national id: %w", err)
	}
	return d, nil
}

func (pgRepository) UpdateContact(ctx context.Context, db pgstore.DBTX, u ContactUpdate, at time.Time) error {
	tag, err := db.Exec(ctx, `
		UPDATE donors
		   SET phone = COALESCE(NULLIF($2, ''), phone),
		       email = COALESCE(NULLIF($3, ''), email),
		       updated_at = $4
		 WHERE id = $1`,
		u.DonorID, u.Phone, u.Email, at)
	if err != nil {
		return fmt.Errorf("update contact: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return apperr.NotFound("donor %s not found", u.DonorID)
	}
	return nil
}

func (pgRepository) SetStatus(ctx context.Context, db pgstore.DBTX, donorID, status string, at time.Time) error {
	_, err := db.Exec(ctx, `UPDATE donors SET status = $2, updated_at = $3 WHERE id = $1 AND status <> 'closed'`,
		donorID, status, at)
	if err != nil {
		return fmt.Errorf("set donor status: %w", err)
	}
	return nil
}

// InsertConsent records c; a form version the donor already signed is left
// as it is. It reports whether a row was inserted.
func (pgRepository) InsertConsent(ctx context.Context, db pgstore.DBTX, c Consent) (bool, error) {
	tag, err := db.Exec(ctx, `
		INSERT INTO donor_consents (donor_id, form_version, signed_at, witnessed_by)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (donor_id, form_version) DO NOTHING`,
		c.DonorID, c.FormVersion, c.SignedAt, c.WitnessedBy)
	if err != nil {
		return false, fmt.Errorf("insert consent: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

// UpsertDeferral stores d, or returns the existing deferral for the same
// donor, reason and start date with its notes refreshed.
func (pgRepository) UpsertDeferral(ctx context.Context, db pgstore.DBTX, d Deferral) (Deferral, error) {
	var out Deferral
	err := db.QueryRow(ctx, `
		INSERT INTO donor_deferrals (id, donor_id, reason_code, starts_on, ends_on, recorded_by, notes, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
		ON CONFLICT (donor_id, reason_code, starts_on)
		DO UPDATE SET notes = EXCLUDED.notes
		RETURNING id, donor_id, reason_code, starts_on, ends_on, recorded_by, notes, created_at`,
		d.ID, d.DonorID, d.ReasonCode, d.StartsOn, d.EndsOn, d.RecordedBy, d.Notes, d.CreatedAt,
	).Scan(&out.ID, &out.DonorID, &out.ReasonCode, &out.StartsOn, &out.EndsOn, &out.RecordedBy, &out.Notes, &out.CreatedAt)
	if err != nil {
		return Deferral{}, fmt.Errorf("upsert deferral: %w", err)
	}
	return out, nil
}

func (pgRepository) GetDeferral(ctx context.Context, db pgstore.DBTX, id string) (Deferral, error) {
	var d Deferral
	err := db.QueryRow(ctx, `
		SELECT id, donor_id, reason_code, starts_on, ends_on, recorded_by, notes, created_at
		  FROM donor_deferrals WHERE id = $1`, id,
	).Scan(&d.ID, &d.DonorID, &d.ReasonCode, &d.StartsOn, &d.EndsOn, &d.RecordedBy, &d.Notes, &d.CreatedAt)
	if pgstore.IsNoRows(err) {
		return Deferral{}, apperr.NotFound("deferral %s not found", id)
	}
	if err != nil {
		return Deferral{}, fmt.Errorf("get deferral: %w", err)
	}
	return d, nil
}
