// Package queue defines the River job arguments and the insert-only client
// the services use to enqueue work. Workers live in internal/jobs.
package queue

import (
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"
)

// Queue names.
const (
	QueueLedger   = "ledger"
	QueuePayouts  = "payouts"
	QueueDefault  = river.QueueDefault
	QueueSchedule = "schedule"
)

// ReleaseFundsArgs moves GrossMinor of a milestone's held escrow to the
// freelancer. ReleaseID names the release; the worker applies each
// ReleaseID at most once.
type ReleaseFundsArgs struct {
	ReleaseID   string `json:"release_id"`
	MilestoneID string `json:"milestone_id"`
	GrossMinor  int64  `json:"gross_minor"`
	Source      string `json:"source"`
}

func (ReleaseFundsArgs) Kind() string { return "release_funds" }

func (ReleaseFundsArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       QueueLedger,
		MaxAttempts: 10,
		UniqueOpts:  river.UniqueOpts{ByArgs: true},
	}
}

// NewRelease builds the args for a release of gross from a milestone.
func NewRelease(milestoneID string, gross int64, source string) ReleaseFundsArgs {
	return ReleaseFundsArgs{
		ReleaseID:   uuid.NewString(),
		MilestoneID: milestoneID,
		GrossMinor:  gross,
		Source:      source,
	}
}

// PlatformFeeArgs books the platform fee taken on a release.
type PlatformFeeArgs struct {
	ReleaseID string `json:"release_id"`
}

func (PlatformFeeArgs) Kind() string { return "record_platform_fee" }

func (PlatformFeeArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueLedger, MaxAttempts: 8, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// DisputeSplitArgs applies a resolved dispute's split to escrow.
type DisputeSplitArgs struct {
	DisputeID string `json:"dispute_id"`
}

func (DisputeSplitArgs) Kind() string { return "apply_dispute_split" }

func (DisputeSplitArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueLedger, MaxAttempts: 10, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// AutoApproveArgs approves milestones whose review window has lapsed.
type AutoApproveArgs struct{}

func (AutoApproveArgs) Kind() string { return "auto_approve_milestones" }

func (AutoApproveArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueSchedule, MaxAttempts: 3}
}

// DispatchPayoutArgs sends a queued payout to the payouts provider.
type DispatchPayoutArgs struct {
	PayoutID string `json:"payout_id"`
}

func (DispatchPayoutArgs) Kind() string { return "dispatch_payout" }

func (DispatchPayoutArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueuePayouts, MaxAttempts: 12, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// ReconcilePayoutsArgs polls the provider for payouts we have not heard
// about through webhooks.
type ReconcilePayoutsArgs struct{}

func (ReconcilePayoutsArgs) Kind() string { return "reconcile_payouts" }

func (ReconcilePayoutsArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueSchedule, MaxAttempts: 3}
}

// ExpireQuotesArgs expires FX quotes past their validity window.
type ExpireQuotesArgs struct{}

func (ExpireQuotesArgs) Kind() string { return "expire_fx_quotes" }

func (ExpireQuotesArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueSchedule, MaxAttempts: 3}
}

// SendTaxFormArgs sends a tax-form collection request to a freelancer.
type SendTaxFormArgs struct {
	RequestID string `json:"request_id"`
}

func (SendTaxFormArgs) Kind() string { return "send_tax_form" }

func (SendTaxFormArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueDefault, MaxAttempts: 6, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// RefundChargeArgs refunds a cancelled milestone's funding to the client.
type RefundChargeArgs struct {
	MilestoneID string `json:"milestone_id"`
}

func (RefundChargeArgs) Kind() string { return "refund_charge" }

func (RefundChargeArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueuePayouts, MaxAttempts: 12, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// Periodic intervals.
const (
	AutoApproveEvery      = 15 * time.Minute
	ReconcilePayoutsEvery = 30 * time.Minute
	ExpireQuotesEvery     = time.Minute
)
