package httpapi

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/google/uuid"

	"github.com/merchline/preorders/internal/core/domain"
	"github.com/merchline/preorders/internal/core/ports"
)

// warehouseTopics routes partner event types onto our Kafka topics.
var warehouseTopics = map[string]string{
	"shipment.dispatched": domain.TopicWhShipments,
	"shipment.delivered":  domain.TopicWhDelivery,
	"delivery.exception":  domain.TopicWhExceptions,
	"sku.sold_out":        domain.TopicWhInventory,
	"stock.received":      domain.TopicWhInventory,
	"stock.adjusted":      domain.TopicWhInventory,
	"return.received":     domain.TopicWhReturns,
	"backorder.delayed":   domain.TopicWhBackorders,
	"line.cancelled":      domain.TopicWhCancellations,
}

type warehouseVerifier interface {
	Verify(body []byte, header string) error
}

type receiptLog interface {
	AppendWebhookReceipt(ctx context.Context, r domain.WebhookReceipt) error
}

// WarehouseWebhookHandler is the ingress for the fulfilment partner's
// webhooks. It verifies, logs and forwards each event onto the warehouse
// event stream; the worker's consumers do the processing. The partner
// resends until it gets a 2xx, and the event id travels with the message
// so consumers can recognise a resend.
type WarehouseWebhookHandler struct {
	verifier  warehouseVerifier
	receipts  receiptLog
	publisher ports.Publisher
	sigHeader string
	log       *slog.Logger
}

func NewWarehouseWebhookHandler(v warehouseVerifier, receipts receiptLog, pub ports.Publisher, sigHeader string, log *slog.Logger) *WarehouseWebhookHandler {
	return &WarehouseWebhookHandler{verifier: v, receipts: receipts, publisher: pub, sigHeader: sigHeader, log: log}
}

type warehouseEnvelope struct {
	ID         string          `json:"id"`
	Type       string          `json:"type"`
	OccurredAt time.Time       `json:"occurred_at"`
	OrderRef   string          `json:"client_order_ref"`
	Data       json.RawMessage `json:"data"`
}

func (h *WarehouseWebhookHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 512<<10))
	if err != nil {
		http.Error(w, "read body", http.StatusBadRequest)
		return
	}
	if err := h.verifier.Verify(body, r.Header.Get(h.sigHeader)); err != nil {
		http.Error(w, "bad signature", http.StatusUnauthorized)
		return
	}
	var env warehouseEnvelope
	if err := json.Unmarshal(body, &env); err != nil || env.ID == "" {
		http.Error(w, "bad envelope", http.StatusBadRequest)
		return
	}
	ctx := r.Context()
	if err := h.receipts.AppendWebhookReceipt(ctx, domain.WebhookReceipt{
		ID:         uuid.New(),
		Source:     "warehouse",
		DeliveryID: env.ID,
		EventType:  env.Type,
		ReceivedAt: time.Now().UTC(),
	}); err != nil {
		h.log.WarnContext(ctx, "could not log webhook receipt", "event_id", env.ID, "err", err)
	}
	topic, ok := warehouseTopics[env.Type]
	if !ok {
		// Event types we do not consume are acknowledged so the partner
		// stops resending them.
		w.WriteHeader(http.StatusAccepted)
		return
	}
	key := env.OrderRef
	if key == "" {
		key = env.ID
	}
	if err := h.publisher.Publish(ctx, topic, ports.Message{
		Key:   key,
		Value: env.Data,
		Headers: map[string]string{
			"event-id":    env.ID,
			"event-type":  env.Type,
			"occurred-at": env.OccurredAt.Format(time.RFC3339Nano),
		},
	}); err != nil {
		h.log.ErrorContext(ctx, "forward warehouse event", "event_id", env.ID, "err", err)
		http.Error(w, "retry later", http.StatusServiceUnavailable)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}
