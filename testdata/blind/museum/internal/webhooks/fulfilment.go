package webhooks

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"time"

	"go.uber.org/zap"

	"github.com/northgate-museums/visitor-platform/internal/events"
	"github.com/northgate-museums/visitor-platform/internal/models"
	"github.com/northgate-museums/visitor-platform/internal/outbox"
	"github.com/northgate-museums/visitor-platform/internal/platform/config"
	"github.com/northgate-museums/visitor-platform/internal/platform/database"
	"github.com/northgate-museums/visitor-platform/internal/platform/httpx"
	"github.com/northgate-museums/visitor-platform/internal/providers/fulfilment"
	"github.com/northgate-museums/visitor-platform/internal/store"
)

// ShipmentEvent is posted by Parcelway for order status changes. Parcelway
// retries with the same event_id until it receives a 2xx.
type ShipmentEvent struct {
	EventID         string            `json:"event_id"`
	Type            string            `json:"type"`
	OrderID         string            `json:"order_id"`
	ClientReference string            `json:"client_reference"`
	Carrier         string            `json:"carrier"`
	TrackingNumber  string            `json:"tracking_number"`
	Items           []fulfilment.Item `json:"items"`
	OccurredAt      time.Time         `json:"occurred_at"`
}

type FulfilmentWebhook struct {
	secret    string
	tx        *database.TxManager
	events    *store.FulfilmentEventRepo
	shipments *store.ShipmentRepo
	orders    *store.ShopOrderRepo
	inventory *store.InventoryRepo
	outbox    *outbox.Writer
	logger    *zap.Logger
}

func NewFulfilmentWebhook(cfg *config.Config, tx *database.TxManager, ev *store.FulfilmentEventRepo, shipments *store.ShipmentRepo,
	orders *store.ShopOrderRepo, inventory *store.InventoryRepo, ob *outbox.Writer, logger *zap.Logger) *FulfilmentWebhook {
	return &FulfilmentWebhook{
		secret: cfg.Fulfilment.WebhookSecret, tx: tx, events: ev, shipments: shipments,
		orders: orders, inventory: inventory, outbox: ob, logger: logger.Named("webhooks.parcelway"),
	}
}

func (h *FulfilmentWebhook) readVerified(w http.ResponseWriter, r *http.Request) ([]byte, bool) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		http.Error(w, "read error", http.StatusBadRequest)
		return nil, false
	}
	if err := fulfilment.VerifySignature(h.secret, body, r.Header.Get("X-Parcelway-Signature")); err != nil {
		http.Error(w, "signature mismatch", http.StatusUnauthorized)
		return nil, false
	}
	return body, true
}

// Shipments handles order.dispatched, order.returned and order.exception.
func (h *FulfilmentWebhook) Shipments(w http.ResponseWriter, r *http.Request) {
	body, ok := h.readVerified(w, r)
	if !ok {
		return
	}
	var evt ShipmentEvent
	if err := json.Unmarshal(body, &evt); err != nil || evt.EventID == "" {
		http.Error(w, "malformed event", http.StatusBadRequest)
		return
	}
	ctx := r.Context()
	log := h.logger.With(zap.String("event_id", evt.EventID), zap.String("type", evt.Type))

	seen, err := h.events.Seen(ctx, evt.EventID)
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	if seen {
		w.WriteHeader(http.StatusOK)
		return
	}

	shipment, err := h.shipments.ByPartnerOrder(ctx, evt.OrderID)
	if errors.Is(err, httpx.ErrNotFound) {
		// Member welcome packs and card prints are not tracked per shipment.
		log.Debug("event for untracked partner order")
		w.WriteHeader(http.StatusOK)
		return
	}
	if err != nil {
		httpx.Error(w, r, err)
		return
	}

	if err := h.tx.WithinTx(ctx, func(ctx context.Context) error {
		return h.apply(ctx, shipment, evt)
	}); err != nil {
		log.Error("shipment event failed", zap.Error(err))
		httpx.Error(w, r, err)
		return
	}

	if err := h.events.MarkSeen(ctx, evt.EventID, evt.Type); err != nil {
		log.Warn("could not record event id", zap.Error(err))
	}
	w.WriteHeader(http.StatusOK)
}

func (h *FulfilmentWebhook) apply(ctx context.Context, s *models.Shipment, evt ShipmentEvent) error {
	carrier, tracking := strPtr(evt.Carrier), strPtr(evt.TrackingNumber)
	switch evt.Type {
	case "order.dispatched":
		if err := h.shipments.UpdateTracking(ctx, s.OrderID, "dispatched", carrier, tracking); err != nil {
			return err
		}
		if err := h.orders.SetStatus(ctx, s.OrderID, models.ShopOrderShipped); err != nil {
			return err
		}
		return h.outbox.Add(ctx, events.TopicShipmentDispatched, s.OrderID.String(), events.ShipmentDispatched{
			OrderID: s.OrderID.String(), PartnerOrderID: evt.OrderID, Carrier: evt.Carrier,
			TrackingNumber: evt.TrackingNumber, DispatchedAt: evt.OccurredAt,
		})
	case "order.returned":
		if err := h.shipments.UpdateTracking(ctx, s.OrderID, "returned", carrier, tracking); err != nil {
			return err
		}
		items := map[string]int{}
		for _, it := range evt.Items {
			items[it.SKU] += it.Quantity
		}
		return h.outbox.Add(ctx, events.TopicShipmentReturned, s.OrderID.String(), events.ShipmentReturned{
			OrderID: s.OrderID.String(), PartnerOrderID: evt.OrderID, Items: items, ReturnedAt: evt.OccurredAt,
		})
	default:
		return h.shipments.UpdateTracking(ctx, s.OrderID, evt.Type, carrier, tracking)
	}
}

type stockLevel struct {
	SKU    string `json:"sku"`
	Title  string `json:"title"`
	OnHand int    `json:"on_hand"`
	Seq    int64  `json:"seq"`
}

// Inventory receives stock level snapshots after the partner's cycle counts
// and goods-in.
func (h *FulfilmentWebhook) Inventory(w http.ResponseWriter, r *http.Request) {
	body, ok := h.readVerified(w, r)
	if !ok {
		return
	}
	var payload struct {
		Levels []stockLevel `json:"levels"`
	}
	if err := json.Unmarshal(body, &payload); err != nil {
		http.Error(w, "malformed body", http.StatusBadRequest)
		return
	}
	ctx := r.Context()
	for _, lvl := range payload.Levels {
		item := &models.InventoryItem{
			SKU:        lvl.SKU,
			Title:      lvl.Title,
			OnHand:     lvl.OnHand,
			PartnerSeq: lvl.Seq,
			UpdatedAt:  time.Now().UTC(),
		}
		if err := h.inventory.ApplySnapshot(ctx, item); err != nil {
			httpx.Error(w, r, err)
			return
		}
	}
	w.WriteHeader(http.StatusNoContent)
}

func strPtr(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
