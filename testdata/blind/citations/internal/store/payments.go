package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/harborcity/citeproc/internal/model"
	"github.com/harborcity/citeproc/internal/platform/ids"
)

type PaymentRepository interface {
	// CreateIntent inserts the intent unless its idempotency key exists and
	// returns the stored row either way.
	CreateIntent(ctx context.Context, in *model.PaymentIntent) (*model.PaymentIntent, bool, error)
	UpdateIntent(ctx context.Context, id, status string, chargeID *string, failure string) error
	IntentByChargeID(ctx context.Context, chargeID string) (*model.PaymentIntent, error)

	// InsertPayment posts a payment unless the processor charge is already
	// recorded; it reports whether it inserted.
	InsertPayment(ctx context.Context, p *model.Payment) (bool, error)
	PaymentByCharge(ctx context.Context, chargeID string) (*model.Payment, error)
	GetPayment(ctx context.Context, id string) (*model.Payment, error)
	ListPayments(ctx context.Context, citationID string) ([]model.Payment, error)
	SetPaymentStatus(ctx context.Context, id, status string) error

	// CreateRefund inserts a refund request; when the request carries an
	// idempotency key already used, the earlier row is returned.
	CreateRefund(ctx context.Context, rf *model.Refund) (*model.Refund, bool, error)
	// EnsureDismissalRefund returns the dismissal refund for the payment,
	// creating it when absent.
	EnsureDismissalRefund(ctx context.Context, rf *model.Refund) (*model.Refund, error)
	// MarkRefund moves a requested refund to status; false if it had
	// already left requested.
	MarkRefund(ctx context.Context, id, status string, processorRefundID *string) (bool, error)
	RefundedTotal(ctx context.Context, paymentID string) (int64, error)
}

type paymentRepo struct {
	db    *gorm.DB
	newID ids.Generator
	now   func() time.Time
}

func (r *paymentRepo) CreateIntent(ctx context.Context, in *model.PaymentIntent) (*model.PaymentIntent, bool, error) {
	if in.ID == "" {
		in.ID = r.newID()
	}
	res := r.db.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "idempotency_key"}},
		DoNothing: true,
	}).Create(in)
	if res.Error != nil {
		return nil, false, fmt.Errorf("create intent: %w", res.Error)
	}
	if res.RowsAffected == 1 {
		return in, true, nil
	}
	var existing model.PaymentIntent
	if err := r.db.WithContext(ctx).Take(&existing, "idempotency_key = ?", in.IdempotencyKey).Error; err != nil {
		return nil, false, notFound(err)
	}
	return &existing, false, nil
}

func (r *paymentRepo) UpdateIntent(ctx context.Context, id, status string, chargeID *string, failure string) error {
	return r.db.WithContext(ctx).Model(&model.PaymentIntent{}).Where("id = ?", id).
		Updates(map[string]any{
			"status":              status,
			"processor_charge_id": chargeID,
			"failure_code":        failure,
			"updated_at":          r.now(),
		}).Error
}

func (r *paymentRepo) IntentByChargeID(ctx context.Context, chargeID string) (*model.PaymentIntent, error) {
	var in model.PaymentIntent
	if err := r.db.WithContext(ctx).Take(&in, "processor_charge_id = ?", chargeID).Error; err != nil {
		return nil, notFound(err)
	}
	return &in, nil
}

func (r *paymentRepo) InsertPayment(ctx context.Context, p *model.Payment) (bool, error) {
	if p.ID == "" {
		p.ID = r.newID()
	}
	if p.PostedAt.IsZero() {
		p.PostedAt = r.now()
	}
	res := r.db.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "processor_charge_id"}},
		DoNothing: true,
	}).Create(p)
	if res.Error != nil {
		return false, fmt.Errorf("insert payment: %w", res.Error)
	}
	return res.RowsAffected == 1, nil
}

func (r *paymentRepo) PaymentByCharge(ctx context.Context, chargeID string) (*model.Payment, error) {
	var p model.Payment
	if err := r.db.WithContext(ctx).Take(&p, "processor_charge_id = ?", chargeID).Error; err != nil {
		return nil, notFound(err)
	}
	return &p, nil
}

