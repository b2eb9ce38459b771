package booking

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"

	"github.com/meridianrail/bookings/internal/domain"
	"github.com/meridianrail/bookings/internal/platform/database"
	"github.com/meridianrail/bookings/internal/providers/stripepay"
)

// CancelResult is returned to the client.
type CancelResult struct {
	BookingID     string `json:"booking_id"`
	Status        string `json:"status"`
	RefundedCents int64  `json:"refund_cents"`
}

// Cancel cancels a booking, refunds what the policy allows and frees the
// seats.
func (s *Service) Cancel(ctx context.Context, bookingID, reason string) (*CancelResult, error) {
	b, err := s.Bookings.FirstWhere(ctx, "id = ?", bookingID)
	if errors.Is(err, database.ErrNotFound) {
		return nil, ErrBookingNotFound
	}
	if err != nil {
		return nil, err
	}
	if b.Status == domain.StatusCancelled {
		return &CancelResult{BookingID: b.ID, Status: b.Status, RefundedCents: b.RefundedCents}, nil
	}
	if !b.Cancellable() {
		return nil, ErrNotCancellable
	}

	amount, err := s.Policy.Refundable(ctx, b, s.now())
	if err != nil {
		return nil, fmt.Errorf("refund policy: %w", err)
	}

	var (
		payment   *domain.Payment
		refundRes *stripepay.RefundResult
	)
	if amount > 0 {
		payment, err = s.Payments.FirstWhere(ctx, "booking_id = ? AND status = ?", b.ID, domain.PaymentCaptured)
		if errors.Is(err, database.ErrNotFound) {
			return nil, ErrNoCapturedPayment
		}
		if err != nil {
			return nil, err
		}
		refundRes, err = s.Gateway.Refund(ctx, stripepay.RefundRequest{
			PaymentIntentID: *payment.StripePaymentIntentID,
			AmountCents:     amount,
			Reason:          "requested_by_customer",
			Metadata:        map[string]string{"booking_id": b.ID, "kind": "cancellation"},
		})
		if err != nil {
			return nil, fmt.Errorf("refund on cancel: %w", err)
		}
	}

	now := s.now()
	err = s.Tx.InTx(ctx, func(ctx context.Context) error {
		n, err := s.Bookings.UpdateWhere(ctx,
			map[string]any{"status": domain.StatusCancelled, "cancelled_at": now, "updated_at": now},
			"id = ? AND status IN ?", b.ID, []string{domain.StatusConfirmed, domain.StatusTicketed})
		if err != nil {
			return err
		}
		if n == 0 {
			return ErrNotCancellable
		}
		if _, err := s.Seats.ReleaseByBooking(ctx, b.ID); err != nil {
			return err
		}
		if refundRes != nil {
			if err := s.Refunds.Create(ctx, &domain.Refund{
				ID:             uuid.NewString(),
				BookingID:      b.ID,
				PaymentID:      payment.ID,
				AmountCents:    amount,
				Reason:         "cancellation: " + reason,
				StripeRefundID: &refundRes.ID,
				Status:         domain.RefundPending,
			}); err != nil {
				return err
			}
		}
		return s.Outbox.Add(ctx, "booking-cancelled:"+b.ID, domain.TopicBookingCancelled, b.ID,
			domain.BookingCancelled{
				BookingID:     b.ID,
				TripID:        b.TripID,
				RefundedCents: amount,
				Reason:        reason,
				CancelledAt:   now,
			})
	})
	if err != nil {
		return nil, err
	}
	return &CancelResult{BookingID: b.ID, Status: domain.StatusCancelled, RefundedCents: amount}, nil
}
