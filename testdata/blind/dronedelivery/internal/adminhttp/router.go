// Package adminhttp is the operations API used by the support and finance
// teams. It listens on the internal network only.
package adminhttp

import (
	"context"
	"encoding/json"
	"errors"
	"expvar"
	"log/slog"
	"net/http"
	"time"

	"github.com/google/uuid"

	"github.com/skyhop-logistics/dronedelivery/internal/command"
	"github.com/skyhop-logistics/dronedelivery/internal/domain"
	"github.com/skyhop-logistics/dronedelivery/internal/service/billing"
	"github.com/skyhop-logistics/dronedelivery/internal/store"
)

// RefundRetrier resubmits failed refunds.
type RefundRetrier interface {
	RetryRefund(ctx context.Context, id uuid.UUID) (*domain.Refund, error)
}

// Deps are the collaborators of the admin API.
type Deps struct {
	IssueCredit command.Handler[billing.IssueCreditCmd, *domain.CreditNote]
	RunBilling  command.Handler[billing.RunCmd, billing.RunSummary]
	Refunds     RefundRetrier
	Idempotency store.IdempotencyKeys
	Ping        func(ctx context.Context) error
}

// API is the admin HTTP handler.
type API struct {
	deps    Deps
	log     *slog.Logger
	timeout time.Duration
	mux     *http.ServeMux
}

// Option configures the API.
type Option func(*API)

// WithLogger sets the logger.
func WithLogger(l *slog.Logger) Option { return func(a *API) { a.log = l } }

// WithRequestTimeout bounds each request.
func WithRequestTimeout(d time.Duration) Option { return func(a *API) { a.timeout = d } }

// New builds the admin API.
func New(deps Deps, opts ...Option) *API {
	a := &API{deps: deps, log: slog.Default(), timeout: 30 * time.Second, mux: http.NewServeMux()}
	for _, o := range opts {
		o(a)
	}
	routes := []struct {
		pattern string
		handler http.HandlerFunc
	}{
		{"POST /admin/merchants/{id}/credits", a.issueCredit},
		{"POST /admin/refunds/{id}/retry", a.retryRefund},
		{"POST /admin/billing/runs", a.runBilling},
		{"GET /healthz", a.healthz},
	}
	for _, r := range routes {
		a.mux.Handle(r.pattern, a.withTimeout(r.handler))
	}
	a.mux.Handle("GET /debug/vars", expvar.Handler())
	return a
}

func (a *API) ServeHTTP(w http.ResponseWriter, r *http.Request) { a.mux.ServeHTTP(w, r) }

func (a *API) withTimeout(h http.HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), a.timeout)
		defer cancel()
		h(w, r.WithContext(ctx))
	})
}

func (a *API) healthz(w http.ResponseWriter, r *http.Request) {
	if a.deps.Ping != nil {
		if err := a.deps.Ping(r.Context()); err != nil {
			writeError(w, http.StatusServiceUnavailable, "database unavailable")
			return
		}
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

func operator(r *http.Request) string {
	if u := r.Header.Get("X-Forwarded-User"); u != "" {
		return u
	}
	return "unknown"
}

func pathUUID(r *http.Request, name string) (uuid.UUID, bool) {
	id, err := uuid.Parse(r.PathValue(name))
	return id, err == nil
}

func decode(r *http.Request, v any) error {
	dec := json.NewDecoder(http.MaxBytesReader(nil, r.Body, 1<<16))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, code int, msg string) {
	writeJSON(w, code, map[string]string{"error": msg})
}

func statusFor(err error) int {
	switch {
	case errors.Is(err, domain.ErrNotFound):
		return http.StatusNotFound
	case errors.Is(err, domain.ErrInvalidArgument):
		return http.StatusBadRequest
	case errors.Is(err, domain.ErrInvalidTransition), errors.Is(err, domain.ErrConflict):
		return http.StatusConflict
	}
	return http.StatusInternalServerError
}
