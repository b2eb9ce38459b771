package store

import (
	"time"

	"github.com/shopspring/decimal"
)

// MilestoneStatus is the lifecycle state of a milestone.
type MilestoneStatus string

const (
	MilestoneDraft            MilestoneStatus = "draft"
	MilestoneFundingPending   MilestoneStatus = "funding_pending"
	MilestoneFunded           MilestoneStatus = "funded"
	MilestoneSubmitted        MilestoneStatus = "submitted"
	MilestoneChangesRequested MilestoneStatus = "changes_requested"
	MilestoneApproved         MilestoneStatus = "approved"
	MilestoneReleased         MilestoneStatus = "released"
	MilestoneDisputed         MilestoneStatus = "disputed"
	MilestoneSettled          MilestoneStatus = "settled"
	MilestoneCancelled        MilestoneStatus = "cancelled"
)

type Contract struct {
	ID              string
	ClientID        string
	FreelancerID    string
	ClientEmail     string
	FreelancerEmail string
	Currency        string
	FeeBps          int
	Status          string
	CreatedAt       time.Time
}

type Milestone struct {
	ID          string
	ContractID  string
	Title       string
	Description string
	AmountMinor int64
	Currency    string
	Status      MilestoneStatus
	DueAt       *time.Time
	SubmittedAt *time.Time
	ApprovedAt  *time.Time
	CancelledAt *time.Time
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

// FundingIntent is the durable record of a client's request to fund a
// milestone; its id is the provider idempotency key for the charge.
type FundingIntent struct {
	ID               string
	MilestoneID      string
	IdempotencyKey   string
	PaymentMethodID  string
	AmountMinor      int64
	Currency         string
	Status           string
	ProviderChargeID string
	FailureReason    string
	CreatedAt        time.Time
}

const (
	FundingPending    = "pending"
	FundingProcessing = "processing"
	FundingSucceeded  = "succeeded"
	FundingFailed     = "failed"
)

type EscrowAccount struct {
	MilestoneID   string
	Currency      string
	FundedMinor   int64
	HeldMinor     int64
	ReleasedMinor int64
	RefundedMinor int64
	Frozen        bool
	UpdatedAt     time.Time
}

type LedgerEntry struct {
	ID          string
	EntryKey    string
	MilestoneID string
	Account     string
	Direction   string
	AmountMinor int64
	Currency    string
	Reason      string
	CreatedAt   time.Time
}

const (
	AccountEscrow     = "escrow"
	AccountFreelancer = "freelancer"
	AccountClient     = "client"
	AccountPlatform   = "platform"

	Debit  = "debit"
	Credit = "credit"
)

type Release struct {
	ID           string
	MilestoneID  string
	FreelancerID string
	GrossMinor   int64
	FeeMinor     int64
	NetMinor     int64
	Currency     string
	Source       string
	CreatedAt    time.Time
}

type PlatformFee struct {
	ID          string
	ReleaseID   string
	MilestoneID string
	AmountMinor int64
	Currency    string
	FeeBps      int
	Period      string
}

type Submission struct {
	ID            string
	MilestoneID   string
	SubmissionRef string
	Revision      int
	Note          string
	FileURLs      []string
	Status        string
	CreatedAt     time.Time
}

const (
	SubmissionPending          = "pending"
	SubmissionAccepted         = "accepted"
	SubmissionChangesRequested = "changes_requested"
)

type SubmissionReview struct {
	SubmissionID string
	Decision     string
	Note         string
	ReviewerID   string
}

type Dispute struct {
	ID             string
	MilestoneID    string
	OpenedBy       string
	Reason         string
	Status         string
	DisputedMinor  int64
	Currency       string
	ClientShareBps *int
	ResolutionNote string
	ResolvedBy     string
	ResolvedAt     *time.Time
	SettledAt      *time.Time
	CreatedAt      time.Time
}

const (
	DisputeOpen     = "open"
	DisputeResolved = "resolved"
	DisputeSettled  = "settled"
)

type Evidence struct {
	ID          string
	DisputeID   string
	SubmittedBy string
	URL         string
	Note        string
	CreatedAt   time.Time
}

type BankAccount struct {
	ID                  string
	FreelancerID        string
	ProviderRecipientID string
	HolderName          string
	Last4               string
	Country             string
	Currency            string
	IsDefault           bool
	CreatedAt           time.Time
}

type Payout struct {
	ID               string
	FreelancerID     string
	BankAccountID    string
	RequestKey       string
	AmountMinor      int64
	Currency         string
	Status           string
	IdempotencyKey   string
	ProviderPayoutID string
	FailureReason    string
	SubmittedAt      *time.Time
	CreatedAt        time.Time
}

const (
	PayoutBlockedTax = "blocked_tax"
	PayoutQueued     = "queued"
	PayoutRetrying   = "retrying"
	PayoutSubmitted  = "submitted"
	PayoutPaid       = "paid"
	PayoutFailed     = "failed"
	PayoutReturned   = "returned"
)

type PayoutAttempt struct {
	ID             string
	PayoutID       string
	Kind           string
	ProviderStatus string
	Error          string
}

type FxQuote struct {
	ID              string
	MilestoneID     string
	RequestID       string
	SourceCurrency  string
	TargetCurrency  string
	SourceMinor     int64
	TargetMinor     int64
	Rate            decimal.Decimal
	ProviderQuoteID string
	Status          string
	ExpiresAt       time.Time
	CreatedAt       time.Time
}

const (
	QuoteOpen     = "open"
	QuoteAccepted = "accepted"
	QuoteExpired  = "expired"
)

type FxConversion struct {
	ID                   string
	QuoteID              string
	Status               string
	ProviderConversionID string
	SettledTargetMinor   int64
}

type TaxFormRequest struct {
	ID                 string
	FreelancerID       string
	FreelancerEmail    string
	FormType           string
	TaxYear            int
	Status             string
	ProviderEnvelopeID string
	SentAt             *time.Time
	CompletedAt        *time.Time
	CreatedAt          time.Time
}

const (
	TaxRequestPending   = "pending"
	TaxRequestSent      = "sent"
	TaxRequestCompleted = "completed"
)

type TaxForm struct {
	ID             string
	ProviderFormID string
	RequestID      string
	FreelancerID   string
	FormType       string
	TINLast4       string
	Status         string
	CompletedAt    *time.Time
}

type Refund struct {
	MilestoneID      string
	FundingIntentID  string
	AmountMinor      int64
	Currency         string
	Status           string
	ProviderRefundID string
}
