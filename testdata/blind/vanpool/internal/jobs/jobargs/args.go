// Package jobargs defines the River job argument types. It is shared by the
// services that enqueue jobs and the workers that run them.
package jobargs

import (
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"
)

// Queue names.
const (
	QueuePayroll   = "payroll"
	QueueMessaging = "messaging"
	QueuePayouts   = "payouts"
)

// FareRunFanout creates one deduction per billable rider for a fare run.
type FareRunFanout struct {
	FareRunID uuid.UUID `json:"fare_run_id"`
	Period    string    `json:"period"`
}

// Kind implements river.JobArgs.
func (FareRunFanout) Kind() string { return "fare_run_fanout" }

// InsertOpts implements river.JobArgsWithInsertOpts.
func (FareRunFanout) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueuePayroll, MaxAttempts: 10}
}

// PayrollDeduction submits one deduction to the payroll provider.
type PayrollDeduction struct {
	DeductionID uuid.UUID `json:"deduction_id"`
}

// Kind implements river.JobArgs.
func (PayrollDeduction) Kind() string { return "payroll_deduction" }

// InsertOpts implements river.JobArgsWithInsertOpts.
func (PayrollDeduction) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueuePayroll, MaxAttempts: 12}
}

// PayrollAdjustment submits one adjustment (credit) to the payroll provider.
type PayrollAdjustment struct {
	AdjustmentID uuid.UUID `json:"adjustment_id"`
}

// Kind implements river.JobArgs.
func (PayrollAdjustment) Kind() string { return "payroll_adjustment" }

// InsertOpts implements river.JobArgsWithInsertOpts.
func (PayrollAdjustment) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueuePayroll, MaxAttempts: 12}
}

// ReimbursementPayout pays an approved claim by ACH.
type ReimbursementPayout struct {
	ClaimID uuid.UUID `json:"claim_id" river:"unique"`
}

// Kind implements river.JobArgs.
func (ReimbursementPayout) Kind() string { return "reimbursement_payout" }

// InsertOpts implements river.JobArgsWithInsertOpts.
func (ReimbursementPayout) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       QueuePayouts,
		MaxAttempts: 8,
		UniqueOpts:  river.UniqueOpts{ByArgs: true},
	}
}

// RideReminder texts every active rider of a van about an upcoming ride.
type RideReminder struct {
	VanpoolID uuid.UUID `json:"vanpool_id"`
	RideDate  time.Time `json:"ride_date"`
	Message   string    `json:"message"`
	// RequestID ties the job back to the API request that scheduled it.
	RequestID string `json:"request_id"`
}

// Kind implements river.JobArgs.
func (RideReminder) Kind() string { return "ride_reminder" }

// InsertOpts implements river.JobArgsWithInsertOpts.
func (RideReminder) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueMessaging, MaxAttempts: 3}
}

// LeaseInstallments pays every active lease's installment for the current
// period. Enqueued periodically.
type LeaseInstallments struct{}

// Kind implements river.JobArgs.
func (LeaseInstallments) Kind() string { return "lease_installments" }

// CreditExpiry expires open credits past their expiry date. Enqueued periodically.
type CreditExpiry struct{}

// Kind implements river.JobArgs.
func (CreditExpiry) Kind() string { return "credit_expiry" }
