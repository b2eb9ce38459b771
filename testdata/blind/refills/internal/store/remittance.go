package store

import (
	"context"

	"gorm.io/gorm"

	"github.com/scriptline/refills/internal/domain"
)

// RemittanceRepo stores the PBM's 835-style payment batches.
type RemittanceRepo struct {
	batches *Repository[domain.RemittanceBatch]
	lines   *Repository[domain.RemittanceLine]
}

func NewRemittanceRepo(db *gorm.DB) *RemittanceRepo {
	return &RemittanceRepo{
		batches: NewRepository[domain.RemittanceBatch](db),
		lines:   NewRepository[domain.RemittanceLine](db),
	}
}

// SaveBatch writes the batch header and its lines. The header is keyed by
// the PBM's batch id; a corrected re-issue of a batch updates the totals.
func (r *RemittanceRepo) SaveBatch(ctx context.Context, b *domain.RemittanceBatch, lines []domain.RemittanceLine) error {
	err := r.batches.Upsert(ctx, b, []string{"pbm_batch_id"},
		[]string{"line_count", "total_paid_cents", "status", "imported_at"})
	if err != nil {
		return wrapf(err, "save remittance batch %s", b.PBMBatchID)
	}
	if err := r.lines.CreateMany(ctx, lines, 500); err != nil {
		return wrapf(err, "save remittance lines for %s", b.PBMBatchID)
	}
	return nil
}

func (r *RemittanceRepo) LatestPeriodEnd(ctx context.Context) (*domain.RemittanceBatch, error) {
	var out domain.RemittanceBatch
	err := r.batches.Conn(ctx).Order("period_end DESC").Take(&out).Error
	if err != nil {
		return nil, translate(err)
	}
	return &out, nil
}
