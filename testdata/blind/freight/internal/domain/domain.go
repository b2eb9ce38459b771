// Package domain holds the core freight types shared by every layer.
package domain

import (
	"errors"
	"time"
)

var (
	ErrNotFound        = errors.New("not found")
	ErrConflict        = errors.New("conflict")
	ErrInvalid         = errors.New("invalid request")
	ErrNoCapacity      = errors.New("dock slot has no remaining capacity")
	ErrAlreadyCanceled = errors.New("shipment already cancelled")
)

type ShipmentStatus string

const (
	StatusBooked    ShipmentStatus = "booked"
	StatusLabelled  ShipmentStatus = "labelled"
	StatusInTransit ShipmentStatus = "in_transit"
	StatusDelivered ShipmentStatus = "delivered"
	StatusCancelled ShipmentStatus = "cancelled"
	StatusException ShipmentStatus = "exception"
)

type Address struct {
	Name       string `json:"name"`
	Line1      string `json:"line1"`
	Line2      string `json:"line2,omitempty"`
	City       string `json:"city"`
	PostalCode string `json:"postal_code"`
	Country    string `json:"country"`
	Phone      string `json:"phone,omitempty"`
}

type Shipment struct {
	ID              string         `json:"id"`
	Reference       string         `json:"reference"`
	ShipperID       string         `json:"shipper_id"`
	OrderRef        string         `json:"order_ref"`
	Status          ShipmentStatus `json:"status"`
	Carrier         string         `json:"carrier"`
	ServiceLevel    string         `json:"service_level"`
	Origin          Address        `json:"origin"`
	Destination     Address        `json:"destination"`
	Consignee       Address        `json:"consignee"`
	WeightGrams     int            `json:"weight_grams"`
	DeclaredCents   int64          `json:"declared_cents"`
	Currency        string         `json:"currency"`
	PaymentIntentID string         `json:"payment_intent_id,omitempty"`
	PaidCents       int64          `json:"paid_cents"`
	CreatedAt       time.Time      `json:"created_at"`
}

type Label struct {
	ID             string    `json:"id"`
	ShipmentID     string    `json:"shipment_id"`
	Carrier        string    `json:"carrier"`
	TrackingNumber string    `json:"tracking_number"`
	LabelURL       string    `json:"label_url"`
	CostCents      int64     `json:"cost_cents"`
	CreatedAt      time.Time `json:"created_at"`
}

type LabelOperation struct {
	ID         string
	ShipmentID string
	Carrier    string
	Status     string
	LabelID    string
}

type ReturnLabel struct {
	ID             string `json:"id"`
	ShipmentID     string `json:"shipment_id"`
	TrackingNumber string `json:"tracking_number"`
	LabelURL       string `json:"label_url"`
}

type Pickup struct {
	ID           string    `json:"id"`
	ShipmentID   string    `json:"shipment_id"`
	Carrier      string    `json:"carrier"`
	Confirmation string    `json:"confirmation"`
	WindowStart  time.Time `json:"window_start"`
	WindowEnd    time.Time `json:"window_end"`
}

type CustomsFiling struct {
	ID            string   `json:"id"`
	ShipmentID    string   `json:"shipment_id"`
	Carrier       string   `json:"carrier"`
	FilingNumber  string   `json:"filing_number"`
	HSCodes       []string `json:"hs_codes"`
	DeclaredCents int64    `json:"declared_cents"`
}

type DockReservation struct {
	ID         string    `json:"id"`
	SlotID     string    `json:"slot_id"`
	ShipmentID string    `json:"shipment_id"`
	Status     string    `json:"status"`
	CreatedAt  time.Time `json:"created_at"`
}

type TrackingEvent struct {
	ID             string
	ShipmentID     string
	Carrier        string
	TrackingNumber string
	CarrierEventID string
	Status         ShipmentStatus
	Location       string
	OccurredAt     time.Time
}

type Invoice struct {
	ID              string
	ShipmentID      string
	CustomerID      string
	Status          string
	AmountCents     int64
	Currency        string
	StripeInvoiceID string
}

type BillingAccount struct {
	CustomerID       string
	StripeCustomerID string
	Email            string
}

// StoredResponse is the recorded outcome of a request made with an
// Idempotency-Key.
type StoredResponse struct {
	RequestHash string
	StatusCode  int
	Body        []byte
}

// TrackingException is a carrier-reported delivery exception.
type TrackingException struct {
	ID             string
	ShipmentID     string
	Carrier        string
	CarrierEventID string
	Code           string
	Detail         string
	OccurredAt     time.Time
}

// ProofOfDelivery is the carrier's signed delivery record.
type ProofOfDelivery struct {
	ID          string
	ShipmentID  string
	SignedBy    string
	ImageURL    string
	DeliveredAt time.Time
}

// OutboxMessage is a customer webhook waiting to be delivered.
type OutboxMessage struct {
	ID          string
	CustomerID  string
	EventType   string
	SubjectID   string
	Payload     []byte
	DeliveredAt *time.Time
}
