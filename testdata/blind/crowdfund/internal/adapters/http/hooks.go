package httpadapter

import (
	"context"
	"io"
	"log/slog"
	"net/http"

	"github.com/brightfund/crowdfund/internal/adapters/bank"
	"github.com/brightfund/crowdfund/internal/adapters/carrier"
	stripeadapter "github.com/brightfund/crowdfund/internal/adapters/stripe"
	"github.com/brightfund/crowdfund/internal/core/domain"
	"github.com/brightfund/crowdfund/internal/core/ports"
)

// HookHandlers receive provider webhooks. Each returns 2xx only once the
// event has been applied; providers redeliver on anything else.
type HookHandlers struct {
	Stripe  http.HandlerFunc
	Carrier http.HandlerFunc
	Bank    http.HandlerFunc
}

// webhook verifies and decodes the request with parse, then applies the
// event with apply.
func webhook[E any](log *slog.Logger, provider string, parse func(r *http.Request, body []byte) (E, error), apply func(context.Context, E) error) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(io.LimitReader(r.Body, 512<<10))
		if err != nil {
			http.Error(w, "unreadable body", http.StatusBadRequest)
			return
		}
		ev, err := parse(r, body)
		if err != nil {
			log.WarnContext(r.Context(), "rejected webhook", "provider", provider, "err", err)
			http.Error(w, "bad signature", http.StatusBadRequest)
			return
		}
		if err := apply(r.Context(), ev); err != nil {
			log.ErrorContext(r.Context(), "webhook failed", "provider", provider, "err", err)
			http.Error(w, "retry later", http.StatusInternalServerError)
			return
		}
		w.WriteHeader(http.StatusOK)
	}
}

func NewHookHandlers(webhooks ports.WebhookUseCase, sp *stripeadapter.EventParser, cv *carrier.WebhookVerifier, bv *bank.WebhookVerifier, log *slog.Logger) *HookHandlers {
	log = log.With("component", "hooks")
	return &HookHandlers{
		Stripe: webhook(log, "stripe", func(r *http.Request, body []byte) (domain.PaymentEvent, error) {
			return sp.Parse(body, r.Header.Get("Stripe-Signature"))
		}, webhooks.HandlePayment),
		Carrier: webhook(log, "parcelhub", func(r *http.Request, body []byte) (ports.CarrierEvent, error) {
			return cv.Parse(body, r.Header.Get("X-ParcelHub-Signature"))
		}, webhooks.HandleCarrier),
		Bank: webhook(log, "fennel", func(r *http.Request, body []byte) (domain.BankEvent, error) {
			return bv.Parse(body, r.Header.Get("X-Fennel-Timestamp"), r.Header.Get("X-Fennel-Signature"))
		}, webhooks.HandleBank),
	}
}
