// Package commands defines the commands accepted by the bus and binds each
// one to its service method.
package commands

import (
	"errors"
	"strings"
	"time"

	"github.com/google/uuid"
)

// SignUp registers a new member.
type SignUp struct {
	IdempotencyKey  string    `json:"-"`
	Email           string    `json:"email"`
	FirstName       string    `json:"first_name"`
	LastName        string    `json:"last_name"`
	Phone           string    `json:"phone"`
	BirthDate       time.Time `json:"birth_date"`
	Tier            string    `json:"tier"`
	ShipState       string    `json:"ship_state"`
	AddressLine1    string    `json:"address_line1"`
	AddressLine2    string    `json:"address_line2"`
	City            string    `json:"city"`
	PostalCode      string    `json:"postal_code"`
	PaymentMethodID string    `json:"payment_method_id"`
}

// Validate implements bus.Validator.
func (c SignUp) Validate() error {
	switch {
	case c.IdempotencyKey == "":
		return errors.New("Idempotency-Key header is required")
	case !strings.Contains(c.Email, "@"):
		return errors.New("email is invalid")
	case c.FirstName == "" || c.LastName == "":
		return errors.New("name is required")
	case c.BirthDate.IsZero():
		return errors.New("birth_date is required")
	case time.Since(c.BirthDate) < 21*365*24*time.Hour:
		return errors.New("members must be 21 or older")
	case c.AddressLine1 == "" || c.City == "" || c.PostalCode == "" || len(c.ShipState) != 2:
		return errors.New("shipping address is incomplete")
	}
	return nil
}

// VerifyAge runs the age check for a member.
type VerifyAge struct {
	MemberID string `json:"-"`
}

// IssueCredit grants goodwill credit.
type IssueCredit struct {
	MemberID      string `json:"-"`
	IssuedBy      string `json:"-"`
	AmountCents   int64  `json:"amount_cents"`
	Reason        string `json:"reason"`
	ExpiresInDays int    `json:"expires_in_days"`
}

// Validate implements bus.Validator.
func (c IssueCredit) Validate() error {
	if c.AmountCents <= 0 || c.AmountCents > 50000 {
		return errors.New("amount_cents must be between 1 and 50000")
	}
	if c.Reason == "" {
		return errors.New("reason is required")
	}
	return nil
}

// RewardReferral credits a referrer for an active referred member.
type RewardReferral struct {
	ReferrerID       string `json:"-"`
	ReferredMemberID string `json:"referred_member_id"`
}

// Validate implements bus.Validator.
func (c RewardReferral) Validate() error {
	if c.ReferredMemberID == "" {
		return errors.New("referred_member_id is required")
	}
	return nil
}

// CancelMembership ends a membership.
type CancelMembership struct {
	MemberID string `json:"-"`
	Actor    string `json:"-"`
	Reason   string `json:"reason"`
}

// AddAddons adds bottles to a pending allocation.
type AddAddons struct {
	AllocationID uuid.UUID `json:"-"`
	Lines        []struct {
		SKU      string `json:"sku"`
		Quantity int    `json:"quantity"`
	} `json:"lines"`
}

// Validate implements bus.Validator.
func (c AddAddons) Validate() error {
	if len(c.Lines) == 0 {
		return errors.New("lines are required")
	}
	for _, l := range c.Lines {
		if l.SKU == "" || l.Quantity < 1 || l.Quantity > 12 {
			return errors.New("each line needs a sku and a quantity between 1 and 12")
		}
	}
	return nil
}

// ApplyCredit applies store credit to an allocation.
type ApplyCredit struct {
	AllocationID uuid.UUID `json:"-"`
	AmountCents  int64     `json:"amount_cents"`
}

// Validate implements bus.Validator.
func (c ApplyCredit) Validate() error {
	if c.AmountCents <= 0 {
		return errors.New("amount_cents must be positive")
	}
	return nil
}

// SkipAllocation skips a quarter.
type SkipAllocation struct {
	AllocationID uuid.UUID `json:"-"`
}

// ChargeAllocation charges an allocation now.
type ChargeAllocation struct {
	AllocationID uuid.UUID `json:"-"`
}

// RefundCharge refunds part of a charge.
type RefundCharge struct {
	ChargeID     string `json:"-"`
	RequestedBy  string `json:"-"`
	AmountCents  int64  `json:"amount_cents"`
	Reason       string `json:"reason"`
	ReturnCredit bool   `json:"return_credit"`
}

// Validate implements bus.Validator.
func (c RefundCharge) Validate() error {
	if c.AmountCents <= 0 {
		return errors.New("amount_cents must be positive")
	}
	if c.Reason == "" {
		return errors.New("reason is required")
	}
	return nil
}

// PurchaseLabel buys a shipping label for a shipment.
type PurchaseLabel struct {
	ShipmentID   uuid.UUID `json:"-"`
	ServiceLevel string    `json:"service_level"`
}

// PurchaseReturnLabel buys a return label for a shipment.
type PurchaseReturnLabel struct {
	ShipmentID uuid.UUID `json:"-"`
	Reason     string    `json:"reason"`
}

// PurchaseGift buys a gift membership.
type PurchaseGift struct {
	OrderRef        string    `json:"order_ref"`
	PurchaserName   string    `json:"purchaser_name"`
	PurchaserEmail  string    `json:"purchaser_email"`
	PurchaserPhone  string    `json:"purchaser_phone"`
	RecipientName   string    `json:"recipient_name"`
	RecipientEmail  string    `json:"recipient_email"`
	Tier            string    `json:"tier"`
	Quarters        int       `json:"quarters"`
	StartDate       time.Time `json:"start_date"`
	PaymentMethodID string    `json:"payment_method_id"`
}

// Validate implements bus.Validator.
func (c PurchaseGift) Validate() error {
	switch {
	case c.OrderRef == "":
		return errors.New("order_ref is required")
	case c.PaymentMethodID == "":
		return errors.New("payment_method_id is required")
	case !strings.Contains(c.PurchaserEmail, "@") || !strings.Contains(c.RecipientEmail, "@"):
		return errors.New("purchaser and recipient emails are required")
	}
	return nil
}

// RedeemGift claims a gift membership.
type RedeemGift struct {
	Code         string    `json:"-"`
	Email        string    `json:"email"`
	FirstName    string    `json:"first_name"`
	LastName     string    `json:"last_name"`
	Phone        string    `json:"phone"`
	BirthDate    time.Time `json:"birth_date"`
	ShipState    string    `json:"ship_state"`
	AddressLine1 string    `json:"address_line1"`
	AddressLine2 string    `json:"address_line2"`
	City         string    `json:"city"`
	PostalCode   string    `json:"postal_code"`
}

// Validate implements bus.Validator.
func (c RedeemGift) Validate() error {
	if c.BirthDate.IsZero() || time.Since(c.BirthDate) < 21*365*24*time.Hour {
		return errors.New("recipient must be 21 or older")
	}
	if !strings.Contains(c.Email, "@") {
		return errors.New("email is invalid")
	}
	return nil
}

// FileComplianceReport files one state's report for a period.
type FileComplianceReport struct {
	State  string `json:"state"`
	Period string `json:"period"`
	Actor  string `json:"-"`
}

// Validate implements bus.Validator.
func (c FileComplianceReport) Validate() error {
	if len(c.State) != 2 {
		return errors.New("state must be a two-letter code")
	}
	return nil
}
