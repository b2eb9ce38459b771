package store

import (
	"context"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/prairiegold/graincoop/internal/domain"
)

type GrowerRepo struct{ db *gorm.DB }

func NewGrowerRepo(db *gorm.DB) *GrowerRepo { return &GrowerRepo{db: db} }

// Register inserts the grower unless the member number is already on file.
func (r *GrowerRepo) Register(ctx context.Context, g *domain.Grower) (bool, error) {
	return insertIgnore(r.db.WithContext(ctx), g, "member_no")
}

func (r *GrowerRepo) Get(ctx context.Context, id int64) (*domain.Grower, error) {
	return first[domain.Grower](r.db.WithContext(ctx).Where("id = ?", id))
}

func (r *GrowerRepo) ByMemberNo(ctx context.Context, memberNo string) (*domain.Grower, error) {
	return first[domain.Grower](r.db.WithContext(ctx).Where("member_no = ?", memberNo))
}

func (r *GrowerRepo) ListActive(ctx context.Context) ([]domain.Grower, error) {
	return list[domain.Grower](r.db.WithContext(ctx).Where("status = ?", domain.GrowerActive).Order("id"))
}

type BankAccountRepo struct{ db *gorm.DB }

func (r *BankAccountRepo) Create(ctx context.Context, a *domain.BankAccount) error {
	return r.db.WithContext(ctx).Create(a).Error
}

func (r *BankAccountRepo) Get(ctx context.Context, id uuid.UUID) (*domain.BankAccount, error) {
	return first[domain.BankAccount](r.db.WithContext(ctx).Where("id = ?", id))
}

func (r *BankAccountRepo) Default(ctx context.Context, growerID int64) (*domain.BankAccount, error) {
	return first[domain.BankAccount](r.db.WithContext(ctx).
		Where("grower_id = ? AND status = 'active'", growerID).
		Order("is_default DESC, created_at DESC"))
}

func (r *BankAccountRepo) ClearDefault(ctx context.Context, growerID int64) error {
	return r.db.WithContext(ctx).Model(&domain.BankAccount{}).
		Where("grower_id = ? AND is_default", growerID).
		Update("is_default", false).Error
}
