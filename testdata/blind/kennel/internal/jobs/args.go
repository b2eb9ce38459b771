// Package jobs declares the argument types of every background job so that
// processes which only enqueue do not depend on the workers' packages.
package jobs

import (
	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"github.com/pawsandstay/kennel/internal/platform/queue"
)

// CollectDeposit creates the deposit PaymentIntent for a new reservation.
type CollectDeposit struct {
	ReservationID uuid.UUID `json:"reservation_id"`
}

func (CollectDeposit) Kind() string { return "collect_deposit" }

func (CollectDeposit) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: queue.QueuePayments, MaxAttempts: 8}
}

// IssueRefund sends a cancellation refund to Stripe.
type IssueRefund struct {
	RefundID string `json:"refund_id"`
}

func (IssueRefund) Kind() string { return "issue_refund" }

func (IssueRefund) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: queue.QueuePayments, MaxAttempts: 10}
}

// ChargeInvoice charges the balance due at checkout.
type ChargeInvoice struct {
	InvoiceID uuid.UUID `json:"invoice_id"`
}

func (ChargeInvoice) Kind() string { return "charge_invoice" }

func (ChargeInvoice) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: queue.QueuePayments, MaxAttempts: 8}
}

// VerifyVaccination submits an uploaded record to the vet-records vendor.
type VerifyVaccination struct {
	RecordID string `json:"record_id"`
}

func (VerifyVaccination) Kind() string { return "verify_vaccination" }

func (VerifyVaccination) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: queue.QueueVendor, MaxAttempts: 12}
}

// SendSMS delivers a queued sms_messages row.
type SendSMS struct {
	MessageID string `json:"message_id"`
}

func (SendSMS) Kind() string { return "send_sms" }

func (SendSMS) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: queue.QueueSMS, MaxAttempts: 6}
}

// SettleFranchise settles one franchise's occupancy for one night.
type SettleFranchise struct {
	FranchiseID string `json:"franchise_id"`
	Night       string `json:"night"` // YYYY-MM-DD
	RunID       string `json:"run_id"`
}

func (SettleFranchise) Kind() string { return "settle_franchise" }

// PayFranchise transfers a settlement's net amount to the franchise's
// connected account.
type PayFranchise struct {
	PayoutID string `json:"payout_id"`
}

func (PayFranchise) Kind() string { return "pay_franchise" }

func (PayFranchise) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: queue.QueuePayments, MaxAttempts: 10}
}

// ExpireLoyalty expires loyalty credits past their expiry date.
type ExpireLoyalty struct{}

func (ExpireLoyalty) Kind() string { return "expire_loyalty" }

// SendStayReminders queues reminder texts for tomorrow's check-ins.
type SendStayReminders struct{}

func (SendStayReminders) Kind() string { return "send_stay_reminders" }
