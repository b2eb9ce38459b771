// Package events defines the topics and payloads exchanged over Kafka.
package events

import "time"

const (
	TopicTicketOrderPaid       = "tickets.order-paid"
	TopicMembershipActivated   = "memberships.activated"
	TopicDonationReceived      = "donations.received"
	TopicShopOrderPaid         = "shop.order-paid"
	TopicRefundRequested       = "refunds.requested"
	TopicGroupBookingConfirmed = "groups.booking-confirmed"
	TopicShipmentDispatched    = "shipments.dispatched"
	TopicShipmentReturned      = "shipments.returned"
	TopicChargebackRecorded    = "payments.chargeback-recorded"
	// TopicGateScans is produced by the gate scanner fleet, not by this service.
	TopicGateScans = "gates.scans"
)

type TicketOrderPaid struct {
	OrderID      string    `json:"order_id"`
	PSPReference string    `json:"psp_reference"`
	PaidAt       time.Time `json:"paid_at"`
}

type MembershipActivated struct {
	MembershipID string    `json:"membership_id"`
	Tier         string    `json:"tier"`
	ActivatedAt  time.Time `json:"activated_at"`
}

type DonationReceived struct {
	DonationID   string    `json:"donation_id"`
	AmountMinor  int64     `json:"amount_minor"`
	Currency     string    `json:"currency"`
	GiftAid      bool      `json:"gift_aid"`
	PSPReference string    `json:"psp_reference"`
	ReceivedAt   time.Time `json:"received_at"`
}

type ShopOrderPaid struct {
	OrderID      string    `json:"order_id"`
	PSPReference string    `json:"psp_reference"`
	PaidAt       time.Time `json:"paid_at"`
}

type RefundRequested struct {
	RefundID  string `json:"refund_id"`
	OrderKind string `json:"order_kind"`
	OrderID   string `json:"order_id"`
}

type GroupBookingConfirmed struct {
	BookingID   string    `json:"booking_id"`
	ConfirmedAt time.Time `json:"confirmed_at"`
}

type ShipmentDispatched struct {
	OrderID        string    `json:"order_id"`
	PartnerOrderID string    `json:"partner_order_id"`
	Carrier        string    `json:"carrier"`
	TrackingNumber string    `json:"tracking_number"`
	DispatchedAt   time.Time `json:"dispatched_at"`
}

type ShipmentReturned struct {
	OrderID        string         `json:"order_id"`
	PartnerOrderID string         `json:"partner_order_id"`
	Items          map[string]int `json:"items"`
	ReturnedAt     time.Time      `json:"returned_at"`
}

type ChargebackRecorded struct {
	PSPReference string `json:"psp_reference"`
	Purpose      string `json:"purpose"`
	ResourceID   string `json:"resource_id"`
}

// GateScan is the payload published by the turnstile scanners. ScanID is
// assigned by the scanner and is stable across the scanner's own resends.
type GateScan struct {
	ScanID    string    `json:"scan_id"`
	GateID    string    `json:"gate_id"`
	SiteID    string    `json:"site_id"`
	Barcode   string    `json:"barcode"`
	Direction string    `json:"direction"`
	ScannedAt time.Time `json:"scanned_at"`
}
