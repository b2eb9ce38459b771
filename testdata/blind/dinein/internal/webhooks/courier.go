package webhooks

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"time"

	"go.uber.org/zap"

	"github.com/dinein/platform/internal/config"
	"github.com/dinein/platform/internal/dispatch"
	"github.com/dinein/platform/internal/service"
)

type courierEventFunc func(ctx context.Context, evt dispatch.Event) error

// CourierHandler receives SwiftCourier webhooks. The partner redelivers an
// event until it gets a 2xx, with backoff, for up to 24 hours, and may send
// the same event more than once.
type CourierHandler struct {
	secret   string
	log      *zap.Logger
	handlers map[string]courierEventFunc
}

// NewCourierHandler builds the courier webhook handler and its event table.
func NewCourierHandler(cfg config.Config, events service.CourierEvents, log *zap.Logger) *CourierHandler {
	return &CourierHandler{
		secret: cfg.DispatchWebhookSecret,
		log:    log.Named("courier-webhook"),
		handlers: map[string]courierEventFunc{
			"delivery.courier_assigned": events.StatusChanged,
			"delivery.at_pickup":        events.StatusChanged,
			"delivery.picked_up":        events.StatusChanged,
			"delivery.delivered":        events.Delivered,
			"delivery.cancelled":        events.Cancelled,
			"delivery.courier_arriving": events.Arriving,
		},
	}
}

func (h *CourierHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	payload, err := io.ReadAll(io.LimitReader(r.Body, maxPayload))
	if err != nil {
		http.Error(w, "read body", http.StatusBadRequest)
		return
	}
	if err := dispatch.VerifySignature(payload, r.Header.Get("X-Swift-Signature"), h.secret, 10*time.Minute); err != nil {
		http.Error(w, "bad signature", http.StatusUnauthorized)
		return
	}
	var evt dispatch.Event
	if err := json.Unmarshal(payload, &evt); err != nil {
		http.Error(w, "bad payload", http.StatusBadRequest)
		return
	}
	fn, ok := h.handlers[evt.Type]
	if !ok {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	if err := fn(r.Context(), evt); err != nil {
		h.log.Error("courier event failed", zap.String("event", evt.ID), zap.String("type", evt.Type), zap.Error(err))
		http.Error(w, "event failed", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusOK)
}
