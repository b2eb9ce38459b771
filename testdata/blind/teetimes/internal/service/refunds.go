package service

import (
	"context"
	"fmt"
	"time"

	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/fairwaylinks/teetimes/internal/config"
	"github.com/fairwaylinks/teetimes/internal/domain"
	"github.com/fairwaylinks/teetimes/internal/payments"
	"github.com/fairwaylinks/teetimes/internal/store"
)

// Refunds returns money for cancelled bookings.
type Refunds interface {
	RefundCancelledBooking(ctx context.Context, bookingID string) error
}

// RefundParams are the dependencies of the refund service.
type RefundParams struct {
	fx.In

	Config   *config.Config
	Log      *zap.Logger
	Bookings store.BookingStore
	TeeTimes store.TeeTimeStore
	Payments payments.Client
}

type refundService struct {
	cfg      *config.Config
	log      *zap.Logger
	bookings store.BookingStore
	teeTimes store.TeeTimeStore
	payments payments.Client
	now      func() time.Time
}

// NewRefundService builds the refund service.
func NewRefundService(p RefundParams) *refundService {
	return &refundService{
		cfg:      p.Config,
		log:      p.Log.Named("refunds"),
		bookings: p.Bookings,
		teeTimes: p.TeeTimes,
		payments: p.Payments,
		now:      func() time.Time { return time.Now().UTC() },
	}
}

// RefundCancelledBooking refunds a cancelled, paid booking according to the
// club's cancellation policy: cart hire is always refunded; green fees are
// refunded in full outside the late-cancel window and in part inside it.
func (s *refundService) RefundCancelledBooking(ctx context.Context, bookingID string) error {
	b, err := s.bookings.Get(ctx, bookingID)
	if err != nil {
		return notFoundOr(err, "booking")
	}
	if b.Status != domain.BookingCancelled || b.PaymentIntentID == nil {
		return nil
	}
	if b.RefundID != nil {
		return nil
	}
	tt, err := s.teeTimes.Get(ctx, b.TeeTimeID)
	if err != nil {
		return err
	}
	amount := s.refundable(b, tt.StartsAt)
	if amount <= 0 {
		_, err := s.bookings.Update(ctx, b.ID, map[string]any{"refund_id": "none", "updated_at": s.now()})
		return err
	}

	refund, err := s.payments.Refund(ctx, payments.RefundRequest{
		PaymentIntentID: *b.PaymentIntentID,
		AmountCents:     amount,
		Reason:          "requested_by_customer",
		Metadata: map[string]string{
			"booking_id": b.ID,
			"kind":       "booking_cancellation",
		},
	})
	if err != nil {
		return fmt.Errorf("refund booking %s: %w", b.ID, err)
	}

	if _, err := s.bookings.Update(ctx, b.ID, map[string]any{
		"refund_id":      refund.ID,
		"refunded_cents": amount,
		"updated_at":     s.now(),
	}); err != nil {
		return fmt.Errorf("record refund %s for booking %s: %w", refund.ID, b.ID, err)
	}
	s.log.Info("booking refunded", zap.String("booking_id", b.ID), zap.Int64("cents", amount))
	return nil
}

func (s *refundService) refundable(b *domain.Booking, teeTime time.Time) int64 {
	paid := b.AmountDueCents
	if paid <= 0 {
		return 0
	}
	cancelledAt := s.now()
	if b.CancelledAt != nil {
		cancelledAt = *b.CancelledAt
	}
	cart := minInt64(b.CartFeeCents, paid)
	green := paid - cart
	if teeTime.Sub(cancelledAt) < s.cfg.LateCancelWindow {
		green = green * s.cfg.LateCancelRefundBps / 10000
	}
	return green + cart
}
