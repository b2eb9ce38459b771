package repository

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"github.com/kindredgive/donations/internal/domain"
)

// PayoutRepo persists payouts to charities.
type PayoutRepo interface {
	WithTx(tx bun.IDB) PayoutRepo
	InsertIfAbsent(ctx context.Context, p *domain.Payout) (bool, error)
	Get(ctx context.Context, id string) (*domain.Payout, error)
	GetByReference(ctx context.Context, charityID, reference string) (*domain.Payout, error)
	MarkSent(ctx context.Context, id, bankRef string, at time.Time) error
	MarkFailed(ctx context.Context, id string) error
}

type payoutRepo struct{ db bun.IDB }

// NewPayoutRepo returns the bun implementation.
func NewPayoutRepo(db *bun.DB) PayoutRepo { return &payoutRepo{db: db} }

func (r *payoutRepo) WithTx(tx bun.IDB) PayoutRepo { return &payoutRepo{db: tx} }

func (r *payoutRepo) InsertIfAbsent(ctx context.Context, p *domain.Payout) (bool, error) {
	res, err := r.db.NewInsert().Model(p).
		On("CONFLICT (charity_id, reference) DO NOTHING").
		Exec(ctx)
	if err != nil {
		return false, err
	}
	return affected(res) == 1, nil
}

func (r *payoutRepo) Get(ctx context.Context, id string) (*domain.Payout, error) {
	p := new(domain.Payout)
	if err := r.db.NewSelect().Model(p).Where("po.id = ?", id).Scan(ctx); err != nil {
		return nil, err
	}
	return p, nil
}

func (r *payoutRepo) GetByReference(ctx context.Context, charityID, reference string) (*domain.Payout, error) {
	p := new(domain.Payout)
	err := r.db.NewSelect().Model(p).
		Where("po.charity_id = ? AND po.reference = ?", charityID, reference).
		Scan(ctx)
	if err != nil {
		return nil, err
	}
	return p, nil
}

func (r *payoutRepo) MarkSent(ctx context.Context, id, bankRef string, at time.Time) error {
	_, err := r.db.NewUpdate().Model((*domain.Payout)(nil)).
		Set("status = ?", domain.PayoutSent).
		Set("bank_reference = ?", bankRef).
		Set("sent_at = ?", at).
		Where("id = ?", id).
		Exec(ctx)
	return err
}

func (r *payoutRepo) MarkFailed(ctx context.Context, id string) error {
	_, err := r.db.NewUpdate().Model((*domain.Payout)(nil)).
		Set("status = ?", domain.PayoutFailed).
		Where("id = ?", id).
		Exec(ctx)
	return err
}