func (r *paymentRepo) GetPayment(ctx context.Context, id string) (*model.Payment, error) {
	var p model.Payment
	if err := r.db.WithContext(ctx).Take(&p, "id = ?", id).Error; err != nil {
		return nil, notFound(err)
	}
	return &p, nil
}

func (r *paymentRepo) ListPayments(ctx context.Context, citationID string) ([]model.Payment, error) {
	var ps []model.Payment
	err := r.db.WithContext(ctx).Where("citation_id = ? AND status = ?", citationID, "posted").
		Order("posted_at").Find(&ps).Error
	return ps, err
}

func (r *paymentRepo) SetPaymentStatus(ctx context.Context, id, status string) error {
	return r.db.WithContext(ctx).Model(&model.Payment{}).Where("id = ?", id).Update("status", status).Error
}

func (r *paymentRepo) CreateRefund(ctx context.Context, rf *model.Refund) (*model.Refund, bool, error) {
	if rf.ID == "" {
		rf.ID = r.newID()
	}
	now := r.now()
	rf.CreatedAt, rf.UpdatedAt = now, now
	if rf.IdempotencyKey == nil {
		if err := r.db.WithContext(ctx).Create(rf).Error; err != nil {
			return nil, false, err
		}
		return rf, true, nil
	}
	res := r.db.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:     []clause.Column{{Name: "idempotency_key"}},
		TargetWhere: clause.Where{Exprs: []clause.Expression{clause.Expr{SQL: "idempotency_key IS NOT NULL"}}},
		DoNothing:   true,
	}).Create(rf)
	if res.Error != nil {
		return nil, false, fmt.Errorf("create refund: %w", res.Error)
	}
	if res.RowsAffected == 1 {
		return rf, true, nil
	}
	var existing model.Refund
	if err := r.db.WithContext(ctx).Take(&existing, "idempotency_key = ?", *rf.IdempotencyKey).Error; err != nil {
		return nil, false, notFound(err)
	}
	return &existing, false, nil
}

func (r *paymentRepo) EnsureDismissalRefund(ctx context.Context, rf *model.Refund) (*model.Refund, error) {
	if rf.Reason != "dismissal" {
		return nil, errors.New("EnsureDismissalRefund: reason must be dismissal")
	}
	if rf.ID == "" {
		rf.ID = r.newID()
	}
	now := r.now()
	rf.CreatedAt, rf.UpdatedAt = now, now
	err := r.db.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:     []clause.Column{{Name: "payment_id"}, {Name: "reason"}},
		TargetWhere: clause.Where{Exprs: []clause.Expression{clause.Expr{SQL: "reason = 'dismissal'"}}},
		DoNothing:   true,
	}).Create(rf).Error
	if err != nil {
		return nil, fmt.Errorf("ensure dismissal refund: %w", err)
	}
	var got model.Refund
	if err := r.db.WithContext(ctx).Take(&got, "payment_id = ? AND reason = ?", rf.PaymentID, "dismissal").Error; err != nil {
		return nil, notFound(err)
	}
	return &got, nil
}

func (r *paymentRepo) MarkRefund(ctx context.Context, id, status string, processorRefundID *string) (bool, error) {
	res := r.db.WithContext(ctx).Model(&model.Refund{}).Where("id = ? AND status = ?", id, "requested").
		Updates(map[string]any{
			"status":              status,
			"processor_refund_id": processorRefundID,
			"updated_at":          r.now(),
		})
	return res.RowsAffected == 1, res.Error
}

func (r *paymentRepo) RefundedTotal(ctx context.Context, paymentID string) (int64, error) {
	var sum int64
	err := r.db.WithContext(ctx).Model(&model.Refund{}).
		Where("payment_id = ? AND status IN ?", paymentID, []string{"requested", "succeeded"}).
		Select("COALESCE(SUM(amount_cents), 0)").Scan(&sum).Error
	return sum, err
}
