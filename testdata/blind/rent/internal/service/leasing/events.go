package leasing

import (
	"errors"
	"time"
)

const dateLayout = "2006-01-02"

type Party struct {
	ID              string `json:"id"`
	Name            string `json:"name"`
	Email           string `json:"email"`
	Phone           string `json:"phone"`
	PayoutAccountID string `json:"payout_account_id"`
}

// LeaseSigned is the payload of lease.signed.
type LeaseSigned struct {
	LeaseID         string  `json:"lease_id"`
	PropertyRef     string  `json:"property_ref"`
	Unit            string  `json:"unit"`
	Landlord        Party   `json:"landlord"`
	Tenants         []Party `json:"tenants"`
	RentCents       int64   `json:"rent_cents"`
	DueDay          int     `json:"due_day"`
	GraceDays       int     `json:"grace_days"`
	LateFeeCents    int64   `json:"late_fee_cents"`
	LateFeeCapCents int64   `json:"late_fee_cap_cents"`
	DepositCents    int64   `json:"deposit_cents"`
	StartsOn        string  `json:"starts_on"`
	EndsOn          string  `json:"ends_on"`
}

func (e LeaseSigned) Validate() error {
	switch {
	case e.LeaseID == "":
		return errors.New("lease_id is required")
	case e.Landlord.ID == "":
		return errors.New("landlord.id is required")
	case len(e.Tenants) == 0:
		return errors.New("at least one tenant is required")
	case e.RentCents <= 0:
		return errors.New("rent_cents must be positive")
	case e.DueDay < 1 || e.DueDay > 28:
		return errors.New("due_day must be 1-28")
	}
	if _, err := time.Parse(dateLayout, e.StartsOn); err != nil {
		return errors.New("starts_on must be YYYY-MM-DD")
	}
	return nil
}

type MoveOutCharge struct {
	Description string `json:"description"`
	AmountCents int64  `json:"amount_cents"`
}

// LeaseTerminated is the payload of lease.terminated.
type LeaseTerminated struct {
	LeaseID         string          `json:"lease_id"`
	MoveOutDate     string          `json:"move_out_date"`
	Reason          string          `json:"reason"`
	RequestCleaning bool            `json:"request_cleaning"`
	MoveOutCharges  []MoveOutCharge `json:"move_out_charges"`
}

// LeaseRenewed is the payload of lease.renewed.
type LeaseRenewed struct {
	LeaseID   string `json:"lease_id"`
	TermStart string `json:"term_start"`
	TermEnd   string `json:"term_end"`
	RentCents int64  `json:"rent_cents"`
}

// DepositReceived is the payload of lease.deposit_received.
type DepositReceived struct {
	LeaseID     string `json:"lease_id"`
	AmountCents int64  `json:"amount_cents"`
	Reference   string `json:"reference"`
	ReceivedOn  string `json:"received_on"`
}
