// Package api is the yard operations HTTP API used by scale-house terminals,
// the dispatch desk and provider webhooks.
package api

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/google/uuid"

	"github.com/ironbridge-metals/yardops/internal/httpx"
	"github.com/ironbridge-metals/yardops/internal/provider/achpay"
	"github.com/ironbridge-metals/yardops/internal/provider/idcheck"
	"github.com/ironbridge-metals/yardops/internal/service"
	"github.com/ironbridge-metals/yardops/internal/store"
)

type TicketService interface {
	CreateTicket(ctx context.Context, in service.CreateTicketInput) (store.WeighTicket, error)
	RecordTare(ctx context.Context, ticketID string, tareLb int32) (store.WeighTicket, error)
	VoidTicket(ctx context.Context, ticketID, reason string) (store.WeighTicket, error)
	PlaceHold(ctx context.Context, in service.PlaceHoldInput) (store.MaterialHold, error)
}

type SellerService interface {
	Register(ctx context.Context, in service.RegisterSellerInput) (store.Seller, error)
	Verify(ctx context.Context, in service.VerifySellerInput) (idcheck.Check, error)
	EnrollBankAccount(ctx context.Context, in service.EnrollBankInput) (store.Seller, error)
}

type PayoutService interface {
	RequestPayout(ctx context.Context, in service.RequestPayoutInput) (service.PayoutView, error)
	HandleLedgerlineEvent(ctx context.Context, ev achpay.WebhookEvent) error
}

type ContractService interface {
	CreateContract(ctx context.Context, in service.CreateContractInput) (store.SalesContract, error)
	ScheduleLoad(ctx context.Context, in service.ScheduleLoadInput) (store.Load, error)
	DepartLoad(ctx context.Context, in service.DepartLoadInput) (store.Load, error)
}

// Services bundles what the router needs.
type Services struct {
	Tickets   TicketService
	Sellers   SellerService
	Payouts   PayoutService
	Contracts ContractService
}

func parseUUID(s string) (uuid.UUID, bool) {
	id, err := uuid.Parse(s)
	return id, err == nil
}

type RouterConfig struct {
	Logger             *slog.Logger
	LedgerlineSecret   string
	YardTokenValidator func(token string) (yardID string, ok bool)
	RequestTimeout     time.Duration
}

// NewRouter mounts every route. Handlers are built as closures over the
// services so each file owns its request/response types.
func NewRouter(svc Services, cfg RouterConfig) http.Handler {
	a := httpx.Adapter{Logger: cfg.Logger}
	r := chi.NewRouter()
	r.Use(middleware.RequestID)
	r.Use(middleware.RealIP)
	r.Use(middleware.Recoverer)
	r.Use(middleware.Timeout(cfg.RequestTimeout))

	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusNoContent)
	})

	r.Route("/v1", func(r chi.Router) {
		r.Group(func(r chi.Router) {
			r.Use(yardAuth(cfg.YardTokenValidator))

			r.Post("/sellers", a.Wrap(registerSeller(svc.Sellers)))
			r.Post("/sellers/{sellerID}/verify", a.Wrap(verifySeller(svc.Sellers)))
			r.Post("/sellers/{sellerID}/bank-account", a.Wrap(enrollBank(svc.Sellers)))

			r.Post("/tickets", a.Wrap(createTicket(svc.Tickets)))
			r.Post("/tickets/{ticketID}/tare", a.Wrap(recordTare(svc.Tickets)))
			r.Post("/tickets/{ticketID}/void", a.Wrap(voidTicket(svc.Tickets)))
			r.Post("/tickets/{ticketID}/holds", a.Wrap(placeHold(svc.Tickets)))
			r.Post("/tickets/{ticketID}/payouts", a.Wrap(requestPayout(svc.Payouts)))

			r.Post("/contracts", a.Wrap(createContract(svc.Contracts)))
			r.Post("/contracts/{contractID}/loads", a.Wrap(scheduleLoad(svc.Contracts)))
			r.Post("/loads/{loadID}/depart", a.Wrap(departLoad(svc.Contracts)))
		})

		r.Post("/webhooks/ledgerline", a.Wrap(ledgerlineWebhook(svc.Payouts, cfg.LedgerlineSecret)))
	})
	return r
}

type ctxKey int

const yardIDKey ctxKey = iota

// yardAuth resolves the terminal's bearer token to the yard it belongs to.
func yardAuth(validate func(string) (string, bool)) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			const prefix = "Bearer "
			h := r.Header.Get("Authorization")
			if len(h) <= len(prefix) || h[:len(prefix)] != prefix {
				http.Error(w, "unauthorized", http.StatusUnauthorized)
				return
			}
			yardID, ok := validate(h[len(prefix):])
			if !ok {
				http.Error(w, "unauthorized", http.StatusUnauthorized)
				return
			}
			next.ServeHTTP(w, r.WithContext(withYard(r.Context(), yardID)))
		})
	}
}

func withYard(ctx context.Context, yardID string) context.Context {
	return context.WithValue(ctx, yardIDKey, yardID)
}

// yardFrom returns the yard the calling terminal is registered to.
func yardFrom(ctx context.Context) string {
	v, _ := ctx.Value(yardIDKey).(string)
	return v
}
