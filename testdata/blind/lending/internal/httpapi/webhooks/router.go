// Package webhooks receives partner callbacks: bureau decisions, payout
// status changes, card processor events and merchant refunds.
package webhooks

import (
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"go.uber.org/zap"

	"github.com/brightpay/lending/internal/httpapi/httpx"
	"github.com/brightpay/lending/internal/service/applications"
	"github.com/brightpay/lending/internal/service/disbursement"
	"github.com/brightpay/lending/internal/service/loans"
	"github.com/brightpay/lending/internal/service/repayments"
)

type Secrets struct {
	Bureau    string
	Payout    string
	Stripe    string
	Merchants map[string]string
}

type Handlers struct {
	apps         applications.Service
	disbursement disbursement.Service
	cardEvents   repayments.CardEvents
	loans        loans.Service
	secrets      Secrets
	log          *zap.Logger
}

func New(a applications.Service, d disbursement.Service, ce repayments.CardEvents, l loans.Service, secrets Secrets, log *zap.Logger) *Handlers {
	return &Handlers{apps: a, disbursement: d, cardEvents: ce, loans: l, secrets: secrets, log: log}
}

// Routes mounts the partner webhook endpoints.
func (h *Handlers) Routes() http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.RealIP)
	r.Use(middleware.Recoverer)
	r.Use(middleware.Timeout(25 * time.Second))

	r.Post("/bureau/decisions", httpx.Wrap(h.log, h.bureauDecision))
	r.Post("/payouts/status", httpx.Wrap(h.log, h.payoutStatus))
	r.Post("/stripe", httpx.Wrap(h.log, h.stripeEvent))
	r.Post("/merchants/{merchantID}/refunds", httpx.Wrap(h.log, h.merchantRefund))
	return r
}
