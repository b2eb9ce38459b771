// Package tasks declares the background job arguments and the enqueueing
// surface that services use. Workers live in internal/workers.
package tasks

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// Enqueuer is satisfied by *river.Client[pgx.Tx].
type Enqueuer interface {
	Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
	InsertTx(ctx context.Context, tx pgx.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
	InsertMany(ctx context.Context, params []river.InsertManyParams) ([]*rivertype.JobInsertResult, error)
	InsertManyTx(ctx context.Context, tx pgx.Tx, params []river.InsertManyParams) ([]*rivertype.JobInsertResult, error)
}

const (
	QueueDefault   = river.QueueDefault
	QueuePayments  = "payments"
	QueueMessaging = "messaging"
	QueuePayouts   = "payouts"
)

// DateLayout is used for date-valued job arguments.
const DateLayout = "2006-01-02"

// LateFeeSweepArgs fans the nightly late fee run out to one job per lease.
type LateFeeSweepArgs struct {
	AsOf string `json:"as_of"`
}

func (LateFeeSweepArgs) Kind() string { return "late_fee_sweep" }

// AssessLateFeeArgs assesses the day's late fees for one lease.
type AssessLateFeeArgs struct {
	LeaseID string `json:"lease_id" river:"unique"`
	AsOf    string `json:"as_of" river:"unique"`
}

func (AssessLateFeeArgs) Kind() string { return "assess_late_fee" }

func (AssessLateFeeArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueuePayments, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// LateFeeNoticeArgs texts the tenant about a newly assessed late fee.
type LateFeeNoticeArgs struct {
	ChargeID string `json:"charge_id"`
	LeaseID  string `json:"lease_id"`
}

func (LateFeeNoticeArgs) Kind() string { return "late_fee_notice" }

func (LateFeeNoticeArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueMessaging}
}

// RentReminderArgs sends reminders for rent due on DueOn.
type RentReminderArgs struct {
	DueOn string `json:"due_on"`
}

func (RentReminderArgs) Kind() string { return "rent_reminder" }

// AutopayRunArgs debits enrolled tenants for the period.
type AutopayRunArgs struct {
	Period string `json:"period"`
	DueDay int    `json:"due_day"`
}

func (AutopayRunArgs) Kind() string { return "autopay_run" }

func (AutopayRunArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueuePayments, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// SendReceiptArgs e-mails a payment receipt.
type SendReceiptArgs struct {
	PaymentID string `json:"payment_id" river:"unique"`
}

func (SendReceiptArgs) Kind() string { return "send_receipt" }

func (SendReceiptArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueMessaging, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// DispatchWorkOrderArgs books a vendor for a maintenance request.
type DispatchWorkOrderArgs struct {
	RequestID string `json:"request_id"`
}

func (DispatchWorkOrderArgs) Kind() string { return "dispatch_work_order" }

// DisbursementSweepArgs creates the period's landlord disbursements.
type DisbursementSweepArgs struct {
	PeriodStart string `json:"period_start"`
	PeriodEnd   string `json:"period_end"`
}

func (DisbursementSweepArgs) Kind() string { return "disbursement_sweep" }

func (DisbursementSweepArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueuePayouts}
}

// SubmitPayoutArgs sends one disbursement to the bank transfer provider.
type SubmitPayoutArgs struct {
	DisbursementID string `json:"disbursement_id" river:"unique"`
}

func (SubmitPayoutArgs) Kind() string { return "submit_payout" }

func (SubmitPayoutArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueuePayouts, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// AssessNSFFeeArgs charges the returned-payment fee.
type AssessNSFFeeArgs struct {
	PaymentID  string `json:"payment_id"`
	ReturnCode string `json:"return_code"`
}

func (AssessNSFFeeArgs) Kind() string { return "assess_nsf_fee" }

func (AssessNSFFeeArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueuePayments}
}

// PollTransfersArgs reconciles payments whose webhook never arrived.
type PollTransfersArgs struct{}

func (PollTransfersArgs) Kind() string { return "poll_transfers" }

// ParseDate parses a DateLayout argument.
func ParseDate(s string) (time.Time, error) { return time.Parse(DateLayout, s) }
