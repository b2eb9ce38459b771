package repository

import (
	"context"

	"github.com/uptrace/bun"

	"github.com/kindredgive/donations/internal/domain"
)

// DonorRepo persists donors and charities' reference data.
type DonorRepo interface {
	Upsert(ctx context.Context, d *domain.Donor) error
	Get(ctx context.Context, id string) (*domain.Donor, error)
	UpdatePreferences(ctx context.Context, id string, marketing, post bool) (*domain.Donor, error)
	SetEmailStatus(ctx context.Context, email, status string) (int64, error)
	SetCRMContactID(ctx context.Context, id, contactID string) error
}

type donorRepo struct{ db bun.IDB }

// NewDonorRepo returns the bun implementation.
func NewDonorRepo(db *bun.DB) DonorRepo { return &donorRepo{db: db} }

// Upsert inserts the donor or refreshes the row that owns the email. On
// return d.ID is the id of the stored row.
func (r *donorRepo) Upsert(ctx context.Context, d *domain.Donor) error {
	_, err := r.db.NewInsert().Model(d).
		On("CONFLICT ((lower(email))) DO UPDATE").
		Set("first_name = EXCLUDED.first_name").
		Set("last_name = EXCLUDED.last_name").
		Set("address_line1 = COALESCE(NULLIF(EXCLUDED.address_line1, ''), dn.address_line1)").
		Set("postcode = COALESCE(NULLIF(EXCLUDED.postcode, ''), dn.postcode)").
		Set("updated_at = now()").
		Returning("id, created_at, updated_at").
		Exec(ctx)
	return err
}

func (r *donorRepo) Get(ctx context.Context, id string) (*domain.Donor, error) {
	d := new(domain.Donor)
	if err := r.db.NewSelect().Model(d).Where("dn.id = ?", id).Scan(ctx); err != nil {
		return nil, err
	}
	return d, nil
}

func (r *donorRepo) UpdatePreferences(ctx context.Context, id string, marketing, post bool) (*domain.Donor, error) {
	d := new(domain.Donor)
	err := r.db.NewUpdate().Model(d).
		Set("marketing_opt_in = ?", marketing).
		Set("contact_by_post = ?", post).
		Set("updated_at = now()").
		Where("id = ?", id).
		Returning("*").
		Scan(ctx)
	if err != nil {
		return nil, err
	}
	return d, nil
}

func (r *donorRepo) SetEmailStatus(ctx context.Context, email, status string) (int64, error) {
	res, err := r.db.NewUpdate().Model((*domain.Donor)(nil)).
		Set("email_status = ?", status).
		Set("updated_at = now()").
		Where("lower(email) = lower(?)", email).
		Exec(ctx)
	return affected(res), err
}

func (r *donorRepo) SetCRMContactID(ctx context.Context, id, contactID string) error {
	_, err := r.db.NewUpdate().Model((*domain.Donor)(nil)).
		Set("crm_contact_id = ?", contactID).
		Where("id = ?", id).
		Exec(ctx)
	return err
}

// CharityRepo reads charities.
type CharityRepo interface {
	Get(ctx context.Context, id string) (*domain.Charity, error)
	ListWithBalanceOver(ctx context.Context, minPence int64) ([]domain.CharityBalance, error)
}

type charityRepo struct{ db bun.IDB }

// NewCharityRepo returns the bun implementation.
func NewCharityRepo(db *bun.DB) CharityRepo { return &charityRepo{db: db} }

func (r *charityRepo) Get(ctx context.Context, id string) (*domain.Charity, error) {
	c := new(domain.Charity)
	if err := r.db.NewSelect().Model(c).Where("ch.id = ?", id).Scan(ctx); err != nil {
		return nil, err
	}
	return c, nil
}

func (r *charityRepo) ListWithBalanceOver(ctx context.Context, minPence int64) ([]domain.CharityBalance, error) {
	var out []domain.CharityBalance
	err := r.db.NewSelect().Model(&out).
		Where("cb.available_pence >= ?", minPence).
		Order("cb.charity_id").
		Scan(ctx)
	return out, err
}
