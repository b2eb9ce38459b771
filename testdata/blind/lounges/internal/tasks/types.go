// Package tasks defines the asynq task types, their payloads, and the
// enqueuer the API and services use to schedule background work.
package tasks

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
)

const (
	TypeInvoiceRun          = "invoice:run"
	TypeInvoiceGenerate     = "invoice:generate"
	TypeInvoiceSubmit       = "invoice:submit"
	TypeRefundProcess       = "refund:process"
	TypeOutboxRelay         = "outbox:relay"
	TypeLoyaltyResendVisits = "loyalty:resend_visits"
	TypeGuestPassAllowance  = "guestpass:monthly_allowance"
	TypeRenewalReminders    = "membership:renewal_reminders"
	TypeChargeRenewals      = "membership:charge_renewals"
	TypeNotifyReceipt       = "notify:receipt"
	TypeNotifyTransferEmail = "notify:transfer_email"
	TypeDayPassExpire       = "daypass:expire"
)

const (
	QueueCritical = "critical"
	QueueDefault  = "default"
	QueueBulk     = "bulk"
)

type InvoiceRunPayload struct {
	Period string `json:"period"` // YYYY-MM
}

type InvoiceGeneratePayload struct {
	AirlineCode string `json:"airline_code"`
	Period      string `json:"period"`
}

type InvoiceSubmitPayload struct {
	InvoiceID uuid.UUID `json:"invoice_id"`
}

type RefundPayload struct {
	RefundID uuid.UUID `json:"refund_id"`
}

type LoyaltyResendPayload struct {
	LoungeCode string    `json:"lounge_code,omitempty"`
	From       time.Time `json:"from"`
	To         time.Time `json:"to"`
}

type AllowancePayload struct {
	Period string `json:"period,omitempty"` // defaults to the current month
}

type ReceiptPayload struct {
	Kind        string    `json:"kind"` // membership | day_pass
	SubjectID   uuid.UUID `json:"subject_id"`
	Email       string    `json:"email"`
	AmountCents int64     `json:"amount_cents"`
	Currency    string    `json:"currency"`
	PaymentRef  string    `json:"payment_ref"`
}

type TransferEmailPayload struct {
	TransferID uuid.UUID `json:"transfer_id"`
}

// Decode unmarshals a task payload and marks malformed payloads as
// non-retryable.
func Decode[T any](t *asynq.Task) (T, error) {
	var p T
	if err := json.Unmarshal(t.Payload(), &p); err != nil {
		return p, fmt.Errorf("decode %s payload: %v: %w", t.Type(), err, asynq.SkipRetry)
	}
	return p, nil
}

func newTask(typ string, payload any, opts ...asynq.Option) (*asynq.Task, error) {
	b, err := json.Marshal(payload)
	if err != nil {
		return nil, fmt.Errorf("encode %s payload: %w", typ, err)
	}
	return asynq.NewTask(typ, b, opts...), nil
}

// NewPeriodic builds the payload-less tasks registered with the scheduler.
func NewPeriodic(typ string) *asynq.Task {
	return asynq.NewTask(typ, []byte("{}"))
}
