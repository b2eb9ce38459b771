// Package httpapi is the counter and back-office HTTP API, plus the webhook
// receivers for Stripe, AuctionHub and Textline.
package httpapi

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/google/uuid"

	"github.com/ironvault/pawnline/internal/domain"
	"github.com/ironvault/pawnline/internal/service"
)

type CustomerService interface {
	Register(ctx context.Context, in service.RegisterCustomerInput) (domain.Customer, error)
	Get(ctx context.Context, id uuid.UUID) (domain.Customer, error)
	SetConsent(ctx context.Context, customerID uuid.UUID, channel domain.Channel, granted bool, source string) error
}

type LoanService interface {
	Create(ctx context.Context, in service.CreateLoanInput) (domain.LoanWithItems, error)
	Get(ctx context.Context, id uuid.UUID) (domain.LoanWithItems, error)
	RequestForfeit(ctx context.Context, id uuid.UUID) error
}

type RenewalService interface {
	RenewAtCounter(ctx context.Context, in service.CounterRenewalInput) (domain.Renewal, error)
}

type RedemptionService interface {
	Redeem(ctx context.Context, in service.RedeemInput) (domain.Redemption, error)
	Void(ctx context.Context, redemptionID uuid.UUID, reason string) (domain.Redemption, error)
}

type CashPaymentService interface {
	Apply(ctx context.Context, in service.CashPaymentInput) (service.CashPaymentReceipt, error)
}

// API bundles the services the counter API calls.
type API struct {
	Customers   CustomerService
	Loans       LoanService
	Renewals    RenewalService
	Redemptions RedemptionService
	Cash        CashPaymentService
	Idempotency IdempotencyStore
	Log         *slog.Logger
}

// NewRouter builds the /v1 counter API.
func NewRouter(api API) http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.RequestID)
	r.Use(middleware.RealIP)
	r.Use(requestLog(api.Log))
	r.Use(middleware.Recoverer)
	r.Use(middleware.Timeout(30 * time.Second))

	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })

	customers := &customerHandlers{svc: api.Customers}
	loans := &loanHandlers{svc: api.Loans}
	payments := &paymentHandlers{renewals: api.Renewals, redemptions: api.Redemptions, cash: api.Cash}

	r.Route("/v1", func(r chi.Router) {
		r.Route("/customers", func(r chi.Router) {
			r.Post("/", customers.register)
			r.Get("/{customerID}", customers.get)
			r.Put("/{customerID}/consents/{channel}", customers.setConsent)
		})
		r.Route("/loans", func(r chi.Router) {
			r.With(RequireIdempotency(api.Idempotency, "loans.create", api.Log)).Post("/", loans.create)
			r.Get("/{loanID}", loans.get)
			r.Post("/{loanID}/forfeit", loans.forfeit)
			r.Post("/{loanID}/renewals", payments.renew)
			r.Post("/{loanID}/redemptions", payments.redeem)
			r.Post("/{loanID}/cash-payments", payments.cashPayment)
		})
		r.Post("/redemptions/{redemptionID}/void", payments.void)
	})
	return r
}

func requestLog(log *slog.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
			start := time.Now()
			next.ServeHTTP(ww, r)
			log.InfoContext(r.Context(), "http",
				"method", r.Method,
				"path", r.URL.Path,
				"status", ww.Status(),
				"bytes", ww.BytesWritten(),
				"duration_ms", time.Since(start).Milliseconds(),
				"request_id", middleware.GetReqID(r.Context()),
			)
		})
	}
}
