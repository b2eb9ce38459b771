package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"
	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"

	"github.com/cityparking/parking/internal/config"
	"github.com/cityparking/parking/internal/domain"
	"github.com/cityparking/parking/internal/platform/logx"
	"github.com/cityparking/parking/internal/store"
)

type stripeEventFunc func(ctx context.Context, tx *sqlx.Tx, evt stripe.Event) error

// StripeWebhook receives payment events from the card processor.
type StripeWebhook struct {
	secret       string
	tx           store.TxManager
	events       store.StripeEventRepository
	charges      store.ChargeRepository
	finePayments store.FinePaymentRepository
	fines        store.FineRepository
	ledger       store.LedgerRepository
	handlers     map[stripe.EventType]stripeEventFunc
}

func NewStripeWebhook(cfg *config.Config, tx store.TxManager, events store.StripeEventRepository,
	charges store.ChargeRepository, finePayments store.FinePaymentRepository,
	fines store.FineRepository, ledger store.LedgerRepository) *StripeWebhook {
	h := &StripeWebhook{
		secret: cfg.StripeSecret, tx: tx, events: events, charges: charges,
		finePayments: finePayments, fines: fines, ledger: ledger,
	}
	h.handlers = map[stripe.EventType]stripeEventFunc{
		stripe.EventTypePaymentIntentSucceeded:     h.paymentSucceeded,
		stripe.EventTypePaymentIntentPaymentFailed: h.paymentFailed,
		stripe.EventTypeChargeRefunded:             h.chargeRefunded,
	}
	return h
}

func (h *StripeWebhook) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	payload, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		badRequest(w, "unreadable body")
		return
	}
	evt, err := webhook.ConstructEvent(payload, r.Header.Get("Stripe-Signature"), h.secret)
	if err != nil {
		badRequest(w, "signature verification failed")
		return
	}
	log := logx.From(r.Context()).With("stripe_event", evt.ID, "type", evt.Type)

	handle, ok := h.handlers[evt.Type]
	if !ok {
		w.WriteHeader(http.StatusOK)
		return
	}

	seen, err := h.events.Seen(r.Context(), evt.ID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	if seen {
		log.Info("stripe event already processed")
		w.WriteHeader(http.StatusOK)
		return
	}

	if err := h.tx.InTx(r.Context(), func(tx *sqlx.Tx) error {
		return handle(r.Context(), tx, evt)
	}); err != nil {
		log.Error("stripe event failed", "err", err)
		w.WriteHeader(http.StatusInternalServerError)
		return
	}

	if err := h.events.Record(r.Context(), evt.ID, string(evt.Type)); err != nil {
		log.Error("could not record stripe event", "err", err)
		w.WriteHeader(http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusOK)
}

func paymentIntentFrom(evt stripe.Event) (*stripe.PaymentIntent, error) {
	var pi stripe.PaymentIntent
	if err := json.Unmarshal(evt.Data.Raw, &pi); err != nil {
		return nil, fmt.Errorf("decode payment intent: %w", err)
	}
	return &pi, nil
}

func metaUUID(m map[string]string, key string) (uuid.UUID, bool) {
	id, err := uuid.Parse(m[key])
	return id, err == nil
}

func (h *StripeWebhook) paymentSucceeded(ctx context.Context, tx *sqlx.Tx, evt stripe.Event) error {
	pi, err := paymentIntentFrom(evt)
	if err != nil {
		return err
	}
	if id, ok := metaUUID(pi.Metadata, "charge_id"); ok {
		if err := h.charges.MarkSucceeded(ctx, tx, id, pi.ID); err != nil {
			return err
		}
	}
	if id, ok := metaUUID(pi.Metadata, "fine_payment_id"); ok {
		if err := h.finePayments.MarkSucceeded(ctx, tx, id, pi.ID); err != nil {
			return err
		}
		if fineID, ok := metaUUID(pi.Metadata, "fine_id"); ok {
			if err := h.fines.MarkPaid(ctx, tx, fineID, time.Unix(evt.Created, 0).UTC()); err != nil {
				return err
			}
		}
	}
	acct, ok := metaUUID(pi.Metadata, "account_id")
	if !ok {
		return nil
	}
	return h.ledger.Append(ctx, tx, domain.LedgerEntry{
		ID:          uuid.New(),
		AccountID:   acct,
		Kind:        "card_payment",
		AmountCents: pi.AmountReceived,
		Currency:    string(pi.Currency),
		Reference:   pi.ID,
		CreatedAt:   time.Now().UTC(),
	})
}

func (h *StripeWebhook) paymentFailed(ctx context.Context, tx *sqlx.Tx, evt stripe.Event) error {
	pi, err := paymentIntentFrom(evt)
	if err != nil {
		return err
	}
	reason := "payment_failed"
	if pi.LastPaymentError != nil {
		reason = string(pi.LastPaymentError.Code)
	}
	if id, ok := metaUUID(pi.Metadata, "charge_id"); ok {
		_, err := tx.ExecContext(ctx, `
			UPDATE charges SET status = 'failed', failure_reason = $2, updated_at = now()
			WHERE id = $1 AND status = 'pending'`, id, reason)
		return err
	}
	return nil
}

func (h *StripeWebhook) chargeRefunded(ctx context.Context, tx *sqlx.Tx, evt stripe.Event) error {
	var ch stripe.Charge
	if err := json.Unmarshal(evt.Data.Raw, &ch); err != nil {
		return fmt.Errorf("decode charge: %w", err)
	}
	acct, ok := metaUUID(ch.Metadata, "account_id")
	if !ok {
		return nil
	}
	return h.ledger.Append(ctx, tx, domain.LedgerEntry{
		ID:          uuid.New(),
		AccountID:   acct,
		Kind:        "card_refund",
		AmountCents: -ch.AmountRefunded,
		Currency:    string(ch.Currency),
		Reference:   ch.ID,
		CreatedAt:   time.Now().UTC(),
	})
}
