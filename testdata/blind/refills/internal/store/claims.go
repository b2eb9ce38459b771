package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/scriptline/refills/internal/domain"
)

type ClaimRepo struct {
	*Repository[domain.Claim]
}

func NewClaimRepo(db *gorm.DB) *ClaimRepo {
	return &ClaimRepo{Repository: NewRepository[domain.Claim](db)}
}

func (r *ClaimRepo) FindByRefill(ctx context.Context, refillID uuid.UUID) (*domain.Claim, error) {
	return r.FindOne(ctx, "refill_id = ?", refillID)
}

// CreateIntent stores the claim before it is sent to the PBM. One claim per
// refill; the loser of a race gets false and should re-read.
func (r *ClaimRepo) CreateIntent(ctx context.Context, c *domain.Claim) (bool, error) {
	return r.CreateIgnoreConflict(ctx, c, "refill_id")
}

// ListSubmitted returns claims the PBM queued for later adjudication.
func (r *ClaimRepo) ListSubmitted(ctx context.Context, olderThan time.Time, limit int) ([]domain.Claim, error) {
	var out []domain.Claim
	err := r.Conn(ctx).
		Where("status = ? AND submitted_at < ?", domain.ClaimSubmitted, olderThan).
		Order("submitted_at").Limit(limit).Find(&out).Error
	return out, translate(err)
}

// ApplyResult records an adjudication outcome if the claim is still open.
func (r *ClaimRepo) ApplyResult(ctx context.Context, c *domain.Claim) (bool, error) {
	n, err := r.UpdateWhere(ctx, map[string]any{
		"status":                c.Status,
		"pbm_claim_id":          c.PBMClaimID,
		"ingredient_cost_cents": c.IngredientCostCents,
		"dispensing_fee_cents":  c.DispensingFeeCents,
		"copay_cents":           c.CopayCents,
		"plan_paid_cents":       c.PlanPaidCents,
		"reject_codes":          c.RejectCodes,
		"adjudicated_at":        c.AdjudicatedAt,
		"updated_at":            time.Now().UTC(),
	}, "id = ? AND status IN ?", c.ID, []domain.ClaimStatus{domain.ClaimPending, domain.ClaimSubmitted})
	return n == 1, err
}

type ClaimReversalRepo struct {
	*Repository[domain.ClaimReversal]
}

func NewClaimReversalRepo(db *gorm.DB) *ClaimReversalRepo {
	return &ClaimReversalRepo{Repository: NewRepository[domain.ClaimReversal](db)}
}

type PriorAuthRepo struct {
	*Repository[domain.PriorAuthorization]
}

func NewPriorAuthRepo(db *gorm.DB) *PriorAuthRepo {
	return &PriorAuthRepo{Repository: NewRepository[domain.PriorAuthorization](db)}
}
