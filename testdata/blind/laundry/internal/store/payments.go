package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type PaymentRepository interface {
	// EnsureIntent inserts p unless a payment with the same op_id exists and
	// returns the stored row either way.
	EnsureIntent(ctx context.Context, p *Payment) (*Payment, error)
	Create(ctx context.Context, p *Payment) error
	Get(ctx context.Context, id uuid.UUID) (*Payment, error)
	ByOrderKind(ctx context.Context, orderID uuid.UUID, kind PaymentKind) (*Payment, error)
	ByProcessorID(ctx context.Context, processorPaymentID string) (*Payment, error)
	SetProcessorResult(ctx context.Context, id uuid.UUID, processorPaymentID string, status PaymentStatus) error
	ClaimCaptureOp(ctx context.Context, id uuid.UUID, candidate string) (string, error)
	MarkCaptured(ctx context.Context, id uuid.UUID, customerID uuid.UUID, amount int64) error
	SetCaptured(ctx context.Context, id uuid.UUID, amount int64) error
	RecordFailure(ctx context.Context, id uuid.UUID, msg string) error
	SetStatus(ctx context.Context, id uuid.UUID, status PaymentStatus) error
	AddRefund(ctx context.Context, r *Refund) error
}

type gormPayments struct{ db *gorm.DB }

func (r *gormPayments) EnsureIntent(ctx context.Context, p *Payment) (*Payment, error) {
	db := r.db.WithContext(ctx)
	if err := db.Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "op_id"}},
		DoNothing: true,
	}).Create(p).Error; err != nil {
		return nil, err
	}
	var stored Payment
	if err := db.First(&stored, "op_id = ?", p.OpID).Error; err != nil {
		return nil, translate(err)
	}
	return &stored, nil
}

func (r *gormPayments) Create(ctx context.Context, p *Payment) error {
	return r.db.WithContext(ctx).Create(p).Error
}

func (r *gormPayments) Get(ctx context.Context, id uuid.UUID) (*Payment, error) {
	var p Payment
	err := r.db.WithContext(ctx).First(&p, "id = ?", id).Error
	return &p, translate(err)
}

func (r *gormPayments) ByOrderKind(ctx context.Context, orderID uuid.UUID, kind PaymentKind) (*Payment, error) {
	var p Payment
	err := r.db.WithContext(ctx).Where("order_id = ? AND kind = ?", orderID, kind).
		Order("created_at DESC").First(&p).Error
	return &p, translate(err)
}

func (r *gormPayments) ByProcessorID(ctx context.Context, processorPaymentID string) (*Payment, error) {
	var p Payment
	err := r.db.WithContext(ctx).First(&p, "processor_payment_id = ?", processorPaymentID).Error
	return &p, translate(err)
}

func (r *gormPayments) SetProcessorResult(ctx context.Context, id uuid.UUID, processorPaymentID string, status PaymentStatus) error {
	return r.db.WithContext(ctx).Model(&Payment{}).Where("id = ?", id).Updates(map[string]any{
		"processor_payment_id": processorPaymentID,
		"status":               status,
		"updated_at":           time.Now(),
	}).Error
}

// ClaimCaptureOp fixes the capture operation id on first use and returns the
// stored one on every later call.
func (r *gormPayments) ClaimCaptureOp(ctx context.Context, id uuid.UUID, candidate string) (string, error) {
	var opID string
	err := r.db.WithContext(ctx).Raw(`
		UPDATE payments
		   SET capture_op_id = COALESCE(capture_op_id, ?),
		       capture_attempts = capture_attempts + 1,
		       updated_at = now()
		 WHERE id = ?
		RETURNING capture_op_id`, candidate, id).Scan(&opID).Error
	if err != nil {
		return "", err
	}
	if opID == "" {
		return "", ErrNotFound
	}
	return opID, nil
}

// MarkCaptured records a settled capture and rolls the amount into the
// customer's lifetime spend, which drives loyalty tiers.
func (r *gormPayments) MarkCaptured(ctx context.Context, id uuid.UUID, customerID uuid.UUID, amount int64) error {
	return r.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Model(&Payment{}).Where("id = ?", id).Updates(map[string]any{
			"status":         PaymentCaptured,
			"captured_cents": amount,
			"updated_at":     time.Now(),
		}).Error; err != nil {
			return err
		}
		return tx.Model(&Customer{}).Where("id = ?", customerID).Updates(map[string]any{
			"lifetime_spend_cents": gorm.Expr("lifetime_spend_cents + ?", amount),
			"updated_at":           time.Now(),
		}).Error
	})
}

func (r *gormPayments) SetCaptured(ctx context.Context, id uuid.UUID, amount int64) error {
	return r.db.WithContext(ctx).Model(&Payment{}).Where("id = ?", id).Updates(map[string]any{
		"status":         PaymentCaptured,
		"captured_cents": amount,
		"last_error":     nil,
		"updated_at":     time.Now(),
	}).Error
}

func (r *gormPayments) RecordFailure(ctx context.Context, id uuid.UUID, msg string) error {
	return r.db.WithContext(ctx).Model(&Payment{}).Where("id = ?", id).Updates(map[string]any{
		"last_error": msg,
		"updated_at": time.Now(),
	}).Error
}

func (r *gormPayments) SetStatus(ctx context.Context, id uuid.UUID, status PaymentStatus) error {
	return r.db.WithContext(ctx).Model(&Payment{}).Where("id = ?", id).Updates(map[string]any{
		"status":     status,
		"updated_at": time.Now(),
	}).Error
}

func (r *gormPayments) AddRefund(ctx context.Context, rf *Refund) error {
	db := r.db.WithContext(ctx)
	if err := db.Create(rf).Error; err != nil {
		return err
	}
	return db.Model(&Payment{}).Where("id = ?", rf.PaymentID).Updates(map[string]any{
		"refunded_cents": gorm.Expr("refunded_cents + ?", rf.AmountCents),
		"updated_at":     time.Now(),
	}).Error
}
