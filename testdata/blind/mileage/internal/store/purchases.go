package store

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/northwind-air/mileage/internal/domain"
)

// PurchaseRepo stores card purchases of miles and gateway events.
type PurchaseRepo struct {
	db *gorm.DB
}

// NewPurchaseRepo returns a PurchaseRepo.
func NewPurchaseRepo(db *gorm.DB) *PurchaseRepo { return &PurchaseRepo{db: db} }

func toPurchase(m purchaseModel) domain.Purchase {
	return domain.Purchase{
		ID:             m.ID,
		MemberID:       m.MemberID,
		IdempotencyKey: m.IdempotencyKey,
		Source:         m.Source,
		Miles:          m.Miles,
		AmountCents:    m.AmountCents,
		Currency:       m.Currency,
		CardToken:      m.CardToken,
		Status:         m.Status,
		ChargeID:       deref(m.ChargeID),
		RefundedMiles:  m.RefundedMiles,
		RefundedCents:  m.RefundedCents,
		CreatedAt:      m.CreatedAt,
	}
}

func fromPurchase(p domain.Purchase) purchaseModel {
	now := time.Now().UTC()
	return purchaseModel{
		ID:             p.ID,
		MemberID:       p.MemberID,
		IdempotencyKey: p.IdempotencyKey,
		Source:         p.Source,
		Miles:          p.Miles,
		AmountCents:    p.AmountCents,
		Currency:       p.Currency,
		CardToken:      p.CardToken,
		Status:         p.Status,
		ChargeID:       strPtr(p.ChargeID),
		CreatedAt:      now,
		UpdatedAt:      now,
	}
}

// Claim stores a pending purchase under the member's idempotency key, or
// returns the purchase already stored under it with created=false.
func (r *PurchaseRepo) Claim(ctx context.Context, p domain.Purchase) (domain.Purchase, bool, error) {
	p.Status = domain.PurchasePending
	row := fromPurchase(p)
	res := conn(ctx, r.db).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "member_id"}, {Name: "idempotency_key"}},
		DoNothing: true,
	}).Create(&row)
	if res.Error != nil {
		return domain.Purchase{}, false, res.Error
	}
	if res.RowsAffected == 1 {
		return toPurchase(row), true, nil
	}
	var existing purchaseModel
	err := conn(ctx, r.db).Where("member_id = ? AND idempotency_key = ?", p.MemberID, p.IdempotencyKey).Take(&existing).Error
	if err != nil {
		return domain.Purchase{}, false, err
	}
	return toPurchase(existing), false, nil
}

// Insert stores a purchase as given.
func (r *PurchaseRepo) Insert(ctx context.Context, p domain.Purchase) error {
	row := fromPurchase(p)
	return conn(ctx, r.db).Create(&row).Error
}

// Get loads a purchase.
func (r *PurchaseRepo) Get(ctx context.Context, id string) (domain.Purchase, error) {
	var row purchaseModel
	if err := conn(ctx, r.db).Where("id = ?", id).Take(&row).Error; err != nil {
		return domain.Purchase{}, notFound(err)
	}
	return toPurchase(row), nil
}

// GetByCharge loads the purchase paid by a gateway charge.
func (r *PurchaseRepo) GetByCharge(ctx context.Context, chargeID string) (domain.Purchase, error) {
	var row purchaseModel
	if err := conn(ctx, r.db).Where("charge_id = ?", chargeID).Take(&row).Error; err != nil {
		return domain.Purchase{}, notFound(err)
	}
	return toPurchase(row), nil
}

// MarkCaptured moves a pending purchase to captured.
func (r *PurchaseRepo) MarkCaptured(ctx context.Context, id, chargeID string) (bool, error) {
	res := conn(ctx, r.db).Model(&purchaseModel{}).
		Where("id = ? AND status = ?", id, domain.PurchasePending).
		Updates(map[string]any{
			"status":     domain.PurchaseCaptured,
			"charge_id":  chargeID,
			"updated_at": time.Now().UTC(),
		})
	return res.RowsAffected == 1, res.Error
}

// MarkFailed moves a pending purchase to failed.
func (r *PurchaseRepo) MarkFailed(ctx context.Context, id, code string) error {
	return conn(ctx, r.db).Model(&purchaseModel{}).
		Where("id = ? AND status = ?", id, domain.PurchasePending).
		Updates(map[string]any{
			"status":       domain.PurchaseFailed,
			"failure_code": code,
			"updated_at":   time.Now().UTC(),
		}).Error
}

// AddRefund records a (partial) refund of a captured purchase.
func (r *PurchaseRepo) AddRefund(ctx context.Context, id string, miles, cents int64) (bool, error) {
	res := conn(ctx, r.db).Model(&purchaseModel{}).
		Where("id = ? AND status = ? AND refunded_miles + ? <= miles", id, domain.PurchaseCaptured, miles).
		Updates(map[string]any{
			"refunded_miles": gorm.Expr("refunded_miles + ?", miles),
			"refunded_cents": gorm.Expr("refunded_cents + ?", cents),
			"status":         gorm.Expr("CASE WHEN refunded_miles + ? >= miles THEN ? ELSE status END", miles, domain.PurchaseRefunded),
			"updated_at":     time.Now().UTC(),
		})
	return res.RowsAffected == 1, res.Error
}

// InsertGatewayEvent stores a webhook event.
func (r *PurchaseRepo) InsertGatewayEvent(ctx context.Context, ev domain.GatewayEvent) error {
	row := gatewayEventModel{
		EventID:    ev.EventID,
		EventType:  ev.EventType,
		ChargeID:   strPtr(ev.ChargeID),
		Payload:    ev.Payload,
		ReceivedAt: time.Now().UTC(),
	}
	return conn(ctx, r.db).Create(&row).Error
}
