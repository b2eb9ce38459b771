package repository

import (
	"context"

	"github.com/uptrace/bun"

	"github.com/kindredgive/donations/internal/domain"
)

// RefundRepo persists refund requests.
type RefundRepo interface {
	Insert(ctx context.Context, r *domain.Refund) error
	MarkSubmitted(ctx context.Context, id, psp string) error
	MarkRejected(ctx context.Context, id, reason string) error
	SumForDonation(ctx context.Context, donationID string) (int64, error)
}

type refundRepo struct{ db bun.IDB }

// NewRefundRepo returns the bun implementation.
func NewRefundRepo(db *bun.DB) RefundRepo { return &refundRepo{db: db} }

func (r *refundRepo) Insert(ctx context.Context, rf *domain.Refund) error {
	_, err := r.db.NewInsert().Model(rf).Exec(ctx)
	return err
}

func (r *refundRepo) MarkSubmitted(ctx context.Context, id, psp string) error {
	_, err := r.db.NewUpdate().Model((*domain.Refund)(nil)).
		Set("status = 'submitted'").
		Set("psp_reference = ?", psp).
		Where("id = ?", id).
		Exec(ctx)
	return err
}

func (r *refundRepo) MarkRejected(ctx context.Context, id, reason string) error {
	_, err := r.db.NewUpdate().Model((*domain.Refund)(nil)).
		Set("status = 'rejected'").
		Set("reason = reason || ' / ' || ?", reason).
		Where("id = ?", id).
		Exec(ctx)
	return err
}

func (r *refundRepo) SumForDonation(ctx context.Context, donationID string) (int64, error) {
	var total int64
	err := r.db.NewSelect().Model((*domain.Refund)(nil)).
		ColumnExpr("COALESCE(SUM(amount_pence), 0)").
		Where("donation_id = ?", donationID).
		Where("status <> 'rejected'").
		Scan(ctx, &total)
	return total, err
}
