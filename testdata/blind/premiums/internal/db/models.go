package db

import (
	"database/sql"
	"encoding/json"
	"time"
)

type Policyholder struct {
	ID               string
	Email            string
	Phone            sql.NullString
	FullName         string
	StripeCustomerID sql.NullString
	BankAccountToken sql.NullString
	ContactVersion   int64
}

type Pet struct {
	ID             string
	PolicyholderID string
	Name           string
	Species        string
	Breed          string
	DateOfBirth    time.Time
}

type Quote struct {
	ID                  string
	Reference           string
	IdempotencyKey      string
	PolicyholderID      string
	PetID               string
	PlanCode            string
	MonthlyPremiumCents int64
	AnnualLimitCents    int64
	ExcessCents         int64
	Currency            string
	ExpiresAt           time.Time
	CreatedAt           time.Time
}

type Policy struct {
	ID                  string
	QuoteID             string
	PolicyholderID      string
	PetID               string
	Status              string
	MonthlyPremiumCents int64
	AnnualLimitCents    int64
	ReservedCents       int64
	ArrearsCents        int64
	WellnessVisitsLeft  int32
	Currency            string
	PaymentMethodID     string
	StartsOn            time.Time
	RenewsOn            time.Time
	CancelledAt         sql.NullTime
}

const (
	PolicyPendingPayment = "pending_payment"
	PolicyActive         = "active"
	PolicyLapsed         = "lapsed"
	PolicyCancelled      = "cancelled"
)

type PremiumSchedule struct {
	ID          string
	PolicyID    string
	PeriodStart time.Time
	PeriodEnd   time.Time
	AmountCents int64
	Currency    string
	Status      string
}

type PremiumCharge struct {
	ID              string
	PolicyID        string
	ScheduleID      sql.NullString
	Kind            string
	AmountCents     int64
	Currency        string
	Status          string
	PaymentIntentID sql.NullString
}

type Claim struct {
	ID               string
	PolicyID         string
	ClinicCode       sql.NullString
	VetInvoiceNumber string
	Source           string
	Condition        string
	TreatmentDate    time.Time
	ClaimedCents     int64
	ApprovedCents    sql.NullInt64
	Currency         string
	PayVetDirect     bool
	Status           string
}

type Payout struct {
	ID          string
	ClaimID     string
	PolicyID    string
	PayeeKind   string
	AmountCents int64
	Currency    string
	Status      string
	TransferRef sql.NullString
	Attempt     int32
}

type Notification struct {
	ID                string
	DedupKey          string
	PolicyholderID    string
	Channel           string
	Template          string
	Params            json.RawMessage
	Status            string
	ProviderMessageID sql.NullString
}

type Refund struct {
	ID              string
	PolicyID        string
	PaymentIntentID string
	AmountCents     int64
	Currency        string
	Status          string
	StripeRefundID  sql.NullString
}

type Clinic struct {
	ID            string
	ClinicCode    string
	Name          string
	Postcode      string
	CallbackURL   sql.NullString
	StripeAccount sql.NullString
	Status        string
}
