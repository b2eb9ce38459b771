// Package repo declares the persistence ports the services depend on. The
// Postgres implementations live in internal/store/pg.
package repo

import (
	"context"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/civicfund/grants/internal/domain"
)

// IdempotencyKeys stores caller-supplied Idempotency-Key headers.
type IdempotencyKeys interface {
	// Claim inserts (scope,key)->resourceID. It returns false when the key
	// was already present.
	Claim(ctx context.Context, scope, key, resourceID string) (bool, error)
	Lookup(ctx context.Context, scope, key string) (string, error)
	WithTx(tx *sqlx.Tx) IdempotencyKeys
}

// Donations persists one-off gifts.
type Donations interface {
	Insert(ctx context.Context, d domain.Donation) error
	Get(ctx context.Context, id string) (*domain.Donation, error)
	SetPaymentIntent(ctx context.Context, id, intentID, clientSecret string) error
	MarkSucceededByIntent(ctx context.Context, intentID string) (*domain.Donation, error)
	MarkFailedByIntent(ctx context.Context, intentID string) error
	AddRefunded(ctx context.Context, id string, cents int64) error
	ReassignDonor(ctx context.Context, fromDonor, toDonor string) (int64, error)
	WithTx(tx *sqlx.Tx) Donations
}

// Refunds persists refunds issued through Stripe.
type Refunds interface {
	Insert(ctx context.Context, r domain.Refund) error
	LatestForDonation(ctx context.Context, donationID string) (*domain.Refund, error)
}

// Pledges persists recurring pledges.
type Pledges interface {
	Insert(ctx context.Context, p domain.Pledge) error
	Get(ctx context.Context, id string) (*domain.Pledge, error)
	ReassignDonor(ctx context.Context, fromDonor, toDonor string) (int64, error)
	WithTx(tx *sqlx.Tx) Pledges
}

// Installments persists per-period pledge charges.
type Installments interface {
	Ensure(ctx context.Context, pledgeID, period string, amount int64) error
	GetForUpdate(ctx context.Context, pledgeID, period string) (*domain.Installment, error)
	MarkPaid(ctx context.Context, pledgeID, period, intentID string) error
	WithTx(tx *sqlx.Tx) Installments
}

// ProcessedEvents remembers provider webhook event ids.
type ProcessedEvents interface {
	MarkProcessed(ctx context.Context, eventID, eventType string) (bool, error)
	WithTx(tx *sqlx.Tx) ProcessedEvents
}

// Outbox stores events to be relayed to the FIFO queue.
type Outbox interface {
	Enqueue(ctx context.Context, m domain.OutboxMessage) error
	LockUnsent(ctx context.Context, limit int) ([]domain.OutboxMessage, error)
	MarkSent(ctx context.Context, id string, at time.Time) error
	WithTx(tx *sqlx.Tx) Outbox
}

// Ledger writes double-entry postings.
type Ledger interface {
	InsertEntry(ctx context.Context, e domain.LedgerEntry) (bool, error)
	WithTx(tx *sqlx.Tx) Ledger
}

// Campaigns updates campaign totals.
type Campaigns interface {
	Get(ctx context.Context, id string) (*domain.Campaign, error)
	AddRaised(ctx context.Context, id string, cents int64) error
	AddOffline(ctx context.Context, id string, cents int64) error
	WithTx(tx *sqlx.Tx) Campaigns
}

// Inbox remembers consumed message ids per consumer.
type Inbox interface {
	Claim(ctx context.Context, consumer, messageID string) (bool, error)
}

// Donors persists donor records.
type Donors interface {
	Get(ctx context.Context, id string) (*domain.Donor, error)
	GetForUpdate(ctx context.Context, id string) (*domain.Donor, error)
	MarkMerged(ctx context.Context, sourceID, targetID string) error
	SetEmailStatus(ctx context.Context, email, status string) error
	SetLastReceiptYear(ctx context.Context, id string, year int) error
	WithTx(tx *sqlx.Tx) Donors
}

// Suppressions is the e-mail suppression list.
type Suppressions interface {
	Upsert(ctx context.Context, email, reason string) error
}

// Audit is an append-only log of inbound webhook deliveries.
type Audit interface {
	Append(ctx context.Context, id, source string, payload []byte) error
}

