// Package kiosk consumes the events the city's payment kiosk network
// publishes to JetStream: permit payments captured and refunded at a kiosk,
// and temporary permits printed at a kiosk while the hang-tag is in the post.
package kiosk

import (
	"time"

	"github.com/google/uuid"
)

// Subjects on the KIOSK stream.
const (
	SubjectCaptured = "kiosk.payment.captured"
	SubjectRefunded = "kiosk.payment.refunded"
	SubjectPrinted  = "kiosk.permit.printed"

	// SubjectTempIssued is where temporary permits are announced to the
	// enforcement handheld sync.
	SubjectTempIssued = "permits.enforcement.temp_issued"
)

// PaymentCaptured is published when a kiosk settles a permit payment.
type PaymentCaptured struct {
	KioskID       string    `json:"kiosk_id"`
	TxnID         string    `json:"txn_id"`
	ApplicationID uuid.UUID `json:"application_id"`
	AmountCents   int64     `json:"amount_cents"`
	Tender        string    `json:"tender"`
	CapturedAt    time.Time `json:"captured_at"`
}

// PaymentRefunded is published when a clerk refunds a kiosk payment.
type PaymentRefunded struct {
	KioskID       string    `json:"kiosk_id"`
	RefundID      string    `json:"refund_id"`
	TxnID         string    `json:"txn_id"`
	ApplicationID uuid.UUID `json:"application_id"`
	AmountCents   int64     `json:"amount_cents"`
	Reason        string    `json:"reason"`
	RefundedAt    time.Time `json:"refunded_at"`
}

// TempPermitPrinted is published when a kiosk prints a 14-day paper permit.
type TempPermitPrinted struct {
	EventID       string    `json:"event_id"`
	KioskID       string    `json:"kiosk_id"`
	ApplicationID uuid.UUID `json:"application_id"`
	Plate         string    `json:"plate"`
	ZoneCode      string    `json:"zone_code"`
	ValidUntil    time.Time `json:"valid_until"`
	PrintedAt     time.Time `json:"printed_at"`
}
