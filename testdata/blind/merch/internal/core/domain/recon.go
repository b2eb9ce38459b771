package domain

import (
	"time"

	"github.com/google/uuid"
)

type ReconRun struct {
	ID            uuid.UUID
	RunDate       time.Time
	Status        string
	StartedAt     time.Time
	FinishedAt    *time.Time
	TxnCount      int32
	MismatchCount int32
}

// BalanceTxn is the subset of a Stripe balance transaction that the
// reconciliation needs, with the source already resolved.
type BalanceTxn struct {
	ID              string
	Type            string
	SourceID        string
	PaymentIntentID string
	AmountCents     int64
	FeeCents        int64
	NetCents        int64
	Currency        string
	Created         time.Time
}

type ReconLine struct {
	BalanceTxnID string
	RunID        uuid.UUID
	TxnType      string
	SourceID     string
	AmountCents  int64
	FeeCents     int64
	NetCents     int64
	Currency     string
	Matched      bool
}

type MismatchKind string

const (
	MismatchUnknownCharge   MismatchKind = "unknown_charge"
	MismatchAmount          MismatchKind = "amount_mismatch"
	MismatchUnknownRefund   MismatchKind = "unknown_refund"
	MismatchUnknownTransfer MismatchKind = "unknown_transfer"
)

type Mismatch struct {
	RunID         uuid.UUID
	BalanceTxnID  string
	Kind          MismatchKind
	ExpectedCents *int64
	ActualCents   int64
	Detail        string
}
