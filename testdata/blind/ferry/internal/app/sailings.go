package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/northsound/ferrydesk/internal/domain"
	"github.com/northsound/ferrydesk/internal/jobs"
	"github.com/northsound/ferrydesk/internal/store"
)

// Sailings handles operational changes to sailings.
type Sailings struct {
	store store.Store
	now   Clock
	log   *slog.Logger
}

// NewSailings builds the sailing operations service.
func NewSailings(s store.Store, log *slog.Logger) *Sailings {
	return &Sailings{store: s, now: SystemClock, log: log.With("service", "sailings")}
}

// CancelResult summarises a sailing cancellation.
type CancelResult struct {
	AlreadyCancelled bool
	RefundsQueued    int
}

var errAlreadyCancelled = errors.New("sailing already cancelled")

// Cancel takes a sailing out of service (weather, technical fault) and
// refunds everyone booked on it in full.
func (s *Sailings) Cancel(ctx context.Context, sailingID uuid.UUID, reason string) (CancelResult, error) {
	if reason == "" {
		return CancelResult{}, invalid("reason", "is required")
	}
	var affected []domain.Booking
	err := s.store.InTx(ctx, func(tx store.Store) error {
		ok, err := tx.Sailings().Cancel(ctx, sailingID, reason, s.now())
		if err != nil {
			return err
		}
		if !ok {
			return errAlreadyCancelled
		}
		affected, err = tx.Bookings().ForSailing(ctx, sailingID, domain.BookingHeld, domain.BookingConfirmed)
		return err
	})
	if errors.Is(err, errAlreadyCancelled) {
		return CancelResult{AlreadyCancelled: true}, nil
	}
	if err != nil {
		return CancelResult{}, err
	}

	var res CancelResult
	for _, b := range affected {
		if b.AmountPaidCents == 0 {
			continue
		}
		args := jobs.RefundArgs{
			BookingID:   b.ID,
			AmountCents: b.AmountPaidCents,
			Reason:      string(domain.RefundSailingCancelled),
			RequestKey:  sailingRefundKey(sailingID, b.ID),
		}
		if err := s.store.Jobs().Enqueue(ctx, args, nil); err != nil {
			return res, fmt.Errorf("queue refund for %s: %w", b.Reference, err)
		}
		res.RefundsQueued++
	}
	notice := jobs.DisruptionNoticeArgs{SailingID: sailingID, Reason: reason}
	if err := s.store.Jobs().Enqueue(ctx, notice, jobs.Unique()); err != nil {
		return res, err
	}
	s.log.InfoContext(ctx, "sailing cancelled", "sailing", sailingID, "bookings", len(affected), "refunds", res.RefundsQueued)
	return res, nil
}

// sailingRefundKey identifies the full refund owed to one booking because
// its sailing was cancelled. There is only ever one such refund.
func sailingRefundKey(sailingID, bookingID uuid.UUID) string {
	return "sailing-cancel:" + sailingID.String() + ":" + bookingID.String()
}
