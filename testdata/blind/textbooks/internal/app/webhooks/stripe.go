// Package webhooks handles callbacks from Stripe and from the wholesaler.
package webhooks

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"

	"github.com/hibiken/asynq"
	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"

	"github.com/quirecampus/bookloop/internal/app"
	"github.com/quirecampus/bookloop/internal/domain"
	"github.com/quirecampus/bookloop/internal/platform/ids"
	"github.com/quirecampus/bookloop/internal/platform/queue"
)

type EventLog interface {
	Seen(ctx context.Context, eventID string) (bool, error)
	Record(ctx context.Context, eventID, eventType string) error
}

type Payouts interface {
	SettleByStripePayout(ctx context.Context, stripePayoutID string, to domain.PayoutStatus, reason string) (*domain.Payout, error)
	SetStatusByStripePayout(ctx context.Context, stripePayoutID string, to domain.PayoutStatus, reason string) (*domain.Payout, error)
	ReadyForStudent(ctx context.Context, studentID string) ([]domain.Payout, error)
}

type Ledger interface {
	Post(ctx context.Context, e *domain.CreditEntry) error
}

type Students interface {
	ByStripeAccount(ctx context.Context, acct string) (*domain.Student, error)
}

type Notifications interface {
	Queue(ctx context.Context, studentID, template string, vars map[string]string) error
}

type TxRunner interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
}

type eventHandler func(ctx context.Context, evt stripe.Event) error

type StripeDeps struct {
	Secret   string
	Events   EventLog
	Payouts  Payouts
	Ledger   Ledger
	Students Students
	Notify   Notifications
	Queue    queue.Enqueuer
	Tx       TxRunner
}

type Stripe struct {
	StripeDeps
	newID    ids.Generator
	handlers map[stripe.EventType]eventHandler
}

var _ app.StripeWebhookService = (*Stripe)(nil)

func NewStripe(d StripeDeps) *Stripe {
	s := &Stripe{StripeDeps: d, newID: ids.NewULID}
	s.handlers = map[stripe.EventType]eventHandler{
		stripe.EventTypePayoutPaid:     s.payoutPaid,
		stripe.EventTypePayoutFailed:   s.payoutFailed,
		stripe.EventTypeAccountUpdated: s.accountUpdated,
	}
	return s
}

func (s *Stripe) Handle(ctx context.Context, payload []byte, signature string) error {
	evt, err := webhook.ConstructEventWithOptions(payload, signature, s.Secret,
		webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true})
	if err != nil {
		return app.Invalid("bad signature")
	}
	h, ok := s.handlers[evt.Type]
	if !ok {
		return nil
	}

	seen, err := s.Events.Seen(ctx, evt.ID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}
	if err := h(ctx, evt); err != nil {
		return fmt.Errorf("%s %s: %w", evt.Type, evt.ID, err)
	}
	return s.Events.Record(ctx, evt.ID, string(evt.Type))
}

func decode[T any](evt stripe.Event) (*T, error) {
	v := new(T)
	if evt.Data == nil {
		return nil, errors.New("event has no data")
	}
	if err := json.Unmarshal(evt.Data.Raw, v); err != nil {
		return nil, err
	}
	return v, nil
}

// payoutPaid closes out a card payout once the money reaches the card.
func (s *Stripe) payoutPaid(ctx context.Context, evt stripe.Event) error {
	po, err := decode[stripe.Payout](evt)
	if err != nil {
		return err
	}
	return s.Tx.InTx(ctx, func(ctx context.Context) error {
		p, err := s.Payouts.SettleByStripePayout(ctx, po.ID, domain.PayoutPaid, "")
		if errors.Is(err, app.ErrNoRows) {
			return nil // not ours, or already settled
		}
		if err != nil {
			return err
		}
		return s.Notify.Queue(ctx, p.StudentID, "payout_paid", map[string]string{
			"amount": fmt.Sprintf("%.2f", float64(p.AmountCents)/100),
		})
	})
}

// payoutFailed handles a card that refused the push. Stripe returns the
// funds to the connected account, where finance sweeps them back; the
// student gets the amount as store credit so they are not left waiting.
func (s *Stripe) payoutFailed(ctx context.Context, evt stripe.Event) error {
	po, err := decode[stripe.Payout](evt)
	if err != nil {
		return err
	}
	return s.Tx.InTx(ctx, func(ctx context.Context) error {
		p, err := s.Payouts.SetStatusByStripePayout(ctx, po.ID, domain.PayoutFailed, string(po.FailureCode))
		if errors.Is(err, app.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		if err := s.Ledger.Post(ctx, &domain.CreditEntry{
			ID:          s.newID(),
			StudentID:   p.StudentID,
			AmountCents: p.AmountCents,
			Reason:      "payout_fallback",
			SourceRef:   "stripe_payout:" + po.ID,
		}); err != nil {
			return err
		}
		return s.Notify.Queue(ctx, p.StudentID, "payout_failed_credit", map[string]string{
			"amount": fmt.Sprintf("%.2f", float64(p.AmountCents)/100),
			"reason": po.FailureMessage,
		})
	})
}

// accountUpdated queues any payouts that were waiting for the student to
// finish Stripe onboarding.
func (s *Stripe) accountUpdated(ctx context.Context, evt stripe.Event) error {
	acct, err := decode[stripe.Account](evt)
	if err != nil {
		return err
	}
	if !acct.PayoutsEnabled {
		return nil
	}
	st, err := s.Students.ByStripeAccount(ctx, acct.ID)
	if errors.Is(err, app.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	ready, err := s.Payouts.ReadyForStudent(ctx, st.ID)
	if err != nil {
		return err
	}
	for _, p := range ready {
		err := s.Queue.Enqueue(ctx, queue.TypePayoutDisburse, queue.PayoutTask{PayoutID: p.ID},
			asynq.TaskID("disburse:"+p.ID))
		if err != nil && !errors.Is(err, asynq.ErrTaskIDConflict) {
			return err
		}
		slog.InfoContext(ctx, "payout released after onboarding", "payout", p.ID)
	}
	return nil
}
