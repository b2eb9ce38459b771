package domain

import (
	"encoding/json"
	"time"
)

// Topic for internal domain events.
const TopicDomainEvents = "railcars.domain-events"

// Domain event types.
const (
	EventLeaseActivated     = "lease.activated"
	EventInvoiceIssued      = "invoice.issued"
	EventPaymentReceived    = "payment.received"
	EventDemurrageAssessed  = "demurrage.assessed"
	EventWorkOrderCompleted = "workorder.completed"
	EventMileageReported    = "mileage.reported"
	EventCarPlaced          = "car.placed"
)

// Event is the envelope written to the outbox and published to Kafka.
type Event struct {
	ID          string          `json:"id"`
	Key         string          `json:"-"`
	Type        string          `json:"type"`
	AggregateID string          `json:"aggregate_id"`
	OccurredAt  time.Time       `json:"occurred_at"`
	Payload     json.RawMessage `json:"payload"`
}

// NewEvent builds an event whose Key is stable for (type, aggregate).
func NewEvent(id, typ, aggregateID string, payload any) (Event, error) {
	raw, err := json.Marshal(payload)
	if err != nil {
		return Event{}, err
	}
	return Event{
		ID:          id,
		Key:         typ + ":" + aggregateID,
		Type:        typ,
		AggregateID: aggregateID,
		OccurredAt:  time.Now().UTC(),
		Payload:     raw,
	}, nil
}

// Event payloads.
type (
	LeaseActivated struct {
		LeaseID    string    `json:"lease_id"`
		CustomerID string    `json:"customer_id"`
		StartDate  time.Time `json:"start_date"`
	}
	InvoiceIssued struct {
		InvoiceID  string `json:"invoice_id"`
		CustomerID string `json:"customer_id"`
		TotalCents int64  `json:"total_cents"`
	}
	PaymentReceived struct {
		PaymentID   string `json:"payment_id"`
		InvoiceID   string `json:"invoice_id"`
		CustomerID  string `json:"customer_id"`
		AmountCents int64  `json:"amount_cents"`
		Method      string `json:"method"`
	}
	DemurrageAssessed struct {
		ChargeID    string    `json:"charge_id"`
		PlacementID string    `json:"placement_id"`
		CustomerID  string    `json:"customer_id"`
		CarMark     string    `json:"car_mark"`
		ChargeDate  time.Time `json:"charge_date"`
		AmountCents int64     `json:"amount_cents"`
	}
	WorkOrderDone struct {
		WorkOrderID   string `json:"work_order_id"`
		ShopInvoiceID string `json:"shop_invoice_id"`
		CarMark       string `json:"car_mark"`
		DaysInShop    int    `json:"days_in_shop"`
	}
	MileageReported struct {
		ClaimID     string `json:"claim_id"`
		LeaseID     string `json:"lease_id"`
		CustomerID  string `json:"customer_id"`
		LoadedMiles int    `json:"loaded_miles"`
	}
	CarPlaced struct {
		PlacementID string    `json:"placement_id"`
		CarMark     string    `json:"car_mark"`
		CustomerID  string    `json:"customer_id"`
		Location    string    `json:"location"`
		PlacedAt    time.Time `json:"placed_at"`
	}
)
