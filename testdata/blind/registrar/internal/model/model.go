// Package model holds the registrar's domain types.
package model

import (
	"time"

	"github.com/google/uuid"
)

type OrderKind string

const (
	OrderRegister OrderKind = "register"
	OrderTransfer OrderKind = "transfer"
	OrderRenew    OrderKind = "renew"
)

type OrderStatus string

const (
	OrderPending    OrderStatus = "pending"
	OrderProcessing OrderStatus = "processing"
	OrderCompleted  OrderStatus = "completed"
	OrderFailed     OrderStatus = "failed"
	OrderRefunded   OrderStatus = "refunded"
)

type Account struct {
	ID                uuid.UUID
	Email             string
	DisplayName       string
	GatewayCustomerID string
	CreditBalance     int64
	Currency          string
	CreatedAt         time.Time
}

type Principal struct {
	AccountID uuid.UUID
	Role      string
}

func (p Principal) IsAdmin() bool { return p.Role == "admin" }

type Contact struct {
	ID             uuid.UUID `json:"id"`
	AccountID      uuid.UUID `json:"account_id"`
	RegistryHandle string    `json:"registry_handle"`
	FullName       string    `json:"full_name"`
	Organization   string    `json:"organization,omitempty"`
	Email          string    `json:"email"`
	Phone          string    `json:"phone"`
	Street         string    `json:"street"`
	City           string    `json:"city"`
	PostalCode     string    `json:"postal_code"`
	CountryCode    string    `json:"country_code"`
	CreatedAt      time.Time `json:"created_at"`
}

type PaymentMethod struct {
	ID          uuid.UUID `json:"id"`
	AccountID   uuid.UUID `json:"account_id"`
	GatewayPMID string    `json:"gateway_pm_id"`
	Brand       string    `json:"brand"`
	Last4       string    `json:"last4"`
	ExpMonth    int       `json:"exp_month"`
	ExpYear     int       `json:"exp_year"`
	IsDefault   bool      `json:"is_default"`
	CreatedAt   time.Time `json:"created_at"`
}

type Order struct {
	ID              uuid.UUID   `json:"id"`
	AccountID       uuid.UUID   `json:"account_id"`
	Kind            OrderKind   `json:"kind"`
	DomainName      string      `json:"domain_name"`
	PeriodYears     int         `json:"period_years"`
	AmountCents     int64       `json:"amount_cents"`
	Currency        string      `json:"currency"`
	Status          OrderStatus `json:"status"`
	ContactID       *uuid.UUID  `json:"contact_id,omitempty"`
	PaymentMethodID *uuid.UUID  `json:"payment_method_id,omitempty"`
	Nameservers     []string    `json:"nameservers"`
	WorkflowID      string      `json:"workflow_id,omitempty"`
	FailureReason   string      `json:"failure_reason,omitempty"`
	CreatedAt       time.Time   `json:"created_at"`
	UpdatedAt       time.Time   `json:"updated_at"`
}

type Domain struct {
	ID                  uuid.UUID  `json:"id"`
	Name                string     `json:"name"`
	AccountID           uuid.UUID  `json:"account_id"`
	RegistrantContactID *uuid.UUID `json:"registrant_contact_id,omitempty"`
	RegistryROID        string     `json:"registry_roid,omitempty"`
	Status              string     `json:"status"`
	AutoRenew           bool       `json:"auto_renew"`
	Nameservers         []string   `json:"nameservers"`
	RegisteredAt        time.Time  `json:"registered_at"`
	ExpiresAt           time.Time  `json:"expires_at"`
	UpdatedAt           time.Time  `json:"updated_at"`
}

type TransferDirection string

const (
	TransferIn  TransferDirection = "in"
	TransferOut TransferDirection = "out"
)

