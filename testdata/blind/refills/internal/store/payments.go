package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/scriptline/refills/internal/domain"
)

type PaymentRepo struct {
	*Repository[domain.Payment]
}

func NewPaymentRepo(db *gorm.DB) *PaymentRepo {
	return &PaymentRepo{Repository: NewRepository[domain.Payment](db)}
}

func (r *PaymentRepo) FindCopay(ctx context.Context, refillID uuid.UUID) (*domain.Payment, error) {
	return r.FindOne(ctx, "refill_id = ? AND purpose = ?", refillID, domain.PurposeCopay)
}

func (r *PaymentRepo) FindByIntent(ctx context.Context, paymentIntentID string) (*domain.Payment, error) {
	return r.FindOne(ctx, "stripe_payment_intent_id = ?", paymentIntentID)
}

// AttachIntent records the PaymentIntent created for the payment.
func (r *PaymentRepo) AttachIntent(ctx context.Context, id uuid.UUID, intentID string, status domain.PaymentStatus) error {
	return r.UpdateFields(ctx, id, map[string]any{
		"stripe_payment_intent_id": intentID,
		"status":                   status,
		"updated_at":               time.Now().UTC(),
	})
}

// SetStatus moves the payment to `to` unless it is already in a later
// state; a late payment_failed must not undo a success.
func (r *PaymentRepo) SetStatus(ctx context.Context, id uuid.UUID, to domain.PaymentStatus, failureCode string, from ...domain.PaymentStatus) (bool, error) {
	n, err := r.UpdateWhere(ctx, map[string]any{
		"status":       to,
		"failure_code": failureCode,
		"updated_at":   time.Now().UTC(),
	}, "id = ? AND status IN ?", id, from)
	return n == 1, err
}

// AddRefunded accumulates refunded cents and flips the status once the
// whole amount is back with the patient.
func (r *PaymentRepo) AddRefunded(ctx context.Context, id uuid.UUID, cents int64) error {
	res := r.Conn(ctx).Exec(`
		UPDATE payments
		   SET refunded_cents = refunded_cents + ?,
		       status = CASE WHEN refunded_cents + ? >= amount_cents THEN 'refunded' ELSE status END,
		       updated_at = now()
		 WHERE id = ?`, cents, cents, id)
	return translate(res.Error)
}

type PaymentAttemptRepo struct {
	*Repository[domain.PaymentAttempt]
}

func NewPaymentAttemptRepo(db *gorm.DB) *PaymentAttemptRepo {
	return &PaymentAttemptRepo{Repository: NewRepository[domain.PaymentAttempt](db)}
}

func (r *PaymentAttemptRepo) FindByClientKey(ctx context.Context, paymentID uuid.UUID, key string) (*domain.PaymentAttempt, error) {
	return r.FindOne(ctx, "payment_id = ? AND client_key = ?", paymentID, key)
}

type RefundRepo struct {
	*Repository[domain.Refund]
}

func NewRefundRepo(db *gorm.DB) *RefundRepo {
	return &RefundRepo{Repository: NewRepository[domain.Refund](db)}
}

type LedgerRepo struct {
	*Repository[domain.LedgerEntry]
}

func NewLedgerRepo(db *gorm.DB) *LedgerRepo {
	return &LedgerRepo{Repository: NewRepository[domain.LedgerEntry](db)}
}

type DisputeRepo struct {
	*Repository[domain.Dispute]
}

func NewDisputeRepo(db *gorm.DB) *DisputeRepo {
	return &DisputeRepo{Repository: NewRepository[domain.Dispute](db)}
}

type CreditRepo struct {
	*Repository[domain.AccountCredit]
}

func NewCreditRepo(db *gorm.DB) *CreditRepo {
	return &CreditRepo{Repository: NewRepository[domain.AccountCredit](db)}
}
