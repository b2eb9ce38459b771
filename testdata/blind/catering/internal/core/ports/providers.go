package ports

import (
	"context"
	"time"
)

type ChargeRequest struct {
	AmountCents     int64
	Currency        string
	CustomerRef     string
	PaymentMethodID string
	Description     string
	OffSession      bool
}

type ChargeResult struct {
	PaymentIntentID string
	Status          string
	ClientSecret    string
}

type RefundRequest struct {
	PaymentIntentID string
	AmountCents     int64
	Reason          string
}

type RefundResult struct {
	RefundID string
	Status   string
}

type TransferRequest struct {
	DestinationAccount string
	AmountCents        int64
	Currency           string
	TransferGroup      string
	Description        string
}

type TransferResult struct {
	TransferID string
}

// PaymentGateway is the card processor.
type PaymentGateway interface {
	Charge(ctx context.Context, req ChargeRequest, opts ...CallOption) (ChargeResult, error)
	Refund(ctx context.Context, req RefundRequest, opts ...CallOption) (RefundResult, error)
	Transfer(ctx context.Context, req TransferRequest, opts ...CallOption) (TransferResult, error)
}

type SupplierLine struct {
	SKU      string  `json:"sku"`
	Quantity float64 `json:"quantity"`
	Unit     string  `json:"unit"`
}

type SupplierOrder struct {
	Reference   string
	AccountCode string
	DeliverOn   time.Time
	DeliverTo   string
	Lines       []SupplierLine
	Notes       string
}

type SupplierOrderReceipt struct {
	PartnerOrderID string
	Status         string
	TotalCents     int64
}

// SupplierGateway is the wholesale partner's ordering API.
type SupplierGateway interface {
	SubmitOrder(ctx context.Context, order SupplierOrder, opts ...CallOption) (SupplierOrderReceipt, error)
	AmendOrder(ctx context.Context, partnerOrderID string, add []SupplierLine) (amendmentID string, err error)
	CancelOrder(ctx context.Context, partnerOrderID string, opts ...CallOption) error
}

type OutboundSMS struct {
	To        string
	Body      string
	Reference string
	SenderID  string
}

// SMSSender delivers text messages through the SMS provider.
type SMSSender interface {
	Send(ctx context.Context, msg OutboundSMS, opts ...CallOption) (providerMessageID string, err error)
	Broadcast(ctx context.Context, to []string, body string) (broadcastID string, err error)
}
