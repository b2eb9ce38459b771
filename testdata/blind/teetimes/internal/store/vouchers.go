package store

import (
	"context"
	"time"

	"gorm.io/gorm"

	"github.com/fairwaylinks/teetimes/internal/domain"
	"github.com/fairwaylinks/teetimes/internal/platform/db"
)

// VoucherStore persists gift vouchers.
type VoucherStore interface {
	CreateIgnoreConflict(ctx context.Context, v *domain.GiftVoucher, cols ...string) (bool, error)
	Get(ctx context.Context, id string) (*domain.GiftVoucher, error)
	GetByCode(ctx context.Context, code string) (*domain.GiftVoucher, error)
	GetByPurchaseKey(ctx context.Context, key string) (*domain.GiftVoucher, error)
	Update(ctx context.Context, id string, cols map[string]any) (int64, error)
	UpdateWhere(ctx context.Context, cols map[string]any, query string, args ...any) (int64, error)
	Debit(ctx context.Context, id string, cents int64) (bool, error)
}

type voucherStore struct {
	*db.Repository[domain.GiftVoucher]
}

// NewVoucherStore builds a VoucherStore.
func NewVoucherStore(g *gorm.DB) *voucherStore {
	return &voucherStore{db.NewRepository[domain.GiftVoucher](g)}
}

func (s *voucherStore) GetByCode(ctx context.Context, code string) (*domain.GiftVoucher, error) {
	return s.FindOne(ctx, "code = ?", code)
}

func (s *voucherStore) GetByPurchaseKey(ctx context.Context, key string) (*domain.GiftVoucher, error) {
	return s.FindOne(ctx, "purchase_key = ?", key)
}

// Debit takes cents off an active voucher's balance if it covers them.
func (s *voucherStore) Debit(ctx context.Context, id string, cents int64) (bool, error) {
	res := s.Conn(ctx).Model(&domain.GiftVoucher{}).
		Where("id = ? AND status = ? AND balance_cents >= ? AND expires_at > now()", id, domain.VoucherActive, cents).
		Updates(map[string]any{
			"balance_cents": gorm.Expr("balance_cents - ?", cents),
			"status":        gorm.Expr("CASE WHEN balance_cents - ? = 0 THEN ? ELSE status END", cents, domain.VoucherExhausted),
			"updated_at":    time.Now().UTC(),
		})
	return res.RowsAffected == 1, res.Error
}
