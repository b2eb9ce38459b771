// Package api holds the HTTP handlers of the api binary.
package api

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/driftline-services/snowplow/internal/domain"
	"github.com/driftline-services/snowplow/internal/platform/httpx"
	"github.com/driftline-services/snowplow/internal/provider/bankpay"
	"github.com/driftline-services/snowplow/internal/provider/citydispatch"
	"github.com/driftline-services/snowplow/internal/service/assign"
)

// AssignmentIntake accepts city assignments.
type AssignmentIntake interface {
	Accept(ctx context.Context, in assign.CityAssignment) (domain.Assignment, error)
}

// DispatchWebhook receives route assignments pushed by the city's dispatch
// system. The city retries a delivery with backoff for up to six hours
// until it gets a 2xx.
type DispatchWebhook struct {
	Secret string
	Intake AssignmentIntake
	Log    *slog.Logger
}

func (h *DispatchWebhook) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		httpx.Error(w, http.StatusBadRequest, "read body")
		return
	}
	if err := citydispatch.VerifySignature(h.Secret, body, r.Header.Get("X-Dispatch-Signature")); err != nil {
		httpx.Error(w, http.StatusUnauthorized, "bad signature")
		return
	}
	var in assign.CityAssignment
	if err := json.Unmarshal(body, &in); err != nil {
		httpx.Error(w, http.StatusBadRequest, "bad payload")
		return
	}
	a, err := h.Intake.Accept(r.Context(), in)
	if err != nil {
		h.Log.ErrorContext(r.Context(), "dispatch assignment", "city_assignment", in.AssignmentID, "err", err)
		httpx.Fail(w, err)
		return
	}
	httpx.JSON(w, http.StatusOK, map[string]any{"assignment_id": a.ID, "status": a.Status})
}

// BankEvents applies payout webhooks.
type BankEvents interface {
	HandleBankEvent(ctx context.Context, evt bankpay.Event) error
}

// BankWebhook receives payout status events from the bank partner, which
// redelivers each event until it gets a 2xx, for up to three days.
type BankWebhook struct {
	Secret string
	Events BankEvents
	Log    *slog.Logger
	Now    func() time.Time
}

func (h *BankWebhook) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		httpx.Error(w, http.StatusBadRequest, "read body")
		return
	}
	if err := bankpay.VerifySignature(h.Secret, body, r.Header.Get("Bankpay-Signature"), 5*time.Minute, h.Now()); err != nil {
		httpx.Error(w, http.StatusUnauthorized, "bad signature")
		return
	}
	var evt bankpay.Event
	if err := json.Unmarshal(body, &evt); err != nil || evt.ID == "" {
		httpx.Error(w, http.StatusBadRequest, "bad payload")
		return
	}
	if err := h.Events.HandleBankEvent(r.Context(), evt); err != nil {
		if errors.Is(err, domain.ErrNotFound) {
			// Not one of ours (or not yet recorded): acknowledge so the
			// partner stops retrying; the sweep reconciles stragglers.
			h.Log.WarnContext(r.Context(), "bank event for unknown payout", "event", evt.ID)
			w.WriteHeader(http.StatusNoContent)
			return
		}
		h.Log.ErrorContext(r.Context(), "bank event", "event", evt.ID, "type", evt.Type, "err", err)
		httpx.Error(w, http.StatusInternalServerError, "retry later")
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
