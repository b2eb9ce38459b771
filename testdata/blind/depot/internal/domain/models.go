// Package domain holds the row and value types shared by the store,
// service and transport layers.
package domain

import (
	"encoding/json"
	"errors"
	"time"
)

// Sentinel errors mapped to HTTP statuses by the API layer.
var (
	ErrNotFound     = errors.New("not found")
	ErrConflict     = errors.New("conflict")
	ErrInvalidState = errors.New("invalid state transition")
	ErrInsufficient = errors.New("insufficient stock")
	ErrValidation   = errors.New("validation failed")
)

// Order statuses.
const (
	OrderAccepted  = "accepted"
	OrderReserved  = "reserved"
	OrderPicking   = "picking"
	OrderPicked    = "picked"
	OrderPacked    = "packed"
	OrderShipped   = "shipped"
	OrderCancelled = "cancelled"
	OrderBackorder = "backordered"
)

// Merchant is a warehouse customer.
type Merchant struct {
	ID                        string    `db:"id" json:"id"`
	Name                      string    `db:"name" json:"name"`
	PSPCustomerID             string    `db:"psp_customer_id" json:"-"`
	BillingEmail              string    `db:"billing_email" json:"billing_email"`
	StorageRateCentsPerCBMDay int64     `db:"storage_rate_cents_per_cbm_day" json:"storage_rate_cents_per_cbm_day"`
	CreatedAt                 time.Time `db:"created_at" json:"created_at"`
}

// InventoryLevel is the stock position of one SKU.
type InventoryLevel struct {
	MerchantID string    `db:"merchant_id" json:"merchant_id"`
	SKU        string    `db:"sku" json:"sku"`
	OnHand     int       `db:"on_hand" json:"on_hand"`
	Reserved   int       `db:"reserved" json:"reserved"`
	UpdatedAt  time.Time `db:"updated_at" json:"updated_at"`
}

// Available is the quantity that can still be reserved.
func (l InventoryLevel) Available() int { return l.OnHand - l.Reserved }

// StockDelta is a signed change to one SKU's on-hand quantity.
type StockDelta struct {
	SKU   string `json:"sku"`
	Delta int    `json:"delta"`
}

// ASN is an advance shipment notice for inbound stock.
type ASN struct {
	ID         string     `db:"id" json:"id"`
	MerchantID string     `db:"merchant_id" json:"merchant_id"`
	Reference  string     `db:"reference" json:"reference"`
	Carrier    string     `db:"carrier" json:"carrier"`
	ExpectedAt *time.Time `db:"expected_at" json:"expected_at,omitempty"`
	Status     string     `db:"status" json:"status"`
	CreatedAt  time.Time  `db:"created_at" json:"created_at"`
	Lines      []ASNLine  `db:"-" json:"lines"`
}

// ASNLine is one SKU expected on an ASN.
type ASNLine struct {
	ID          string `db:"id" json:"id"`
	ASNID       string `db:"asn_id" json:"asn_id"`
	SKU         string `db:"sku" json:"sku"`
	ExpectedQty int    `db:"expected_qty" json:"expected_qty"`
	ReceivedQty int    `db:"received_qty" json:"received_qty"`
}

// Receipt is one scanner confirmation against an ASN line.
type Receipt struct {
	ID         string    `db:"id" json:"id"`
	ASNLineID  string    `db:"asn_line_id" json:"asn_line_id"`
	ScanID     string    `db:"scan_id" json:"scan_id"`
	Qty        int       `db:"qty" json:"qty"`
	ReceivedBy string    `db:"received_by" json:"received_by"`
	ReceivedAt time.Time `db:"received_at" json:"received_at"`
}

// ReceivingSession records a trailer being worked at a dock door.
type ReceivingSession struct {
	ID        string    `db:"id" json:"id"`
	ASNID     string    `db:"asn_id" json:"asn_id"`
	Dock      string    `db:"dock" json:"dock"`
	ScannerID string    `db:"scanner_id" json:"scanner_id"`
	Trailer   string    `db:"trailer" json:"trailer"`
	StartedAt time.Time `db:"started_at" json:"started_at"`
}

