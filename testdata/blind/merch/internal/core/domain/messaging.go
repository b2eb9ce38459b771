package domain

import (
	"encoding/json"
	"time"

	"github.com/google/uuid"
)

// OutboxMessage is a message written in the same transaction as the state
// change it announces and relayed to Kafka by the outbox job. DedupKey is
// unique so a state change announces itself once.
type OutboxMessage struct {
	ID          uuid.UUID
	Topic       string
	Key         string
	Payload     json.RawMessage
	DedupKey    string
	CreatedAt   time.Time
	PublishedAt *time.Time
}

// WebhookReceipt is an append-only audit row for every inbound webhook
// delivery, kept for support and partner disputes.
type WebhookReceipt struct {
	ID         uuid.UUID
	Source     string
	DeliveryID string
	EventType  string
	ReceivedAt time.Time
}

// StoredResponse is a response cached under a client Idempotency-Key.
type StoredResponse struct {
	StatusCode int
	Body       []byte
}

// Topics.
const (
	TopicOrders          = "merch.orders.v1"
	TopicNotifications   = "merch.notifications.v1"
	TopicWhShipments     = "warehouse.shipments.v1"
	TopicWhInventory     = "warehouse.inventory.v1"
	TopicWhReturns       = "warehouse.returns.v1"
	TopicWhExceptions    = "warehouse.exceptions.v1"
	TopicWhDelivery      = "warehouse.delivery.v1"
	TopicWhBackorders    = "warehouse.backorders.v1"
	TopicWhCancellations = "warehouse.cancellations.v1"
)
