// Package admin is the back-office HTTP API used by support, trading and
// finance staff.
package admin

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/kickoffbet/sportsbook/internal/betting"
	"github.com/kickoffbet/sportsbook/internal/payments"
	"github.com/kickoffbet/sportsbook/internal/wallet"
	"github.com/kickoffbet/sportsbook/internal/withdrawals"
)

// WithdrawalDesk is the back-office view of withdrawals.
type WithdrawalDesk interface {
	Approve(ctx context.Context, id, operator string) (*withdrawals.Withdrawal, error)
	PayoutNow(ctx context.Context, id, operator string) (*withdrawals.Withdrawal, error)
	Get(ctx context.Context, id string) (*withdrawals.Withdrawal, error)
}

// Adjuster books manual wallet adjustments.
type Adjuster interface {
	Adjust(ctx context.Context, in wallet.AdjustmentInput) (*wallet.Adjustment, error)
}

// API holds the admin handlers' dependencies.
type API struct {
	Payments    payments.Service
	Withdrawals WithdrawalDesk
	Bets        betting.Service
	Adjuster    Adjuster
	Wallet      wallet.Service
	Operators   map[string]string // token -> operator name
	Log         *slog.Logger
}

// Routes returns the admin mux.
func (a *API) Routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /admin/players/{id}/wallet", a.getWallet)
	mux.HandleFunc("POST /admin/adjustments", a.createAdjustment)
	mux.HandleFunc("POST /admin/deposits/{id}/refund", a.refundDeposit)
	mux.HandleFunc("POST /admin/withdrawals/{id}/approve", a.approveWithdrawal)
	mux.HandleFunc("POST /admin/withdrawals/{id}/payout", a.payoutNow)
	mux.HandleFunc("POST /admin/bets/{id}/void", a.voidBet)
	return a.recoverer(a.logRequests(a.authenticate(mux)))
}

type operatorKey struct{}

func operator(r *http.Request) string {
	op, _ := r.Context().Value(operatorKey{}).(string)
	return op
}

func (a *API) authenticate(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		token := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
		for t, name := range a.Operators {
			if subtle.ConstantTimeCompare([]byte(t), []byte(token)) == 1 {
				ctx := context.WithValue(r.Context(), operatorKey{}, name)
				next.ServeHTTP(w, r.WithContext(ctx))
				return
			}
		}
		writeError(w, http.StatusUnauthorized, "unauthorized")
	})
}

type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (s *statusRecorder) WriteHeader(code int) {
	s.status = code
	s.ResponseWriter.WriteHeader(code)
}

func (a *API) logRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
		next.ServeHTTP(rec, r)
		a.Log.Info("admin request", "method", r.Method, "path", r.URL.Path, "status", rec.status,
			"operator", operator(r), "took", time.Since(start))
	})
}

func (a *API) recoverer(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if p := recover(); p != nil {
				a.Log.Error("panic in admin handler", "path", r.URL.Path, "panic", p)
				writeError(w, http.StatusInternalServerError, "internal error")
			}
		}()
		next.ServeHTTP(w, r)
	})
}

func decode(r *http.Request, v any) error {
	dec := json.NewDecoder(http.MaxBytesReader(nil, r.Body, 1<<20))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]string{"error": msg})
}

func (a *API) fail(w http.ResponseWriter, r *http.Request, err error) {
	switch {
	case errors.Is(err, payments.ErrDepositNotFound), errors.Is(err, withdrawals.ErrNotFound),
		errors.Is(err, betting.ErrBetNotFound), errors.Is(err, wallet.ErrWalletNotFound):
		writeError(w, http.StatusNotFound, err.Error())
	case errors.Is(err, payments.ErrNotRefundable), errors.Is(err, withdrawals.ErrNotPayable),
		errors.Is(err, wallet.ErrInsufficientFunds):
		writeError(w, http.StatusConflict, err.Error())
	case errors.Is(err, wallet.ErrAdjustmentInvalid):
		writeError(w, http.StatusBadRequest, err.Error())
	default:
		a.Log.Error("admin request failed", "path", r.URL.Path, "err", err)
		writeError(w, http.StatusInternalServerError, "internal error")
	}
}
