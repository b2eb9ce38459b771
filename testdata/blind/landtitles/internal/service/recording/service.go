// Package recording applies the county recorders' answers to submitted
// packages.
package recording

import (
	"context"
	"fmt"
	"time"

	"github.com/cobaltmesa/titleworks/internal/domain"
	"github.com/cobaltmesa/titleworks/internal/platform/ids"
	"github.com/cobaltmesa/titleworks/internal/platform/txm"
	"github.com/cobaltmesa/titleworks/internal/provider/notify"
)

// Store persists recording packages and instruments.
type Store interface {
	PackageBySubmission(ctx context.Context, submissionID string) (*domain.RecordingPackage, error)
	InsertInstrument(ctx context.Context, in *domain.RecordedInstrument) error
	MarkRecorded(ctx context.Context, id string, at time.Time) (bool, error)
	UpsertRejection(ctx context.Context, packageID, code, reason string, at time.Time) error
}

// Closings transitions closings.
type Closings interface {
	Get(ctx context.Context, id string) (*domain.Closing, error)
	Transition(ctx context.Context, id, from, to string, at time.Time) (bool, error)
}

// Orders reads and updates orders.
type Orders interface {
	Get(ctx context.Context, id string) (*domain.Order, error)
	SetStatus(ctx context.Context, id, status string, at time.Time) error
}

// Texter sends SMS.
type Texter interface {
	SendSMS(ctx context.Context, s notify.SMS) error
}

// Outbox queues domain events.
type Outbox interface {
	Enqueue(ctx context.Context, topic, key string, payload any) error
}

// Service applies recorder answers.
type Service struct {
	tx       *txm.Manager
	store    Store
	closings Closings
	orders   Orders
	sms      Texter
	outbox   Outbox
	now      func() time.Time
	newID    func() string
}

// NewService returns a recording service.
func NewService(tx *txm.Manager, store Store, closings Closings, orders Orders, sms Texter, outbox Outbox) *Service {
	return &Service{tx: tx, store: store, closings: closings, orders: orders, sms: sms, outbox: outbox,
		now: time.Now, newID: ids.KSUID}
}

// Instrument is one recorded document in a confirmation.
type Instrument struct {
	Number     string    `json:"instrument_number"`
	DocType    string    `json:"doc_type"`
	Book       string    `json:"book"`
	Page       string    `json:"page"`
	RecordedAt time.Time `json:"recorded_at"`
}

// Confirmation is the county's notice that a submission was recorded.
type Confirmation struct {
	SubmissionID string
	CountyFIPS   string
	Instruments  []Instrument
}

// Rejection is the county's notice that a submission was refused.
type Rejection struct {
	SubmissionID string
	Code         string
	Reason       string
}

type packageRecorded struct {
	PackageID   string   `json:"package_id"`
	ClosingID   string   `json:"closing_id"`
	CountyFIPS  string   `json:"county_fips"`
	Instruments []string `json:"instrument_numbers"`
}

// Confirm stores the recorded instruments and closes out the order.
func (s *Service) Confirm(ctx context.Context, c Confirmation) error {
	pkg, err := s.store.PackageBySubmission(ctx, c.SubmissionID)
	if err != nil {
		return err
	}
	closing, err := s.closings.Get(ctx, pkg.ClosingID)
	if err != nil {
		return err
	}
	now := s.now().UTC()
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		numbers := make([]string, 0, len(c.Instruments))
		for _, in := range c.Instruments {
			if err := s.store.InsertInstrument(ctx, &domain.RecordedInstrument{
				ID: s.newID(), PackageID: pkg.ID, CountyFIPS: c.CountyFIPS, InstrumentNumber: in.Number,
				DocType: in.DocType, Book: in.Book, Page: in.Page, RecordedAt: in.RecordedAt,
			}); err != nil {
				return fmt.Errorf("instrument %s: %w", in.Number, err)
			}
			numbers = append(numbers, in.Number)
		}
		if _, err := s.store.MarkRecorded(ctx, pkg.ID, now); err != nil {
			return err
		}
		if _, err := s.closings.Transition(ctx, closing.ID, domain.ClosingSettled, domain.ClosingRecorded, now); err != nil {
			return err
		}
		if err := s.orders.SetStatus(ctx, closing.OrderID, "recorded", now); err != nil {
			return err
		}
		return s.outbox.Enqueue(ctx, "recordings.v1", pkg.ID, packageRecorded{
			PackageID: pkg.ID, ClosingID: closing.ID, CountyFIPS: c.CountyFIPS, Instruments: numbers,
		})
	})
}

// Reject stores a county rejection and texts the closer, who has to fix
// the package and re-submit it from the closing screen.
func (s *Service) Reject(ctx context.Context, r Rejection) error {
	pkg, err := s.store.PackageBySubmission(ctx, r.SubmissionID)
	if err != nil {
		return err
	}
	closing, err := s.closings.Get(ctx, pkg.ClosingID)
	if err != nil {
		return err
	}
	o, err := s.orders.Get(ctx, closing.OrderID)
	if err != nil {
		return err
	}
	if o.CloserPhone != "" {
		if err := s.sms.SendSMS(ctx, notify.SMS{
			To:   o.CloserPhone,
			Body: fmt.Sprintf("File %s: county %s rejected recording (%s): %s", o.FileNumber, pkg.CountyFIPS, r.Code, r.Reason),
		}); err != nil {
			return fmt.Errorf("%w: sms: %v", domain.ErrUpstream, err)
		}
	}
	return s.store.UpsertRejection(ctx, pkg.ID, r.Code, r.Reason, s.now().UTC())
}
