// Package api is the HTTP API for the customer app, the back office and the
// partners' webhooks.
package api

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"

	"github.com/pantloop/deposit/internal/payouts"
	"github.com/pantloop/deposit/internal/tickets"
	"github.com/pantloop/deposit/internal/wallet"
)

var errInvalidToken = errors.New("api: invalid token")

type logKey struct{}

func logFrom(ctx context.Context) *slog.Logger {
	if l, ok := ctx.Value(logKey{}).(*slog.Logger); ok {
		return l
	}
	return slog.Default()
}

// Config holds the secrets the router needs.
type Config struct {
	AdminToken          string
	EwalletHookSecret   string
	BankHookSecret      string
	FieldHookSecret     string
	RequestTimeout      time.Duration
	CustomerTokenSecret []byte
}

// Server holds the dependencies of the HTTP handlers.
type Server struct {
	Wallets   *wallet.Service
	Payouts   *payouts.Service
	Tickets   *tickets.Service
	Responses ResponseCache
	Tokens    TokenVerifier
	Log       *slog.Logger
	Cfg       Config
}

// Router builds the chi router.
func (s *Server) Router() http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.RequestID)
	r.Use(middleware.RealIP)
	r.Use(s.requestLogger)
	r.Use(middleware.Recoverer)
	if s.Cfg.RequestTimeout > 0 {
		r.Use(middleware.Timeout(s.Cfg.RequestTimeout))
	}

	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })

	r.Route("/v1", func(r chi.Router) {
		r.Post("/wallets", s.registerWallet)
		r.Route("/wallets/{walletID}", func(r chi.Router) {
			r.Use(requireWallet(s.Tokens))
			r.Get("/", s.getWallet)
			r.Get("/entries", s.listEntries)
			r.Post("/payout-accounts", s.linkAccount)
			r.Post("/payouts", s.requestPayout)
			r.Get("/payouts/{payoutID}", s.getPayout)
			r.With(idempotent("donation", s.Responses)).Post("/donations", s.donate)
		})
	})

	r.Route("/admin", func(r chi.Router) {
		r.Use(requireAdmin(s.Cfg.AdminToken))
		r.Post("/wallets/{walletID}/adjustments", s.adjustWallet)
		r.Post("/payouts/{payoutID}/retry", s.retryPayout)
		r.Post("/kiosks/{kioskID}/tickets", s.openManualTicket)
	})

	r.Route("/hooks", func(r chi.Router) {
		r.With(verifySignature("X-Signature", s.Cfg.EwalletHookSecret)).Post("/ewallet", s.ewalletHook)
		r.With(verifySignature("X-Bank-Signature", s.Cfg.BankHookSecret)).Post("/bank", s.bankHook)
		r.With(verifySignature("X-FS-Signature", s.Cfg.FieldHookSecret)).Post("/fieldservice", s.fieldServiceHook)
	})
	return r
}

func (s *Server) requestLogger(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
		log := s.Log.With("req_id", middleware.GetReqID(r.Context()))
		ctx := context.WithValue(r.Context(), logKey{}, log)
		next.ServeHTTP(ww, r.WithContext(ctx))
		log.Info("http",
			"method", r.Method,
			"path", r.URL.Path,
			"status", ww.Status(),
			"bytes", ww.BytesWritten(),
			"took", time.Since(start),
		)
	})
}
