// Package httpapi is the resident portal, officer console and webhook API.
package httpapi

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/google/uuid"

	"github.com/curbline-civic/permits/internal/applications"
	"github.com/curbline-civic/permits/internal/domain"
	"github.com/curbline-civic/permits/internal/payments"
	"github.com/curbline-civic/permits/internal/providers/mailhouse"
	"github.com/curbline-civic/permits/internal/providers/paygate"
)

// ApplicationService is the applications use cases the API calls.
type ApplicationService interface {
	Submit(ctx context.Context, id uuid.UUID, in applications.SubmitInput) (*domain.Application, error)
	Get(ctx context.Context, id uuid.UUID) (*domain.Application, error)
	Decide(ctx context.Context, id uuid.UUID, d applications.Decision) error
	AddNote(ctx context.Context, n applications.Note) (*applications.Note, error)
	Notes(ctx context.Context, id uuid.UUID) ([]applications.Note, error)
}

// PaymentService is the payments use cases the API calls.
type PaymentService interface {
	PayOnline(ctx context.Context, appID uuid.UUID, in payments.PayInput) (*payments.PayResult, error)
	HandleWebhook(ctx context.Context, evt *paygate.Event) error
}

// PermitService is the permit use cases the API calls.
type PermitService interface {
	Get(ctx context.Context, id uuid.UUID) (*domain.Permit, error)
	Replace(ctx context.Context, permitID uuid.UUID, reason string) (*domain.Permit, error)
	ApplyCallback(ctx context.Context, cb *mailhouse.Callback) error
}

// WebhookVerifier checks and decodes a Paygate webhook.
type WebhookVerifier interface {
	ParseWebhook(body []byte, header string, now time.Time) (*paygate.Event, error)
}

// CallbackVerifier checks and decodes a mail house callback.
type CallbackVerifier interface {
	ParseCallback(body []byte, sig string) (*mailhouse.Callback, error)
}

// Deps is everything the router needs.
type Deps struct {
	Applications ApplicationService
	Payments     PaymentService
	Permits      PermitService
	Paygate      WebhookVerifier
	Mailhouse    CallbackVerifier
	OfficerAuth  func(http.Handler) http.Handler
	Log          *slog.Logger
}

// NewRouter builds the chi router.
func NewRouter(d Deps) http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.RequestID)
	r.Use(middleware.RealIP)
	r.Use(middleware.Recoverer)
	r.Use(middleware.Timeout(30 * time.Second))

	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })

	r.Route("/v1", func(r chi.Router) {
		r.Post("/applications", submitApplication(d.Applications, d.Log))
		r.Get("/applications/{id}", getApplication(d.Applications, d.Log))
		r.Post("/applications/{id}/payment", payApplication(d.Payments, d.Log))
		r.Get("/permits/{id}", getPermit(d.Permits, d.Log))
		r.Post("/permits/{id}/replacement", replacePermit(d.Permits, d.Log))

		r.Group(func(r chi.Router) {
			if d.OfficerAuth != nil {
				r.Use(d.OfficerAuth)
			}
			r.Post("/officer/applications/{id}/decision", decideApplication(d.Applications, d.Log))
			r.Post("/officer/applications/{id}/notes", addNote(d.Applications, d.Log))
			r.Get("/officer/applications/{id}/notes", listNotes(d.Applications, d.Log))
		})
	})

	r.Route("/webhooks", func(r chi.Router) {
		r.Post("/paygate", paygateWebhook(d.Paygate, d.Payments, d.Log))
		r.Post("/mailhouse", mailhouseCallback(d.Mailhouse, d.Permits, d.Log))
	})
	return r
}
