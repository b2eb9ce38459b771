// Package queue publishes background jobs to SQS FIFO queues.
package queue

import (
	"encoding/json"
	"time"
)

// Job types.
const (
	JobExecuteFiatWithdrawal   = "withdrawal.execute_fiat"
	JobExecuteCryptoWithdrawal = "withdrawal.execute_crypto"
	JobReconcileBankDay        = "recon.bank_day"
)

// Envelope is the SQS message body.
type Envelope struct {
	Type       string          `json:"type"`
	Payload    json.RawMessage `json:"payload"`
	EnqueuedAt time.Time       `json:"enqueued_at"`
}

// ExecuteWithdrawal asks a worker to send an approved withdrawal out.
type ExecuteWithdrawal struct {
	WithdrawalID string `json:"withdrawal_id"`
	Rail         string `json:"rail"`
}

// ReconcileBankDay asks a worker to reconcile one account for one day.
type ReconcileBankDay struct {
	BankAccount string `json:"bank_account"`
	Date        string `json:"date"`
	Requester   string `json:"requester"`
}

// ExecutionJobType maps a withdrawal rail to its job type.
func ExecutionJobType(rail string) string {
	if rail == "crypto" {
		return JobExecuteCryptoWithdrawal
	}
	return JobExecuteFiatWithdrawal
}

// ForWithdrawal groups messages per withdrawal and deduplicates on the
// withdrawal id, so re-enqueueing the same withdrawal inside the FIFO
// deduplication window is a no-op.
func ForWithdrawal(withdrawalID string) []SendOption {
	return []SendOption{
		WithGroupID("wd-" + withdrawalID),
		WithDedupID("exec-" + withdrawalID),
	}
}

// ForReconDay deduplicates reconciliation requests per account and day.
func ForReconDay(account, date string) []SendOption {
	return []SendOption{
		WithGroupID("recon-" + account),
		WithDedupID("recon-" + account + "-" + date),
	}
}
