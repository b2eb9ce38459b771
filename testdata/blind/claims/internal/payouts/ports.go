// Package payouts moves indemnity money to claimants through Stripe Connect:
// a transfer to the claimant's connected account, then a payout from that
// account to the claimant's bank.
package payouts

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"

	"github.com/harborline/claims/internal/providers/stripepay"
)

// Status of a payout.
type Status string

const (
	StatusPending          Status = "pending"
	StatusTransferInFlight Status = "transfer_in_flight"
	StatusTransferred      Status = "transferred"
	StatusPayoutRequested  Status = "payout_requested"
	StatusSettled          Status = "settled"
	StatusFailed           Status = "failed"
)

// Payout is one indemnity payment to a claimant.
type Payout struct {
	ID                 uuid.UUID
	ClaimID            uuid.UUID
	IdempotencyKey     string
	AmountCents        int64
	Currency           string
	DestinationAccount string
	Status             Status
	StripeTransferID   string
	StripePayoutID     string
	CreatedAt          time.Time
}

var (
	ErrNotFound        = errors.New("payouts: not found")
	ErrClaimNotPayable = errors.New("payouts: claim is not payable")
	ErrNoDestination   = errors.New("payouts: claimant has no connected account")
)

// ClaimInfo is what payouts needs from a claim.
type ClaimInfo struct {
	ID               uuid.UUID
	Status           string
	ConnectedAccount string
	ReserveCents     int64
}

// Repository persists payouts.
type Repository interface {
	InsertIfAbsent(ctx context.Context, p Payout) (inserted bool, err error)
	GetByKey(ctx context.Context, claimID uuid.UUID, key string) (Payout, error)
	Get(ctx context.Context, id uuid.UUID) (Payout, error)
	GetForUpdate(ctx context.Context, id uuid.UUID) (Payout, error)
	SetStatus(ctx context.Context, id uuid.UUID, s Status) error
	SetTransfer(ctx context.Context, id uuid.UUID, transferID string, s Status) error
	SetStripePayout(ctx context.Context, id uuid.UUID, payoutID string, s Status) error
	AppendAttempt(ctx context.Context, id uuid.UUID, payoutID uuid.UUID, attempt int, note string) error
}

// Claims gives read and total-update access to claims.
type Claims interface {
	PayoutInfoForUpdate(ctx context.Context, claimID uuid.UUID) (ClaimInfo, error)
	AddPaid(ctx context.Context, claimID uuid.UUID, amountCents int64) error
}

// Ledger books money movements against a claim.
type Ledger interface {
	Append(ctx context.Context, claimID uuid.UUID, entryType string, amountCents int64, sourceRef string) error
}

// WebhookInbox de-duplicates provider webhooks.
type WebhookInbox interface {
	// Record claims (provider, eventID); it returns false when the event was
	// already recorded.
	Record(ctx context.Context, provider, eventID string) (bool, error)
}

// Provider is the payments provider.
type Provider interface {
	Transfer(ctx context.Context, req stripepay.TransferRequest, opts ...stripepay.CallOption) (stripepay.Result, error)
	Payout(ctx context.Context, req stripepay.PayoutRequest, opts ...stripepay.CallOption) (stripepay.Result, error)
}

// Jobs enqueues payout background jobs. When ctx carries a transaction the
// job is inserted in it.
type Jobs interface {
	EnqueueTransfer(ctx context.Context, payoutID uuid.UUID) error
	EnqueueBankPayout(ctx context.Context, payoutID uuid.UUID) error
}

// Outbox records domain events.
type Outbox interface {
	Add(ctx context.Context, topic string, payload any) error
}

// TxManager is the unit of work.
type TxManager interface {
	Do(ctx context.Context, fn func(ctx context.Context) error) error
}
