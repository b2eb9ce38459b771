// Package jobs defines the River job arguments shared by the API (which
// enqueues) and the worker (which executes), plus enqueue helpers.
package jobs

import (
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"
)

const (
	QueuePayments      = "payments"
	QueuePayouts       = "payouts"
	QueueNotifications = "notifications"
	QueueMaintenance   = "maintenance"
)

// CaptureDepositArgs captures a held deposit shortly before the booking.
type CaptureDepositArgs struct {
	BookingID uuid.UUID `json:"booking_id"`
}

func (CaptureDepositArgs) Kind() string { return "capture_deposit" }

func (CaptureDepositArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueuePayments, MaxAttempts: 12, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// RefundDepositArgs pays out a refund row created by a cancellation.
type RefundDepositArgs struct {
	RefundID uuid.UUID `json:"refund_id"`
}

func (RefundDepositArgs) Kind() string { return "refund_deposit" }

func (RefundDepositArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueuePayments, MaxAttempts: 12, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// PayoutSweepArgs is the weekly job that turns unsettled earnings into
// payouts.
type PayoutSweepArgs struct{}

func (PayoutSweepArgs) Kind() string { return "payout_sweep" }

func (PayoutSweepArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueMaintenance, MaxAttempts: 5}
}

// SitterPayoutArgs transfers one payout to the sitter's connected account.
type SitterPayoutArgs struct {
	PayoutID string `json:"payout_id"`
}

func (SitterPayoutArgs) Kind() string { return "sitter_payout" }

func (SitterPayoutArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueuePayouts, MaxAttempts: 10, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// ReminderSweepArgs finds bookings that are about to start.
type ReminderSweepArgs struct{}

func (ReminderSweepArgs) Kind() string { return "reminder_sweep" }

func (ReminderSweepArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueMaintenance, MaxAttempts: 3}
}

// BookingReminderArgs sends the day-before SMS to one side of a booking.
type BookingReminderArgs struct {
	BookingID   uuid.UUID `json:"booking_id"`
	Audience    string    `json:"audience"` // "owner" or "sitter"
	RequestedAt time.Time `json:"requested_at"`
}

func (BookingReminderArgs) Kind() string { return "booking_reminder" }

func (BookingReminderArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueNotifications, MaxAttempts: 6, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// CheckinNotifyArgs tells the owner a walk has started.
type CheckinNotifyArgs struct {
	CheckinID uuid.UUID `json:"checkin_id"`
	BookingID uuid.UUID `json:"booking_id"`
}

func (CheckinNotifyArgs) Kind() string { return "checkin_notify" }

func (CheckinNotifyArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueNotifications, MaxAttempts: 5}
}

// ReviewPromptArgs asks the owner for a review after a completed booking.
type ReviewPromptArgs struct {
	BookingID uuid.UUID `json:"booking_id"`
}

func (ReviewPromptArgs) Kind() string { return "review_prompt" }

func (ReviewPromptArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueNotifications, MaxAttempts: 5, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}
