package domain

import (
	"errors"
	"time"

	"github.com/google/uuid"
)

var (
	ErrNotFound        = errors.New("not found")
	ErrConflict        = errors.New("conflict")
	ErrInvalidState    = errors.New("invalid state")
	ErrInsufficient    = errors.New("insufficient funds")
	ErrValidation      = errors.New("validation failed")
	ErrUnauthenticated = errors.New("unauthenticated")
)

type TopUpStatus string

const (
	TopUpPending   TopUpStatus = "pending"
	TopUpPaid      TopUpStatus = "paid"
	TopUpSubmitted TopUpStatus = "submitted"
	TopUpDelivered TopUpStatus = "delivered"
	TopUpFailed    TopUpStatus = "failed"
	TopUpRefunded  TopUpStatus = "refunded"
)

type TopUp struct {
	ID              uuid.UUID   `json:"id" db:"id"`
	CustomerID      *uuid.UUID  `json:"customer_id,omitempty" db:"customer_id"`
	ResellerID      *uuid.UUID  `json:"reseller_id,omitempty" db:"reseller_id"`
	MSISDN          string      `json:"msisdn" db:"msisdn"`
	Operator        string      `json:"operator" db:"operator"`
	AmountCents     int64       `json:"amount_cents" db:"amount_cents"`
	Currency        string      `json:"currency" db:"currency"`
	IdempotencyKey  *string     `json:"-" db:"idempotency_key"`
	Status          TopUpStatus `json:"status" db:"status"`
	PaymentIntentID *string     `json:"payment_intent_id,omitempty" db:"payment_intent_id"`
	CarrierTxnID    *string     `json:"carrier_txn_id,omitempty" db:"carrier_txn_id"`
	FailureReason   *string     `json:"failure_reason,omitempty" db:"failure_reason"`
	Source          string      `json:"source" db:"source"`
	CreatedAt       time.Time   `json:"created_at" db:"created_at"`
	UpdatedAt       time.Time   `json:"updated_at" db:"updated_at"`
}

type Customer struct {
	ID                   uuid.UUID `db:"id"`
	MSISDN               string    `db:"msisdn"`
	Email                *string   `db:"email"`
	StripeCustomerID     *string   `db:"stripe_customer_id"`
	DefaultPaymentMethod *string   `db:"default_payment_method"`
}

type Refund struct {
	ID             uuid.UUID `json:"id"`
	TopUpID        uuid.UUID `json:"topup_id"`
	AmountCents    int64     `json:"amount_cents"`
	StripeRefundID string    `json:"stripe_refund_id"`
	Reason         string    `json:"reason"`
	CreatedAt      time.Time `json:"created_at"`
}

type Bundle struct {
	Code         string `json:"code"`
	Operator     string `json:"operator"`
	Description  string `json:"description"`
	DataMB       int    `json:"data_mb"`
	ValidityDays int    `json:"validity_days"`
	PriceCents   int64  `json:"price_cents"`
}

type BundleOrder struct {
	ID              uuid.UUID `json:"id"`
	Reference       string    `json:"reference"`
	CustomerID      uuid.UUID `json:"customer_id"`
	MSISDN          string    `json:"msisdn"`
	BundleCode      string    `json:"bundle_code"`
	PriceCents      int64     `json:"price_cents"`
	Status          string    `json:"status"`
	PaymentIntentID *string   `json:"payment_intent_id,omitempty"`
	CreatedAt       time.Time `json:"created_at"`
}

type AutoRecharge struct {
	CustomerID     uuid.UUID `json:"customer_id" db:"customer_id"`
	Enabled        bool      `json:"enabled" db:"enabled"`
	ThresholdCents int64     `json:"threshold_cents" db:"threshold_cents"`
	AmountCents    int64     `json:"amount_cents" db:"amount_cents"`
	Operator       string    `json:"operator" db:"operator"`
	UpdatedAt      time.Time `json:"updated_at" db:"updated_at"`
}
