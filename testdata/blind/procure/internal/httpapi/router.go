package httpapi

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"

	"github.com/northmill/procure/internal/platform/config"
)

// Handlers groups the route handlers for wiring.
type Handlers struct {
	PurchaseOrders *PurchaseOrderHandler
	Receipts       *ReceiptHandler
	Invoices       *InvoiceHandler
	Budgets        *BudgetHandler
	BankWebhooks   *BankWebhookHandler
	EDIWebhooks    *EDIWebhookHandler
}

// NewRouter builds the chi router.
func NewRouter(h Handlers, log *slog.Logger) http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.RequestID)
	r.Use(middleware.RealIP)
	r.Use(requestLogger(log))
	r.Use(middleware.Recoverer)
	r.Use(middleware.Timeout(60 * time.Second))

	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusOK) })

	r.Route("/v1", func(r chi.Router) {
		r.Route("/purchase-orders", h.PurchaseOrders.Routes)
		r.Route("/goods-receipts", h.Receipts.Routes)
		r.Route("/invoices", h.Invoices.InvoiceRoutes)
		r.Route("/credit-notes", h.Invoices.CreditNoteRoutes)
		r.Route("/budgets", h.Budgets.Routes)
	})
	r.Route("/webhooks", func(r chi.Router) {
		r.Route("/bank", h.BankWebhooks.Routes)
		r.Route("/edi", h.EDIWebhooks.Routes)
	})
	return r
}

func requestLogger(log *slog.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
			start := time.Now()
			next.ServeHTTP(ww, r)
			log.InfoContext(r.Context(), "http request",
				"method", r.Method, "path", r.URL.Path, "status", ww.Status(),
				"took", time.Since(start), "request_id", middleware.GetReqID(r.Context()))
		})
	}
}

// Server is the HTTP server of procure-api.
type Server struct {
	srv *http.Server
	log *slog.Logger
}

// NewServer builds the server.
func NewServer(cfg config.Config, handler http.Handler, log *slog.Logger) *Server {
	return &Server{
		srv: &http.Server{
			Addr:              cfg.HTTPAddr,
			Handler:           handler,
			ReadHeaderTimeout: 10 * time.Second,
			WriteTimeout:      90 * time.Second,
		},
		log: log,
	}
}

// Run serves until ctx is cancelled, then shuts down gracefully.
func (s *Server) Run(ctx context.Context, grace time.Duration) error {
	errCh := make(chan error, 1)
	go func() {
		s.log.Info("listening", "addr", s.srv.Addr)
		if err := s.srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
			errCh <- err
		}
		close(errCh)
	}()
	select {
	case err := <-errCh:
		return err
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	return s.srv.Shutdown(shutdownCtx)
}
