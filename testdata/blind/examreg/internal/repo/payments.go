package repo

import (
	"context"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/lexicaassess/examreg/internal/model"
	"github.com/lexicaassess/examreg/internal/platform/dbx"
)

// Payments stores fees, refunds and the Stripe event log.
type Payments struct{ db *gorm.DB }

// NewPayments returns a Payments repository.
func NewPayments(db *gorm.DB) *Payments { return &Payments{db: db} }

// ByRegistration loads the fee for a registration.
func (r *Payments) ByRegistration(ctx context.Context, registrationID string) (*model.Payment, error) {
	var p model.Payment
	if err := dbx.Conn(ctx, r.db).First(&p, "registration_id = ?", registrationID).Error; err != nil {
		return nil, notFound(err)
	}
	return &p, nil
}

// ByIntent loads the fee for a Stripe PaymentIntent.
func (r *Payments) ByIntent(ctx context.Context, intentID string) (*model.Payment, error) {
	var p model.Payment
	if err := dbx.Conn(ctx, r.db).First(&p, "intent_id = ?", intentID).Error; err != nil {
		return nil, notFound(err)
	}
	return &p, nil
}

// SaveIntent stores the current intent for a registration, replacing any
// earlier unpaid one.
func (r *Payments) SaveIntent(ctx context.Context, p *model.Payment) error {
	return dbx.Conn(ctx, r.db).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "registration_id"}},
		DoUpdates: clause.AssignmentColumns([]string{"intent_id", "amount_minor", "currency", "status", "client_secret", "updated_at"}),
		Where:     clause.Where{Exprs: []clause.Expression{clause.Expr{SQL: "payments.status <> 'succeeded'"}}},
	}).Create(p).Error
}

// LogAttempt appends to the payment attempt trail.
func (r *Payments) LogAttempt(ctx context.Context, a *model.PaymentAttempt) error {
	return dbx.Conn(ctx, r.db).Create(a).Error
}

// MarkSucceeded records a cleared fee and its receipt number.
func (r *Payments) MarkSucceeded(ctx context.Context, intentID, receipt string) error {
	return dbx.Conn(ctx, r.db).Model(&model.Payment{}).Where("intent_id = ?", intentID).
		Updates(map[string]any{"status": model.PaySucceeded, "receipt_number": receipt}).Error
}

// MarkRefunded flags a fee as refunded.
func (r *Payments) MarkRefunded(ctx context.Context, registrationID string) error {
	return dbx.Conn(ctx, r.db).Model(&model.Payment{}).Where("registration_id = ?", registrationID).
		Update("status", model.PayRefunded).Error
}

// InsertRefund records a completed refund.
func (r *Payments) InsertRefund(ctx context.Context, ref *model.Refund) error {
	return dbx.Conn(ctx, r.db).Create(ref).Error
}

// EnqueueRefund queues a refund owed for a registration. A registration is
// refunded at most once, so a second enqueue is a no-op.
func (r *Payments) EnqueueRefund(ctx context.Context, req *model.RefundRequest) error {
	return dbx.Conn(ctx, r.db).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "registration_id"}},
		DoNothing: true,
	}).Create(req).Error
}

// PendingRefunds locks up to limit pending refund requests for this worker.
func (r *Payments) PendingRefunds(ctx context.Context, limit int) ([]model.RefundRequest, error) {
	var reqs []model.RefundRequest
	err := dbx.Conn(ctx, r.db).
		Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}).
		Where("status = ? AND attempts < 10", model.RefundPending).
		Order("created_at").Limit(limit).Find(&reqs).Error
	return reqs, err
}

// CompleteRefund marks a request done if it is still pending.
func (r *Payments) CompleteRefund(ctx context.Context, id, stripeRefundID string) error {
	res := dbx.Conn(ctx, r.db).Model(&model.RefundRequest{}).
		Where("id = ? AND status = ?", id, model.RefundPending).
		Updates(map[string]any{"status": model.RefundDone, "stripe_refund_id": stripeRefundID, "updated_at": gorm.Expr("now()")})
	return dbx.RequireOne(res)
}

// FailRefundAttempt counts a failed attempt.
func (r *Payments) FailRefundAttempt(ctx context.Context, id, msg string) error {
	return dbx.Conn(ctx, r.db).Model(&model.RefundRequest{}).Where("id = ?", id).
		Updates(map[string]any{"attempts": gorm.Expr("attempts + 1"), "last_error": msg, "updated_at": gorm.Expr("now()")}).Error
}

// StripeEventSeen reports whether a Stripe event has been processed.
func (r *Payments) StripeEventSeen(ctx context.Context, eventID string) (bool, error) {
	var n int64
	err := dbx.Conn(ctx, r.db).Table("stripe_events").Where("event_id = ?", eventID).Count(&n).Error
	return n > 0, err
}

// RecordStripeEvent remembers a processed Stripe event.
func (r *Payments) RecordStripeEvent(ctx context.Context, eventID, eventType string) error {
	return dbx.Conn(ctx, r.db).Exec(
		`INSERT INTO stripe_events (event_id, event_type) VALUES (?, ?) ON CONFLICT (event_id) DO NOTHING`,
		eventID, eventType).Error
}
