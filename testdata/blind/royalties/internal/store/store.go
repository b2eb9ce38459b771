// Package store declares the repositories the services depend on. The
// Postgres implementations live in store/pg; every method honours the
// transaction carried in ctx by txm.Manager.
package store

import (
	"context"
	"encoding/json"
	"time"

	"github.com/google/uuid"

	"github.com/soundledger/royalties/internal/domain"
)

// PayoutSettings are the artist fields finance may edit.
type PayoutSettings struct {
	Currency       string
	Schedule       string
	MinPayoutCents int64
}

// Artists persists payees.
type Artists interface {
	// UpsertByExternalID creates the artist or returns the existing row for
	// (distributor_id, external_artist_id). created reports which happened.
	UpsertByExternalID(ctx context.Context, a domain.Artist) (artist domain.Artist, created bool, err error)
	Get(ctx context.Context, id string) (domain.Artist, error)
	GetByExternalID(ctx context.Context, distributorID, externalID string) (domain.Artist, error)
	SetStripeAccount(ctx context.Context, id, accountID string) error
	UpdatePayoutSettings(ctx context.Context, id string, s PayoutSettings) (domain.Artist, error)
	ListActive(ctx context.Context, afterID string, limit int) ([]domain.Artist, error)
}

// Catalog persists tracks and royalty splits.
type Catalog interface {
	// UpsertTrack applies t if its version is newer than the stored one.
	UpsertTrack(ctx context.Context, t domain.Track) (applied bool, err error)
	GetTrack(ctx context.Context, isrc string) (domain.Track, error)
	InsertSplit(ctx context.Context, s domain.Split) error
	SplitsForTrack(ctx context.Context, isrc string) ([]domain.Split, error)
}

// Earning is one track's contribution to an artist's statement.
type Earning struct {
	ISRC        string
	Plays       int64
	AmountCents int64
}

// Reports persists play-count reports.
type Reports interface {
	// CreateReport inserts the header unless one exists for the natural key;
	// it always returns the stored row.
	CreateReport(ctx context.Context, r domain.PlayReport) (report domain.PlayReport, created bool, err error)
	Get(ctx context.Context, id string) (domain.PlayReport, error)
	GetByExternalID(ctx context.Context, distributorID, externalID string) (domain.PlayReport, error)
	InsertLines(ctx context.Context, lines []domain.PlayLine) (inserted int64, err error)
	AdjustLinePlays(ctx context.Context, reportID string, lineNo int, deltaPlays, deltaRevenueMicros int64) error
	ClaimCorrection(ctx context.Context, correctionID, reportID string) (bool, error)
	Totals(ctx context.Context, reportID string) (lines int, plays int64, err error)
	SetStatus(ctx context.Context, id, status string) error
	InsertReconciliation(ctx context.Context, rec domain.Reconciliation) error
	EarningsForArtist(ctx context.Context, artistID string, period domain.Period) ([]Earning, error)
}

// Advances persists recoupable advances.
type Advances interface {
	Insert(ctx context.Context, a domain.Advance) error
	Outstanding(ctx context.Context, artistID string) ([]domain.Advance, error)
	Recoup(ctx context.Context, id uuid.UUID, cents int64) error
}

// EmailLogEntry records a message accepted by the e-mail provider.
type EmailLogEntry struct {
	ID                string
	StatementID       string
	Template          string
	Recipient         string
	ProviderMessageID string
	SentAt            time.Time
}

// Statements persists royalty statements.
type Statements interface {
	// Insert creates s unless a statement exists for (artist, period).
	Insert(ctx context.Context, s domain.Statement) (created bool, err error)
	InsertLines(ctx context.Context, lines []domain.StatementLine) error
	Get(ctx context.Context, id string) (domain.Statement, error)
	GetByArtistPeriod(ctx context.Context, artistID string, period domain.Period) (domain.Statement, error)
	// Transition moves a statement to `to` if its status is one of from.
	Transition(ctx context.Context, id string, from []string, to string) (bool, error)
	MarkEmailed(ctx context.Context, id string, at time.Time) error
	LogEmail(ctx context.Context, e EmailLogEntry) error
}

// Ledger persists balance movements.
type Ledger interface {
	Append(ctx context.Context, e domain.LedgerEntry) error
	Balance(ctx context.Context, artistID, currency string) (int64, error)
}

// Adjustments persists manual adjustments.
type Adjustments interface {
	Insert(ctx context.Context, a domain.Adjustment) error
}

// Payouts persists payout intents and their provider state.
type Payouts interface {
	// EnsureStatementTransfer returns the transfer payout for the
	// statement, creating it from p when absent.
	EnsureStatementTransfer(ctx context.Context, p domain.Payout) (domain.Payout, error)
	// EnsureBankPayout returns the bank payout for p.ParentPayoutID,
	// creating it when absent.
	EnsureBankPayout(ctx context.Context, p domain.Payout) (domain.Payout, error)
	Insert(ctx context.Context, p domain.Payout) error
	Get(ctx context.Context, id string) (domain.Payout, error)
	GetByStripeTransfer(ctx context.Context, transferID string) (domain.Payout, error)
	GetByStripePayout(ctx context.Context, payoutID string) (domain.Payout, error)
	SetStripeTransfer(ctx context.Context, id, transferID string) error
	SetStripePayout(ctx context.Context, id, payoutID string) error
	Transition(ctx context.Context, id string, from []string, to, failureCode string) (bool, error)
	RecordAttempt(ctx context.Context, a domain.PayoutAttempt) error
}

// IdempotencyRecord is the stored state of a client idempotency key.
type IdempotencyRecord struct {
	Scope          string
	Key            string
	RequestHash    string
	ResponseStatus int
	ResponseBody   json.RawMessage
	Completed      bool
}

// Idempotency stores client-supplied idempotency keys.
type Idempotency interface {
	// Claim inserts the key. If it already exists the stored record is
	// returned with claimed=false.
	Claim(ctx context.Context, scope, key, requestHash string) (rec IdempotencyRecord, claimed bool, err error)
	Complete(ctx context.Context, scope, key string, status int, body json.RawMessage) error
}

// WebhookDelivery is the raw audit copy of an inbound webhook.
type WebhookDelivery struct {
	ID         string
	Provider   string
	EventID    string
	EventType  string
	Payload    json.RawMessage
	ReceivedAt time.Time
}

// Events deduplicates provider webhook events.
type Events interface {
	// Claim records eventID; it returns false if it was already recorded.
	Claim(ctx context.Context, eventID, eventType string) (bool, error)
	Seen(ctx context.Context, eventID string) (bool, error)
	MarkSeen(ctx context.Context, eventID, eventType string) error
	LogDelivery(ctx context.Context, d WebhookDelivery) error
}
