package donations

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/hemolink-systems/bloodbank/internal/domain"
	"github.com/hemolink-systems/bloodbank/internal/platform/database"
)

// Repository persists donations and the components split from them.
type Repository interface {
	UpsertDonation(ctx context.Context, tx *sqlx.Tx, d domain.Donation) (domain.Donation, error)
	InsertComponent(ctx context.Context, tx *sqlx.Tx, c domain.Component) error
	MarkAttended(ctx context.Context, tx *sqlx.Tx, apptID uuid.UUID) error
	GetByNumber(ctx context.Context, number string) (domain.Donation, error)
	SiteCode(ctx context.Context, siteID uuid.UUID) (string, error)
}

type pgRepository struct{ db *sqlx.DB }

func NewRepository(db *sqlx.DB) Repository { return &pgRepository{db: db} }

// UpsertDonation inserts the donation or returns the row already recorded
// under the same donation number. The ISBT number is printed on the bag
// before collection, so a resubmission from the collection tablet carries
// the same number.
func (r *pgRepository) UpsertDonation(ctx context.Context, tx *sqlx.Tx, d domain.Donation) (domain.Donation, error) {
	rows, err := sqlx.NamedQueryContext(ctx, tx, `
		INSERT INTO donations (id, donation_number, donor_id, appointment_id, site_id,
		                       donation_type, volume_ml, collected_at, status)
		VALUES (:id, :donation_number, :donor_id, :appointment_id, :site_id,
		        :donation_type, :volume_ml, :collected_at, 'quarantined')
		ON CONFLICT (donation_number) DO UPDATE SET updated_at = donations.updated_at
		RETURNING id, donation_number, donor_id, appointment_id, site_id,
		          donation_type, volume_ml, collected_at, status`, d)
	if err != nil {
		return domain.Donation{}, err
	}
	defer rows.Close()
	var out domain.Donation
	if !rows.Next() {
		return out, fmt.Errorf("upsert donation %s: no row returned", d.DonationNumber)
	}
	if err := rows.StructScan(&out); err != nil {
		return out, err
	}
	return out, rows.Err()
}

func (r *pgRepository) InsertComponent(ctx context.Context, tx *sqlx.Tx, c domain.Component) error {
	_, err := tx.NamedExecContext(ctx, `
		INSERT INTO components (id, unit_number, donation_id, kind, blood_group, status, expires_at)
		VALUES (:id, :unit_number, :donation_id, :kind, :blood_group, 'quarantine', :expires_at)
		ON CONFLICT (unit_number) DO NOTHING`, c)
	return err
}

func (r *pgRepository) MarkAttended(ctx context.Context, tx *sqlx.Tx, apptID uuid.UUID) error {
	_, err := tx.ExecContext(ctx, `
		UPDATE appointments SET status = 'attended', updated_at = now()
		 WHERE id = $1 AND status = 'booked'`, apptID)
	return err
}

func (r *pgRepository) GetByNumber(ctx context.Context, number string) (domain.Donation, error) {
	var d domain.Donation
	err := r.db.GetContext(ctx, &d, `
		SELECT id, donation_number, donor_id, appointment_id, site_id,
		       donation_type, volume_ml, collected_at, status
		  FROM donations WHERE donation_number = $1`, number)
	if database.IsNoRows(err) {
		return d, fmt.Errorf("donation %s: %w", number, domain.ErrNotFound)
	}
	return d, err
}

func (r *pgRepository) SiteCode(ctx context.Context, siteID uuid.UUID) (string, error) {
	var code string
	err := r.db.GetContext(ctx, &code, `SELECT code FROM donation_sites WHERE id = $1`, siteID)
	return code, err
}
