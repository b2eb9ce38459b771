// Package domain holds the core RMA types shared by services, repositories
// and transports.
package domain

import (
	"errors"
	"time"
)

var (
	ErrNotFound      = errors.New("not found")
	ErrConflict      = errors.New("conflict")
	ErrInvalidState  = errors.New("invalid state transition")
	ErrValidation    = errors.New("validation failed")
	ErrKeyMismatch   = errors.New("idempotency key reused with a different request")
	ErrKeyInProgress = errors.New("request with this idempotency key is in progress")
)

type ReturnStatus string

const (
	StatusRequested ReturnStatus = "requested"
	StatusApproved  ReturnStatus = "approved"
	StatusLabeled   ReturnStatus = "label_issued"
	StatusInTransit ReturnStatus = "in_transit"
	StatusReceived  ReturnStatus = "received"
	StatusInspected ReturnStatus = "inspected"
	StatusRefunded  ReturnStatus = "refunded"
	StatusCredited  ReturnStatus = "credited"
	StatusRejected  ReturnStatus = "rejected"
	StatusCancelled ReturnStatus = "cancelled"
	StatusExpired   ReturnStatus = "expired"
)

// Open reports whether the return can still be changed by the customer.
func (s ReturnStatus) Open() bool {
	switch s {
	case StatusRequested, StatusApproved, StatusLabeled:
		return true
	}
	return false
}

type RefundMethod string

const (
	RefundOriginalPayment RefundMethod = "original_payment"
	RefundStoreCredit     RefundMethod = "store_credit"
)

func (m RefundMethod) Valid() bool {
	return m == RefundOriginalPayment || m == RefundStoreCredit
}

type Return struct {
	ID               string
	MerchantID       string
	OrderID          string
	CustomerID       string
	CustomerEmail    string
	StripeCustomerID string
	PaymentIntentID  string
	Currency         string
	Status           ReturnStatus
	RefundMethod     RefundMethod
	RefundableCents  int64
	Reason           string
	ReminderSentAt   *time.Time
	ExpiresAt        time.Time
	CreatedAt        time.Time
	UpdatedAt        time.Time
	Items            []ReturnItem
}

type ReturnItem struct {
	ID             string
	ReturnID       string
	OrderLineID    string
	SKU            string
	Quantity       int
	UnitPriceCents int64
	Reason         string
	RestockedAt    *time.Time
}

type Exchange struct {
	ID             string
	ReturnID       string
	ReplacementSKU string
	Quantity       int
	Status         string
	CreatedAt      time.Time
}

// IdempotencyRecord is a stored Idempotency-Key claim.
type IdempotencyRecord struct {
	Scope          string
	Key            string
	RequestHash    string
	ResourceID     string
	ResponseStatus int
	ResponseBody   []byte
	Completed      bool
}
