// Package domain contains the royalty platform's core types.
package domain

import (
	"time"

	"github.com/google/uuid"
)

// Money amounts are integer minor units (cents) in Currency; per-play rates
// are micro-units so that fractions of a cent survive aggregation.

// Artist is a payee.
type Artist struct {
	ID               string
	DistributorID    string
	ExternalArtistID string
	DisplayName      string
	Email            string
	StripeAccountID  string
	PayoutCurrency   string
	PayoutSchedule   string
	MinPayoutCents   int64
	Status           string
	CreatedAt        time.Time
}

// Track is a recording identified by ISRC.
type Track struct {
	ISRC            string
	Title           string
	PrimaryArtistID string
	RateMicros      int64
	Version         int64
	UpdatedAt       time.Time
}

// Split assigns a share (basis points) of a track's royalties to an artist.
type Split struct {
	TrackISRC string
	ArtistID  string
	ShareBPS  int
	CreatedBy string
	CreatedAt time.Time
}

// ReportStatus values.
const (
	ReportReceiving  = "receiving"
	ReportComplete   = "complete"
	ReportReconciled = "reconciled"
	ReportMismatch   = "mismatch"
)

// PlayReport is a distributor's monthly play-count report header.
type PlayReport struct {
	ID               string
	DistributorID    string
	ExternalReportID string
	Period           Period
	ExpectedLines    int
	ExpectedPlays    int64
	Status           string
	ReceivedAt       time.Time
}

// PlayLine is one line of a play report.
type PlayLine struct {
	ReportID      string
	LineNo        int
	ISRC          string
	Territory     string
	Plays         int64
	RevenueMicros int64
}

// Reconciliation compares a report's manifest with the lines received.
type Reconciliation struct {
	ReportID      string
	ExpectedPlays int64
	ActualPlays   int64
	ExpectedLines int
	ActualLines   int
	Outcome       string
}

// Advance is a recoupable amount paid to an artist by a label deal.
type Advance struct {
	ID            uuid.UUID
	ArtistID      string
	DealID        string
	AmountCents   int64
	RecoupedCents int64
	Currency      string
	EffectiveAt   time.Time
}

// Statement status values.
const (
	StatementOpen     = "open"
	StatementApproved = "approved"
	StatementPaid     = "paid"
	StatementVoid     = "void"

	EmailPending = "pending"
	EmailSent    = "sent"
)

// Statement is an artist's royalty statement for one period.
type Statement struct {
	ID            string
	ArtistID      string
	Period        Period
	Currency      string
	GrossCents    int64
	RecoupedCents int64
	NetCents      int64
	Status        string
	EmailStatus   string
	EmailedAt     *time.Time
	CreatedAt     time.Time
	Lines         []StatementLine
}

// StatementLine is the per-track breakdown of a statement.
type StatementLine struct {
	StatementID string
	ISRC        string
	Plays       int64
	AmountCents int64
}

// Ledger entry types.
const (
	EntryStatementCredit  = "statement_credit"
	EntryStatementReverse = "statement_reversal"
	EntryAdjustment       = "adjustment"
	EntryPayoutDebit      = "payout_debit"
	EntryPayoutReturn     = "payout_return"
	EntryTransferReversal = "transfer_reversal"
)

// LedgerEntry moves an artist's payable balance. Positive amounts are owed
// to the artist.
type LedgerEntry struct {
	ID          string
	ArtistID    string
	EntryType   string
	AmountCents int64
	Currency    string
	RefType     string
	RefID       string
	Memo        string
	CreatedAt   time.Time
}

// Adjustment is a manual credit or debit entered by finance.
type Adjustment struct {
	ID          string
	ArtistID    string
	AmountCents int64
	Currency    string
	Reason      string
	CreatedBy   string
	CreatedAt   time.Time
}

// Payout methods and statuses.
const (
	PayoutMethodTransfer = "transfer"
	PayoutMethodBank     = "bank"

	PayoutPending   = "pending"
	PayoutSubmitted = "submitted"
	PayoutPaid      = "paid"
	PayoutFailed    = "failed"
	PayoutCanceled  = "canceled"
)

// Payout moves money to an artist: a Connect transfer to their Stripe
// account, or a payout from that account to their bank.
type Payout struct {
	ID               string
	ArtistID         string
	StatementID      string
	ParentPayoutID   string
	Method           string
	AmountCents      int64
	Currency         string
	StripeTransferID string
	StripePayoutID   string
	Status           string
	FailureCode      string
	RequestedBy      string
	CreatedAt        time.Time
	UpdatedAt        time.Time
}

// PayoutAttempt is an append-only record of one provider call.
type PayoutAttempt struct {
	ID          string
	PayoutID    string
	AttemptedAt time.Time
	Outcome     string
	Detail      string
}