type Transfer struct {
	ID                 uuid.UUID         `json:"id"`
	AccountID          *uuid.UUID        `json:"account_id,omitempty"`
	OrderID            *uuid.UUID        `json:"order_id,omitempty"`
	DomainName         string            `json:"domain_name"`
	Direction          TransferDirection `json:"direction"`
	Status             string            `json:"status"`
	RegistryTransferID string            `json:"registry_transfer_id,omitempty"`
	GainingRegistrar   string            `json:"gaining_registrar,omitempty"`
	WorkflowID         string            `json:"workflow_id,omitempty"`
	RequestedAt        time.Time         `json:"requested_at"`
	CompletedAt        *time.Time        `json:"completed_at,omitempty"`
}

type PaymentPurpose string

const (
	PurposeOrder   PaymentPurpose = "order"
	PurposeTopUp   PaymentPurpose = "topup"
	PurposeRenewal PaymentPurpose = "renewal"
)

type PaymentStatus string

const (
	PaymentPending   PaymentStatus = "pending"
	PaymentSucceeded PaymentStatus = "succeeded"
	PaymentFailed    PaymentStatus = "failed"
	PaymentRefunded  PaymentStatus = "refunded"
)

type Payment struct {
	ID              uuid.UUID      `json:"id"`
	AccountID       uuid.UUID      `json:"account_id"`
	OrderID         *uuid.UUID     `json:"order_id,omitempty"`
	Purpose         PaymentPurpose `json:"purpose"`
	OperationKey    string         `json:"operation_key"`
	GatewayChargeID string         `json:"gateway_charge_id,omitempty"`
	AmountCents     int64          `json:"amount_cents"`
	Currency        string         `json:"currency"`
	Status          PaymentStatus  `json:"status"`
	FailureCode     string         `json:"failure_code,omitempty"`
	SettledAt       *time.Time     `json:"settled_at,omitempty"`
	CreatedAt       time.Time      `json:"created_at"`
	UpdatedAt       time.Time      `json:"updated_at"`
}

type Refund struct {
	ID              uuid.UUID
	PaymentID       uuid.UUID
	GatewayRefundID string
	AmountCents     int64
	Reason          string
	CreatedAt       time.Time
}

type LedgerEntry struct {
	ID          uuid.UUID
	AccountID   uuid.UUID
	AmountCents int64
	Reason      string
	Reference   string
	CreatedAt   time.Time
}

type Invoice struct {
	ID          string     `json:"id"`
	AccountID   uuid.UUID  `json:"account_id"`
	DomainID    *uuid.UUID `json:"domain_id,omitempty"`
	PaymentID   *uuid.UUID `json:"payment_id,omitempty"`
	Description string     `json:"description"`
	AmountCents int64      `json:"amount_cents"`
	Currency    string     `json:"currency"`
	IssuedAt    time.Time  `json:"issued_at"`
}

type Dispute struct {
	ID               uuid.UUID
	GatewayDisputeID string
	PaymentID        *uuid.UUID
	Reason           string
	Status           string
	CreatedAt        time.Time
}

type Renewal struct {
	DomainID       uuid.UUID
	CycleExpiresAt time.Time
	PeriodYears    int
	Trigger        string
	NewExpiresAt   time.Time
	RenewedAt      time.Time
}

type Zone struct {
	DomainID       uuid.UUID
	ProviderZoneID string
	Status         string
	ActivatedAt    *time.Time
}

type DNSRecord struct {
	ID               uuid.UUID `json:"id"`
	DomainID         uuid.UUID `json:"domain_id"`
	ProviderRecordID string    `json:"provider_record_id"`
	Type             string    `json:"type"`
	Name             string    `json:"name"`
	Content          string    `json:"content"`
	TTL              int       `json:"ttl"`
	Priority         *int      `json:"priority,omitempty"`
	CreatedAt        time.Time `json:"created_at"`
}

type ZoneEvent struct {
	EventID        string
	ProviderZoneID string
	Kind           string
	Payload        []byte
	ReceivedAt     time.Time
}

type ReminderKey struct {
	DomainID   uuid.UUID
	ExpiresOn  time.Time
	DaysBefore int
}

type ReconItem struct {
	RunDate       time.Time
	DomainName    string
	Field         string
	LocalValue    string
	RegistryValue string
}
