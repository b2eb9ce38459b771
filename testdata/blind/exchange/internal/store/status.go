package store

import "errors"

// Withdrawal rails.
const (
	RailBank   = "bank"
	RailCrypto = "crypto"
)

// Withdrawal statuses.
const (
	WithdrawalPendingRisk     = "pending_risk"
	WithdrawalPendingApproval = "pending_approval"
	WithdrawalApproved        = "approved"
	WithdrawalSubmitting      = "submitting"
	WithdrawalSubmitted       = "submitted"
	WithdrawalBroadcast       = "broadcast"
	WithdrawalInBlock         = "in_block"
	WithdrawalCompleted       = "completed"
	WithdrawalReturned        = "returned"
	WithdrawalFailed          = "failed"
	WithdrawalRejected        = "rejected"
	WithdrawalCancelled       = "cancelled"
)

// Deposit statuses.
const (
	DepositPending   = "pending"
	DepositCredited  = "credited"
	DepositReversed  = "reversed"
	DepositUnmatched = "unmatched"
)

// Review statuses on deposits.
const (
	ReviewNone   = "none"
	ReviewHeld   = "held"
	ReviewClosed = "closed"
)

// Card top-up statuses.
const (
	TopupPending        = "pending"
	TopupProcessing     = "processing"
	TopupRequiresAction = "requires_action"
	TopupSucceeded      = "succeeded"
	TopupFailed         = "failed"
	TopupRefunded       = "refunded"
)

// Ledger buckets.
const (
	BucketAvailable = "available"
	BucketHeld      = "held"
)

var (
	// ErrNotFound is returned when a row does not exist.
	ErrNotFound = errors.New("store: not found")
	// ErrInsufficientFunds is returned when a movement would overdraw a bucket.
	ErrInsufficientFunds = errors.New("store: insufficient funds")
	// ErrConflict is returned when a conditional update matched no row.
	ErrConflict = errors.New("store: state conflict")
)
