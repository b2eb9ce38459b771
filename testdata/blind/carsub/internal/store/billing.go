package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/drivewise/carsub/internal/domain"
)

type ChargeRepo struct {
	db *gorm.DB
}

func NewChargeRepo(db *gorm.DB) *ChargeRepo {
	return &ChargeRepo{db: db}
}

func (r *ChargeRepo) Get(ctx context.Context, id uuid.UUID) (*domain.Charge, error) {
	var c domain.Charge
	if err := conn(ctx, r.db).First(&c, "id = ?", id).Error; err != nil {
		return nil, notFound(err)
	}
	return &c, nil
}

func (r *ChargeRepo) GetByIdempotencyKey(ctx context.Context, key string) (*domain.Charge, error) {
	var c domain.Charge
	if err := conn(ctx, r.db).First(&c, "idempotency_key = ?", key).Error; err != nil {
		return nil, notFound(err)
	}
	return &c, nil
}

func (r *ChargeRepo) GetByProviderID(ctx context.Context, providerChargeID string) (*domain.Charge, error) {
	var c domain.Charge
	if err := conn(ctx, r.db).First(&c, "provider_charge_id = ?", providerChargeID).Error; err != nil {
		return nil, notFound(err)
	}
	return &c, nil
}

// InsertIfAbsent stores c unless a charge with the same idempotency key
// exists, and returns whichever row is now stored.
func (r *ChargeRepo) InsertIfAbsent(ctx context.Context, c *domain.Charge) (*domain.Charge, error) {
	db := conn(ctx, r.db)
	res := db.Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "idempotency_key"}},
		DoNothing: true,
	}).Create(c)
	if res.Error != nil {
		return nil, res.Error
	}
	if res.RowsAffected == 1 {
		return c, nil
	}
	return r.GetByIdempotencyKey(ctx, *c.IdempotencyKey)
}

// ClaimRenewal inserts the renewal charge for c.BillingPeriod. It returns
// the charge to work on, or nil when another run already owns the period.
// A pending charge left behind by a crashed run is taken over once stale.
func (r *ChargeRepo) ClaimRenewal(ctx context.Context, c *domain.Charge, staleAfter time.Duration) (*domain.Charge, error) {
	db := conn(ctx, r.db)
	res := db.Clauses(clause.OnConflict{
		Columns:     []clause.Column{{Name: "subscription_id"}, {Name: "billing_period"}},
		TargetWhere: clause.Where{Exprs: []clause.Expression{clause.Expr{SQL: "kind = 'renewal'"}}},
		DoNothing:   true,
	}).Create(c)
	if res.Error != nil {
		return nil, res.Error
	}
	if res.RowsAffected == 1 {
		return c, nil
	}

	var existing domain.Charge
	err := db.Where("subscription_id = ? AND billing_period = ? AND kind = ?", c.SubscriptionID, c.BillingPeriod, domain.ChargeRenewal).
		First(&existing).Error
	if err != nil {
		return nil, notFound(err)
	}
	if existing.Status != domain.ChargePending {
		return nil, nil
	}
	take := db.Model(&domain.Charge{}).
		Where("id = ? AND status = ? AND updated_at < ?", existing.ID, domain.ChargePending, time.Now().Add(-staleAfter)).
		Update("updated_at", gorm.Expr("now()"))
	if take.Error != nil {
		return nil, take.Error
	}
	if take.RowsAffected == 0 {
		return nil, nil
	}
	return &existing, nil
}

// MarkResult records the outcome of a provider call.
func (r *ChargeRepo) MarkResult(ctx context.Context, id uuid.UUID, status domain.ChargeStatus, providerChargeID, failure string) error {
	updates := map[string]any{"status": status, "updated_at": gorm.Expr("now()")}
	if providerChargeID != "" {
		updates["provider_charge_id"] = providerChargeID
	}
	if failure != "" {
		updates["failure_reason"] = failure
	}
	return conn(ctx, r.db).Model(&domain.Charge{}).Where("id = ?", id).Updates(updates).Error
}

type RefundRepo struct {
	db *gorm.DB
}

func NewRefundRepo(db *gorm.DB) *RefundRepo {
	return &RefundRepo{db: db}
}

func (r *RefundRepo) Create(ctx context.Context, rf *domain.Refund) error {
	return conn(ctx, r.db).Create(rf).Error
}

func (r *RefundRepo) InsertSettlement(ctx context.Context, s *domain.RefundSettlement) error {
	return conn(ctx, r.db).Create(s).Error
}

func (r *RefundRepo) MarkCompleted(ctx context.Context, providerRefundID string) error {
	return conn(ctx, r.db).Model(&domain.Refund{}).
		Where("provider_refund_id = ?", providerRefundID).
		Updates(map[string]any{"status": domain.RefundCompleted, "updated_at": gorm.Expr("now()")}).Error
}

// InsertDispute stores the dispute once; it reports whether it was new.
func (r *RefundRepo) InsertDispute(ctx context.Context, d *domain.Dispute) (bool, error) {
	res := conn(ctx, r.db).Clauses(clause.OnConflict{DoNothing: true}).Create(d)
	return res.RowsAffected == 1, res.Error
}

type CreditRepo struct {
	db *gorm.DB
}

func NewCreditRepo(db *gorm.DB) *CreditRepo {
	return &CreditRepo{db: db}
}

func (r *CreditRepo) Insert(ctx context.Context, c *domain.CustomerCredit) error {
	return conn(ctx, r.db).Create(c).Error
}
