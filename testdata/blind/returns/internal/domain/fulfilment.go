package domain

import "time"

type LabelStatus string

const (
	LabelPending LabelStatus = "pending"
	LabelBooked  LabelStatus = "booked"
	LabelFailed  LabelStatus = "failed"
	LabelVoided  LabelStatus = "voided"
)

type LabelBooking struct {
	ID                string
	ReturnID          string
	Carrier           string
	ServiceLevel      string
	Status            LabelStatus
	CarrierShipmentID string
	TrackingNumber    string
	LabelURL          string
	LastError         string
	CreatedAt         time.Time
}

type TrackingEvent struct {
	ID             string
	ReturnID       string
	TrackingNumber string
	Status         string
	Location       string
	OccurredAt     time.Time
}

type ItemGrade struct {
	ID              string
	ReturnID        string
	OrderLineID     string
	Grade           string
	RefundableCents int64
	Inspector       string
	InspectedAt     time.Time
}

type Discrepancy struct {
	ID          string
	ReturnID    string
	OrderLineID string
	Kind        string
	ExpectedQty int
	ReceivedQty int
	Note        string
}

type RestockEntry struct {
	ReturnItemID string
	SKU          string
	WarehouseID  string
	Quantity     int
	EventID      string
}

type RefundStatus string

const (
	RefundPending   RefundStatus = "pending"
	RefundSubmitted RefundStatus = "submitted"
	RefundSucceeded RefundStatus = "succeeded"
	RefundFailed    RefundStatus = "failed"
)

const (
	RefundReasonInspection = "inspection"
	RefundReasonAgent      = "agent_adjustment"
)

type Refund struct {
	ID             string
	ReturnID       string
	AmountCents    int64
	Currency       string
	Reason         string
	Status         RefundStatus
	StripeRefundID string
	FailureReason  string
	RequestedBy    string
	CreatedAt      time.Time
}

type StoreCredit struct {
	ID               string
	ReturnID         string
	CustomerID       string
	StripeCustomerID string
	StripeTxnID      string
	AmountCents      int64
	Currency         string
	Reason           string
	GrantedBy        string
}

type WebhookEndpoint struct {
	ID         string
	MerchantID string
	URL        string
	Secret     string
	EventTypes []string
	Disabled   bool
	CreatedAt  time.Time
}

type OutboxMessage struct {
	ID         string
	MerchantID string
	EventType  string
	Payload    []byte
	Status     string
	Attempts   int
	CreatedAt  time.Time
}

type WebhookAttempt struct {
	ID         string
	OutboxID   string
	EndpointID string
	StatusCode int
	Error      string
	DurationMS int
}