// Address is a ship-to address.
type Address struct {
	Name       string `json:"name"`
	Phone      string `json:"phone,omitempty"`
	Line1      string `json:"line1"`
	Line2      string `json:"line2,omitempty"`
	City       string `json:"city"`
	Region     string `json:"region,omitempty"`
	PostalCode string `json:"postal_code"`
	Country    string `json:"country"`
}

// Order is an outbound customer order.
type Order struct {
	ID           string          `db:"id" json:"id"`
	MerchantID   string          `db:"merchant_id" json:"merchant_id"`
	ExternalRef  string          `db:"external_ref" json:"external_ref"`
	Channel      string          `db:"channel" json:"channel"`
	Status       string          `db:"status" json:"status"`
	ShipTo       json.RawMessage `db:"ship_to" json:"ship_to"`
	ServiceLevel string          `db:"service_level" json:"service_level"`
	CreatedAt    time.Time       `db:"created_at" json:"created_at"`
	UpdatedAt    time.Time       `db:"updated_at" json:"updated_at"`
	Lines        []OrderLine     `db:"-" json:"lines"`
}

// Address decodes the ship-to address.
func (o Order) Address() (Address, error) {
	var a Address
	err := json.Unmarshal(o.ShipTo, &a)
	return a, err
}

// OrderLine is one SKU line of an order.
type OrderLine struct {
	OrderID string `db:"order_id" json:"-"`
	LineNo  int    `db:"line_no" json:"line_no"`
	SKU     string `db:"sku" json:"sku"`
	Qty     int    `db:"qty" json:"qty"`
}

// Reservation holds stock for an order line.
type Reservation struct {
	OrderID    string    `db:"order_id"`
	SKU        string    `db:"sku"`
	MerchantID string    `db:"merchant_id"`
	Qty        int       `db:"qty"`
	Status     string    `db:"status"`
	ExpiresAt  time.Time `db:"expires_at"`
}

// PickTask directs a picker to a location.
type PickTask struct {
	ID        string     `db:"id" json:"id"`
	OrderID   string     `db:"order_id" json:"order_id"`
	SKU       string     `db:"sku" json:"sku"`
	Location  string     `db:"location" json:"location"`
	Qty       int        `db:"qty" json:"qty"`
	PickedQty int        `db:"picked_qty" json:"picked_qty"`
	PickerID  string     `db:"picker_id" json:"picker_id"`
	Status    string     `db:"status" json:"status"`
	PickedAt  *time.Time `db:"picked_at" json:"picked_at,omitempty"`
}

// Package is a packed carton belonging to an order.
type Package struct {
	OrderID  string    `db:"order_id" json:"order_id"`
	Seq      int       `db:"seq" json:"seq"`
	BoxCode  string    `db:"box_code" json:"box_code"`
	WeightG  int       `db:"weight_g" json:"weight_g"`
	LengthMM int       `db:"length_mm" json:"length_mm"`
	WidthMM  int       `db:"width_mm" json:"width_mm"`
	HeightMM int       `db:"height_mm" json:"height_mm"`
	PackedBy string    `db:"packed_by" json:"packed_by"`
	PackedAt time.Time `db:"packed_at" json:"packed_at"`
}

// LabelRequest is the durable record of a label purchase.
type LabelRequest struct {
	ID             string    `db:"id"`
	OrderID        string    `db:"order_id"`
	PackageSeq     int       `db:"package_seq"`
	Carrier        string    `db:"carrier"`
	ServiceLevel   string    `db:"service_level"`
	Status         string    `db:"status"`
	TrackingNumber *string   `db:"tracking_number"`
	LabelURL       *string   `db:"label_url"`
	CostCents      *int64    `db:"cost_cents"`
	Attempts       int       `db:"attempts"`
	CreatedAt      time.Time `db:"created_at"`
	UpdatedAt      time.Time `db:"updated_at"`
}

