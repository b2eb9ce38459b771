package repository

import (
	"context"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/haulright/movers/internal/domain"
)

type PaymentRepository interface {
	WithTx(tx *gorm.DB) PaymentRepository
	// EnsureIntent inserts the intent unless one exists for the same booking
	// and purpose, and returns the stored row either way.
	EnsureIntent(ctx context.Context, in *domain.PaymentIntent) (*domain.PaymentIntent, error)
	GetIntent(ctx context.Context, bookingID uuid.UUID, purpose domain.PaymentPurpose) (*domain.PaymentIntent, error)
	ByChargeID(ctx context.Context, chargeID string) (*domain.PaymentIntent, error)
	MarkCharged(ctx context.Context, id uuid.UUID, chargeID string, status domain.PaymentStatus, reason *string) error
	MarkRefunded(ctx context.Context, id uuid.UUID, refundID string, amount int64) error
}

type paymentRepo struct{ db *gorm.DB }

func NewPaymentRepository(db *gorm.DB) PaymentRepository { return &paymentRepo{db: db} }

func (r *paymentRepo) WithTx(tx *gorm.DB) PaymentRepository { return &paymentRepo{db: tx} }

func (r *paymentRepo) EnsureIntent(ctx context.Context, in *domain.PaymentIntent) (*domain.PaymentIntent, error) {
	if _, err := insertIgnore(ctx, r.db, in, "booking_id", "purpose"); err != nil {
		return nil, err
	}
	return r.GetIntent(ctx, in.BookingID, in.Purpose)
}

func (r *paymentRepo) GetIntent(ctx context.Context, bookingID uuid.UUID, purpose domain.PaymentPurpose) (*domain.PaymentIntent, error) {
	return first[domain.PaymentIntent](ctx, r.db, "booking_id = ? AND purpose = ?", bookingID, purpose)
}

func (r *paymentRepo) ByChargeID(ctx context.Context, chargeID string) (*domain.PaymentIntent, error) {
	return first[domain.PaymentIntent](ctx, r.db, "provider_charge_id = ?", chargeID)
}

func (r *paymentRepo) MarkCharged(ctx context.Context, id uuid.UUID, chargeID string, status domain.PaymentStatus, reason *string) error {
	return r.db.WithContext(ctx).Model(&domain.PaymentIntent{}).Where("id = ?", id).
		Updates(map[string]any{
			"provider_charge_id": chargeID,
			"status":             status,
			"failure_reason":     reason,
			"updated_at":         time.Now().UTC(),
		}).Error
}

func (r *paymentRepo) MarkRefunded(ctx context.Context, id uuid.UUID, refundID string, amount int64) error {
	return r.db.WithContext(ctx).Model(&domain.PaymentIntent{}).Where("id = ?", id).
		Updates(map[string]any{
			"provider_refund_id": refundID,
			"refunded_cents":     amount,
			"status":             domain.PaymentRefunded,
			"updated_at":         time.Now().UTC(),
		}).Error
}
