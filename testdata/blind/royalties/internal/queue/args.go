// Package queue defines the River job arguments used across services and
// the Enqueuer through which services schedule work. Keeping the argument
// types here (rather than next to the workers) lets services enqueue jobs
// without importing the worker package.
package queue

import (
	"time"

	"github.com/riverqueue/river"
)

// Queue names.
const (
	QueueStatements = "statements"
	QueuePayouts    = "payouts"
	QueueEmail      = "email"
	QueueReports    = "reports"
)

// StatementRunArgs starts the monthly statement run for a period.
type StatementRunArgs struct {
	Period string `json:"period"`
}

// Kind implements river.JobArgs.
func (StatementRunArgs) Kind() string { return "statement_run" }

// InsertOpts implements river.JobArgsWithInsertOpts.
func (StatementRunArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       QueueStatements,
		MaxAttempts: 10,
		UniqueOpts:  river.UniqueOpts{ByArgs: true},
	}
}

// StatementComputeArgs computes one artist's statement.
type StatementComputeArgs struct {
	ArtistID string `json:"artist_id"`
	Period   string `json:"period"`
}

// Kind implements river.JobArgs.
func (StatementComputeArgs) Kind() string { return "statement_compute" }

// InsertOpts implements river.JobArgsWithInsertOpts.
func (StatementComputeArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       QueueStatements,
		MaxAttempts: 8,
		UniqueOpts:  river.UniqueOpts{ByArgs: true},
	}
}

// StatementEmailArgs e-mails a computed statement to its artist.
type StatementEmailArgs struct {
	StatementID string `json:"statement_id"`
}

// Kind implements river.JobArgs.
func (StatementEmailArgs) Kind() string { return "statement_email" }

// InsertOpts implements river.JobArgsWithInsertOpts.
func (StatementEmailArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueEmail, MaxAttempts: 12}
}

// PayoutTransferArgs transfers an approved statement's net amount to the
// artist's connected account.
type PayoutTransferArgs struct {
	StatementID string `json:"statement_id"`
}

// Kind implements river.JobArgs.
func (PayoutTransferArgs) Kind() string { return "payout_transfer" }

// InsertOpts implements river.JobArgsWithInsertOpts.
func (PayoutTransferArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       QueuePayouts,
		MaxAttempts: 15,
		UniqueOpts:  river.UniqueOpts{ByArgs: true},
	}
}

// PayoutBankArgs pays a settled transfer out to the artist's bank.
type PayoutBankArgs struct {
	TransferPayoutID string `json:"transfer_payout_id"`
}

// Kind implements river.JobArgs.
func (PayoutBankArgs) Kind() string { return "payout_bank" }

// InsertOpts implements river.JobArgsWithInsertOpts.
func (PayoutBankArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       QueuePayouts,
		MaxAttempts: 15,
		UniqueOpts:  river.UniqueOpts{ByArgs: true},
	}
}

// PayoutNoticeArgs tells an artist their money is on its way.
type PayoutNoticeArgs struct {
	PayoutID string `json:"payout_id"`
}

// Kind implements river.JobArgs.
func (PayoutNoticeArgs) Kind() string { return "payout_notice" }

// InsertOpts implements river.JobArgsWithInsertOpts.
func (PayoutNoticeArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueEmail, MaxAttempts: 12}
}

// ReportReconcileArgs compares a report's manifest with its lines.
type ReportReconcileArgs struct {
	ReportID string `json:"report_id"`
}

// Kind implements river.JobArgs.
func (ReportReconcileArgs) Kind() string { return "report_reconcile" }

// InsertOpts implements river.JobArgsWithInsertOpts.
func (ReportReconcileArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       QueueReports,
		MaxAttempts: 6,
		UniqueOpts:  river.UniqueOpts{ByArgs: true, ByPeriod: 24 * time.Hour},
	}
}
