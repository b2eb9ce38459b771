package webhooks

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"

	"go.uber.org/zap"

	"github.com/forkandfeast/catering/internal/adapters/wholesale"
	"github.com/forkandfeast/catering/internal/core/domain"
	"github.com/forkandfeast/catering/internal/core/ports"
	"github.com/forkandfeast/catering/internal/platform/metrics"
)

type wholesaleHandler func(ctx context.Context, evt wholesale.Event) error

// Wholesale receives order status callbacks from the wholesale partner.
type Wholesale struct {
	secret     string
	purchasing ports.PurchasingService
	metrics    *metrics.Metrics
	log        *zap.Logger
	handlers   map[string]wholesaleHandler
}

func NewWholesale(secret string, purchasing ports.PurchasingService, m *metrics.Metrics, log *zap.Logger) *Wholesale {
	h := &Wholesale{secret: secret, purchasing: purchasing, metrics: m, log: log.Named("wholesale_webhook")}
	h.handlers = map[string]wholesaleHandler{
		"order.confirmed": h.orderConfirmed,
		"order.shipped":   h.orderShipped,
	}
	return h
}

func (h *Wholesale) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		http.Error(w, "read body", http.StatusBadRequest)
		return
	}
	if err := wholesale.VerifySignature(h.secret, body, r.Header.Get("X-Freshline-Signature")); err != nil {
		http.Error(w, "invalid signature", http.StatusUnauthorized)
		return
	}
	var evt wholesale.Event
	if err := json.Unmarshal(body, &evt); err != nil {
		http.Error(w, "invalid payload", http.StatusBadRequest)
		return
	}
	handle, ok := h.handlers[evt.Type]
	if !ok {
		h.metrics.WebhookEvents.WithLabelValues("wholesale", evt.Type, "ignored").Inc()
		w.WriteHeader(http.StatusNoContent)
		return
	}
	if err := handle(r.Context(), evt); err != nil {
		h.metrics.WebhookEvents.WithLabelValues("wholesale", evt.Type, "error").Inc()
		h.log.Error("wholesale webhook failed", zap.String("event", evt.ID), zap.String("type", evt.Type), zap.Error(err))
		http.Error(w, "handler failed", http.StatusInternalServerError)
		return
	}
	h.metrics.WebhookEvents.WithLabelValues("wholesale", evt.Type, "ok").Inc()
	w.WriteHeader(http.StatusNoContent)
}

func (h *Wholesale) orderConfirmed(ctx context.Context, evt wholesale.Event) error {
	var data wholesale.OrderConfirmed
	if err := json.Unmarshal(evt.Data, &data); err != nil {
		return fmt.Errorf("decode %s: %w", evt.Type, err)
	}
	return h.purchasing.RecordConfirmation(ctx, domain.SupplierConfirmation{
		PartnerOrderID: data.OrderID,
		ConfirmedAt:    data.ConfirmedAt,
		ETA:            data.ETA,
		Payload:        evt.Data,
	})
}

func (h *Wholesale) orderShipped(ctx context.Context, evt wholesale.Event) error {
	var data wholesale.OrderShipped
	if err := json.Unmarshal(evt.Data, &data); err != nil {
		return fmt.Errorf("decode %s: %w", evt.Type, err)
	}
	return h.purchasing.RecordShipment(ctx, data.OrderID, data.ShippedAt)
}
