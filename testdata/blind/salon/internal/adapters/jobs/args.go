// Package jobs runs background work on river: job argument types, the
// JobScheduler adapter and the workers.
package jobs

import (
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"
)

const (
	QueueDefault   = river.QueueDefault
	QueueMessaging = "messaging"
	QueuePayments  = "payments"
	QueuePayouts   = "payouts"
)

// unique is the default uniqueness for jobs identified by their args.
var unique = river.UniqueOpts{ByArgs: true}

type ReminderArgs struct {
	AppointmentID uuid.UUID `json:"appointment_id"`
	Template      string    `json:"template"`
	StartsAt      time.Time `json:"starts_at"`
}

func (ReminderArgs) Kind() string { return "reminders.send" }
func (ReminderArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueMessaging, UniqueOpts: unique}
}

type MessageArgs struct {
	MessageID uuid.UUID `json:"message_id"`
}

func (MessageArgs) Kind() string { return "messages.deliver" }
func (MessageArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueMessaging, UniqueOpts: unique}
}

type NoShowChargeArgs struct {
	AppointmentID uuid.UUID `json:"appointment_id"`
}

func (NoShowChargeArgs) Kind() string { return "payments.noshow_charge" }
func (NoShowChargeArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueuePayments, UniqueOpts: unique, MaxAttempts: 8}
}

type ReconcilePaymentArgs struct {
	PaymentID uuid.UUID `json:"payment_id"`
}

func (ReconcilePaymentArgs) Kind() string { return "payments.reconcile" }
func (ReconcilePaymentArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueuePayments, UniqueOpts: river.UniqueOpts{ByArgs: true, ByPeriod: 30 * time.Minute}}
}

type VoucherDeliveryArgs struct {
	VoucherID uuid.UUID `json:"voucher_id"`
}

func (VoucherDeliveryArgs) Kind() string { return "vouchers.deliver" }
func (VoucherDeliveryArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueMessaging, UniqueOpts: unique}
}

type CommissionArgs struct {
	AppointmentID uuid.UUID `json:"appointment_id"`
}

func (CommissionArgs) Kind() string { return "payouts.accrue_commission" }
func (CommissionArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueuePayouts, UniqueOpts: unique}
}

type WeeklyPayoutArgs struct {
	StylistID   uuid.UUID `json:"stylist_id"`
	PeriodStart time.Time `json:"period_start"`
}

func (WeeklyPayoutArgs) Kind() string { return "payouts.weekly" }
func (WeeklyPayoutArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueuePayouts, UniqueOpts: unique, MaxAttempts: 10}
}

type LoyaltyExpiryArgs struct {
	ClientID uuid.UUID `json:"client_id"`
	Period   string    `json:"period"`
}

func (LoyaltyExpiryArgs) Kind() string { return "loyalty.expire" }
func (LoyaltyExpiryArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueDefault, UniqueOpts: unique}
}
