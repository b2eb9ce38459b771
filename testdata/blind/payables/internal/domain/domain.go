// Package domain holds the core accounts-payable types.
package domain

import (
	"time"
)

// Money is an amount in minor units of a currency.
type Money struct {
	Minor    int64  `json:"amount_minor"`
	Currency string `json:"currency"`
}

// SupplierStatus is the onboarding status of a supplier.
type SupplierStatus string

const (
	SupplierPending  SupplierStatus = "pending"
	SupplierVerified SupplierStatus = "verified"
	SupplierBlocked  SupplierStatus = "blocked"
)

// Supplier is a vendor that the tenant pays.
type Supplier struct {
	ID              string         `json:"id"`
	TenantID        string         `json:"tenant_id"`
	Name            string         `json:"name"`
	TaxID           string         `json:"tax_id"`
	Email           string         `json:"email"`
	Country         string         `json:"country"`
	Status          SupplierStatus `json:"status"`
	CardEnabled     bool           `json:"card_enabled"`
	StripeAccountID string         `json:"stripe_account_id,omitempty"`
	CreatedAt       time.Time      `json:"created_at"`
}

// BankAccount is a supplier's registered payout account.
type BankAccount struct {
	ID             string    `json:"id"`
	SupplierID     string    `json:"supplier_id"`
	Fingerprint    string    `json:"-"`
	Last4          string    `json:"last4"`
	Currency       string    `json:"currency"`
	CounterpartyID string    `json:"counterparty_id"`
	IsDefault      bool      `json:"is_default"`
	CreatedAt      time.Time `json:"created_at"`
}

// InvoiceStatus is the lifecycle status of a supplier invoice.
type InvoiceStatus string

const (
	InvoiceReceived  InvoiceStatus = "received"
	InvoiceApproved  InvoiceStatus = "approved"
	InvoiceRejected  InvoiceStatus = "rejected"
	InvoiceScheduled InvoiceStatus = "scheduled"
	InvoicePaid      InvoiceStatus = "paid"
)

// Invoice is a payable supplier invoice.
type Invoice struct {
	ID                string        `json:"id"`
	TenantID          string        `json:"tenant_id"`
	SupplierID        string        `json:"supplier_id"`
	Number            string        `json:"invoice_number"`
	Currency          string        `json:"currency"`
	AmountMinor       int64         `json:"amount_minor"`
	AmountDueMinor    int64         `json:"amount_due_minor"`
	AmountPaidMinor   int64         `json:"amount_paid_minor"`
	IssueDate         time.Time     `json:"issue_date"`
	DueDate           time.Time     `json:"due_date"`
	Status            InvoiceStatus `json:"status"`
	RequiredApprovals int           `json:"required_approvals"`
	DiscountBps       int           `json:"discount_bps"`
	DiscountUntil     *time.Time    `json:"discount_until,omitempty"`
	DiscountTakenAt   *time.Time    `json:"discount_taken_at,omitempty"`
	SourceEventID     string        `json:"source_event_id,omitempty"`
	CreatedAt         time.Time     `json:"created_at"`
}

// Approval is one approver's decision on an invoice.
type Approval struct {
	InvoiceID  string    `json:"invoice_id"`
	ApproverID string    `json:"approver_id"`
	Decision   string    `json:"decision"`
	Comment    string    `json:"comment,omitempty"`
	DecidedAt  time.Time `json:"decided_at"`
}

// CreditNote reduces what the tenant owes a supplier.
type CreditNote struct {
	ID          string    `json:"id"`
	TenantID    string    `json:"tenant_id"`
	SupplierID  string    `json:"supplier_id"`
	InvoiceID   string    `json:"invoice_id,omitempty"`
	Number      string    `json:"credit_note_number"`
	AmountMinor int64     `json:"amount_minor"`
	Currency    string    `json:"currency"`
	Reason      string    `json:"reason,omitempty"`
	CreatedAt   time.Time `json:"created_at"`
}

// PaymentMethod is how a payment is made.
type PaymentMethod string

const (
	MethodBankTransfer PaymentMethod = "bank_transfer"
	MethodCard         PaymentMethod = "card"
)

// PaymentStatus is the lifecycle status of a payment.
type PaymentStatus string

const (
	PaymentPending    PaymentStatus = "pending"
	PaymentSubmitted  PaymentStatus = "submitted"
	PaymentSettled    PaymentStatus = "settled"
	PaymentFailed     PaymentStatus = "failed"
	PaymentCancelled  PaymentStatus = "cancelled"
	PaymentProcessing PaymentStatus = "processing"
)

