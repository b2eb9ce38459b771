package booking

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"gorm.io/gorm"

	"github.com/meridianrail/bookings/internal/domain"
	"github.com/meridianrail/bookings/internal/platform/database"
	"github.com/meridianrail/bookings/internal/providers/mailer"
)

const refundSyncConsumer = "bookings.refund-sync"

// Inbox records which messages a consumer has handled.
type Inbox interface {
	Seen(ctx context.Context, consumer, messageID string) (bool, error)
	MarkProcessed(ctx context.Context, consumer, messageID string) error
}

// PointsClawback removes loyalty points earned on refunded money.
type PointsClawback interface {
	ClawBack(ctx context.Context, memberID string, points int64) error
}

// RefundSync applies refunds that Stripe reports as settled.
type RefundSync struct {
	Tx        database.TxManager
	Bookings  database.Store[domain.Booking]
	Refunds   database.Store[domain.Refund]
	Inbox     Inbox
	Loyalty   PointsClawback
	Mailer    Mailer
	PointsFor func(cents int64, fareClass string) int64
	Log       *slog.Logger
}

// Apply handles one payments.refunded message.
func (s *RefundSync) Apply(ctx context.Context, messageID string, evt domain.PaymentRefunded) error {
	seen, err := s.Inbox.Seen(ctx, refundSyncConsumer, messageID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}

	b, err := s.Bookings.FirstWhere(ctx, "id = ?", evt.BookingID)
	if errors.Is(err, database.ErrNotFound) {
		s.Log.WarnContext(ctx, "refund for unknown booking", "booking_id", evt.BookingID, "refund", evt.StripeRefundID)
		return nil
	}
	if err != nil {
		return err
	}

	if _, err := s.Mailer.Send(ctx, mailer.Message{
		To:       b.ContactEmail,
		Template: "refund-processed",
		Data: map[string]any{
			"booking_id":   b.ID,
			"amount_cents": evt.AmountCents,
			"currency":     evt.Currency,
		},
	}); err != nil {
		return err
	}

	now := time.Now().UTC()
	err = s.Tx.InTx(ctx, func(ctx context.Context) error {
		if _, err := s.Refunds.UpdateWhere(ctx,
			map[string]any{"status": domain.RefundSucceeded, "updated_at": now},
			"stripe_refund_id = ?", evt.StripeRefundID); err != nil {
			return err
		}
		if _, err := s.Bookings.UpdateWhere(ctx,
			map[string]any{"refunded_cents": gorm.Expr("refunded_cents + ?", evt.AmountCents), "updated_at": now},
			"id = ?", b.ID); err != nil {
			return err
		}
		if b.LoyaltyMemberID == "" {
			return nil
		}
		return s.Loyalty.ClawBack(ctx, b.LoyaltyMemberID, s.PointsFor(evt.AmountCents, b.FareClass))
	})
	if err != nil {
		return err
	}
	return s.Inbox.MarkProcessed(ctx, refundSyncConsumer, messageID)
}
