// Package events defines the domain events exchanged over Kafka.
package events

import (
	"time"

	"github.com/google/uuid"
)

// Topics.
const (
	TopicCustomerCreated   = "hosting.customer.created"
	TopicServerProvisioned = "hosting.server.provisioned"
	TopicServerCancelled   = "hosting.server.cancelled"
	TopicInvoiceFinalized  = "hosting.invoice.finalized"
	TopicPaymentSucceeded  = "hosting.payment.succeeded"
	TopicPaymentFailed     = "hosting.payment.failed"
	TopicRefundIssued      = "hosting.refund.issued"
)

// CustomerCreated is published once per new account.
type CustomerCreated struct {
	CustomerID uuid.UUID `json:"customer_id"`
	Email      string    `json:"email"`
	Name       string    `json:"name"`
	CreatedAt  time.Time `json:"created_at"`
}

// ServerProvisioned is published when a server becomes active.
type ServerProvisioned struct {
	ServerID     uuid.UUID `json:"server_id"`
	OrderID      uuid.UUID `json:"order_id"`
	CustomerID   uuid.UUID `json:"customer_id"`
	PlanID       string    `json:"plan_id"`
	MonthlyCents int64     `json:"monthly_cents"`
	Hostname     string    `json:"hostname"`
	PrimaryIPv4  string    `json:"primary_ipv4"`
	ActivatedAt  time.Time `json:"activated_at"`
}

// ServerCancelled is published when a cancellation completes.
type ServerCancelled struct {
	ServerID    uuid.UUID `json:"server_id"`
	CustomerID  uuid.UUID `json:"customer_id"`
	CancelledAt time.Time `json:"cancelled_at"`
}

// InvoiceFinalized is published once an invoice is ready to be collected.
type InvoiceFinalized struct {
	InvoiceID   uuid.UUID `json:"invoice_id"`
	CustomerID  uuid.UUID `json:"customer_id"`
	Period      string    `json:"period"`
	TotalCents  int64     `json:"total_cents"`
	Currency    string    `json:"currency"`
	FinalizedAt time.Time `json:"finalized_at"`
}

// PaymentSucceeded is published when a charge settles.
type PaymentSucceeded struct {
	PaymentID   uuid.UUID `json:"payment_id"`
	InvoiceID   uuid.UUID `json:"invoice_id"`
	CustomerID  uuid.UUID `json:"customer_id"`
	AmountCents int64     `json:"amount_cents"`
	Currency    string    `json:"currency"`
}

// PaymentFailed is published when a charge is declined.
type PaymentFailed struct {
	PaymentID   uuid.UUID `json:"payment_id"`
	InvoiceID   uuid.UUID `json:"invoice_id"`
	CustomerID  uuid.UUID `json:"customer_id"`
	Attempt     int       `json:"attempt"`
	AmountCents int64     `json:"amount_cents"`
	FailureCode string    `json:"failure_code"`
	NextRetryAt time.Time `json:"next_retry_at"`
}

// RefundIssued is published when a refund was accepted by the provider.
type RefundIssued struct {
	RefundID    uuid.UUID `json:"refund_id"`
	PaymentID   uuid.UUID `json:"payment_id"`
	CustomerID  uuid.UUID `json:"customer_id"`
	AmountCents int64     `json:"amount_cents"`
}
