package webhooks

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/civicworks/permits/internal/clients/inspections"
	"github.com/civicworks/permits/internal/platform/config"
	"github.com/civicworks/permits/internal/service"
)

type partnerHandler func(ctx context.Context, ev service.PartnerEvent) error

// InspectionReceiver handles POST /webhooks/inspections. The partner
// redelivers an event until it gets a 2xx, for up to 72 hours.
type InspectionReceiver struct {
	secret   []byte
	handlers map[string]partnerHandler
	log      *slog.Logger
}

// NewInspectionReceiver builds the receiver and its event table.
func NewInspectionReceiver(cfg *config.Config, svc service.Inspections, log *slog.Logger) *InspectionReceiver {
	return &InspectionReceiver{
		secret: []byte(cfg.InspectionsWebhookSecret),
		handlers: map[string]partnerHandler{
			"inspection.assigned":  svc.AssignInspector,
			"inspection.completed": svc.CompleteFromPartner,
		},
		log: log.With("webhook", "inspections"),
	}
}

// Register mounts the route.
func (h *InspectionReceiver) Register(r chi.Router) {
	r.Post("/webhooks/inspections", h.serve)
}

func (h *InspectionReceiver) serve(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, maxWebhookBody))
	if err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	err = inspections.VerifySignature(h.secret, r.Header.Get("X-Partner-Timestamp"),
		r.Header.Get("X-Partner-Signature"), body, 5*time.Minute)
	if err != nil {
		h.log.WarnContext(r.Context(), "rejected partner webhook", "err", err)
		w.WriteHeader(http.StatusUnauthorized)
		return
	}
	var ev service.PartnerEvent
	if err := json.Unmarshal(body, &ev); err != nil || ev.EventID == "" || ev.BookingID == "" {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	handle, ok := h.handlers[ev.Type]
	if !ok {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	if err := handle(r.Context(), ev); err != nil {
		h.log.ErrorContext(r.Context(), "partner event failed", "event_id", ev.EventID, "type", ev.Type, "err", err)
		w.WriteHeader(http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
