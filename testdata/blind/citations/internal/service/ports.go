// Package service holds the domain services. Handlers (HTTP, feed
// consumer, River workers, Temporal activities) call these; these call the
// repositories in package store and the provider clients through the
// interfaces below.
package service

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/riverqueue/river"
	"gorm.io/gorm"

	"github.com/harborcity/citeproc/internal/provider/agency"
	"github.com/harborcity/citeproc/internal/provider/camvendor"
	"github.com/harborcity/citeproc/internal/provider/dmv"
	"github.com/harborcity/citeproc/internal/provider/hearingcal"
	"github.com/harborcity/citeproc/internal/provider/mailhouse"
	"github.com/harborcity/citeproc/internal/provider/payproc"
	"github.com/harborcity/citeproc/internal/store"
)

// ChargeProcessor is the card processor.
type ChargeProcessor interface {
	CreateCharge(ctx context.Context, req payproc.ChargeRequest) (*payproc.Charge, error)
	CreateRefund(ctx context.Context, req payproc.RefundRequest) (*payproc.RefundResult, error)
}

// Mailer is the print-and-mail house.
type Mailer interface {
	SendLetter(ctx context.Context, l mailhouse.Letter, opts ...mailhouse.SendOption) (*mailhouse.LetterReceipt, error)
}

// Registry is the state DMV.
type Registry interface {
	LookupOwner(ctx context.Context, plate, state string) (*dmv.OwnerRecord, error)
	PlaceHold(ctx context.Context, req dmv.HoldRequest) (*dmv.HoldResult, error)
	ReleaseHold(ctx context.Context, holdNumber, reason, requestID string) error
}

// CollectionsAgency is the contracted collections agency.
type CollectionsAgency interface {
	Refer(ctx context.Context, r agency.Referral) (*agency.Account, error)
	Recall(ctx context.Context, accountRef, reason string) error
}

// HearingCalendar is the hearings office calendar.
type HearingCalendar interface {
	OpenDockets(ctx context.Context, from, to time.Time) ([]hearingcal.Docket, error)
	Book(ctx context.Context, req hearingcal.BookingRequest) (*hearingcal.Booking, error)
}

// Notifier sends SMS and e-mail.
type Notifier interface {
	SendSMS(ctx context.Context, to, body string) (string, error)
	SendEmail(ctx context.Context, to, subject, body string) (string, error)
}

// VendorAPI is one camera vendor's records API.
type VendorAPI interface {
	Vendor() string
	FetchBatch(ctx context.Context, date time.Time) ([]camvendor.Record, error)
	RequestEvidencePackage(ctx context.Context, eventID, requestKey string) (*camvendor.EvidencePackage, error)
}

// Lifecycle starts and signals the per-citation notice workflow.
type Lifecycle interface {
	Start(ctx context.Context, citationID, citationNumber string) error
	Signal(ctx context.Context, citationNumber, signal string, arg any) error
}

// Signals understood by the notice lifecycle workflow.
const (
	SignalBalanceChanged  = "balance-changed"
	SignalDisputeFiled    = "dispute-filed"
	SignalDisputeResolved = "dispute-resolved"
	SignalVoided          = "voided"
	SignalPlateCorrected  = "plate-corrected"
)

// Enqueuer inserts River jobs.
type Enqueuer interface {
	Enqueue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error
	// EnqueueTx inserts the job in the caller's gorm transaction.
	EnqueueTx(ctx context.Context, tx *gorm.DB, args river.JobArgs, opts *river.InsertOpts) error
}

// Stores is what services need from package store.
type Stores interface {
	store.Transactor
	Repos(ctx context.Context) store.Repos
}

// Error kinds surfaced to handlers.
var (
	ErrNotFound   = errors.New("not found")
	ErrConflict   = errors.New("conflict")
	ErrValidation = errors.New("invalid request")
	ErrDeclined   = errors.New("payment declined")
)

func invalid(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrValidation, fmt.Sprintf(format, args...))
}

func conflict(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrConflict, fmt.Sprintf(format, args...))
}

// mapNotFound turns store.ErrNotFound into ErrNotFound with context.
func mapNotFound(err error, what string) error {
	if errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("%w: %s", ErrNotFound, what)
	}
	return err
}

// Clock and ID sources are struct fields on services so tests can pin them.
type clock func() time.Time

func utcNow() time.Time { return time.Now().UTC() }
