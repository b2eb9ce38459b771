// Package donations records gifts reported by the online giving platform
// and issues donor receipts.
package donations

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/brindlewood-labs/shelternet/internal/domain"
	"github.com/brindlewood-labs/shelternet/internal/events"
	"github.com/brindlewood-labs/shelternet/internal/platform/ids"
	"github.com/brindlewood-labs/shelternet/internal/store"
)

const consumerDonorTotals = "donations.donor-totals"

type UnitOfWork interface {
	Do(ctx context.Context, fn func(context.Context, *store.Repos) error) error
}

type DonationStore interface {
	Get(ctx context.Context, id string) (domain.Donation, error)
	ClaimReceipt(ctx context.Context, id string, at time.Time) (bool, error)
	SetReceiptMessageID(ctx context.Context, id, messageID string) error
}

type ReceiptSender interface {
	DonationReceipt(ctx context.Context, d domain.Donation) (string, error)
}

type Service struct {
	uow       UnitOfWork
	donations DonationStore
	receipts  ReceiptSender
	log       *slog.Logger

	now   func() time.Time
	newID func() string
}

type Option func(*Service)

// WithClock overrides the clock (tests).
func WithClock(now func() time.Time) Option { return func(s *Service) { s.now = now } }

func NewService(uow UnitOfWork, donations DonationStore, receipts ReceiptSender, log *slog.Logger, opts ...Option) *Service {
	s := &Service{
		uow:       uow,
		donations: donations,
		receipts:  receipts,
		log:       log,
		now:       func() time.Time { return time.Now().UTC() },
		newID:     ids.Default,
	}
	for _, o := range opts {
		o(s)
	}
	return s
}

// Record stores a donation and queues donation.recorded. A notification the
// platform already delivered returns created=false and queues nothing.
func (s *Service) Record(ctx context.Context, d domain.Donation) (domain.Donation, bool, error) {
	if d.Platform == "" || d.ExternalID == "" {
		return d, false, errors.New("donation needs platform and external id")
	}
	d.ID = s.newID()
	d.DonorEmail = strings.ToLower(strings.TrimSpace(d.DonorEmail))
	if d.ReceivedAt.IsZero() {
		d.ReceivedAt = s.now()
	}

	var created bool
	err := s.uow.Do(ctx, func(ctx context.Context, r *store.Repos) error {
		id, inserted, err := r.Donations.Insert(ctx, d)
		if err != nil {
			return fmt.Errorf("insert donation: %w", err)
		}
		d.ID = id
		if !inserted {
			return nil
		}
		created = true
		return r.Outbox.Enqueue(ctx, events.TopicDonationRecorded, events.DonationRecorded{
			DonationID:  d.ID,
			DonorEmail:  d.DonorEmail,
			DonorName:   d.DonorName,
			AmountCents: d.AmountCents,
			Currency:    d.Currency,
		})
	})
	return d, created, err
}

// OnDonationRecordedTotals rolls the gift into the donor's lifetime totals.
func (s *Service) OnDonationRecordedTotals(ctx context.Context, messageID string, e events.DonationRecorded) error {
	return s.uow.Do(ctx, func(ctx context.Context, r *store.Repos) error {
		first, err := r.Inbox.Claim(ctx, consumerDonorTotals, messageID)
		if err != nil || !first {
			return err
		}
		return r.Donors.AddGift(ctx, e.DonorEmail, e.DonorName, e.AmountCents, s.now())
	})
}

// OnDonationRecordedReceipt e-mails the formal receipt. The claim on the
// donation row makes sure only one delivery of the event sends it. A failed
// send keeps the claim: receipts without a message ID show up in the
// support console's "resend receipt" queue instead of being retried blindly.
func (s *Service) OnDonationRecordedReceipt(ctx context.Context, _ string, e events.DonationRecorded) error {
	claimed, err := s.donations.ClaimReceipt(ctx, e.DonationID, s.now())
	if err != nil {
		return err
	}
	if !claimed {
		return nil
	}
	d, err := s.donations.Get(ctx, e.DonationID)
	if err != nil {
		return err
	}
	messageID, err := s.receipts.DonationReceipt(ctx, d)
	if err != nil {
		s.log.Error("send donation receipt", "donation_id", d.ID, "err", err)
		return nil
	}
	if err := s.donations.SetReceiptMessageID(ctx, d.ID, messageID); err != nil {
		// The receipt went out; the message ID is only for support look-ups.
		s.log.Warn("store receipt message id", "donation_id", d.ID, "err", err)
	}
	return nil
}
