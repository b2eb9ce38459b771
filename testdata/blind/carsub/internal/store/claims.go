package store

import (
	"context"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/drivewise/carsub/internal/domain"
)

type ClaimRepo struct {
	db *gorm.DB
}

func NewClaimRepo(db *gorm.DB) *ClaimRepo {
	return &ClaimRepo{db: db}
}

func (r *ClaimRepo) Create(ctx context.Context, c *domain.DamageClaim) error {
	return conn(ctx, r.db).Create(c).Error
}

func (r *ClaimRepo) Get(ctx context.Context, id uuid.UUID) (*domain.DamageClaim, error) {
	var c domain.DamageClaim
	if err := conn(ctx, r.db).First(&c, "id = ?", id).Error; err != nil {
		return nil, notFound(err)
	}
	return &c, nil
}

func (r *ClaimRepo) MarkSubmitted(ctx context.Context, id uuid.UUID, insurerRef string) error {
	return conn(ctx, r.db).Model(&domain.DamageClaim{}).
		Where("id = ?", id).
		Updates(map[string]any{
			"status":            domain.ClaimSubmitted,
			"insurer_claim_ref": insurerRef,
			"updated_at":        gorm.Expr("now()"),
		}).Error
}

// Decide records the insurer's decision on a submitted claim. It reports
// false when the claim was no longer in the submitted state.
func (r *ClaimRepo) Decide(ctx context.Context, id uuid.UUID, status domain.ClaimStatus, approvedCents *int64) (bool, error) {
	res := conn(ctx, r.db).Model(&domain.DamageClaim{}).
		Where("id = ? AND status = ?", id, domain.ClaimSubmitted).
		Updates(map[string]any{
			"status":         status,
			"approved_cents": approvedCents,
			"updated_at":     gorm.Expr("now()"),
		})
	return res.RowsAffected == 1, res.Error
}

func (r *ClaimRepo) MarkSettled(ctx context.Context, id uuid.UUID) error {
	return conn(ctx, r.db).Model(&domain.DamageClaim{}).
		Where("id = ?", id).
		Updates(map[string]any{"status": domain.ClaimSettled, "updated_at": gorm.Expr("now()")}).Error
}
