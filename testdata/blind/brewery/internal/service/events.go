package service

import (
	"time"

	"github.com/google/uuid"
)

// NATS subjects published through the outbox or consumed by this service.
const (
	SubjectOrderCreated      = "orders.created"
	SubjectOrderConfirmed    = "orders.confirmed"
	SubjectOrderCancelled    = "orders.cancelled"
	SubjectRouteDispatched   = "routes.dispatched"
	SubjectInvoicePaid       = "invoices.paid"
	SubjectEmailNotification = "notifications.email"
)

// OrderCreated is published when an order is accepted from any channel.
type OrderCreated struct {
	OrderID   uuid.UUID `json:"order_id"`
	AccountID string    `json:"account_id"`
	Source    string    `json:"source"`
	PartnerID string    `json:"partner_id,omitempty"`
	PONumber  string    `json:"po_number,omitempty"`
	ShipDate  string    `json:"ship_date"`
}

// OrderStatusChanged is published on confirm and cancel.
type OrderStatusChanged struct {
	OrderID   uuid.UUID `json:"order_id"`
	AccountID string    `json:"account_id"`
	Status    string    `json:"status"`
	At        time.Time `json:"at"`
}

// RouteDispatched tells the driver app a route's manifest is final.
type RouteDispatched struct {
	RouteID uuid.UUID   `json:"route_id"`
	Depot   string      `json:"depot"`
	Date    string      `json:"date"`
	Driver  string      `json:"driver"`
	Stops   []uuid.UUID `json:"stops"`
}

// InvoicePaid is published when an invoice is paid in full.
type InvoicePaid struct {
	InvoiceID  uuid.UUID `json:"invoice_id"`
	AccountID  string    `json:"account_id"`
	TotalCents int64     `json:"total_cents"`
	PaidAt     time.Time `json:"paid_at"`
}

// EmailNotification asks the notifier service to send an email.
type EmailNotification struct {
	Template  string            `json:"template"`
	AccountID string            `json:"account_id"`
	Data      map[string]string `json:"data"`
}

// KegsDropped is reported by the driver app when full kegs are left at an
// account.
type KegsDropped struct {
	DeliveryID uuid.UUID `json:"delivery_id"`
	AccountID  string    `json:"account_id"`
	Package    string    `json:"package"`
	Kegs       int       `json:"kegs"`
	DroppedAt  time.Time `json:"dropped_at"`
}

// DockReceived is reported by the keg washer line when empties are counted in.
type DockReceived struct {
	Station   string    `json:"station"`
	RouteID   string    `json:"route_id,omitempty"`
	Package   string    `json:"package"`
	Kegs      int       `json:"kegs"`
	ScannedAt time.Time `json:"scanned_at"`
}

// DeliveryCompleted is reported by the driver app on a signed delivery.
type DeliveryCompleted struct {
	DeliveryID  uuid.UUID `json:"delivery_id"`
	SignedBy    string    `json:"signed_by"`
	DeliveredAt time.Time `json:"delivered_at"`
}

// DeliveryFailed is reported by the driver app when a stop cannot be made.
type DeliveryFailed struct {
	DeliveryID  uuid.UUID `json:"delivery_id"`
	AttemptNo   int       `json:"attempt_no"`
	Reason      string    `json:"reason"`
	AttemptedAt time.Time `json:"attempted_at"`
}

// PurchaseOrderReceived is an 850 translated by the VAN gateway.
type PurchaseOrderReceived struct {
	PartnerID     string `json:"partner_id"`
	PONumber      string `json:"po_number"`
	RequestedDate string `json:"requested_date"`
	Lines         []struct {
		SKU string `json:"sku"`
		Qty int    `json:"qty"`
	} `json:"lines"`
}
