package webhook

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"time"

	"github.com/gigbridge/escrow/internal/provider/payments"
	"github.com/gigbridge/escrow/internal/service"
)

// PaymentsHandler receives charge events from the payments provider.
type PaymentsHandler struct {
	secret     string
	milestones service.Milestones
	events     ProcessedEvents
	now        func() time.Time
	log        *slog.Logger
}

func NewPaymentsHandler(secret string, milestones service.Milestones, events ProcessedEvents, now func() time.Time, log *slog.Logger) *PaymentsHandler {
	return &PaymentsHandler{secret: secret, milestones: milestones, events: events, now: now, log: log.With("webhook", "payments")}
}

func (h *PaymentsHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	body, ok := readBody(w, r)
	if !ok {
		return
	}
	if err := payments.VerifyWebhook(h.secret, r.Header.Get(payments.SignatureHeader), body, h.now()); err != nil {
		http.Error(w, "bad signature", http.StatusUnauthorized)
		return
	}
	var ev payments.Event
	if err := json.Unmarshal(body, &ev); err != nil {
		http.Error(w, "bad payload", http.StatusBadRequest)
		return
	}

	seen, err := h.events.Seen(ctx, "payments", ev.ID)
	if err != nil {
		fail(ctx, w, h.log, "check event", err)
		return
	}
	if seen {
		w.WriteHeader(http.StatusOK)
		return
	}

	switch ev.Type {
	case payments.EventChargeSucceeded, payments.EventChargeFailed:
		var data payments.ChargeEventData
		if err := json.Unmarshal(ev.Data, &data); err != nil {
			http.Error(w, "bad charge payload", http.StatusBadRequest)
			return
		}
		err := h.milestones.ApplyChargeOutcome(ctx, service.ChargeOutcome{
			ChargeID:      data.ChargeID,
			Succeeded:     ev.Type == payments.EventChargeSucceeded,
			AmountMinor:   data.AmountMinor,
			FailureReason: data.FailureReason,
		})
		if err != nil {
			fail(ctx, w, h.log, "apply charge outcome", err)
			return
		}
	default:
		h.log.DebugContext(ctx, "ignoring payments event", "type", ev.Type)
	}

	if err := h.events.Record(ctx, "payments", ev.ID, ev.Type); err != nil {
		h.log.WarnContext(ctx, "could not record payments event", "event_id", ev.ID, "err", err)
	}
	w.WriteHeader(http.StatusOK)
}
