// Package budgets tracks budget per cost centre and fiscal year, and the
// reservations purchase orders hold against it. It uses gorm.
package budgets

import (
	"errors"
	"time"
)

// Reservation statuses.
const (
	ReservationReserved = "reserved"
	ReservationReleased = "released"
	ReservationConsumed = "consumed"
	ReservationExpired  = "expired"
)

// ErrInsufficientBudget is returned when a cost centre cannot cover an
// amount.
var ErrInsufficientBudget = errors.New("insufficient budget on cost centre")

// CostCentre is a budget line for one fiscal year.
type CostCentre struct {
	Code           string    `gorm:"primaryKey;column:code" json:"code"`
	FiscalYear     int       `gorm:"primaryKey;column:fiscal_year" json:"fiscal_year"`
	Name           string    `json:"name"`
	Currency       string    `json:"currency"`
	AllocatedMinor int64     `json:"allocated_minor"`
	ReservedMinor  int64     `json:"reserved_minor"`
	ConsumedMinor  int64     `json:"consumed_minor"`
	UpdatedAt      time.Time `json:"updated_at"`
}

// TableName implements gorm's Tabler.
func (CostCentre) TableName() string { return "cost_centres" }

// Available is what can still be reserved.
func (c CostCentre) Available() int64 { return c.AllocatedMinor - c.ReservedMinor - c.ConsumedMinor }

// Reservation holds budget for a requisition or PO.
type Reservation struct {
	ID             string     `gorm:"primaryKey" json:"id"`
	CostCentre     string     `json:"cost_centre"`
	FiscalYear     int        `json:"fiscal_year"`
	AmountMinor    int64      `json:"amount_minor"`
	Reference      string     `json:"reference"`
	IdempotencyKey string     `json:"-"`
	Status         string     `json:"status"`
	ExpiresAt      time.Time  `json:"expires_at"`
	CreatedAt      time.Time  `json:"created_at"`
	ReleasedAt     *time.Time `json:"released_at,omitempty"`
}

// TableName implements gorm's Tabler.
func (Reservation) TableName() string { return "budget_reservations" }

// Transfer moves budget between cost centres.
type Transfer struct {
	ID          string    `gorm:"primaryKey" json:"id"`
	Reference   string    `json:"reference"`
	FromCentre  string    `json:"from_centre"`
	ToCentre    string    `json:"to_centre"`
	FiscalYear  int       `json:"fiscal_year"`
	AmountMinor int64     `json:"amount_minor"`
	ApprovedBy  string    `json:"approved_by"`
	CreatedAt   time.Time `json:"created_at"`
}

// TableName implements gorm's Tabler.
func (Transfer) TableName() string { return "budget_transfers" }

// ReserveInput is the body of POST /budgets/reservations.
type ReserveInput struct {
	CostCentre  string `json:"cost_centre"`
	FiscalYear  int    `json:"fiscal_year"`
	AmountMinor int64  `json:"amount_minor"`
	Reference   string `json:"reference"`
	ValidDays   int    `json:"valid_days"`
}

// TransferInput is the body of POST /budgets/transfers.
type TransferInput struct {
	Reference   string `json:"reference"`
	FromCentre  string `json:"from_centre"`
	ToCentre    string `json:"to_centre"`
	FiscalYear  int    `json:"fiscal_year"`
	AmountMinor int64  `json:"amount_minor"`
	ApprovedBy  string `json:"approved_by"`
}
