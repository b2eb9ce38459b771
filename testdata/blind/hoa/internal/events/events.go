// Package events defines the topics and payloads exchanged over the
// watermill SQL pub/sub between the API, the webhook receivers and the
// consumers.
package events

import (
	"time"

	"github.com/google/uuid"
)

// Topics. Each has a message table created by migration 00007.
const (
	TopicChargeSettled        = "payment_charge_settled"
	TopicChargeFailed         = "payment_charge_failed"
	TopicWorkOrderCompleted   = "vendor_work_order_completed"
	TopicMaintenanceRequested = "maintenance_request_created"
	TopicReservationConfirmed = "amenity_reservation_confirmed"
	TopicNoticeRequested      = "notice_requested"
)

// ChargeSettled is published when Paylane reports a charge or ACH debit as
// settled. The message id is Paylane's event id.
type ChargeSettled struct {
	EventID     string    `json:"event_id"`
	ChargeID    string    `json:"charge_id"`
	AmountCents int64     `json:"amount_cents"`
	SettledAt   time.Time `json:"settled_at"`
}

// ChargeFailed is published when Paylane reports a failed charge or a
// returned ACH debit.
type ChargeFailed struct {
	EventID     string    `json:"event_id"`
	ChargeID    string    `json:"charge_id"`
	FailureCode string    `json:"failure_code"`
	Returned    bool      `json:"returned"`
	FailedAt    time.Time `json:"failed_at"`
}

// WorkOrderCompleted is published when TradeLink reports a job finished and
// invoiced. The message id is TradeLink's event id.
type WorkOrderCompleted struct {
	EventID           string    `json:"event_id"`
	WorkOrderID       string    `json:"work_order_id"`
	NetworkVendorID   string    `json:"vendor_id"`
	InvoiceTotalCents int64     `json:"invoice_total_cents"`
	CompletedAt       time.Time `json:"completed_at"`
}

// MaintenanceRequested is published once per newly submitted request.
type MaintenanceRequested struct {
	RequestID     uuid.UUID `json:"request_id"`
	AssociationID uuid.UUID `json:"association_id"`
	Priority      string    `json:"priority"`
	Category      string    `json:"category"`
}

// ReservationConfirmed is published when an amenity reservation is confirmed
// and its deposit (if any) is held.
type ReservationConfirmed struct {
	ReservationID uuid.UUID `json:"reservation_id"`
	AccountID     uuid.UUID `json:"account_id"`
	AmenityName   string    `json:"amenity_name"`
	StartsAt      time.Time `json:"starts_at"`
	EndsAt        time.Time `json:"ends_at"`
	DepositCents  int64     `json:"deposit_cents"`
}

// NoticeRequested asks the notices pipeline to tell an owner something.
// SourceKey identifies the business fact the notice is about; the notices
// consumer keeps one notice per SourceKey.
type NoticeRequested struct {
	SourceKey string            `json:"source_key"`
	AccountID uuid.UUID         `json:"account_id"`
	Template  string            `json:"template"`
	Channels  []string          `json:"channels"`
	Data      map[string]string `json:"data"`
}