// Label is a purchased shipping label.
type Label struct {
	ID             string    `db:"id" json:"id"`
	OrderID        string    `db:"order_id" json:"order_id"`
	PackageSeq     int       `db:"package_seq" json:"package_seq"`
	Carrier        string    `db:"carrier" json:"carrier"`
	TrackingNumber string    `db:"tracking_number" json:"tracking_number"`
	LabelURL       string    `db:"label_url" json:"label_url"`
	CostCents      int64     `db:"cost_cents" json:"cost_cents"`
	CreatedAt      time.Time `db:"created_at" json:"created_at"`
}

// Shipment tracks a labelled package through the carrier network.
type Shipment struct {
	ID             string     `db:"id" json:"id"`
	OrderID        string     `db:"order_id" json:"order_id"`
	MerchantID     string     `db:"merchant_id" json:"merchant_id"`
	Carrier        string     `db:"carrier" json:"carrier"`
	TrackingNumber string     `db:"tracking_number" json:"tracking_number"`
	ConsigneePhone string     `db:"consignee_phone" json:"-"`
	Status         string     `db:"status" json:"status"`
	DispatchedAt   *time.Time `db:"dispatched_at" json:"dispatched_at,omitempty"`
	DeliveredAt    *time.Time `db:"delivered_at" json:"delivered_at,omitempty"`
	UpdatedAt      time.Time  `db:"updated_at" json:"updated_at"`
}

// TrackingEvent is one carrier scan.
type TrackingEvent struct {
	ID             string    `db:"id"`
	ShipmentID     string    `db:"shipment_id"`
	CarrierEventID string    `db:"carrier_event_id"`
	Code           string    `db:"code"`
	Description    string    `db:"description"`
	Location       string    `db:"location"`
	OccurredAt     time.Time `db:"occurred_at"`
}

// Pickup is a booked carrier collection at a dock.
type Pickup struct {
	ID           string    `db:"id" json:"id"`
	Carrier      string    `db:"carrier" json:"carrier"`
	Dock         string    `db:"dock" json:"dock"`
	PickupDate   time.Time `db:"pickup_date" json:"pickup_date"`
	WindowStart  string    `db:"window_start" json:"window_start"`
	WindowEnd    string    `db:"window_end" json:"window_end"`
	Pallets      int       `db:"pallets" json:"pallets"`
	Confirmation string    `db:"confirmation" json:"confirmation"`
	CreatedAt    time.Time `db:"created_at" json:"created_at"`
}

// Return is a return merchandise authorization.
type Return struct {
	ID                   string       `db:"id" json:"id"`
	MerchantID           string       `db:"merchant_id" json:"merchant_id"`
	OrderID              string       `db:"order_id" json:"order_id"`
	Reason               string       `db:"reason" json:"reason"`
	Status               string       `db:"status" json:"status"`
	ReturnCarrier        string       `db:"return_carrier" json:"return_carrier"`
	ReturnTrackingNumber *string      `db:"return_tracking_number" json:"return_tracking_number,omitempty"`
	ReturnLabelURL       *string      `db:"return_label_url" json:"return_label_url,omitempty"`
	ReceivedAt           *time.Time   `db:"received_at" json:"received_at,omitempty"`
	CreatedAt            time.Time    `db:"created_at" json:"created_at"`
	Lines                []ReturnLine `db:"-" json:"lines"`
}

// ReturnLine is one SKU on a return.
type ReturnLine struct {
	ReturnID  string `db:"return_id" json:"-"`
	SKU       string `db:"sku" json:"sku"`
	Qty       int    `db:"qty" json:"qty"`
	Condition string `db:"condition" json:"condition"`
}

// HandlingCharge is a per-order fulfilment fee.
type HandlingCharge struct {
	ID          string    `db:"id"`
	MerchantID  string    `db:"merchant_id"`
	OrderID     string    `db:"order_id"`
	FeeCode     string    `db:"fee_code"`
	Quantity    int       `db:"quantity"`
	AmountCents int64     `db:"amount_cents"`
	CreatedAt   time.Time `db:"created_at"`
}

