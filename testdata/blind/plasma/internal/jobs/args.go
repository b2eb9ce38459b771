// Package jobs declares the River job argument types shared between the
// services that enqueue work and the workers that perform it, and wires the
// River clients.
package jobs

import (
	"time"

	"github.com/riverqueue/river"
)

// Queue names. Provider-facing work gets its own queues so an outage at one
// partner does not starve the others.
const (
	QueueDefault      = river.QueueDefault
	QueuePayouts      = "payouts"
	QueueLab          = "lab"
	QueueNotify       = "notify"
	QueueFractionator = "fractionator"
)

// PayoutArgs loads a pending payout onto the donor's card.
type PayoutArgs struct {
	PayoutID string `json:"payout_id"`
}

func (PayoutArgs) Kind() string { return "compensation.payout" }

func (PayoutArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueuePayouts, MaxAttempts: 12}
}

// MilestoneBonusArgs pays a loyalty bonus when a donor reaches a donation
// count within a calendar month.
type MilestoneBonusArgs struct {
	DonorID   string `json:"donor_id"`
	Milestone string `json:"milestone"`
	Amount    int64  `json:"amount_cents"`
}

func (MilestoneBonusArgs) Kind() string { return "compensation.milestone_bonus" }

func (MilestoneBonusArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       QueuePayouts,
		MaxAttempts: 8,
		UniqueOpts:  river.UniqueOpts{ByArgs: true},
	}
}

// ReminderArgs texts the donor the day before an appointment.
type ReminderArgs struct {
	AppointmentID string `json:"appointment_id"`
}

func (ReminderArgs) Kind() string { return "scheduling.reminder" }

func (ReminderArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueNotify, MaxAttempts: 5}
}

// DeferralNoticeArgs tells a donor they have been deferred and until when.
type DeferralNoticeArgs struct {
	DonorID    string `json:"donor_id"`
	DeferralID string `json:"deferral_id"`
	NoticeID   string `json:"notice_id"`
}

func (DeferralNoticeArgs) Kind() string { return "donor.deferral_notice" }

// LabOrderArgs submits a collected sample to the testing partner.
type LabOrderArgs struct {
	SampleID string `json:"sample_id"`
}

func (LabOrderArgs) Kind() string { return "lab.submit_order" }

func (LabOrderArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueLab, MaxAttempts: 20}
}

// EvaluateUnitArgs re-evaluates a quarantined unit for release.
type EvaluateUnitArgs struct {
	UnitID string `json:"unit_id"`
}

func (EvaluateUnitArgs) Kind() string { return "quarantine.evaluate" }

// ReleaseSweepArgs is the periodic sweep over units whose hold has ended.
type ReleaseSweepArgs struct{}

func (ReleaseSweepArgs) Kind() string { return "quarantine.release_sweep" }

// SendManifestArgs transmits a dispatched shipment's manifest to the
// fractionator.
type SendManifestArgs struct {
	ShipmentID string `json:"shipment_id"`
}

func (SendManifestArgs) Kind() string { return "quarantine.send_manifest" }

func (SendManifestArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueFractionator, MaxAttempts: 25}
}

// ReminderLead is how long before the appointment the reminder goes out.
const ReminderLead = 24 * time.Hour
