package httpapi

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"go.uber.org/fx"

	"github.com/vendgrid/fleetops/internal/adapters/postgres"
	"github.com/vendgrid/fleetops/internal/config"
)

// route is one entry of a handler table.
type route struct {
	path    string
	method  string
	handler http.HandlerFunc
}

func mount(r chi.Router, routes []route) {
	for _, rt := range routes {
		r.Method(rt.method, rt.path, rt.handler)
	}
}

// Handlers groups everything the router needs.
type Handlers struct {
	Payments *PaymentHandlers
	Ops      *OpsHandlers
	Admin    *AdminHandlers
	Webhook  *CardWebhookHandler
	Store    ResponseStore
}

func (h Handlers) machineRoutes() []route {
	return []route{
		{"/machines/{machineID}/payments/authorize", http.MethodPost, h.Payments.authorize},
		{"/payments/{paymentID}/vend-result", http.MethodPost, h.Payments.vendResult},
	}
}

func (h Handlers) opsRoutes() []route {
	return []route{
		{"/collections", http.MethodPost, h.Ops.submitCollection},
		{"/collections/{collectionID}", http.MethodGet, h.Ops.getCollection},
		{"/collections/{collectionID}/reconcile", http.MethodPost, h.Ops.reconcileCollection},
		{"/restock-orders", http.MethodPost, h.Ops.createRestock},
		{"/restock-orders/{orderID}", http.MethodGet, h.Ops.getRestock},
		{"/restock-orders/{orderID}/receive", http.MethodPost, h.Ops.receiveRestock},
		{"/faults/{faultID}", http.MethodGet, h.Ops.getFault},
		{"/faults/{faultID}/dispatch", http.MethodPost, h.Ops.dispatchFault},
		{"/faults/{faultID}/resolve", http.MethodPost, h.Ops.resolveFault},
		{"/payments/{paymentID}", http.MethodGet, h.Payments.get},
		{"/payments/{paymentID}/refunds", http.MethodPost, h.Payments.refund},
	}
}

// NewRouter builds the API's chi router.
func NewRouter(cfg config.HTTP, h Handlers, log *slog.Logger) http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.RequestID)
	r.Use(middleware.RealIP)
	r.Use(requestLogger(log))
	r.Use(middleware.Recoverer)
	r.Use(middleware.Timeout(30 * time.Second))

	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })
	r.Method(http.MethodPost, "/webhooks/cardpay", h.Webhook)

	r.Route("/v1", func(r chi.Router) {
		r.Group(func(r chi.Router) {
			r.Use(machineAuth(cfg.MachineSecret))
			mount(r, h.machineRoutes())
		})

		r.Group(func(r chi.Router) {
			r.Use(staffAuth(cfg.StaffTokens))
			mount(r, h.opsRoutes())

			r.With(idempotent(h.Store, "machines")).Post("/machines", h.Admin.registerMachine)
			r.Get("/machines/{machineID}", h.Admin.getMachine)
			r.With(idempotent(h.Store, "host-adjustments")).Post("/hosts/{hostID}/adjustments", h.Admin.addAdjustment)
		})
	})
	return r
}

func requestLogger(log *slog.Logger) func(http.Handler) http.Handler {
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
				"dur_ms", time.Since(start).Milliseconds(),
				"req_id", middleware.GetReqID(r.Context()),
			)
		})
	}
}

// Module provides the handlers, the router and an http.Server bound to the
// fx lifecycle.
var Module = fx.Module("httpapi",
	fx.Provide(
		NewPaymentHandlers,
		NewOpsHandlers,
		NewAdminHandlers,
		func(svc CardWebhookUseCases, cfg config.Providers) *CardWebhookHandler {
			return NewCardWebhookHandler(svc, cfg.CardPayHook)
		},
		func(p *PaymentHandlers, o *OpsHandlers, a *AdminHandlers, wh *CardWebhookHandler, s *postgres.IdempotencyStore) Handlers {
			return Handlers{Payments: p, Ops: o, Admin: a, Webhook: wh, Store: s}
		},
		NewRouter,
	),
	fx.Invoke(runServer),
)

func runServer(lc fx.Lifecycle, cfg config.HTTP, h http.Handler, log *slog.Logger) {
	srv := &http.Server{Addr: cfg.Addr, Handler: h}
	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error {
			ln, err := net.Listen("tcp", cfg.Addr)
			if err != nil {
				return err
			}
			go func() {
				if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
					log.Error("http server stopped", "err", err)
				}
			}()
			log.Info("http listening", "addr", cfg.Addr)
			return nil
		},
		OnStop: func(ctx context.Context) error {
			ctx, cancel := context.WithTimeout(ctx, cfg.ShutdownTimeout)
			defer cancel()
			return srv.Shutdown(ctx)
		},
	})
}
