// Package webhooks receives provider callbacks: Stripe payment events and
// the accounting SaaS's journal notifications.
package webhooks

import (
	"context"
	"encoding/json"
	"log/slog"
	"time"

	"github.com/stripe/stripe-go/v82/webhook"
	"github.com/uptrace/bun"

	"github.com/tidewater-yc/clubhouse/internal/accounting"
	"github.com/tidewater-yc/clubhouse/internal/accounts"
	"github.com/tidewater-yc/clubhouse/internal/platform/httpx"
	"github.com/tidewater-yc/clubhouse/internal/statements"
	"github.com/tidewater-yc/clubhouse/internal/store"
)

const sourceStripe = "stripe"

// Handlers verifies and dispatches webhooks.
type Handlers struct {
	db               bun.IDB
	events           *store.EventRepo
	stripeSecret     string
	accountingSecret string
	payments         accounts.PaymentEvents
	ledger           statements.LedgerEvents
	log              *slog.Logger
	now              func() time.Time
}

// Secrets carries the webhook signing secrets.
type Secrets struct {
	Stripe     string
	Accounting string
}

// New builds the webhook handlers.
func New(db *bun.DB, repos *store.Repos, secrets Secrets, payments accounts.PaymentEvents, ledger statements.LedgerEvents, log *slog.Logger) *Handlers {
	return &Handlers{db: db, events: repos.Events, stripeSecret: secrets.Stripe, accountingSecret: secrets.Accounting,
		payments: payments, ledger: ledger, log: log, now: time.Now}
}

// StripeReq is the raw Stripe delivery.
type StripeReq struct {
	Signature string `header:"Stripe-Signature"`
	body      []byte
}

func (r *StripeReq) SetRawBody(b []byte) { r.body = b }

type ack struct {
	Received bool `json:"received"`
}

// Stripe handles POST /webhooks/stripe. A non-2xx makes Stripe resend the
// event with backoff for up to three days.
func (h *Handlers) Stripe(ctx context.Context, req StripeReq) (ack, error) {
	evt, err := webhook.ConstructEvent(req.body, req.Signature, h.stripeSecret)
	if err != nil {
		return ack{}, httpx.Invalid("bad stripe signature")
	}
	seen, err := h.events.Seen(ctx, h.db, sourceStripe, evt.ID)
	if err != nil {
		return ack{}, err
	}
	if seen {
		return ack{Received: true}, nil
	}
	if err := h.payments.Apply(ctx, evt); err != nil {
		h.log.ErrorContext(ctx, "stripe event failed", "id", evt.ID, "type", evt.Type, "err", err)
		return ack{}, err
	}
	if _, err := h.events.MarkProcessed(ctx, h.db, sourceStripe, evt.ID, string(evt.Type), h.now()); err != nil {
		h.log.WarnContext(ctx, "could not record stripe event", "id", evt.ID, "err", err)
	}
	return ack{Received: true}, nil
}

// AccountingReq is the raw ledger delivery.
type AccountingReq struct {
	Timestamp string `header:"X-Ledger-Timestamp"`
	Signature string `header:"X-Ledger-Signature"`
	body      []byte
}

func (r *AccountingReq) SetRawBody(b []byte) { r.body = b }

// Accounting handles POST /webhooks/accounting.
func (h *Handlers) Accounting(ctx context.Context, req AccountingReq) (ack, error) {
	if err := accounting.VerifyWebhook(h.accountingSecret, req.body, req.Timestamp, req.Signature, h.now()); err != nil {
		return ack{}, httpx.Unauthorized(err.Error())
	}
	var evt statements.LedgerEvent
	if err := json.Unmarshal(req.body, &evt); err != nil || evt.ID == "" {
		return ack{}, httpx.Invalid("malformed ledger event")
	}
	if err := h.ledger.Handle(ctx, evt); err != nil {
		return ack{}, err
	}
	return ack{Received: true}, nil
}
