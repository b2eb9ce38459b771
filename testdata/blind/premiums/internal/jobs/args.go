// Package jobs declares the river job argument types and the enqueuer used by
// services. Workers live in package worker.
package jobs

import (
	"time"

	"github.com/riverqueue/river"
)

const (
	QueueDefault       = river.QueueDefault
	QueuePayments      = "payments"
	QueueNotifications = "notifications"
	QueuePartners      = "partners"
)

// PremiumRunArgs starts the monthly premium collection run for Period
// ("2025-03").
type PremiumRunArgs struct {
	Period string `json:"period"`
}

func (PremiumRunArgs) Kind() string { return "premium_run" }

func (PremiumRunArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       QueuePayments,
		MaxAttempts: 5,
		UniqueOpts:  river.UniqueOpts{ByArgs: true},
	}
}

// CollectPremiumArgs collects one scheduled monthly premium.
type CollectPremiumArgs struct {
	ScheduleID string `json:"schedule_id"`
	PolicyID   string `json:"policy_id"`
}

func (CollectPremiumArgs) Kind() string { return "collect_premium" }

func (CollectPremiumArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueuePayments, MaxAttempts: 8, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// ClaimPayoutArgs pays an approved claim.
type ClaimPayoutArgs struct {
	PayoutID string `json:"payout_id"`
}

func (ClaimPayoutArgs) Kind() string { return "claim_payout" }

func (ClaimPayoutArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueuePayments, MaxAttempts: 10}
}

// ReissuePayoutArgs re-sends a payout the bank returned (closed account etc.)
// after the policyholder has supplied new bank details.
type ReissuePayoutArgs struct {
	PayoutID     string `json:"payout_id"`
	AccountToken string `json:"account_token"`
}

func (ReissuePayoutArgs) Kind() string { return "reissue_payout" }

func (ReissuePayoutArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueuePayments, MaxAttempts: 10}
}

// CancellationRefundArgs refunds unused premium after a cancellation.
type CancellationRefundArgs struct {
	RefundID string `json:"refund_id"`
}

func (CancellationRefundArgs) Kind() string { return "cancellation_refund" }

func (CancellationRefundArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueuePayments, MaxAttempts: 10}
}

// SendNotificationArgs delivers one row of the notifications table.
type SendNotificationArgs struct {
	NotificationID string `json:"notification_id"`
}

func (SendNotificationArgs) Kind() string { return "send_notification" }

func (SendNotificationArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueNotifications, MaxAttempts: 12}
}

// ClaimDocsReminderArgs nudges the policyholder when a claim still has no
// invoice documents a few days after submission.
type ClaimDocsReminderArgs struct {
	ClaimID string `json:"claim_id"`
}

func (ClaimDocsReminderArgs) Kind() string { return "claim_docs_reminder" }

// ReminderDelay is how long after submission the reminder fires.
const ReminderDelay = 72 * time.Hour

// NotifyVetDecisionArgs tells the treating clinic the outcome of a claim.
type NotifyVetDecisionArgs struct {
	ClaimID  string `json:"claim_id"`
	Decision string `json:"decision"`
}

func (NotifyVetDecisionArgs) Kind() string { return "notify_vet_decision" }

func (NotifyVetDecisionArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueuePartners, MaxAttempts: 15}
}
