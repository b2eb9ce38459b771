package repo

import (
	"context"
	"time"

	"gorm.io/gorm"

	"github.com/northgate/tolls/internal/domain"
)

// AccountRepository persists accounts.
type AccountRepository interface {
	Get(ctx context.Context, id string) (*domain.Account, error)
	GetForUpdate(ctx context.Context, id string) (*domain.Account, error)
	Create(ctx context.Context, a *domain.Account) error
	Save(ctx context.Context, a *domain.Account) error
	UpdateFields(ctx context.Context, id string, fields map[string]any) error
	AdjustBalance(ctx context.Context, id string, deltaCents int64) error
}

type accountRepo struct{ table[domain.Account] }

// NewAccounts returns the gorm AccountRepository.
func NewAccounts(db *gorm.DB) AccountRepository {
	return &accountRepo{table[domain.Account]{db: db}}
}

func (r *accountRepo) Get(ctx context.Context, id string) (*domain.Account, error) {
	return r.get(ctx, "id = ?", id)
}

func (r *accountRepo) GetForUpdate(ctx context.Context, id string) (*domain.Account, error) {
	return r.getForUpdate(ctx, "id = ?", id)
}

func (r *accountRepo) Create(ctx context.Context, a *domain.Account) error {
	return r.create(ctx, a)
}

func (r *accountRepo) Save(ctx context.Context, a *domain.Account) error {
	a.UpdatedAt = time.Now().UTC()
	return r.save(ctx, a)
}

func (r *accountRepo) UpdateFields(ctx context.Context, id string, fields map[string]any) error {
	fields["updated_at"] = time.Now().UTC()
	res := r.conn(ctx).Model(&domain.Account{}).Where("id = ?", id).Updates(fields)
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return domain.ErrNotFound
	}
	return nil
}

func (r *accountRepo) AdjustBalance(ctx context.Context, id string, deltaCents int64) error {
	res := r.conn(ctx).Model(&domain.Account{}).Where("id = ?", id).Updates(map[string]any{
		"balance_cents": gorm.Expr("balance_cents + ?", deltaCents),
		"updated_at":    time.Now().UTC(),
	})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return domain.ErrNotFound
	}
	return nil
}
