// Package jobs defines the River job kinds shared by the API (which
// enqueues) and the worker binary (which works them).
package jobs

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/riverqueue/river"
)

const (
	QueueDefault     = river.QueueDefault
	QueueMaintenance = "maintenance"
	QueuePayments    = "payments"
	QueueEmail       = "email"
)

// DispatchMaintenanceArgs sends a maintenance request to the contractor
// network (and pages on-call for emergencies).
type DispatchMaintenanceArgs struct {
	RequestID string `json:"request_id"`
}

func (DispatchMaintenanceArgs) Kind() string { return "dispatch_maintenance" }

func (DispatchMaintenanceArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueMaintenance, MaxAttempts: 10}
}

// RefundDepositArgs pays the remaining housing deposit back to the student.
type RefundDepositArgs struct {
	AssignmentID string `json:"assignment_id"`
}

func (RefundDepositArgs) Kind() string { return "refund_deposit" }

func (RefundDepositArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       QueuePayments,
		MaxAttempts: 8,
		UniqueOpts:  river.UniqueOpts{ByArgs: true},
	}
}

// ChargeDamageArgs charges the card on file for damage that exceeded the
// held deposit.
type ChargeDamageArgs struct {
	InspectionID string `json:"inspection_id"`
	StudentID    string `json:"student_id"`
	AmountCents  int64  `json:"amount_cents"`
}

func (ChargeDamageArgs) Kind() string { return "charge_damage" }

func (ChargeDamageArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueuePayments, MaxAttempts: 5}
}

// PayContractorInvoiceArgs pays an approved contractor invoice.
type PayContractorInvoiceArgs struct {
	InvoiceID string `json:"invoice_id"`
}

func (PayContractorInvoiceArgs) Kind() string { return "pay_contractor_invoice" }

func (PayContractorInvoiceArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueuePayments, MaxAttempts: 8}
}

// RekeyRoomArgs books a lock re-core after a resident moves out.
type RekeyRoomArgs struct {
	AssignmentID string `json:"assignment_id"`
	RoomID       string `json:"room_id"`
}

func (RekeyRoomArgs) Kind() string { return "rekey_room" }

func (RekeyRoomArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueMaintenance, MaxAttempts: 6}
}

// SendEmailArgs sends one templated email.
type SendEmailArgs struct {
	To       string         `json:"to"`
	Template string         `json:"template"`
	Data     map[string]any `json:"data"`
	// Ref ties the email to the record it is about (assignment, refund...)
	Ref string `json:"ref"`
}

func (SendEmailArgs) Kind() string { return "send_email" }

func (SendEmailArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueEmail, MaxAttempts: 5}
}

// BankDetailsReminderArgs nags a student who has a refund waiting but no
// bank account on file.
type BankDetailsReminderArgs struct {
	StudentID    string `json:"student_id"`
	AssignmentID string `json:"assignment_id"`
	RunID        string `json:"run_id"`
}

func (BankDetailsReminderArgs) Kind() string { return "bank_details_reminder" }

func (BankDetailsReminderArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       QueueEmail,
		MaxAttempts: 3,
		UniqueOpts:  river.UniqueOpts{ByArgs: true, ByPeriod: 24 * time.Hour},
	}
}

// Enqueuer inserts River jobs. EnqueueTx inserts inside the caller's
// transaction so the job only exists if the transaction commits.
type Enqueuer interface {
	Enqueue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (bool, error)
	EnqueueTx(ctx context.Context, tx *sql.Tx, args river.JobArgs, opts *river.InsertOpts) (bool, error)
}

// RiverEnqueuer is the Enqueuer backed by a River client on database/sql.
type RiverEnqueuer struct {
	client *river.Client[*sql.Tx]
}

// NewRiverEnqueuer wraps client.
func NewRiverEnqueuer(client *river.Client[*sql.Tx]) *RiverEnqueuer {
	return &RiverEnqueuer{client: client}
}

// Enqueue inserts a job outside any transaction. The bool reports whether
// a new row was inserted (false when a unique job already existed).
func (e *RiverEnqueuer) Enqueue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (bool, error) {
	res, err := e.client.Insert(ctx, args, opts)
	if err != nil {
		return false, fmt.Errorf("enqueue %s: %w", args.Kind(), err)
	}
	return !res.UniqueSkippedAsDuplicate, nil
}

// EnqueueTx inserts a job inside tx.
func (e *RiverEnqueuer) EnqueueTx(ctx context.Context, tx *sql.Tx, args river.JobArgs, opts *river.InsertOpts) (bool, error) {
	res, err := e.client.InsertTx(ctx, tx, args, opts)
	if err != nil {
		return false, fmt.Errorf("enqueue %s: %w", args.Kind(), err)
	}
	return !res.UniqueSkippedAsDuplicate, nil
}

var _ Enqueuer = (*RiverEnqueuer)(nil)
