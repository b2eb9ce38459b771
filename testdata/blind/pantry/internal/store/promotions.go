package store

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/pantryco/fulfilment/internal/domain"
	"github.com/pantryco/fulfilment/internal/platform/pg"
)

// PromotionRepo reads promo codes and records redemptions.
type PromotionRepo struct {
	db pg.DBTX
}

// NewPromotionRepo builds a PromotionRepo.
func NewPromotionRepo(db pg.DBTX) *PromotionRepo { return &PromotionRepo{db: db} }

// Get loads a promotion by code.
func (r *PromotionRepo) Get(ctx context.Context, code string) (domain.Promotion, error) {
	var p domain.Promotion
	err := conn(ctx, r.db).QueryRow(ctx, `
		SELECT code, discount_cents, min_subtotal, valid_until FROM promotions WHERE code = $1`, code).
		Scan(&p.Code, &p.DiscountCents, &p.MinSubtotal, &p.ValidUntil)
	if err != nil {
		return domain.Promotion{}, fmt.Errorf("get promotion: %w", pg.NotFound(err))
	}
	return p, nil
}

const insertOrderPromotion = `
	INSERT INTO order_promotions (order_id, promo_code, discount_cents)
	VALUES ($1, $2, $3)`

// Redeem records that a promotion was applied to an order.
func (r *PromotionRepo) Redeem(ctx context.Context, orderID uuid.UUID, code string, discountCents int64) error {
	if _, err := conn(ctx, r.db).Exec(ctx, insertOrderPromotion, orderID, code, discountCents); err != nil {
		return fmt.Errorf("redeem promotion: %w", err)
	}
	return nil
}
