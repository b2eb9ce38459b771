// Package events names the watermill topics and the payloads that travel on
// them between the API and the consumer.
package events

import (
	"time"

	"github.com/ThreeDotsLabs/watermill"
	wmsql "github.com/ThreeDotsLabs/watermill-sql/v3/pkg/sql"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"
)

const (
	TopicChargeSucceeded     = "cardpay.charge_succeeded"
	TopicChargeFailed        = "cardpay.charge_failed"
	TopicChargeRefunded      = "cardpay.charge_refunded"
	TopicEnvelopeCompleted   = "esign.envelope_completed"
	TopicVendorConfirmations = "vendor.confirmations"
	TopicBookingConfirmed    = "bookings.confirmed"
)

// MetaEventType is the metadata key holding the provider's event type.
const MetaEventType = "event_type"

// BookingConfirmed is published once the couple has signed the main contract.
type BookingConfirmed struct {
	BookingID   uuid.UUID `json:"booking_id"`
	ContractID  uuid.UUID `json:"contract_id"`
	ConfirmedAt time.Time `json:"confirmed_at"`
}

// VendorConfirmation is a vendor's answer to a purchase order, as received
// on the vendor callback endpoint. Vendors may send several for one PO when
// they revise the order.
type VendorConfirmation struct {
	VendorID            uuid.UUID `json:"vendor_id"`
	PONumber            string    `json:"po_number"`
	Status              string    `json:"status"`
	ConfirmedTotalCents int64     `json:"confirmed_total_cents"`
	DepositDueCents     int64     `json:"deposit_due_cents"`
	DepositDueDate      string    `json:"deposit_due_date"`
	Reference           string    `json:"reference"`
	ReceivedAt          time.Time `json:"received_at"`
}

const (
	VendorStatusConfirmed = "confirmed"
	VendorStatusRejected  = "rejected"
)

// NewPublisher publishes to Postgres-backed topics.
func NewPublisher(db *sqlx.DB, logger watermill.LoggerAdapter) (message.Publisher, error) {
	return wmsql.NewPublisher(db.DB, wmsql.PublisherConfig{
		SchemaAdapter:        wmsql.DefaultPostgreSQLSchema{},
		AutoInitializeSchema: true,
	}, logger)
}

// NewSubscriber consumes Postgres-backed topics as the given consumer group.
func NewSubscriber(db *sqlx.DB, group string, logger watermill.LoggerAdapter) (message.Subscriber, error) {
	ackDeadline := 60 * time.Second
	return wmsql.NewSubscriber(db.DB, wmsql.SubscriberConfig{
		ConsumerGroup:    group,
		AckDeadline:      &ackDeadline,
		PollInterval:     500 * time.Millisecond,
		ResendInterval:   2 * time.Second,
		SchemaAdapter:    wmsql.DefaultPostgreSQLSchema{SubscribeBatchSize: 10},
		OffsetsAdapter:   wmsql.DefaultPostgreSQLOffsetsAdapter{},
		InitializeSchema: true,
	}, logger)
}
