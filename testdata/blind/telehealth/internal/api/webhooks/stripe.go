package webhooks

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"

	"github.com/jmoiron/sqlx"
	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"

	"github.com/carelink/telehealth/internal/domain"
	"github.com/carelink/telehealth/internal/platform/db"
	"github.com/carelink/telehealth/internal/platform/httpx"
	"github.com/carelink/telehealth/internal/store"
)

// Stripe receives Stripe webhooks for copay PaymentIntents.
type Stripe struct {
	DB     *sqlx.DB
	Events *store.StripeEventRepo
	Copays *store.CopayRepo
	Secret string
	Log    *slog.Logger
}

var intentStatus = map[stripe.EventType]string{
	"payment_intent.succeeded":      domain.CopaySucceeded,
	"payment_intent.processing":     domain.CopayProcessing,
	"payment_intent.payment_failed": domain.CopayFailed,
	"payment_intent.canceled":       domain.CopayFailed,
}

// Handle applies PaymentIntent status changes to copays.
func (s *Stripe) Handle(w http.ResponseWriter, r *http.Request) {
	payload, err := io.ReadAll(io.LimitReader(r.Body, maxBody))
	if err != nil {
		httpx.WriteError(w, domain.ErrInvalidArgument)
		return
	}
	ev, err := webhook.ConstructEventWithOptions(payload, r.Header.Get("Stripe-Signature"), s.Secret,
		webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true})
	if err != nil {
		httpx.WriteError(w, domain.ErrUnauthenticated)
		return
	}
	status, relevant := intentStatus[ev.Type]
	if !relevant {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	var pi stripe.PaymentIntent
	if err := json.Unmarshal(ev.Data.Raw, &pi); err != nil {
		httpx.WriteError(w, domain.ErrInvalidArgument)
		return
	}
	ctx := r.Context()
	err = db.InTx(ctx, s.DB, func(tx *sqlx.Tx) error {
		first, err := s.Events.Claim(ctx, tx, ev.ID, string(ev.Type))
		if err != nil || !first {
			return err
		}
		n, err := s.Copays.SetStatusByIntent(ctx, tx, pi.ID, status)
		if err == nil && n == 0 {
			s.Log.Info("stripe event for unknown or settled intent", "event", ev.ID, "intent", pi.ID)
		}
		return err
	})
	if err != nil {
		s.Log.Error("apply stripe event", "event", ev.ID, "err", err)
		httpx.WriteError(w, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
