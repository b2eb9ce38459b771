package booking

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/google/uuid"

	"github.com/meridianrail/bookings/internal/domain"
	"github.com/meridianrail/bookings/internal/platform/database"
	"github.com/meridianrail/bookings/internal/providers/stripepay"
)

const scopeRefund = "refunds.create"

// RefundInput is a customer-service refund request.
type RefundInput struct {
	IdempotencyKey string
	BookingID      string
	AmountCents    int64
	Reason         string
	AgentID        string
}

// RequestRefund issues a partial or full refund outside the cancellation
// flow (delay compensation, goodwill, double-charged cards).
func (s *Service) RequestRefund(ctx context.Context, in RefundInput) (*domain.Refund, error) {
	if in.IdempotencyKey == "" {
		return nil, ErrIdempotencyKeyRequired
	}
	prev, err := s.IdemRecords.FirstWhere(ctx, "scope = ? AND key = ?", scopeRefund, in.IdempotencyKey)
	switch {
	case err == nil:
		return s.Refunds.FirstWhere(ctx, "id = ?", prev.ResourceID)
	case !errors.Is(err, database.ErrNotFound):
		return nil, err
	}

	var payment *domain.Payment
	refund, err := database.WithTx(ctx, s.Tx, func(ctx context.Context) (*domain.Refund, error) {
		b, err := s.Bookings.LockWhere(ctx, "id = ?", in.BookingID)
		if errors.Is(err, database.ErrNotFound) {
			return nil, ErrBookingNotFound
		}
		if err != nil {
			return nil, err
		}
		payment, err = s.Payments.FirstWhere(ctx, "booking_id = ? AND status = ?", b.ID, domain.PaymentCaptured)
		if errors.Is(err, database.ErrNotFound) {
			return nil, ErrNoCapturedPayment
		}
		if err != nil {
			return nil, err
		}
		existing, err := s.Refunds.FindWhere(ctx, "booking_id = ? AND status <> ?", b.ID, domain.RefundFailed)
		if err != nil {
			return nil, err
		}
		var committed int64
		for _, r := range existing {
			committed += r.AmountCents
		}
		if committed+in.AmountCents > b.TotalCents {
			return nil, ErrRefundExceedsTotal
		}
		r := &domain.Refund{
			ID:          uuid.NewString(),
			BookingID:   b.ID,
			PaymentID:   payment.ID,
			AmountCents: in.AmountCents,
			Reason:      in.Reason,
			Status:      domain.RefundPending,
		}
		return r, s.Refunds.Create(ctx, r)
	})
	if err != nil {
		return nil, err
	}

	res, err := s.Gateway.Refund(ctx, stripepay.RefundRequest{
		PaymentIntentID: *payment.StripePaymentIntentID,
		AmountCents:     refund.AmountCents,
		Reason:          "requested_by_customer",
		Metadata:        map[string]string{"booking_id": refund.BookingID, "refund_id": refund.ID, "agent": in.AgentID},
		IdempotencyKey:  "refund:" + refund.ID,
	})
	if err != nil {
		if _, uerr := s.Refunds.UpdateWhere(ctx, map[string]any{"status": domain.RefundFailed, "updated_at": s.now()},
			"id = ?", refund.ID); uerr != nil {
			s.Log.ErrorContext(ctx, "mark refund failed", "refund_id", refund.ID, "err", uerr)
		}
		return nil, fmt.Errorf("stripe refund: %w", err)
	}
	if _, err := s.Refunds.UpdateWhere(ctx, map[string]any{"stripe_refund_id": res.ID, "updated_at": s.now()},
		"id = ?", refund.ID); err != nil {
		return nil, err
	}
	refund.StripeRefundID = &res.ID

	// Remember the key so that a client retry gets this refund back.
	now := s.now()
	if err := s.IdemRecords.Create(ctx, &domain.IdempotencyRecord{
		Scope:        scopeRefund,
		Key:          in.IdempotencyKey,
		RequestHash:  refund.BookingID,
		Status:       domain.IdemCompleted,
		ResourceID:   refund.ID,
		ResponseCode: http.StatusCreated,
		CompletedAt:  &now,
	}); err != nil {
		s.Log.WarnContext(ctx, "store refund idempotency key", "key", in.IdempotencyKey, "err", err)
	}
	return refund, nil
}
