package app

import (
	"errors"
	"strings"
	"time"
)

var errMissingKey = errors.New("idempotency key is required")

func checkBooking(pnr, passenger, flight string) error {
	if strings.TrimSpace(pnr) == "" || passenger == "" || flight == "" {
		return errors.New("pnr, passenger and flight are required")
	}
	return nil
}

// PurchaseSeat buys a previously held seat.
type PurchaseSeat struct {
	OrderID, IdempotencyKey     string
	PNR, PassengerRef, FlightID string
	Seat                        string
	ServiceDate                 time.Time
}

func (c PurchaseSeat) Validate() error {
	if c.IdempotencyKey == "" {
		return errMissingKey
	}
	return checkBooking(c.PNR, c.PassengerRef, c.FlightID)
}

// HoldSeat reserves a seat for a short time.
type HoldSeat struct {
	PNR, PassengerRef, FlightID string
	Seat                        string
	For                         time.Duration
}

func (c HoldSeat) Validate() error {
	if c.For <= 0 || c.For > 30*time.Minute {
		return errors.New("hold duration must be between 0 and 30 minutes")
	}
	return checkBooking(c.PNR, c.PassengerRef, c.FlightID)
}

// AddBaggage buys extra checked bags with the saved card.
type AddBaggage struct {
	OrderID                     string
	PNR, PassengerRef, FlightID string
	Pieces, WeightKg            int
	ServiceDate                 time.Time
}

func (c AddBaggage) Validate() error {
	if c.WeightKg != 23 && c.WeightKg != 32 {
		return errors.New("weight must be 23 or 32 kg")
	}
	return checkBooking(c.PNR, c.PassengerRef, c.FlightID)
}

// BuyLoungePass buys a lounge pass with the saved card.
type BuyLoungePass struct {
	OrderID                     string
	PNR, PassengerRef, FlightID string
	LoungeCode                  string
	Guests                      int
	Day                         time.Time
}

func (c BuyLoungePass) Validate() error {
	return checkBooking(c.PNR, c.PassengerRef, c.FlightID)
}

// RedeemLoungePass consumes one entry of a pass at the lounge desk.
type RedeemLoungePass struct {
	Code, ScanID, LoungeCode string
	ScannedAt                time.Time
}

func (c RedeemLoungePass) Validate() error {
	if c.Code == "" || c.ScanID == "" {
		return errors.New("code and scan id are required")
	}
	return nil
}

// UpgradeMeal buys a meal upgrade with the saved card.
type UpgradeMeal struct {
	OrderID, IdempotencyKey     string
	PNR, PassengerRef, FlightID string
	MealCode                    string
	ServiceDate                 time.Time
}

func (c UpgradeMeal) Validate() error {
	if c.IdempotencyKey == "" {
		return errMissingKey
	}
	return checkBooking(c.PNR, c.PassengerRef, c.FlightID)
}

// ConfirmPayment confirms a pending PaymentIntent with a payment method.
type ConfirmPayment struct {
	OrderID, PaymentMethod string
}

func (c ConfirmPayment) Validate() error {
	if c.PaymentMethod == "" {
		return errors.New("payment method is required")
	}
	return nil
}

// CancelItem cancels one ancillary and refunds it.
type CancelItem struct {
	OrderID, ItemID, Reason string
}

// UpdateContact changes the contact details of an order.
type UpdateContact struct {
	OrderID, Email, Phone string
}

func (c UpdateContact) Validate() error {
	if c.Email != "" && !strings.Contains(c.Email, "@") {
		return errors.New("email is invalid")
	}
	return nil
}

// ResendConfirmation sends the confirmation text again.
type ResendConfirmation struct {
	OrderID, IdempotencyKey, Phone string
}

func (c ResendConfirmation) Validate() error {
	if c.IdempotencyKey == "" {
		return errMissingKey
	}
	return nil
}

// GrantGoodwillMiles credits miles as a service-recovery gesture.
type GrantGoodwillMiles struct {
	PNR, LoyaltyNumber string
	Miles              int
	Reason, AgentID    string
}

func (c GrantGoodwillMiles) Validate() error {
	if c.LoyaltyNumber == "" || c.AgentID == "" {
		return errors.New("loyalty number and agent are required")
	}
	if c.Miles <= 0 || c.Miles > 50000 {
		return errors.New("miles must be between 1 and 50000")
	}
	return nil
}

// ReissueEMD exchanges the EMD of an item for a new document.
type ReissueEMD struct {
	ItemID           string
	ExpectedRevision int
	Reason, AgentID  string
}

func (c ReissueEMD) Validate() error {
	if c.AgentID == "" || c.ExpectedRevision < 0 {
		return errors.New("agent and a non-negative revision are required")
	}
	return nil
}
