// Package jobargs declares the River job arguments shared by producers (the
// API and webhooks) and the worker binary.
package jobargs

import (
	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"github.com/civicworks/permits/internal/platform/queue"
)

// NotifyDecision tells the applicant about a staff decision.
type NotifyDecision struct {
	ApplicationID  string    `json:"application_id"`
	Decision       string    `json:"decision"`
	NotificationID uuid.UUID `json:"notification_id"`
}

func (NotifyDecision) Kind() string { return "notify_decision" }

func (NotifyDecision) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: queue.QueueNotify, MaxAttempts: 8}
}

// InspectionReminder reminds the applicant of a booked inspection.
type InspectionReminder struct {
	InspectionID uuid.UUID `json:"inspection_id"`
}

func (InspectionReminder) Kind() string { return "inspection_reminder" }

func (InspectionReminder) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:      queue.QueueNotify,
		UniqueOpts: river.UniqueOpts{ByArgs: true},
	}
}

// IssuePermit issues the permit for an approved application.
type IssuePermit struct {
	ApplicationID string `json:"application_id"`
}

func (IssuePermit) Kind() string { return "issue_permit" }

func (IssuePermit) InsertOpts() river.InsertOpts {
	return river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// ApplyParkingRenewal extends a parking permit after its renewal is paid.
type ApplyParkingRenewal struct {
	RenewalID string `json:"renewal_id"`
}

func (ApplyParkingRenewal) Kind() string { return "apply_parking_renewal" }

func (ApplyParkingRenewal) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:      queue.QueuePayments,
		UniqueOpts: river.UniqueOpts{ByArgs: true},
	}
}

// RefundApplicationFee refunds the fee of a withdrawn application.
type RefundApplicationFee struct {
	ApplicationID string `json:"application_id"`
}

func (RefundApplicationFee) Kind() string { return "refund_application_fee" }

func (RefundApplicationFee) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:      queue.QueuePayments,
		UniqueOpts: river.UniqueOpts{ByArgs: true},
	}
}

// ExpirePermits marks permits past their validity as expired.
type ExpirePermits struct{}

func (ExpirePermits) Kind() string { return "expire_permits" }
