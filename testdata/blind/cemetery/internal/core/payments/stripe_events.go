// Package payments applies Stripe webhook events to reservations and
// perpetual-care invoices.
package payments

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/stripe/stripe-go/v82"
	"go.uber.org/zap"

	"github.com/hollowpine-memorial/plotkeeper/internal/domain"
	"github.com/hollowpine-memorial/plotkeeper/internal/notify"
	"github.com/hollowpine-memorial/plotkeeper/internal/queue"
	"github.com/hollowpine-memorial/plotkeeper/internal/repository"
	"github.com/hollowpine-memorial/plotkeeper/internal/service"
	"github.com/hollowpine-memorial/plotkeeper/internal/uow"
)

type handlerFunc func(ctx context.Context, evt stripe.Event) error

type Options struct {
	UoW          uow.Runner
	Events       repository.StripeEvents
	Reservations repository.Reservations
	Plots        repository.Plots
	Invoices     repository.CareInvoices
	Queue        queue.Enqueuer
	Logger       *zap.Logger
	Now          func() time.Time
}

// EventService implements service.StripeEvents.
type EventService struct {
	uow          uow.Runner
	events       repository.StripeEvents
	reservations repository.Reservations
	plots        repository.Plots
	invoices     repository.CareInvoices
	queue        queue.Enqueuer
	log          *zap.Logger
	now          func() time.Time

	handlers map[stripe.EventType]handlerFunc
}

var _ service.StripeEvents = (*EventService)(nil)

func New(opts Options) *EventService {
	s := &EventService{
		uow:          opts.UoW,
		events:       opts.Events,
		reservations: opts.Reservations,
		plots:        opts.Plots,
		invoices:     opts.Invoices,
		queue:        opts.Queue,
		log:          opts.Logger,
		now:          opts.Now,
	}
	if s.now == nil {
		s.now = time.Now
	}
	if s.log == nil {
		s.log = zap.NewNop()
	}
	s.handlers = map[stripe.EventType]handlerFunc{
		stripe.EventTypePaymentIntentSucceeded:     s.onIntentSucceeded,
		stripe.EventTypePaymentIntentPaymentFailed: s.onIntentFailed,
	}
	return s
}

// HandleStripeEvent applies evt once. The event ID is claimed in the same
// transaction as the changes it causes, so a redelivery either sees the
// claim or finds nothing committed.
func (s *EventService) HandleStripeEvent(ctx context.Context, evt stripe.Event) error {
	h, ok := s.handlers[evt.Type]
	if !ok {
		return nil
	}
	return s.uow.Do(ctx, func(ctx context.Context) error {
		first, err := s.events.Claim(ctx, evt.ID, string(evt.Type))
		if err != nil {
			return err
		}
		if !first {
			s.log.Debug("stripe event already applied", zap.String("event_id", evt.ID))
			return nil
		}
		return h(ctx, evt)
	})
}

func decodeIntent(evt stripe.Event) (stripe.PaymentIntent, error) {
	var pi stripe.PaymentIntent
	if evt.Data == nil {
		return pi, fmt.Errorf("event %s has no data", evt.ID)
	}
	if err := json.Unmarshal(evt.Data.Raw, &pi); err != nil {
		return pi, fmt.Errorf("decode payment intent in %s: %w", evt.ID, err)
	}
	return pi, nil
}

func (s *EventService) audit(ctx context.Context, evt stripe.Event, piID, kind string, amount int64) error {
	return s.events.AppendPaymentEvent(ctx, domain.PaymentEvent{
		ID:              uuid.NewString(),
		StripeEventID:   evt.ID,
		PaymentIntentID: sql.NullString{String: piID, Valid: piID != ""},
		Kind:            kind,
		AmountCents:     sql.NullInt64{Int64: amount, Valid: amount != 0},
		RecordedAt:      s.now().UTC(),
	})
}

func (s *EventService) onIntentSucceeded(ctx context.Context, evt stripe.Event) error {
	pi, err := decodeIntent(evt)
	if err != nil {
		return err
	}
	if err := s.audit(ctx, evt, pi.ID, "succeeded", pi.AmountReceived); err != nil {
		return err
	}
	if pi.Metadata["purpose"] != "plot_deposit" {
		// Perpetual-care charges are recorded by the collecting job or
		// office request that made them.
		return nil
	}

	r, confirmed, err := s.reservations.ConfirmByPaymentIntent(ctx, pi.ID)
	if err != nil || !confirmed {
		return err
	}
	plot, err := s.plots.Get(ctx, r.PlotID)
	if err != nil {
		return err
	}
	if err := s.plots.AssignOwner(ctx, r.PlotID, r.FamilyID); err != nil {
		return err
	}
	return notify.Queue(ctx, s.queue, notify.Message{
		FamilyID: r.FamilyID,
		Template: "deposit_received",
		Params: map[string]string{
			"plot":        fmt.Sprintf("%s %s-%d", plot.Section, plot.RowLabel, plot.Position),
			"reservation": r.ID,
		},
		DedupKey: "deposit-received:" + r.ID,
	})
}

func (s *EventService) onIntentFailed(ctx context.Context, evt stripe.Event) error {
	pi, err := decodeIntent(evt)
	if err != nil {
		return err
	}
	reason := "payment_failed"
	if pi.LastPaymentError != nil && pi.LastPaymentError.Code != "" {
		reason = string(pi.LastPaymentError.Code)
	}
	if err := s.audit(ctx, evt, pi.ID, "failed:"+reason, pi.Amount); err != nil {
		return err
	}
	if pi.Metadata["purpose"] != "perpetual_care" {
		return nil
	}
	inv, err := s.invoices.Get(ctx, pi.Metadata["invoice_id"])
	if err != nil {
		return err
	}
	_, err = s.invoices.MarkFailed(ctx, inv.ID, reason)
	return err
}