// TaxReceipts records annual receipts that have been e-mailed.
type TaxReceipts interface {
	Exists(ctx context.Context, donorID string, year int) (bool, error)
	Upsert(ctx context.Context, donorID string, year int, messageID string) error
}

// EmailOutbox records e-mails we intend to send, keyed by message key.
type EmailOutbox interface {
	Ensure(ctx context.Context, row domain.EmailOutboxRow) (*domain.EmailOutboxRow, error)
	MarkSent(ctx context.Context, messageKey string) error
}

// MatchingOffers persists sponsor matching offers.
type MatchingOffers interface {
	InsertIfAbsent(ctx context.Context, o domain.MatchingOffer) (bool, error)
	GetBySponsor(ctx context.Context, campaignID, sponsorRef string) (*domain.MatchingOffer, error)
	ActiveForCampaignForUpdate(ctx context.Context, campaignID string) (*domain.MatchingOffer, error)
	DecrementRemaining(ctx context.Context, id string, cents int64) error
	WithTx(tx *sqlx.Tx) MatchingOffers
}

// MatchAllocations persists applied matches.
type MatchAllocations interface {
	Insert(ctx context.Context, a domain.MatchAllocation) error
	WithTx(tx *sqlx.Tx) MatchAllocations
}

// Organizations reads grantee organisations.
type Organizations interface {
	Get(ctx context.Context, id string) (*domain.Organization, error)
}

// Cycles reads grant cycles.
type Cycles interface {
	Get(ctx context.Context, id string) (*domain.GrantCycle, error)
}

// Applications persists grant applications.
type Applications interface {
	Insert(ctx context.Context, a domain.Application) error
}

// Grants persists awarded grants.
type Grants interface {
	Get(ctx context.Context, id string) (*domain.Grant, error)
	GetForUpdate(ctx context.Context, id string) (*domain.Grant, error)
	Approve(ctx context.Context, id, approver string, at time.Time) error
	SetStatus(ctx context.Context, id, status string) error
	AddDisbursed(ctx context.Context, id string, cents int64) error
	AddSettled(ctx context.Context, id string, cents int64) error
	AddReturned(ctx context.Context, id string, cents int64) error
	WithTx(tx *sqlx.Tx) Grants
}

// Funds manages restricted fund balances and reservations.
type Funds interface {
	GetForUpdate(ctx context.Context, fundID string) (*domain.FundBalance, error)
	FindReservation(ctx context.Context, grantID string, tranche int) (*domain.Reservation, error)
	InsertReservation(ctx context.Context, r domain.Reservation) error
	MoveToReserved(ctx context.Context, fundID string, cents int64) error
	ConsumeReservation(ctx context.Context, grantID string, tranche int) error
	WithTx(tx *sqlx.Tx) Funds
}

// Payouts persists bank payouts.
type Payouts interface {
	Ensure(ctx context.Context, p domain.Payout) (*domain.Payout, error)
	Get(ctx context.Context, id string) (*domain.Payout, error)
	GetForUpdate(ctx context.Context, id string) (*domain.Payout, error)
	MarkSubmitted(ctx context.Context, id, transferID string) error
	MarkSettled(ctx context.Context, id string, at time.Time) error
	MarkReturnedByTransfer(ctx context.Context, transferID string) (*domain.Payout, error)
	LogAttempt(ctx context.Context, id, payoutID string, attempt int, errText string) error
	WithTx(tx *sqlx.Tx) Payouts
}

// Disbursements persists the accounting record of paid tranches.
type Disbursements interface {
	Insert(ctx context.Context, d domain.Disbursement) error
}

// EmergencyPayouts persists one-shot emergency payouts.
type EmergencyPayouts interface {
	Ensure(ctx context.Context, p domain.EmergencyPayout) (*domain.EmergencyPayout, error)
	MarkSubmitted(ctx context.Context, requestID, transferID string) error
}

// GranteeDeliveries records outbound webhook deliveries to grantees.
type GranteeDeliveries interface {
	Delivered(ctx context.Context, orgID, eventKey string) (bool, error)
	Record(ctx context.Context, orgID, eventKey string, statusCode int) error
}

// Notifications is an append-only log of SMS notifications.
type Notifications interface {
	AppendSMS(ctx context.Context, id, orgID, phone, body string) error
}

// BankEvents remembers bank partner webhook event ids.
type BankEvents interface {
	Seen(ctx context.Context, eventID string) (bool, error)
	Record(ctx context.Context, eventID, eventType string) error
}
