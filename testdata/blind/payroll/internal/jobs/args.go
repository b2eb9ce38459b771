// Package jobs holds river job definitions and their workers.
package jobs

import (
	"github.com/google/uuid"
	"github.com/riverqueue/river"
)

const (
	QueuePayouts = "payouts"
	QueueEmail   = "email"
)

// PayoutBatchArgs submits every pending payout of an approved pay run.
type PayoutBatchArgs struct {
	PayRunID string `json:"pay_run_id"`
}

func (PayoutBatchArgs) Kind() string { return "payout_batch" }

func (PayoutBatchArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       QueuePayouts,
		MaxAttempts: 10,
		UniqueOpts:  river.UniqueOpts{ByArgs: true},
	}
}

// ReimbursementTransferArgs pays one reimbursement out over Stripe Connect.
type ReimbursementTransferArgs struct {
	ReimbursementID uuid.UUID `json:"reimbursement_id"`
}

func (ReimbursementTransferArgs) Kind() string { return "reimbursement_transfer" }

func (ReimbursementTransferArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       QueuePayouts,
		MaxAttempts: 8,
		UniqueOpts:  river.UniqueOpts{ByArgs: true},
	}
}

// PayslipEmailArgs emails one payslip to its employee.
type PayslipEmailArgs struct {
	PayslipID uuid.UUID `json:"payslip_id"`
}

func (PayslipEmailArgs) Kind() string { return "payslip_email" }

func (PayslipEmailArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       QueueEmail,
		MaxAttempts: 5,
		UniqueOpts:  river.UniqueOpts{ByArgs: true},
	}
}
