package domain

import (
	"time"

	"github.com/google/uuid"
)

type LoanStatus string

const (
	LoanActive    LoanStatus = "active"
	LoanRedeemed  LoanStatus = "redeemed"
	LoanForfeited LoanStatus = "forfeited"
)

type Loan struct {
	ID                  uuid.UUID  `db:"id" json:"id"`
	TicketNo            string     `db:"ticket_no" json:"ticket_no"`
	BranchID            string     `db:"branch_id" json:"branch_id"`
	CustomerID          uuid.UUID  `db:"customer_id" json:"customer_id"`
	Principal           Cents      `db:"principal_cents" json:"principal_cents"`
	MonthlyRateBps      int        `db:"monthly_rate_bps" json:"monthly_rate_bps"`
	AccruedInterest     Cents      `db:"accrued_interest_cents" json:"accrued_interest_cents"`
	TermDays            int        `db:"term_days" json:"term_days"`
	GraceDays           int        `db:"grace_days" json:"grace_days"`
	IssuedAt            time.Time  `db:"issued_at" json:"issued_at"`
	DueDate             time.Time  `db:"due_date" json:"due_date"`
	Status              LoanStatus `db:"status" json:"status"`
	PoliceReportRef     *string    `db:"police_report_ref" json:"-"`
	PoliceReportedAt    *time.Time `db:"police_reported_at" json:"-"`
	ForfeitNoticeSentAt *time.Time `db:"forfeit_notice_sent_at" json:"-"`
	RedeemedAt          *time.Time `db:"redeemed_at" json:"redeemed_at,omitempty"`
	ForfeitedAt         *time.Time `db:"forfeited_at" json:"forfeited_at,omitempty"`
	CreatedAt           time.Time  `db:"created_at" json:"created_at"`
	UpdatedAt           time.Time  `db:"updated_at" json:"updated_at"`
}

// Payoff is what the customer owes to take the goods home today.
func (l Loan) Payoff() Cents { return l.Principal + l.AccruedInterest }

// GraceEnds is the last day the customer can still redeem or renew.
func (l Loan) GraceEnds() time.Time { return Date(l.DueDate).AddDate(0, 0, l.GraceDays) }

// NextDueDate is the due date after one more term.
func (l Loan) NextDueDate() time.Time { return Date(l.DueDate).AddDate(0, 0, l.TermDays) }

type ItemStatus string

const (
	ItemHeld      ItemStatus = "held"
	ItemReleased  ItemStatus = "released"
	ItemForfeited ItemStatus = "forfeited"
	ItemListed    ItemStatus = "listed"
	ItemSold      ItemStatus = "sold"
)

type Item struct {
	ID           uuid.UUID  `db:"id" json:"id"`
	LoanID       uuid.UUID  `db:"loan_id" json:"loan_id"`
	Category     string     `db:"category" json:"category"`
	Description  string     `db:"description" json:"description"`
	Brand        *string    `db:"brand" json:"brand,omitempty"`
	Model        *string    `db:"model" json:"model,omitempty"`
	SerialNumber *string    `db:"serial_number" json:"serial_number,omitempty"`
	Appraised    Cents      `db:"appraised_cents" json:"appraised_cents"`
	Status       ItemStatus `db:"status" json:"status"`
	CreatedAt    time.Time  `db:"created_at" json:"created_at"`
}

// LoanWithItems is the pawn ticket as the counter sees it.
type LoanWithItems struct {
	Loan
	Items []Item `json:"items"`
}

type ForfeitReason string

const (
	ForfeitGraceExpired ForfeitReason = "grace_expired"
	ForfeitManual       ForfeitReason = "manual"
)

type Forfeiture struct {
	LoanID      uuid.UUID     `db:"loan_id"`
	Reason      ForfeitReason `db:"reason"`
	Payoff      Cents         `db:"payoff_cents"`
	ForfeitedAt time.Time     `db:"forfeited_at"`
}

type Accrual struct {
	ID          uuid.UUID `db:"id"`
	LoanID      uuid.UUID `db:"loan_id"`
	AccrualDate time.Time `db:"accrual_date"`
	Amount      Cents     `db:"amount_cents"`
}

type Branch struct {
	ID           string `db:"id"`
	Name         string `db:"name"`
	StoreLicense string `db:"store_license"`
	Timezone     string `db:"timezone"`
	Phone        string `db:"phone"`
}
