// Package adminapi is the staff/back-office API (net/http + chi).
package adminapi

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"

	"github.com/stagepass/ticketing/internal/apperr"
	"github.com/stagepass/ticketing/internal/events"
	"github.com/stagepass/ticketing/internal/partners"
	"github.com/stagepass/ticketing/internal/payouts"
	"github.com/stagepass/ticketing/internal/tickets"
)

type actorKey struct{}

func actorFrom(ctx context.Context) string {
	v, _ := ctx.Value(actorKey{}).(string)
	return v
}

// staffOnly trusts the X-Staff-User header injected by the SSO proxy.
func staffOnly(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		user := r.Header.Get("X-Staff-User")
		if user == "" {
			writeJSON(w, http.StatusUnauthorized, map[string]string{"error": "staff login required"})
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), actorKey{}, user)))
	})
}

// API groups the admin services.
type API struct {
	Events   events.Service
	Tickets  tickets.ResendService
	Partners partners.Service
	Payouts  payouts.Starter
}

// Router builds the chi router.
func (a *API) Router() http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.RequestID)
	r.Use(middleware.RealIP)
	r.Use(middleware.Recoverer)
	r.Use(middleware.Timeout(60 * time.Second))
	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })

	r.Route("/admin", func(r chi.Router) {
		r.Use(staffOnly)
		r.Post("/events/{eventID}/cancel", a.cancelEvent)
		r.Post("/tickets/{ticketID}/resend", a.resendTicket)
		r.Route("/partners/{partnerID}/allocations", func(r chi.Router) {
			r.Post("/", a.createAllocation)
			r.Post("/{allocationID}/release", a.releaseAllocation)
		})
		r.Post("/organisers/{organiserID}/payouts", a.startPayout)
	})
	return r
}

func decode(w http.ResponseWriter, r *http.Request, v any) error {
	if r.ContentLength == 0 {
		return nil
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, 64<<10))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return apperr.Invalid("malformed body: %v", err)
	}
	return nil
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func writeErr(w http.ResponseWriter, r *http.Request, err error) {
	status := http.StatusInternalServerError
	switch apperr.KindOf(err) {
	case apperr.KindNotFound:
		status = http.StatusNotFound
	case apperr.KindConflict:
		status = http.StatusConflict
	case apperr.KindInvalid:
		status = http.StatusUnprocessableEntity
	case apperr.KindForbidden:
		status = http.StatusForbidden
	case apperr.KindGone:
		status = http.StatusGone
	}
	if errors.Is(err, context.DeadlineExceeded) {
		status = http.StatusGatewayTimeout
	}
	if status >= 500 {
		slog.ErrorContext(r.Context(), "admin request failed", "path", r.URL.Path, "err", err)
	}
	writeJSON(w, status, map[string]string{"error": err.Error(), "request_id": middleware.GetReqID(r.Context())})
}
