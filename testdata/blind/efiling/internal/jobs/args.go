// Package jobs declares the river job kinds and the insert-side interface
// the services use to enqueue them.
package jobs

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// Queue names.
const (
	QueueDefault = river.QueueDefault
	QueueCourt   = "court"
	QueueNotify  = "notify"
	QueueFees    = "fees"
)

// Inserter is the subset of *river.Client[pgx.Tx] used to enqueue work.
type Inserter interface {
	Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
	InsertTx(ctx context.Context, tx pgx.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

// SubmitFilingArgs sends a queued filing to the court gateway.
type SubmitFilingArgs struct {
	FilingID uuid.UUID `json:"filing_id"`
}

func (SubmitFilingArgs) Kind() string { return "submit_filing" }

func (SubmitFilingArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueCourt, MaxAttempts: 12}
}

// EServeFilingArgs serves an accepted filing on the matter's service contacts.
type EServeFilingArgs struct {
	FilingID uuid.UUID `json:"filing_id"`
}

func (EServeFilingArgs) Kind() string { return "eserve_filing" }

func (EServeFilingArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueCourt}
}

// BookServiceArgs books a process server for a service request.
type BookServiceArgs struct {
	ServiceRequestID uuid.UUID `json:"service_request_id"`
}

func (BookServiceArgs) Kind() string { return "book_service" }

func (BookServiceArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueDefault, MaxAttempts: 10}
}

// DocketFanoutArgs notifies every subscriber of a new docket entry.
type DocketFanoutArgs struct {
	DocketEntryID uuid.UUID `json:"docket_entry_id"`
}

func (DocketFanoutArgs) Kind() string { return "docket_fanout" }

func (DocketFanoutArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueNotify}
}

// SendEmailArgs delivers one queued e-mail notification.
type SendEmailArgs struct {
	NotificationID uuid.UUID `json:"notification_id"`
}

func (SendEmailArgs) Kind() string { return "send_email" }

func (SendEmailArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueNotify, MaxAttempts: 8}
}

// SendSMSArgs delivers one queued SMS notification.
type SendSMSArgs struct {
	NotificationID uuid.UUID `json:"notification_id"`
}

func (SendSMSArgs) Kind() string { return "send_sms" }

func (SendSMSArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueNotify, MaxAttempts: 5}
}

// Fee settlement outcomes.
const (
	SettleCapture = "capture"
	SettleRelease = "release"
)

// SettleFeeArgs captures or releases a filing's fee hold once the clerk decides.
type SettleFeeArgs struct {
	FilingID uuid.UUID `json:"filing_id"`
	Outcome  string    `json:"outcome"`
}

func (SettleFeeArgs) Kind() string { return "settle_fee" }

func (SettleFeeArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:      QueueFees,
		UniqueOpts: river.UniqueOpts{ByArgs: true, ByPeriod: 24 * time.Hour},
	}
}

// ChargeFeeAdjustmentArgs collects an additional fee assessed by the clerk.
type ChargeFeeAdjustmentArgs struct {
	AdjustmentID uuid.UUID `json:"adjustment_id"`
}

func (ChargeFeeAdjustmentArgs) Kind() string { return "charge_fee_adjustment" }

func (ChargeFeeAdjustmentArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:      QueueFees,
		UniqueOpts: river.UniqueOpts{ByArgs: true},
	}
}
