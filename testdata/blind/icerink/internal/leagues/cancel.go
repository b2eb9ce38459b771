package leagues

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/frostline-arena/rinkops/internal/platform"
	"github.com/frostline-arena/rinkops/internal/providers/cardpay"
	"github.com/frostline-arena/rinkops/internal/tasks"
)

// TaskOutbox queues background work in the caller's transaction.
type TaskOutbox interface {
	Add(ctx context.Context, id uuid.UUID, typ string, payload any) error
}

// Refunder is the part of Cardpay used for booking refunds.
type Refunder interface {
	Refund(ctx context.Context, req cardpay.RefundRequest, opts ...cardpay.CallOption) (*cardpay.Refund, error)
}

// cancelBookingHandler runs inside command.Transactional.
type cancelBookingHandler struct {
	repo   Repository
	outbox TaskOutbox
}

func (h *cancelBookingHandler) Handle(ctx context.Context, cmd CancelBooking) error {
	b, err := h.repo.CancelBooking(ctx, cmd.BookingID)
	if errors.Is(err, pgx.ErrNoRows) {
		cur, err := h.repo.Booking(ctx, cmd.BookingID)
		if err != nil {
			return err
		}
		if cur.Status == "cancelled" {
			return nil
		}
		return fmt.Errorf("booking %s is %s: %w", cur.ID, cur.Status, platform.ErrConflict)
	}
	if err != nil {
		return err
	}
	if b.RefundStatus != "pending" {
		return nil
	}
	return h.outbox.Add(ctx, platform.DeriveUUID("refund", b.ID.String()),
		tasks.TypeRefundBooking, tasks.RefundBooking{BookingID: b.ID})
}

// cancellationFee keeps a share of the booking when a team cancels late.
func cancellationFee(amount int32, startsAt, cancelledAt time.Time) int32 {
	notice := startsAt.Sub(cancelledAt)
	switch {
	case notice >= 7*24*time.Hour:
		return 0
	case notice >= 48*time.Hour:
		return amount / 4
	default:
		return amount / 2
	}
}

type refundBookingHandler struct {
	repo    Repository
	refunds Refunder
	log     *slog.Logger
}

func (h *refundBookingHandler) Handle(ctx context.Context, cmd RefundBooking) error {
	b, err := h.repo.Booking(ctx, cmd.BookingID)
	if err != nil {
		return err
	}
	if b.RefundStatus != "pending" || !b.ChargeID.Valid {
		return nil
	}
	amount := b.AmountCents - cancellationFee(b.AmountCents, b.StartsAt, b.CancelledAt.Time)
	if amount <= 0 {
		return h.repo.MarkRefunded(ctx, b.ID, "")
	}

	refund, err := h.refunds.Refund(ctx, cardpay.RefundRequest{
		ChargeID:    b.ChargeID.String,
		AmountCents: int64(amount),
		Reason:      "ice_booking_cancelled",
	})
	if err != nil {
		return fmt.Errorf("refund booking %s: %w", b.ID, err)
	}
	h.log.InfoContext(ctx, "booking refunded", "booking", b.ID, "refund", refund.ID, "amount", amount)
	return h.repo.MarkRefunded(ctx, b.ID, refund.ID)
}
