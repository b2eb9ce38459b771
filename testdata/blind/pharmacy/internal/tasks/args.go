// Package tasks declares the River job argument types. Services enqueue
// these, and internal/workers implements them.
package tasks

import (
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"
)

const (
	QueueDefault       = river.QueueDefault
	QueueClaims        = "claims"
	QueuePayments      = "payments"
	QueueFulfilment    = "fulfilment"
	QueueNotifications = "notifications"
	QueueMaintenance   = "maintenance"
)

// VerifyPrescriptionArgs checks a newly received prescription and opens its
// first fill.
type VerifyPrescriptionArgs struct {
	PrescriptionID uuid.UUID `json:"prescription_id"`
}

func (VerifyPrescriptionArgs) Kind() string { return "prescription.verify" }

// AdjudicateClaimArgs bills an order to the patient's PBM.
type AdjudicateClaimArgs struct {
	OrderID uuid.UUID `json:"order_id"`
}

func (AdjudicateClaimArgs) Kind() string { return "claims.adjudicate" }

func (AdjudicateClaimArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueClaims, MaxAttempts: 12, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// ReverseClaimArgs reverses a paid claim after an order is cancelled.
type ReverseClaimArgs struct {
	ClaimID uuid.UUID `json:"claim_id"`
	Reason  string    `json:"reason"`
}

func (ReverseClaimArgs) Kind() string { return "claims.reverse" }

func (ReverseClaimArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueClaims, MaxAttempts: 10}
}

// CaptureCopayArgs charges the patient's saved card for an autopay order.
type CaptureCopayArgs struct {
	OrderID uuid.UUID `json:"order_id"`
}

func (CaptureCopayArgs) Kind() string { return "payments.capture_copay" }

func (CaptureCopayArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueuePayments, MaxAttempts: 8, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// FulfilOrderArgs moves a paid order to packing and creates its shipment.
type FulfilOrderArgs struct {
	OrderID uuid.UUID `json:"order_id"`
}

func (FulfilOrderArgs) Kind() string { return "orders.fulfil" }

func (FulfilOrderArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueFulfilment}
}

// DispatchCourierArgs books the courier for a shipment.
type DispatchCourierArgs struct {
	ShipmentID uuid.UUID `json:"shipment_id"`
}

func (DispatchCourierArgs) Kind() string { return "courier.dispatch" }

func (DispatchCourierArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueFulfilment, MaxAttempts: 15}
}

// DeliveryExceptionArgs handles a failed delivery attempt reported by the
// courier.
type DeliveryExceptionArgs struct {
	ShipmentID uuid.UUID `json:"shipment_id"`
	EventID    string    `json:"event_id"`
	Reason     string    `json:"reason"`
}

func (DeliveryExceptionArgs) Kind() string { return "courier.exception" }

func (DeliveryExceptionArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueFulfilment}
}

// SendSMSArgs delivers one stored notification.
type SendSMSArgs struct {
	NotificationID uuid.UUID `json:"notification_id"`
}

func (SendSMSArgs) Kind() string { return "notifications.sms" }

func (SendSMSArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueNotifications, MaxAttempts: 5}
}

// RefillRemindersArgs is the daily refill-reminder sweep.
type RefillRemindersArgs struct {
	LeadDays int `json:"lead_days"`
}

func (RefillRemindersArgs) Kind() string { return "refills.reminders" }

// StockReconciliationArgs posts wholesaler receipts and recomputes
// reservations.
type StockReconciliationArgs struct {
	BatchSize int `json:"batch_size"`
}

func (StockReconciliationArgs) Kind() string { return "inventory.reconcile" }

// ExpireUnpaidOrdersArgs expires orders that were never paid.
type ExpireUnpaidOrdersArgs struct {
	OlderThan time.Duration `json:"older_than"`
}

func (ExpireUnpaidOrdersArgs) Kind() string { return "orders.expire_unpaid" }
