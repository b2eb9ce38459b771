package billing

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"
	"github.com/stripe/stripe-go/v82"

	"github.com/baywarden/storagedesk/internal/domain"
	"github.com/baywarden/storagedesk/internal/platform/ids"
	"github.com/baywarden/storagedesk/internal/queue"
	"github.com/baywarden/storagedesk/internal/service/notify"
	"github.com/baywarden/storagedesk/internal/store"
)

// EventClaimer records processed webhook events.
type EventClaimer interface {
	ClaimEvent(ctx context.Context, provider, eventID, eventType string) (bool, error)
}

type eventHandler func(ctx context.Context, ev *stripe.Event) error

// StripeEvents applies payment-processor webhooks to invoices and the ledger.
type StripeEvents struct {
	tx       store.TxRunner
	claims   EventClaimer
	ledger   Ledger
	rentals  Rentals
	queue    queue.Enqueuer
	notifier Notifier
	policy   Policy
	log      *slog.Logger
	handlers map[stripe.EventType]eventHandler
}

func NewStripeEvents(tx store.TxRunner, claims EventClaimer, ledger Ledger, rentals Rentals,
	q queue.Enqueuer, n Notifier, policy Policy, log *slog.Logger) *StripeEvents {
	e := &StripeEvents{tx: tx, claims: claims, ledger: ledger, rentals: rentals, queue: q, notifier: n, policy: policy, log: log}
	e.handlers = map[stripe.EventType]eventHandler{
		stripe.EventTypePaymentIntentSucceeded:     e.once(e.intentSucceeded),
		stripe.EventTypePaymentIntentPaymentFailed: e.once(e.intentFailed),
		stripe.EventTypeRefundCreated:              e.refundCreated,
	}
	return e
}

// Handles reports whether the event type is one we act on.
func (e *StripeEvents) Handles(t stripe.EventType) bool {
	_, ok := e.handlers[t]
	return ok
}

// Handle applies one event.
func (e *StripeEvents) Handle(ctx context.Context, ev *stripe.Event) error {
	h, ok := e.handlers[ev.Type]
	if !ok {
		return nil
	}
	return h(ctx, ev)
}

// once wraps h with the event claim.
func (e *StripeEvents) once(h eventHandler) eventHandler {
	return func(ctx context.Context, ev *stripe.Event) error {
		return e.tx.WithinTx(ctx, func(ctx context.Context) error {
			fresh, err := e.claims.ClaimEvent(ctx, "stripe", ev.ID, string(ev.Type))
			if err != nil {
				return err
			}
			if !fresh {
				e.log.InfoContext(ctx, "stripe event already applied", "event", ev.ID)
				return nil
			}
			return h(ctx, ev)
		})
	}
}

func decodeIntent(ev *stripe.Event) (*stripe.PaymentIntent, error) {
	var pi stripe.PaymentIntent
	if ev.Data == nil {
		return nil, errors.New("event has no data")
	}
	if err := json.Unmarshal(ev.Data.Raw, &pi); err != nil {
		return nil, fmt.Errorf("decode payment intent: %w", err)
	}
	return &pi, nil
}

func (e *StripeEvents) intentSucceeded(ctx context.Context, ev *stripe.Event) error {
	pi, err := decodeIntent(ev)
	if err != nil {
		return err
	}
	attemptID, invoiceID := pi.Metadata["attempt_id"], pi.Metadata["invoice_id"]
	if attemptID == "" || invoiceID == "" {
		// Manual and auction payments are applied synchronously.
		return nil
	}
	if err := e.ledger.FinishAttempt(ctx, attemptID, "succeeded", nil); err != nil {
		return err
	}
	inv, err := e.ledger.Invoice(ctx, invoiceID)
	if err != nil {
		return err
	}
	changed, err := e.ledger.MarkInvoicePaid(ctx, inv.ID, time.Unix(ev.Created, 0))
	if err != nil || !changed {
		return err
	}
	if err := e.ledger.PostEntry(ctx, domain.LedgerEntry{
		ID:          ids.New("led"),
		RentalID:    inv.RentalID,
		Kind:        domain.LedgerPayment,
		AmountCents: -pi.AmountReceived,
		Period:      &inv.Period,
		Ref:         &pi.ID,
		Memo:        "Autopay " + inv.Period,
	}); err != nil {
		return err
	}
	balance, err := e.rentals.AdjustBalance(ctx, inv.RentalID, -pi.AmountReceived)
	if err != nil {
		return err
	}
	if balance <= 0 {
		if _, err := e.rentals.TransitionRental(ctx, inv.RentalID,
			[]domain.RentalStatus{domain.RentalDelinquent}, domain.RentalActive); err != nil {
			return err
		}
	}
	r, err := e.rentals.Rental(ctx, inv.RentalID)
	if err != nil {
		return err
	}
	cust, err := e.rentals.Customer(ctx, r.CustomerID)
	if err != nil {
		return err
	}
	return e.notifier.Queue(ctx, notify.Notice{
		Key:       "receipt:" + pi.ID,
		RentalID:  r.ID,
		Template:  "payment_receipt",
		Recipient: cust.Phone,
		Vars:      map[string]string{"amount": domain.Money(pi.AmountReceived), "balance": domain.Money(balance)},
	})
}

