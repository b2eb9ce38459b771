package domain

import "time"

type StatementStatus string

const (
	StatementPending StatementStatus = "pending"
	StatementPaid    StatementStatus = "paid"
)

// Period is a calendar month in the operator's reporting time zone.
type Period struct {
	Start time.Time
	End   time.Time
}

// MonthOf returns the calendar month containing t.
func MonthOf(t time.Time) Period {
	start := time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, t.Location())
	return Period{Start: start, End: start.AddDate(0, 1, 0)}
}

// PreviousMonth returns the calendar month before the one containing t.
func PreviousMonth(t time.Time) Period {
	return MonthOf(MonthOf(t).Start.AddDate(0, 0, -1))
}

func (p Period) Label() string { return p.Start.Format("2006-01") }

// CommissionStatement is what the operator owes a site host for a month.
type CommissionStatement struct {
	ID              string
	HostID          string
	Period          Period
	GrossSalesCents Cents
	AdjustCents     Cents
	CommissionCents Cents
	Status          StatementStatus
	EmailedAt       *time.Time
	PayoutID        string
	PaidAt          *time.Time
}

// Payable is the amount to transfer after adjustments. It never goes below zero;
// negative balances are carried by the adjustment ledger.
func (s CommissionStatement) Payable() Cents {
	v := s.CommissionCents + s.AdjustCents
	if v < 0 {
		return 0
	}
	return v
}

// Adjustment is a manual credit or debit to a host's next statement.
type Adjustment struct {
	ID          string
	HostID      string
	AmountCents Cents
	Reason      string
	CreatedBy   string
	CreatedAt   time.Time
}

type CreateAdjustment struct {
	HostID      string `json:"-"`
	AmountCents Cents  `json:"amount_cents"`
	Reason      string `json:"reason"`
	CreatedBy   string `json:"-"`
}

func (c CreateAdjustment) Validate() error {
	if c.AmountCents == 0 {
		return Invalid("amount_cents", "must not be zero")
	}
	if len(c.Reason) < 4 {
		return Invalid("reason", "too short")
	}
	return nil
}
