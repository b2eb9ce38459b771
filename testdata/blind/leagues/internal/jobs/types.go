// Package jobs defines the asynq task types and payloads and the enqueuer
// the services use to schedule them.
package jobs

// Task types. The prefix before the colon is the owning area; the worker's
// registration table maps each type to its handler.
const (
	TypeReminderSend      = "reminder:send"
	TypePaymentDueSweep   = "reminder:payment-due-sweep"
	TypePaymentDue        = "reminder:payment-due"
	TypeOutboxDeliver     = "sms:outbox-deliver"
	TypeWaitlistPromote   = "waitlist:promote"
	TypeExpireUnpaid      = "registration:expire-unpaid"
	TypeReceipt           = "registration:receipt"
	TypePaymentReconcile  = "payment:reconcile"
	TypeBackgroundCheck   = "bgcheck:order"
	TypeTeamsAutoAssign   = "teams:auto-assign"
	QueueCritical         = "critical"
	QueueDefault          = "default"
	QueueNotifications    = "notifications"
	defaultMaxRetry       = 12
	notificationsMaxRetry = 8
)

// PromotePayload asks for one waitlist promotion in a division.
type PromotePayload struct {
	DivisionID string `json:"division_id"`
	TriggerID  string `json:"trigger_id"`
}

// RegistrationPayload addresses a registration.
type RegistrationPayload struct {
	RegistrationID string `json:"registration_id"`
}

// ReceiptPayload addresses one captured payment.
type ReceiptPayload struct {
	RegistrationID string `json:"registration_id"`
	IntentID       string `json:"intent_id"`
}

// IntentPayload addresses a payment intent.
type IntentPayload struct {
	IntentID string `json:"intent_id"`
}

// CheckPayload addresses a background check.
type CheckPayload struct {
	CheckID string `json:"check_id"`
}

// DivisionPayload addresses a division.
type DivisionPayload struct {
	DivisionID string `json:"division_id"`
}

// PaymentDuePayload addresses one due-date reminder.
type PaymentDuePayload struct {
	RegistrationID string `json:"registration_id"`
	DueDate        string `json:"due_date"`
}

// OutboxPayload addresses an outbox text.
type OutboxPayload struct {
	OutboxID string `json:"outbox_id"`
}

// SweepPayload is empty; the sweep uses the time it runs.
type SweepPayload struct{}
