package service

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/hibiken/asynq"

	"github.com/larkspur-travel/tourdesk/internal/domain"
	"github.com/larkspur-travel/tourdesk/internal/platform/db"
	"github.com/larkspur-travel/tourdesk/internal/platform/ids"
	"github.com/larkspur-travel/tourdesk/internal/provider/stripepay"
	"github.com/larkspur-travel/tourdesk/internal/tasks"
)

// CancellationService cancels bookings under the tiered refund policy and
// pushes the resulting refunds to Stripe.
type CancellationService struct {
	tx         db.Transactor
	bookings   BookingStore
	departures DepartureStore
	payments   PaymentStore
	refunds    RefundStore
	cards      CardProcessor
	queue      tasks.Enqueuer
	policy     domain.RefundPolicy
	log        *slog.Logger

	newCancellationID func() string
	newRefundID       func() string
	now               Clock
}

// NewCancellationService constructs a CancellationService.
func NewCancellationService(tx db.Transactor, bookings BookingStore, departures DepartureStore,
	payments PaymentStore, refunds RefundStore, cards CardProcessor, queue tasks.Enqueuer,
	log *slog.Logger) *CancellationService {
	return &CancellationService{
		tx: tx, bookings: bookings, departures: departures, payments: payments, refunds: refunds,
		cards: cards, queue: queue, log: log,
		policy:            domain.DefaultRefundPolicy,
		newCancellationID: ids.Cancellation,
		newRefundID:       ids.Refund,
		now:               time.Now,
	}
}

// CancelInput is the reason given by the traveller or agent.
type CancelInput struct {
	Reason string `json:"reason"`
}

// CancelResult summarises a cancellation.
type CancelResult struct {
	Cancellation *domain.Cancellation `json:"cancellation"`
	Refunds      []domain.Refund      `json:"refunds"`
}

// Quote returns what a cancellation today would refund.
func (s *CancellationService) Quote(ctx context.Context, bookingID string) (*domain.Quote, error) {
	b, err := s.bookings.Get(ctx, bookingID)
	if err != nil {
		return nil, err
	}
	dep, err := s.departures.Get(ctx, b.DepartureID)
	if err != nil {
		return nil, err
	}
	q, err := s.policy.Apply(*b, dep.DaysUntil(s.now()))
	if err != nil {
		return nil, err
	}
	return &q, nil
}

// Cancel cancels a booking, frees its seats, records the refunds due under
// the policy and schedules them together with the release of supplier holds.
func (s *CancellationService) Cancel(ctx context.Context, bookingID string, in CancelInput) (*CancelResult, error) {
	b, err := s.bookings.Get(ctx, bookingID)
	if err != nil {
		return nil, err
	}
	dep, err := s.departures.Get(ctx, b.DepartureID)
	if err != nil {
		return nil, err
	}
	quote, err := s.policy.Apply(*b, dep.DaysUntil(s.now()))
	if err != nil {
		return nil, err
	}

	changed, err := s.bookings.TransitionStatus(ctx, b.ID, domain.Cancellable, domain.BookingCancelled)
	if err != nil {
		return nil, err
	}
	if !changed {
		return nil, fmt.Errorf("booking %s is %s: %w", b.ID, b.Status, domain.ErrInvalidState)
	}

	res := &CancelResult{}
	err = s.tx.Tx(ctx, func(ctx context.Context) error {
		c := &domain.Cancellation{
			ID:          s.newCancellationID(),
			BookingID:   b.ID,
			Tier:        quote.Tier.Name,
			RefundPct:   quote.Tier.RefundPct,
			RefundCents: quote.RefundCents,
			Reason:      strings.TrimSpace(in.Reason),
		}
		if err := s.refunds.InsertCancellation(ctx, c); err != nil {
			return err
		}
		res.Cancellation = c
		if err := s.departures.ReleaseSeats(ctx, b.DepartureID, b.Pax); err != nil {
			return err
		}
		paid, err := s.payments.ListSucceeded(ctx, b.ID)
		if err != nil {
			return err
		}
		card := paid[:0:0]
		for _, p := range paid {
			if p.IntentID() != "" {
				card = append(card, p)
			}
		}
		for paymentID, amount := range domain.Allocate(quote.RefundCents, card) {
			if amount <= 0 {
				continue
			}
			rf := domain.Refund{
				ID:             s.newRefundID(),
				BookingID:      b.ID,
				PaymentID:      paymentID,
				CancellationID: c.ID,
				AmountCents:    amount,
				Currency:       b.Currency,
				Status:         domain.RefundPending,
			}
			if err := s.refunds.Create(ctx, &rf); err != nil {
				return err
			}
			res.Refunds = append(res.Refunds, rf)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}

	for _, rf := range res.Refunds {
		if err := s.queue.Enqueue(ctx, tasks.TypeRefundProcess, tasks.RefundPayload{RefundID: rf.ID},
			asynq.TaskID(ids.TaskID("refund", rf.ID))); err != nil {
			return nil, err
		}
	}
	if err := s.queue.Enqueue(ctx, tasks.TypeHoldRelease, tasks.BookingPayload{BookingID: b.ID},
		asynq.TaskID(ids.TaskID("hold-release", b.ID))); err != nil {
		return nil, err
	}
	s.log.InfoContext(ctx, "booking cancelled", "booking_id", b.ID, "tier", quote.Tier.Name, "refund_cents", quote.RefundCents)
	return res, nil
}

// ProcessRefund sends a recorded refund to Stripe.
func (s *CancellationService) ProcessRefund(ctx context.Context, refundID string) error {
	rf, err := s.refunds.Get(ctx, refundID)
	if err != nil {
		return err
	}
	if rf.Status != domain.RefundPending {
		return nil
	}
	p, err := s.payments.Get(ctx, rf.PaymentID)
	if err != nil {
		return err
	}
	if p.IntentID() == "" {
		return fmt.Errorf("payment %s has no PaymentIntent: %w", p.ID, domain.ErrInvalidState)
	}
	res, err := s.cards.Refund(ctx, stripepay.RefundRequest{
		PaymentIntentID: p.IntentID(),
		AmountCents:     rf.AmountCents,
		Reason:          "requested_by_customer",
		Metadata:        map[string]string{"refund_id": rf.ID, "booking_id": rf.BookingID},
	})
	if err != nil {
		return err
	}
	if err := s.refunds.MarkSubmitted(ctx, rf.ID, res.ID); err != nil {
		return err
	}
	if res.Status == "succeeded" {
		if _, err := s.refunds.CompleteByStripeID(ctx, res.ID, domain.RefundSucceeded); err != nil {
			return err
		}
	}
	s.log.InfoContext(ctx, "refund submitted", "refund_id", rf.ID, "stripe_refund_id", res.ID, "status", res.Status)
	return nil
}
