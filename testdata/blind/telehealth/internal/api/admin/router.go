// Package admin is the support-console HTTP API served next to the gRPC
// server.
package admin

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/google/uuid"

	"github.com/carelink/telehealth/internal/domain"
	"github.com/carelink/telehealth/internal/ids"
	"github.com/carelink/telehealth/internal/platform/httpx"
	"github.com/carelink/telehealth/internal/platform/jobs"
	"github.com/carelink/telehealth/internal/service/billing"
	"github.com/carelink/telehealth/internal/service/reminders"
)

// Deps are the services the admin API calls.
type Deps struct {
	Refunds *billing.RefundService
	Copays  *billing.CopayService
	Credits *billing.CreditService
	Queue   Enqueuer
	Appts   AppointmentReader
	Log     *slog.Logger
	Token   string
}

// Enqueuer schedules jobs.
type Enqueuer interface {
	Enqueue(ctx context.Context, kind string, payload any, opts ...jobs.Option) (string, bool, error)
}

// AppointmentReader loads appointments.
type AppointmentReader interface {
	Get(ctx context.Context, id uuid.UUID) (*domain.Appointment, error)
}

type api struct{ Deps }

// NewRouter builds the admin mux.
func NewRouter(d Deps) http.Handler {
	a := &api{Deps: d}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /admin/copays/{id}/refund", a.refundCopay)
	mux.HandleFunc("POST /admin/copays/{id}/retry", a.retryCopay)
	mux.HandleFunc("POST /admin/patients/{id}/credits", a.grantCredit)
	mux.HandleFunc("POST /admin/appointments/{id}/visit-link", a.resendVisitLink)

	root := http.NewServeMux()
	root.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) {
		httpx.WriteJSON(w, http.StatusOK, map[string]string{"status": "ok"})
	})
	root.Handle("/admin/", httpx.BearerAuth(d.Token, mux))
	return httpx.AccessLog(d.Log, root)
}

func pathID(r *http.Request) (uuid.UUID, error) {
	id, ok := ids.ParseUUID(r.PathValue("id"))
	if !ok {
		return uuid.Nil, domain.ErrInvalidArgument
	}
	return id, nil
}

func agent(r *http.Request) string {
	if a := r.Header.Get("X-Support-Agent"); a != "" {
		return "agent:" + a
	}
	return "agent:unknown"
}

type refundBody struct {
	Reason string `json:"reason"`
}

// refundCopay refunds a copay in full.
func (a *api) refundCopay(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r)
	if err != nil {
		httpx.WriteError(w, err)
		return
	}
	var body refundBody
	if err := httpx.ReadJSON(r, &body); err != nil {
		httpx.WriteError(w, err)
		return
	}
	if body.Reason == "" {
		body.Reason = "support"
	}
	rf, err := a.Refunds.Request(r.Context(), id, body.Reason, agent(r))
	if err != nil {
		httpx.WriteError(w, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, rf)
}

// retryCopay charges a failed copay again.
func (a *api) retryCopay(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r)
	if err != nil {
		httpx.WriteError(w, err)
		return
	}
	c, err := a.Copays.RetryCharge(r.Context(), id)
	if err != nil {
		httpx.WriteError(w, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, c)
}

type creditBody struct {
	AmountCents int64  `json:"amount_cents"`
	Reason      string `json:"reason"`
	Reference   string `json:"reference"`
}

// grantCredit adds goodwill credit. Requires an Idempotency-Key header.
func (a *api) grantCredit(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r)
	if err != nil {
		httpx.WriteError(w, err)
		return
	}
	var body creditBody
	if err := httpx.ReadJSON(r, &body); err != nil {
		httpx.WriteError(w, err)
		return
	}
	entry, err := a.Credits.Grant(r.Context(), billing.GrantRequest{
		Key:         r.Header.Get("Idempotency-Key"),
		PatientID:   id,
		AmountCents: body.AmountCents,
		Reason:      body.Reason,
		Reference:   body.Reference,
		Agent:       agent(r),
	})
	if err != nil {
		httpx.WriteError(w, err)
		return
	}
	httpx.WriteJSON(w, http.StatusCreated, entry)
}

// resendVisitLink texts the patient the join link again, e.g. when they
// lost the first message.
func (a *api) resendVisitLink(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r)
	if err != nil {
		httpx.WriteError(w, err)
		return
	}
	appt, err := a.Appts.Get(r.Context(), id)
	if err != nil {
		httpx.WriteError(w, err)
		return
	}
	if appt.VideoJoinURL == nil || !appt.Live() {
		httpx.WriteError(w, domain.ErrInvalidState)
		return
	}
	jobID, _, err := a.Queue.Enqueue(r.Context(), reminders.KindVisitLink,
		reminders.AppointmentPayload{AppointmentID: appt.ID.String(), RequestedBy: agent(r)},
		jobs.DedupKey(ids.Derived(reminders.KindVisitLink, appt.ID.String(), ids.Short())),
		jobs.MaxAttempts(3),
	)
	if err != nil {
		httpx.WriteError(w, err)
		return
	}
	httpx.WriteJSON(w, http.StatusAccepted, map[string]string{"job_id": jobID})
}
