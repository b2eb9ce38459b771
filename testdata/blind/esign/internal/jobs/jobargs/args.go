// Package jobargs defines the River job arguments. It is imported by the
// services that enqueue jobs and by the workers that run them.
package jobargs

import (
	"fmt"
	"time"

	"github.com/riverqueue/river"
)

// Queue names.
const (
	QueueNotifications = "notifications"
	QueueBilling       = "billing"
	QueueDeliveries    = "deliveries"
)

// providerKeyWindowAttempts keeps every retry of a job well inside the 24h
// window in which Stripe and Postwire remember idempotency keys: with
// River's default attempt^4 backoff, seven attempts span about 40 minutes.
const providerKeyWindowAttempts = 7

// SignerInvite e-mails a signer the link to sign.
type SignerInvite struct {
	EnvelopeID string `json:"envelope_id"`
	SignerID   string `json:"signer_id"`
}

func (SignerInvite) Kind() string { return "signer_invite" }

func (SignerInvite) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       QueueNotifications,
		MaxAttempts: providerKeyWindowAttempts,
		UniqueOpts:  river.UniqueOpts{ByArgs: true},
	}
}

// SendReminder reminds a signer by SMS (if they have a phone) and e-mail.
// Seq is set for scheduled reminders, RequestID for dashboard reminders.
type SendReminder struct {
	EnvelopeID string `json:"envelope_id"`
	SignerID   string `json:"signer_id"`
	Seq        int    `json:"seq,omitempty"`
	RequestID  string `json:"request_id,omitempty"`
	RunID      string `json:"run_id,omitempty"`
}

func (SendReminder) Kind() string { return "send_reminder" }

func (SendReminder) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueNotifications, MaxAttempts: 8}
}

// Ref identifies the reminder for the reminders table.
func (a SendReminder) Ref() string {
	if a.RequestID != "" {
		return "manual:" + a.RequestID
	}
	return fmt.Sprintf("auto:%d", a.Seq)
}

// ChargeEnvelope bills a sent envelope.
type ChargeEnvelope struct {
	EnvelopeID string `json:"envelope_id"`
}

func (ChargeEnvelope) Kind() string { return "charge_envelope" }

func (ChargeEnvelope) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       QueueBilling,
		MaxAttempts: providerKeyWindowAttempts,
		UniqueOpts:  river.UniqueOpts{ByArgs: true},
	}
}

// EnvelopeCompleted fans out the work that follows the last signature.
type EnvelopeCompleted struct {
	EnvelopeID string `json:"envelope_id"`
}

func (EnvelopeCompleted) Kind() string { return "envelope_completed" }

func (EnvelopeCompleted) InsertOpts() river.InsertOpts {
	return river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// DeliverDocument POSTs a completed envelope to one customer endpoint.
type DeliverDocument struct {
	DeliveryID string `json:"delivery_id"`
}

func (DeliverDocument) Kind() string { return "deliver_document" }

func (DeliverDocument) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueDeliveries, MaxAttempts: 15}
}

// VoidNotice tells waiting signers that an envelope was voided.
type VoidNotice struct {
	EnvelopeID string `json:"envelope_id"`
}

func (VoidNotice) Kind() string { return "void_notice" }

func (VoidNotice) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:      QueueNotifications,
		UniqueOpts: river.UniqueOpts{ByArgs: true},
	}
}

// GenerateInvoice builds, charges and sends an account's monthly invoice.
// Period is the month being billed, "2006-01".
type GenerateInvoice struct {
	AccountID string `json:"account_id"`
	Period    string `json:"period"`
}

func (GenerateInvoice) Kind() string { return "generate_invoice" }

func (GenerateInvoice) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       QueueBilling,
		MaxAttempts: 10,
		UniqueOpts:  river.UniqueOpts{ByArgs: true},
	}
}

// PeriodBounds returns the first instant of the period and of the next one.
func (a GenerateInvoice) PeriodBounds() (time.Time, time.Time, error) {
	start, err := time.Parse("2006-01", a.Period)
	if err != nil {
		return time.Time{}, time.Time{}, fmt.Errorf("period %q: %w", a.Period, err)
	}
	return start, start.AddDate(0, 1, 0), nil
}
