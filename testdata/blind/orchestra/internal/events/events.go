// Package events defines the box-office event envelope published on Kafka
// by the hall's ticketing terminals, door scanners and the CRM bridge.
package events

import (
	"encoding/json"
	"fmt"
	"time"
)

// Event types on the boxoffice.events topic.
const (
	TypePOSSale             = "pos.sale.completed"
	TypeRoundup             = "donation.roundup"
	TypeTicketScanned       = "ticket.scanned"
	TypeRefundRequested     = "order.refund_requested"
	TypePerformanceMoved    = "performance.rescheduled"
	TypePledgePaymentAtDesk = "pledge.payment_received"
	TypePatronUpserted      = "patron.upserted"
)

// Envelope wraps every event. ID is assigned by the producer and is stable
// across redeliveries of the same event.
type Envelope struct {
	ID         string          `json:"id"`
	Type       string          `json:"type"`
	Source     string          `json:"source"`
	OccurredAt time.Time       `json:"occurred_at"`
	Data       json.RawMessage `json:"data"`
}

// Decode unmarshals the envelope's data into T.
func Decode[T any](e Envelope) (T, error) {
	var v T
	if err := json.Unmarshal(e.Data, &v); err != nil {
		return v, fmt.Errorf("decode %s %s: %w", e.Type, e.ID, err)
	}
	return v, nil
}

type POSSale struct {
	PosTxnID      string    `json:"pos_txn_id"`
	TerminalID    string    `json:"terminal_id"`
	PerformanceID string    `json:"performance_id"`
	Quantity      int       `json:"quantity"`
	AmountCents   int64     `json:"amount_cents"`
	Tender        string    `json:"tender"`
	SoldAt        time.Time `json:"sold_at"`
}

type Roundup struct {
	PosTxnID     string    `json:"pos_txn_id"`
	TerminalID   string    `json:"terminal_id"`
	CampaignCode string    `json:"campaign_code"`
	AmountCents  int64     `json:"amount_cents"`
	ReceivedAt   time.Time `json:"received_at"`
}

type TicketScanned struct {
	TicketID  string    `json:"ticket_id"`
	Gate      string    `json:"gate"`
	ScannedAt time.Time `json:"scanned_at"`
}

type RefundRequested struct {
	OrderID     string   `json:"order_id"`
	TicketIDs   []string `json:"ticket_ids"`
	AmountCents int64    `json:"amount_cents"`
	Reason      string   `json:"reason"`
	RequestedBy string   `json:"requested_by"`
}

type PerformanceRescheduled struct {
	PerformanceID string    `json:"performance_id"`
	OldStartsAt   time.Time `json:"old_starts_at"`
	NewStartsAt   time.Time `json:"new_starts_at"`
	Note          string    `json:"note"`
}

type PledgePaymentAtDesk struct {
	PledgeID    string `json:"pledge_id"`
	AmountCents int64  `json:"amount_cents"`
	ReceiptNo   string `json:"receipt_no"`
	Tender      string `json:"tender"`
}

type PatronUpserted struct {
	PatronID         string  `json:"patron_id"`
	Email            string  `json:"email"`
	Phone            *string `json:"phone"`
	FullName         string  `json:"full_name"`
	StripeCustomerID *string `json:"stripe_customer_id"`
}
