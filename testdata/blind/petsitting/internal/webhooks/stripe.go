// Package webhooks receives provider callbacks: Stripe events, Relaytext
// delivery receipts and inbound SMS, and KeyHaven lock events.
package webhooks

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"

	"github.com/google/uuid"
	"github.com/stripe/stripe-go/v82"

	"github.com/pawtrail-labs/pawtrail/internal/httpx"
	"github.com/pawtrail-labs/pawtrail/internal/payments"
	"github.com/pawtrail-labs/pawtrail/internal/store"
)

type EventParser interface {
	ParseWebhook(payload []byte, signature string) (stripe.Event, error)
}

type EventLog interface {
	Processed(ctx context.Context, eventID string) (bool, error)
	Record(ctx context.Context, eventID, eventType string) error
}

type Deposits interface {
	MarkHeld(ctx context.Context, piID string) (bool, error)
	MarkCapturedByIntent(ctx context.Context, piID string) (uuid.UUID, error)
	GetByIntent(ctx context.Context, piID string) (store.Deposit, error)
}

type Bookings interface {
	Get(ctx context.Context, id uuid.UUID) (store.Booking, error)
}

type Ledger interface {
	AddEarning(ctx context.Context, e store.Earning) error
}

type Transactor interface {
	Do(ctx context.Context, fn func(ctx context.Context) error) error
}

// StripeProcessor applies Stripe events to local state.
type StripeProcessor struct {
	events   EventLog
	deposits Deposits
	bookings Bookings
	ledger   Ledger
	tx       Transactor
	fees     payments.FeeSchedule
	log      *slog.Logger
}

func NewStripeProcessor(events EventLog, deposits Deposits, bookings Bookings, ledger Ledger, tx Transactor, fees payments.FeeSchedule, log *slog.Logger) *StripeProcessor {
	return &StripeProcessor{events: events, deposits: deposits, bookings: bookings, ledger: ledger, tx: tx, fees: fees, log: log}
}

func (p *StripeProcessor) Process(ctx context.Context, ev stripe.Event) error {
	done, err := p.events.Processed(ctx, ev.ID)
	if err != nil {
		return err
	}
	if done {
		return nil
	}

	switch ev.Type {
	case stripe.EventTypePaymentIntentAmountCapturableUpdated:
		err = p.onAuthorised(ctx, ev)
	case stripe.EventTypePaymentIntentSucceeded:
		err = p.onCaptured(ctx, ev)
	default:
		p.log.DebugContext(ctx, "stripe event ignored", "type", ev.Type)
	}
	if err != nil {
		return fmt.Errorf("stripe %s %s: %w", ev.Type, ev.ID, err)
	}
	return p.events.Record(ctx, ev.ID, string(ev.Type))
}

func decodeIntent(ev stripe.Event) (stripe.PaymentIntent, error) {
	var pi stripe.PaymentIntent
	if ev.Data == nil {
		return pi, errors.New("event has no data")
	}
	err := json.Unmarshal(ev.Data.Raw, &pi)
	return pi, err
}

// onAuthorised confirms a deposit hold that needed customer action.
func (p *StripeProcessor) onAuthorised(ctx context.Context, ev stripe.Event) error {
	pi, err := decodeIntent(ev)
	if err != nil {
		return err
	}
	_, err = p.deposits.MarkHeld(ctx, pi.ID)
	return err
}

// onCaptured credits the sitter once the deposit money has actually moved.
// The capture job usually flips the deposit to captured first, so the
// status update here is mostly a no-op; the earning is the part that matters.
func (p *StripeProcessor) onCaptured(ctx context.Context, ev stripe.Event) error {
	pi, err := decodeIntent(ev)
	if err != nil {
		return err
	}
	if pi.Metadata["purpose"] != "deposit" {
		return nil
	}
	return p.tx.Do(ctx, func(ctx context.Context) error {
		dep, err := p.deposits.GetByIntent(ctx, pi.ID)
		if errors.Is(err, store.ErrNotFound) {
			p.log.WarnContext(ctx, "captured intent without deposit", "payment_intent", pi.ID)
			return nil
		}
		if err != nil {
			return err
		}
		if _, err := p.deposits.MarkCapturedByIntent(ctx, pi.ID); err != nil && !errors.Is(err, store.ErrNotFound) {
			return err
		}
		b, err := p.bookings.Get(ctx, dep.BookingID)
		if err != nil {
			return err
		}
		return p.ledger.AddEarning(ctx, store.Earning{
			SitterID:    b.SitterID,
			BookingID:   b.ID,
			Kind:        "booking",
			AmountCents: p.fees.SitterShare(pi.AmountReceived),
		})
	})
}

type StripeProcessorFunc interface {
	Process(ctx context.Context, ev stripe.Event) error
}

// StripeHandler is mounted at POST /webhooks/stripe. Stripe retries any
// delivery that does not get a 2xx for up to three days.
type StripeHandler struct {
	parser EventParser
	proc   StripeProcessorFunc
}

func NewStripeHandler(parser EventParser, proc StripeProcessorFunc) *StripeHandler {
	return &StripeHandler{parser: parser, proc: proc}
}

func (h *StripeHandler) Handle(w http.ResponseWriter, r *http.Request) error {
	payload, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		return httpx.BadRequest("unreadable body")
	}
	ev, err := h.parser.ParseWebhook(payload, r.Header.Get("Stripe-Signature"))
	if err != nil {
		return httpx.BadRequest("invalid signature")
	}
	if err := h.proc.Process(r.Context(), ev); err != nil {
		return err
	}
	w.WriteHeader(http.StatusOK)
	return nil
}