func (e *StripeEvents) intentFailed(ctx context.Context, ev *stripe.Event) error {
	pi, err := decodeIntent(ev)
	if err != nil {
		return err
	}
	attemptID, invoiceID := pi.Metadata["attempt_id"], pi.Metadata["invoice_id"]
	if attemptID == "" || invoiceID == "" {
		return nil
	}
	att, err := e.ledger.Attempt(ctx, attemptID)
	if err != nil {
		return err
	}
	var code *string
	if pi.LastPaymentError != nil {
		code = ptr(string(pi.LastPaymentError.Code))
	}
	if err := e.ledger.FinishAttempt(ctx, att.ID, "failed", code); err != nil {
		return err
	}
	round, err := e.ledger.MarkInvoiceFailed(ctx, invoiceID, att.AttemptNo)
	if errors.Is(err, domain.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if round < e.policy.MaxAutopayRounds {
		if err := e.queue.Enqueue(ctx, queue.TypeAutopay, queue.AutopayPayload{InvoiceID: invoiceID},
			queue.ID("autopay", invoiceID, roundLabel(round)),
			asynq.ProcessIn(72*time.Hour), asynq.Queue(queue.QueueCritical)); err != nil {
			return err
		}
	}
	rentalID := pi.Metadata["rental_id"]
	r, err := e.rentals.Rental(ctx, rentalID)
	if err != nil {
		return err
	}
	cust, err := e.rentals.Customer(ctx, r.CustomerID)
	if err != nil {
		return err
	}
	return e.notifier.Queue(ctx, notify.Notice{
		Key:       "declined:" + pi.ID,
		RentalID:  r.ID,
		Template:  "card_declined",
		Recipient: cust.Phone,
		Vars:      map[string]string{"amount": domain.Money(pi.Amount)},
	})
}

func (e *StripeEvents) refundCreated(ctx context.Context, ev *stripe.Event) error {
	var rf stripe.Refund
	if ev.Data == nil {
		return errors.New("event has no data")
	}
	if err := json.Unmarshal(ev.Data.Raw, &rf); err != nil {
		return fmt.Errorf("decode refund: %w", err)
	}
	if rf.PaymentIntent == nil {
		return nil
	}
	rentalID, err := e.ledger.RentalForIntent(ctx, rf.PaymentIntent.ID)
	if errors.Is(err, domain.ErrNotFound) {
		e.log.WarnContext(ctx, "refund for unknown payment", "refund", rf.ID, "intent", rf.PaymentIntent.ID)
		return nil
	}
	if err != nil {
		return err
	}
	return e.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := e.ledger.InsertRefund(ctx, rf.ID, rf.PaymentIntent.ID, rentalID, rf.Amount); err != nil {
			return err
		}
		if err := e.ledger.PostEntry(ctx, domain.LedgerEntry{
			ID:          ids.New("led"),
			RentalID:    rentalID,
			Kind:        domain.LedgerRefund,
			AmountCents: rf.Amount,
			Ref:         &rf.ID,
			Memo:        "Card refund",
		}); err != nil {
			return err
		}
		_, err := e.rentals.AdjustBalance(ctx, rentalID, rf.Amount)
		return err
	})
}
