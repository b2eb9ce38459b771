// Package jobs defines the background job arguments and the river client
// used to enqueue them.
package jobs

import (
	"time"

	"github.com/riverqueue/river"
)

// Queue names.
const (
	QueuePayments = "payments"
	QueueMessages = "messages"
	QueuePayroll  = "payroll"
)

// ChargeInstalmentArgs collects a due instalment off-session.
type ChargeInstalmentArgs struct {
	InstalmentID string `json:"instalment_id"`
	DueOn        string `json:"due_on"`
}

func (ChargeInstalmentArgs) Kind() string { return "charge_instalment" }

func (ChargeInstalmentArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       QueuePayments,
		MaxAttempts: 6,
		UniqueOpts:  river.UniqueOpts{ByArgs: true},
	}
}

// InstalmentReminderArgs reminds a student of an upcoming or missed instalment.
type InstalmentReminderArgs struct {
	InstalmentID string `json:"instalment_id"`
	Stage        string `json:"stage"` // "upcoming", "due", "overdue"
}

func (InstalmentReminderArgs) Kind() string { return "instalment_reminder" }

func (InstalmentReminderArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:      QueueMessages,
		UniqueOpts: river.UniqueOpts{ByArgs: true, ByPeriod: 24 * time.Hour},
	}
}

// IssueRefundArgs pushes an approved refund to Stripe.
type IssueRefundArgs struct {
	RefundID string `json:"refund_id"`
}

func (IssueRefundArgs) Kind() string { return "issue_refund" }

func (IssueRefundArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueuePayments, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// ProcessPayrollRunArgs submits a payroll run to the payroll provider.
type ProcessPayrollRunArgs struct {
	RunID string `json:"run_id"`
}

func (ProcessPayrollRunArgs) Kind() string { return "process_payroll_run" }

func (ProcessPayrollRunArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueuePayroll, MaxAttempts: 5, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// SendPayslipsArgs e-mails payslips once a run has been paid.
type SendPayslipsArgs struct {
	RunID string `json:"run_id"`
}

func (SendPayslipsArgs) Kind() string { return "send_payslips" }

func (SendPayslipsArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueMessages, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// VisaLetterNoticeArgs tells the student about their visa letter.
type VisaLetterNoticeArgs struct {
	LetterID string `json:"letter_id"`
	Template string `json:"template"` // "visa_ready" or "visa_rejected"
}

func (VisaLetterNoticeArgs) Kind() string { return "visa_letter_notice" }

func (VisaLetterNoticeArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueMessages, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}
