// Package jobargs declares the payloads of the background jobs. Workers
// live in internal/adapters/jobs; services enqueue these through
// ports.JobQueue.
package jobargs

import "time"

const (
	QueueDefault   = "default"
	QueueMessaging = "messaging"
	QueuePartners  = "partners"
	QueueFinance   = "finance"
)

type SubmitLabOrder struct {
	LabOrderID string `json:"lab_order_id"`
}

func (SubmitLabOrder) Kind() string { return "lab.submit_order" }

type NotifyLabResult struct {
	LabResultID string `json:"lab_result_id"`
}

func (NotifyLabResult) Kind() string { return "lab.notify_result" }

type PollLabStatuses struct{}

func (PollLabStatuses) Kind() string { return "lab.poll_statuses" }

type RouteRefill struct {
	RefillRequestID string `json:"refill_request_id"`
}

func (RouteRefill) Kind() string { return "pharmacy.route_refill" }

type SendReminder struct {
	AppointmentID string `json:"appointment_id"`
	ReminderKind  string `json:"reminder_kind"`
}

func (SendReminder) Kind() string { return "reminders.send" }

type ScanReminders struct{}

func (ScanReminders) Kind() string { return "reminders.scan" }

type RescheduleNotice struct {
	AppointmentID string    `json:"appointment_id"`
	StartsAt      time.Time `json:"starts_at"`
	CorrelationID string    `json:"correlation_id"`
}

func (RescheduleNotice) Kind() string { return "reminders.reschedule_notice" }

type AccrueLoyalty struct {
	InvoiceID string `json:"invoice_id"`
	PaymentID string `json:"payment_id"`
}

func (AccrueLoyalty) Kind() string { return "loyalty.accrue" }

type ProcessRefund struct {
	StripeRefundID  string `json:"stripe_refund_id"`
	PaymentIntentID string `json:"payment_intent_id"`
	AmountCents     int64  `json:"amount_cents"`
}

func (ProcessRefund) Kind() string { return "billing.process_refund" }

type NightlySettlement struct{}

func (NightlySettlement) Kind() string { return "finance.nightly_settlement" }
