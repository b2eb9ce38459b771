package repository

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"github.com/kindredgive/donations/internal/domain"
)

// DonationRepo persists donations.
type DonationRepo interface {
	WithTx(tx bun.IDB) DonationRepo
	Insert(ctx context.Context, d *domain.Donation) error
	Get(ctx context.Context, id string) (*domain.Donation, error)
	GetByIdempotencyKey(ctx context.Context, key string) (*domain.Donation, error)
	MarkAuthorised(ctx context.Context, id, pspReference string) error
	MarkFailed(ctx context.Context, id, reason string) error
	Settle(ctx context.Context, merchantRef, pspReference, to string, from ...string) (*domain.Donation, error)
	GetByPSP(ctx context.Context, pspReference string) (*domain.Donation, error)
	MarkRefunded(ctx context.Context, id string) (bool, error)
	ListSucceededForDonor(ctx context.Context, donorID string, from, to time.Time) ([]domain.Donation, error)
}

type donationRepo struct{ db bun.IDB }

// NewDonationRepo returns the bun implementation.
func NewDonationRepo(db *bun.DB) DonationRepo { return &donationRepo{db: db} }

func (r *donationRepo) WithTx(tx bun.IDB) DonationRepo { return &donationRepo{db: tx} }

func (r *donationRepo) Insert(ctx context.Context, d *domain.Donation) error {
	_, err := r.db.NewInsert().Model(d).Exec(ctx)
	return err
}

func (r *donationRepo) Get(ctx context.Context, id string) (*domain.Donation, error) {
	d := new(domain.Donation)
	if err := r.db.NewSelect().Model(d).Where("d.id = ?", id).Scan(ctx); err != nil {
		return nil, err
	}
	return d, nil
}

func (r *donationRepo) GetByIdempotencyKey(ctx context.Context, key string) (*domain.Donation, error) {
	d := new(domain.Donation)
	if err := r.db.NewSelect().Model(d).Where("d.idempotency_key = ?", key).Scan(ctx); err != nil {
		return nil, err
	}
	return d, nil
}

func (r *donationRepo) MarkAuthorised(ctx context.Context, id, psp string) error {
	_, err := r.db.NewUpdate().Model((*domain.Donation)(nil)).
		Set("status = ?", domain.DonationAuthorised).
		Set("psp_reference = ?", psp).
		Set("updated_at = now()").
		Where("id = ?", id).
		Where("status = ?", domain.DonationPending).
		Exec(ctx)
	return err
}

func (r *donationRepo) MarkFailed(ctx context.Context, id, reason string) error {
	_, err := r.db.NewUpdate().Model((*domain.Donation)(nil)).
		Set("status = ?", domain.DonationFailed).
		Set("failure_reason = ?", reason).
		Set("updated_at = now()").
		Where("id = ?", id).
		Where("status IN (?)", bun.In([]string{domain.DonationPending, domain.DonationAuthorised})).
		Exec(ctx)
	return err
}

// Settle moves the donation identified by merchantRef (our donation id) or
// by pspReference into status to, provided it is currently in one of from.
// It returns nil when no row was in a from state.
func (r *donationRepo) Settle(ctx context.Context, merchantRef, psp, to string, from ...string) (*domain.Donation, error) {
	var rows []domain.Donation
	err := r.db.NewUpdate().Model(&rows).
		Set("status = ?", to).
		Set("psp_reference = COALESCE(d.psp_reference, ?)", psp).
		Set("updated_at = now()").
		WhereGroup(" AND ", func(q *bun.UpdateQuery) *bun.UpdateQuery {
			return q.Where("d.psp_reference = ?", psp).WhereOr("d.id::text = ?", merchantRef)
		}).
		Where("d.status IN (?)", bun.In(from)).
		Returning("*").
		Scan(ctx)
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, nil
	}
	return &rows[0], nil
}

func (r *donationRepo) GetByPSP(ctx context.Context, psp string) (*domain.Donation, error) {
	d := new(domain.Donation)
	if err := r.db.NewSelect().Model(d).Where("d.psp_reference = ?", psp).Scan(ctx); err != nil {
		return nil, err
	}
	return d, nil
}

// MarkRefunded flips a succeeded donation to refunded and reports whether
// this call made the change.
func (r *donationRepo) MarkRefunded(ctx context.Context, id string) (bool, error) {
	res, err := r.db.NewUpdate().Model((*domain.Donation)(nil)).
		Set("status = ?", domain.DonationRefunded).
		Set("updated_at = now()").
		Where("id = ?", id).
		Where("status = ?", domain.DonationSucceeded).
		Exec(ctx)
	if err != nil {
		return false, err
	}
	return affected(res) == 1, nil
}

func (r *donationRepo) ListSucceededForDonor(ctx context.Context, donorID string, from, to time.Time) ([]domain.Donation, error) {
	var out []domain.Donation
	err := r.db.NewSelect().Model(&out).
		Where("d.donor_id = ?", donorID).
		Where("d.status = ?", domain.DonationSucceeded).
		Where("d.created_at >= ? AND d.created_at < ?", from, to).
		Order("d.created_at ASC").
		Scan(ctx)
	return out, err
}
