package service

import (
	"encoding/json"
	"fmt"

	"github.com/google/uuid"

	"github.com/ironbridge-metals/yardops/internal/store"
)

// Topics map to SQS queues in the relay and publisher configuration.
const (
	TopicPayouts    = "payouts"
	TopicDispatch   = "dispatch"
	TopicCompliance = "compliance"
)

// Message types.
const (
	TypePayoutACH      = "payout.ach"
	TypePayoutCash     = "payout.cash"
	TypePayoutReceipt  = "payout.receipt"
	TypePayoutSettled  = "payout.settled"
	TypeContractAck    = "contract.acknowledge"
	TypeLoadBookTruck  = "load.book_truck"
	TypeMillSettlement = "mill.settlement"
	TypeLoadCancelled  = "load.cancelled"
	TypeTicketWeighed  = "ticket.weighed"
	TypeTicketVoided   = "ticket.voided"
)

type PayoutRequested struct {
	PayoutID uuid.UUID `json:"payout_id"`
}

type PayoutSettled struct {
	PayoutID uuid.UUID `json:"payout_id"`
	Source   string    `json:"source"`
}

type PayoutReceipt struct {
	PayoutID uuid.UUID `json:"payout_id"`
}

type ContractCreated struct {
	ContractID uuid.UUID `json:"contract_id"`
}

type LoadScheduled struct {
	LoadID string `json:"load_id"`
}

// MillSettlement is published by the MillGate EDI bridge when a mill issues
// a weight-and-payment statement for a delivered load.
type MillSettlement struct {
	LoadID       string `json:"load_id"`
	MillDocRef   string `json:"mill_doc_ref"`
	MillWeightLb int32  `json:"mill_weight_lb"`
	DeductionLb  int32  `json:"deduction_lb"`
	AmountCents  int64  `json:"amount_cents"`
}

// LoadCancelled is published by the EDI bridge when a mill cancels a load.
type LoadCancelled struct {
	LoadID string `json:"load_id"`
	Reason string `json:"reason"`
}

type TicketWeighed struct {
	TicketID string `json:"ticket_id"`
}

type TicketVoided struct {
	TicketID string `json:"ticket_id"`
	Reason   string `json:"reason"`
}

// outboxEvent builds the row for store.InsertOutboxEvent.
func outboxEvent(id, topic, typ string, payload any) (store.InsertOutboxEventParams, error) {
	raw, err := json.Marshal(payload)
	if err != nil {
		return store.InsertOutboxEventParams{}, fmt.Errorf("marshal %s: %w", typ, err)
	}
	return store.InsertOutboxEventParams{ID: id, Topic: topic, EventType: typ, Payload: raw}, nil
}
