package pgstore

import (
	"context"
	"time"

	"github.com/google/uuid"
)

type Promo struct {
	Code       string
	BonusCents int64
	ValidUntil time.Time
}

type Promos struct{}

func NewPromos() *Promos { return &Promos{} }

func (r *Promos) Get(ctx context.Context, q DBTX, code string) (*Promo, error) {
	var p Promo
	err := q.QueryRow(ctx, `SELECT code, bonus_cents, valid_until FROM promo_codes WHERE code = $1`, code).
		Scan(&p.Code, &p.BonusCents, &p.ValidUntil)
	if err != nil {
		return nil, notFound(err)
	}
	return &p, nil
}

// Redeem records the redemption. It returns false if the customer already
// redeemed this code.
func (r *Promos) Redeem(ctx context.Context, q DBTX, code string, customerID uuid.UUID, bonus int64) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO promo_redemptions (promo_code, customer_id, bonus_cents)
		VALUES ($1, $2, $3)
		ON CONFLICT (promo_code, customer_id) DO NOTHING`, code, customerID, bonus)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}
