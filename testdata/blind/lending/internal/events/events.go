// Package events defines the Kafka topics and payloads the service produces
// and consumes, the publisher, and the transactional outbox writer.
package events

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/brightpay/lending/internal/repo"
)

const (
	TopicApplicationSubmitted = "lending.applications.submitted"
	TopicLoanAccepted         = "lending.loans.accepted"
	TopicLoanDisbursed        = "lending.loans.disbursed"
	TopicRepaymentSettled     = "lending.repayments.settled"
	TopicFeeAssessed          = "lending.fees.assessed"
	TopicLoanChargedOff       = "lending.loans.charged_off"
	TopicNotifications        = "lending.notifications.outbound"
	TopicOrderAdjustments     = "merchant.order.adjustments"
)

// HeaderEventID carries the event's identifier; downstream consumers use it
// to discard redeliveries.
const HeaderEventID = "event-id"

type ApplicationSubmitted struct {
	ApplicationID string `json:"application_id"`
	CustomerID    string `json:"customer_id"`
	AmountCents   int64  `json:"amount_cents"`
}

type LoanAccepted struct {
	LoanID         string `json:"loan_id"`
	OfferID        string `json:"offer_id"`
	CustomerID     string `json:"customer_id"`
	BankAccountID  string `json:"bank_account_id"`
	PrincipalCents int64  `json:"principal_cents"`
}

type LoanDisbursed struct {
	LoanID      string `json:"loan_id"`
	AmountCents int64  `json:"amount_cents"`
	PartnerRef  string `json:"partner_ref"`
}

type RepaymentSettled struct {
	PaymentID   string `json:"payment_id"`
	LoanID      string `json:"loan_id"`
	AmountCents int64  `json:"amount_cents"`
}

type FeeAssessed struct {
	FeeID       string `json:"fee_id"`
	LoanID      string `json:"loan_id"`
	AmountCents int64  `json:"amount_cents"`
}

type LoanChargedOff struct {
	LoanID       string `json:"loan_id"`
	WrittenOff   int64  `json:"written_off_cents"`
	ChargedOffAt string `json:"charged_off_at"`
}

// OrderAdjustment is published by the merchant platform when items are
// removed from an order after checkout.
type OrderAdjustment struct {
	AdjustmentRef string `json:"adjustment_ref"`
	MerchantID    string `json:"merchant_id"`
	OrderRef      string `json:"order_ref"`
	AmountCents   int64  `json:"amount_cents"`
	Reason        string `json:"reason"`
}

// CustomerNotification is consumed by the notification service, which sends
// the e-mail / SMS / push for it.
type CustomerNotification struct {
	CustomerID string            `json:"customer_id"`
	Template   string            `json:"template"`
	Params     map[string]string `json:"params"`
	SentAt     time.Time         `json:"sent_at"`
}

// Message is one outgoing Kafka record.
type Message struct {
	Topic   string
	Key     string
	ID      string
	Payload []byte
}

// Publisher sends records to Kafka synchronously.
type Publisher interface {
	Publish(ctx context.Context, msgs ...Message) error
}

// NewMessage marshals payload into a Message with a new event ID.
func NewMessage(topic, key string, payload any) (Message, error) {
	b, err := json.Marshal(payload)
	if err != nil {
		return Message{}, fmt.Errorf("marshal %s: %w", topic, err)
	}
	return Message{Topic: topic, Key: key, ID: uuid.NewString(), Payload: b}, nil
}

// Enqueue writes an event to the outbox. Call it with a transaction-bound
// repository so the event commits together with the state change; the relay
// job publishes it.
func Enqueue(ctx context.Context, o repo.Outbox, topic, key string, payload any) error {
	m, err := NewMessage(topic, key, payload)
	if err != nil {
		return err
	}
	return o.InsertOutbox(ctx, m.ID, m.Topic, m.Key, m.Payload)
}
