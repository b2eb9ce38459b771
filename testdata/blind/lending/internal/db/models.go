package db

import (
	"time"

	"github.com/jackc/pgx/v5/pgtype"
)

type Customer struct {
	ID               string
	Email            string
	Phone            pgtype.Text
	StripeCustomerID pgtype.Text
	BureauSubjectID  pgtype.Text
	CreditLimitCents int64
	CreatedAt        time.Time
}

type Application struct {
	ID          string
	CustomerID  string
	MerchantID  string
	OrderRef    string
	AmountCents int64
	Currency    string
	TermMonths  int32
	Status      string
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

type CreditCheck struct {
	ID            string
	ApplicationID string
	Kind          string
	BureauRef     pgtype.Text
	Status        string
	Score         pgtype.Int4
	DecidedAt     pgtype.Timestamptz
	CreatedAt     time.Time
}

type Offer struct {
	ID            string
	ApplicationID string
	ApprovedCents int64
	AprBps        int32
	TermMonths    int32
	Status        string
	ExpiresAt     time.Time
	CreatedAt     time.Time
}

type BankAccount struct {
	ID           string
	CustomerID   string
	Fingerprint  string
	HolderName   string
	SortCode     string
	AccountLast4 string
	VaultToken   string
	Status       string
	CreatedAt    time.Time
}

type Loan struct {
	ID             string
	OfferID        string
	CustomerID     string
	BankAccountID  pgtype.Text
	PrincipalCents int64
	BalanceCents   int64
	FeesCents      int64
	Currency       string
	Status         string
	AutopayPm      pgtype.Text
	Version        int32
	DisbursedAt    pgtype.Timestamptz
	ChargedOffAt   pgtype.Timestamptz
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

type Instalment struct {
	ID          string
	LoanID      string
	Seq         int32
	DueDate     pgtype.Date
	AmountCents int64
	PaidCents   int64
	Status      string
}

type Disbursement struct {
	ID              string
	LoanID          string
	Attempt         int32
	BankAccountID   string
	AmountCents     int64
	ClientReference string
	PartnerRef      pgtype.Text
	Status          string
	FailureReason   pgtype.Text
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

type Payment struct {
	ID              string
	LoanID          string
	Kind            string
	AmountCents     int64
	Currency        string
	PaymentMethodID pgtype.Text
	Status          string
	ProcessorRef    pgtype.Text
	FailureCode     pgtype.Text
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

type Fee struct {
	ID           string
	LoanID       string
	InstalmentID string
	Kind         string
	AmountCents  int64
	Status       string
	PaymentID    pgtype.Text
	WaivedBy     pgtype.Text
	CreatedAt    time.Time
}

type IdempotencyKey struct {
	Scope      string
	Key        string
	ResourceID pgtype.Text
	CreatedAt  time.Time
}

type OutboxEvent struct {
	ID           string
	Topic        string
	PartitionKey string
	Payload      []byte
	CreatedAt    time.Time
	PublishedAt  pgtype.Timestamptz
}