// StorageCharge is a merchant's storage bill for one period.
type StorageCharge struct {
	ID            string     `db:"id"`
	MerchantID    string     `db:"merchant_id"`
	Period        string     `db:"period"`
	CBMDays       float64    `db:"cbm_days"`
	AmountCents   int64      `db:"amount_cents"`
	Status        string     `db:"status"`
	PSPChargeID   *string    `db:"psp_charge_id"`
	FailureReason *string    `db:"failure_reason"`
	CreatedAt     time.Time  `db:"created_at"`
	ChargedAt     *time.Time `db:"charged_at"`
}

// Invoice is a merchant invoice.
type Invoice struct {
	ID         string     `db:"id" json:"id"`
	MerchantID string     `db:"merchant_id" json:"merchant_id"`
	Period     string     `db:"period" json:"period"`
	TotalCents int64      `db:"total_cents" json:"total_cents"`
	Currency   string     `db:"currency" json:"currency"`
	Status     string     `db:"status" json:"status"`
	PaidAt     *time.Time `db:"paid_at" json:"paid_at,omitempty"`
	CreatedAt  time.Time  `db:"created_at" json:"created_at"`
}

// PaymentAttempt is the durable intent for one invoice charge.
type PaymentAttempt struct {
	ID          string    `db:"id"`
	InvoiceID   string    `db:"invoice_id"`
	AmountCents int64     `db:"amount_cents"`
	Status      string    `db:"status"`
	PSPChargeID *string   `db:"psp_charge_id"`
	Error       *string   `db:"error"`
	CreatedAt   time.Time `db:"created_at"`
	UpdatedAt   time.Time `db:"updated_at"`
}

// WebhookEndpoint is a merchant's registered webhook receiver.
type WebhookEndpoint struct {
	ID         string      `db:"id" json:"id"`
	MerchantID string      `db:"merchant_id" json:"merchant_id"`
	URL        string      `db:"url" json:"url"`
	Secret     string      `db:"secret" json:"-"`
	EventTypes StringArray `db:"event_types" json:"event_types"`
	Active     bool        `db:"active" json:"active"`
	CreatedAt  time.Time   `db:"created_at" json:"created_at"`
	UpdatedAt  time.Time   `db:"updated_at" json:"updated_at"`
}

// Subscribed reports whether the endpoint wants events of type t.
func (e WebhookEndpoint) Subscribed(t string) bool {
	if len(e.EventTypes) == 0 {
		return true
	}
	for _, et := range e.EventTypes {
		if et == t || et == "*" {
			return true
		}
	}
	return false
}

// OutboxMessage is an event waiting to be relayed.
type OutboxMessage struct {
	ID            int64           `db:"id"`
	EventID       string          `db:"event_id"`
	Destination   string          `db:"destination"`
	Topic         string          `db:"topic"`
	MerchantID    string          `db:"merchant_id"`
	PartitionKey  string          `db:"partition_key"`
	Payload       json.RawMessage `db:"payload"`
	Status        string          `db:"status"`
	Attempts      int             `db:"attempts"`
	NextAttemptAt time.Time       `db:"next_attempt_at"`
	CreatedAt     time.Time       `db:"created_at"`
}

// Outbox destinations.
const (
	DestKafka   = "kafka"
	DestWebhook = "webhook"
)

// IdempotencyRecord is a stored API response keyed by the caller's key.
type IdempotencyRecord struct {
	MerchantID   string          `db:"merchant_id"`
	Key          string          `db:"key"`
	RequestHash  string          `db:"request_hash"`
	ResponseCode *int            `db:"response_code"`
	ResponseBody json.RawMessage `db:"response_body"`
	CreatedAt    time.Time       `db:"created_at"`
}

// StockAdjustment is a manual correction to on-hand stock.
type StockAdjustment struct {
	ID         string    `db:"id" json:"id"`
	MerchantID string    `db:"merchant_id" json:"merchant_id"`
	SKU        string    `db:"sku" json:"sku"`
	Delta      int       `db:"delta" json:"delta"`
	Reason     string    `db:"reason" json:"reason"`
	Note       string    `db:"note" json:"note"`
	CreatedBy  string    `db:"created_by" json:"created_by"`
	CreatedAt  time.Time `db:"created_at" json:"created_at"`
}