// Payment is one outgoing payment to a supplier for one invoice.
type Payment struct {
	ID           string        `json:"id"`
	TenantID     string        `json:"tenant_id"`
	RunID        string        `json:"run_id,omitempty"`
	InvoiceID    string        `json:"invoice_id"`
	SupplierID   string        `json:"supplier_id"`
	Method       PaymentMethod `json:"method"`
	AmountMinor  int64         `json:"amount_minor"`
	Currency     string        `json:"currency"`
	Status       PaymentStatus `json:"status"`
	ProviderRef  string        `json:"provider_ref,omitempty"`
	ScheduledFor time.Time     `json:"scheduled_for"`
	RetryOf      string        `json:"retry_of,omitempty"`
	FailureCode  string        `json:"failure_code,omitempty"`
	CreatedAt    time.Time     `json:"created_at"`
}

// PaymentAttempt is an append-only log entry of a provider call.
type PaymentAttempt struct {
	ID        string    `json:"id"`
	PaymentID string    `json:"payment_id"`
	Provider  string    `json:"provider"`
	Outcome   string    `json:"outcome"`
	Error     string    `json:"error,omitempty"`
	StartedAt time.Time `json:"started_at"`
}

// RunStatus is the status of a payment run.
type RunStatus string

const (
	RunOpen      RunStatus = "open"
	RunExecuting RunStatus = "executing"
	RunCompleted RunStatus = "completed"
)

// PaymentRun groups the payments scheduled for one tenant on one date.
type PaymentRun struct {
	ID        string    `json:"id"`
	TenantID  string    `json:"tenant_id"`
	RunDate   time.Time `json:"run_date"`
	Status    RunStatus `json:"status"`
	CreatedAt time.Time `json:"created_at"`
}

// OfferID identifies a discount offer.
type OfferID string

// DiscountOffer is an early-payment discount proposed to a supplier.
type DiscountOffer struct {
	ID          OfferID   `json:"id"`
	TenantID    string    `json:"tenant_id"`
	InvoiceID   string    `json:"invoice_id"`
	DiscountBps int       `json:"discount_bps"`
	PayOn       time.Time `json:"pay_on"`
	ExpiresAt   time.Time `json:"expires_at"`
	Status      string    `json:"status"`
	CreatedAt   time.Time `json:"created_at"`
}

// FXQuote is a conversion quote from the bank partner.
type FXQuote struct {
	ID              string    `json:"id"`
	TenantID        string    `json:"tenant_id"`
	ProviderQuoteID string    `json:"provider_quote_id"`
	SellCurrency    string    `json:"sell_currency"`
	BuyCurrency     string    `json:"buy_currency"`
	SellMinor       int64     `json:"sell_amount_minor"`
	BuyMinor        int64     `json:"buy_amount_minor"`
	Rate            string    `json:"rate"`
	ExpiresAt       time.Time `json:"expires_at"`
	CreatedAt       time.Time `json:"created_at"`
}

// FXConversion is a booked conversion.
type FXConversion struct {
	ID                   string    `json:"id"`
	TenantID             string    `json:"tenant_id"`
	QuoteID              string    `json:"quote_id"`
	ProviderConversionID string    `json:"provider_conversion_id"`
	Status               string    `json:"status"`
	CreatedAt            time.Time `json:"created_at"`
}

// Tenant is an AP customer of the platform.
type Tenant struct {
	ID                string `json:"id"`
	Name              string `json:"name"`
	ERPWebhookURL     string `json:"erp_webhook_url"`
	ERPWebhookSecret  string `json:"-"`
	StripeCustomerID  string `json:"stripe_customer_id"`
	DefaultCardMethod string `json:"default_card_method"`
	APNotifyEmail     string `json:"ap_notify_email"`
}

// OutboxMessage is a message written in the same transaction as a state
// change and published asynchronously by the relay.
type OutboxMessage struct {
	ID          string    `json:"id"`
	Topic       string    `json:"topic"`
	AggregateID string    `json:"aggregate_id"`
	TenantID    string    `json:"tenant_id"`
	Payload     []byte    `json:"payload"`
	CreatedAt   time.Time `json:"created_at"`
}

// WebhookDelivery is an outbound webhook to a tenant's ERP.
type WebhookDelivery struct {
	ID            string     `json:"id"`
	TenantID      string     `json:"tenant_id"`
	EventID       string     `json:"event_id"`
	EventType     string     `json:"event_type"`
	Payload       []byte     `json:"payload"`
	Status        string     `json:"status"`
	Attempts      int        `json:"attempts"`
	LastError     string     `json:"last_error,omitempty"`
	NextAttemptAt *time.Time `json:"next_attempt_at,omitempty"`
}
