package domain

import (
	"time"
)

type PaymentStatus string

const (
	PaymentPending    PaymentStatus = "pending"
	PaymentAuthorized PaymentStatus = "authorized"
	PaymentDeclined   PaymentStatus = "declined"
	PaymentCaptured   PaymentStatus = "captured"
	PaymentSettled    PaymentStatus = "settled"
	PaymentVoided     PaymentStatus = "voided"
	PaymentRefunded   PaymentStatus = "refunded"
)

type VendStatus string

const (
	VendUnknown   VendStatus = "unknown"
	VendDelivered VendStatus = "delivered"
	VendFailed    VendStatus = "failed"
)

// Payment is a cashless card payment. The card is authorised at the
// machine when the customer taps, and captured later once the machine
// confirms the product dropped.
type Payment struct {
	ID                string
	MachineID         string
	MachineTxnRef     string
	AmountCents       Cents
	Currency          string
	Status            PaymentStatus
	VendStatus        VendStatus
	ProviderAuthID    string
	ProviderCaptureID string
	CreatedAt         time.Time
	UpdatedAt         time.Time
}

// Capturable reports whether the payment may be captured now.
func (p Payment) Capturable() bool {
	return p.Status == PaymentAuthorized && p.VendStatus == VendDelivered
}

// AuthorizeCard is sent by the machine's card reader after a tap.
type AuthorizeCard struct {
	MachineID     string `json:"-"`
	MachineTxnRef string `json:"txn_ref"`
	CardToken     string `json:"card_token"`
	AmountCents   Cents  `json:"amount_cents"`
	Currency      string `json:"currency"`
	SlotCode      string `json:"slot_code"`
}

func (c AuthorizeCard) Validate() error {
	switch {
	case c.MachineTxnRef == "":
		return Invalid("txn_ref", "required")
	case c.CardToken == "":
		return Invalid("card_token", "required")
	case c.AmountCents <= 0:
		return Invalid("amount_cents", "must be positive")
	case len(c.Currency) != 3:
		return Invalid("currency", "must be an ISO 4217 code")
	}
	return nil
}

// VendResult is reported by the machine once the vend motor finished.
type VendResult struct {
	PaymentID  string     `json:"-"`
	Outcome    VendStatus `json:"outcome"`
	ProductID  string     `json:"product_id"`
	ReportedAt time.Time  `json:"reported_at"`
}

func (v VendResult) Validate() error {
	if v.Outcome != VendDelivered && v.Outcome != VendFailed {
		return Invalid("outcome", "must be delivered or failed")
	}
	if v.ReportedAt.IsZero() {
		return Invalid("reported_at", "required")
	}
	return nil
}

// PaymentAttempt is an audit record of one call to the card processor.
type PaymentAttempt struct {
	ID           string
	PaymentID    string
	Operation    string
	Outcome      string
	ProviderCode string
	At           time.Time
}

type RefundStatus string

const (
	RefundPending   RefundStatus = "pending"
	RefundCompleted RefundStatus = "completed"
	RefundFailed    RefundStatus = "failed"
)

type RefundReason string

const (
	RefundVendFailure RefundReason = "vend_failure"
	RefundSupport     RefundReason = "support"
)

// Refund returns money to a card for a vend that did not deliver, or for
// a customer complaint handled by support.
type Refund struct {
	ID               string
	PaymentID        string
	AmountCents      Cents
	Reason           RefundReason
	Status           RefundStatus
	ProviderRefundID string
	TelemetryEventID string
	RequestKey       string
	CreatedAt        time.Time
}

// RequestRefund is a support agent's manual refund.
type RequestRefund struct {
	PaymentID   string `json:"-"`
	RequestKey  string `json:"-"`
	AmountCents Cents  `json:"amount_cents"`
	Note        string `json:"note"`
	AgentID     string `json:"-"`
}

func (r RequestRefund) Validate(p Payment) error {
	if r.RequestKey == "" {
		return Invalid("Idempotency-Key", "required")
	}
	if r.AmountCents <= 0 {
		return Invalid("amount_cents", "must be positive")
	}
	if r.AmountCents > p.AmountCents {
		return Invalid("amount_cents", "exceeds captured amount")
	}
	if p.Status != PaymentCaptured && p.Status != PaymentSettled {
		return ErrInvalidTransition
	}
	return nil
}
