// Package booking implements service.Bookings: deposition intake, rush
// upgrades, copy orders and reporter assignment.
package booking

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/stenoline-legal/depobook/internal/domain"
	"github.com/stenoline-legal/depobook/internal/platform/dbx"
	"github.com/stenoline-legal/depobook/internal/platform/ids"
	"github.com/stenoline-legal/depobook/internal/queue"
	"github.com/stenoline-legal/depobook/internal/repository"
	"github.com/stenoline-legal/depobook/internal/service"
)

type Params struct {
	fx.In

	Tx          dbx.Tx
	Firms       repository.Firms
	Bookings    repository.Bookings
	Keys        repository.IdempotencyKeys
	Charges     repository.Charges
	Reporters   repository.Reporters
	Assignments repository.Assignments
	Transcripts repository.Transcripts
	Inbound     repository.InboundMessages
	Queue       queue.Enqueuer
	SMS         service.SMS
	Mailer      service.Mailer
	Portal      service.Portal
	Clock       service.Clock
	Log         *zap.Logger
}

type Service struct {
	tx          dbx.Tx
	firms       repository.Firms
	bookings    repository.Bookings
	keys        repository.IdempotencyKeys
	charges     repository.Charges
	reporters   repository.Reporters
	assignments repository.Assignments
	transcripts repository.Transcripts
	inbound     repository.InboundMessages
	queue       queue.Enqueuer
	sms         service.SMS
	mailer      service.Mailer
	portal      service.Portal
	now         service.Clock
	log         *zap.Logger
}

var _ service.Bookings = (*Service)(nil)

func New(p Params) *Service {
	return &Service{
		tx:          p.Tx,
		firms:       p.Firms,
		bookings:    p.Bookings,
		keys:        p.Keys,
		charges:     p.Charges,
		reporters:   p.Reporters,
		assignments: p.Assignments,
		transcripts: p.Transcripts,
		inbound:     p.Inbound,
		queue:       p.Queue,
		sms:         p.SMS,
		mailer:      p.Mailer,
		portal:      p.Portal,
		now:         p.Clock,
		log:         p.Log.Named("booking"),
	}
}

// Create books a deposition. The firm's Idempotency-Key is claimed in the
// same transaction as the booking row, so a replay returns the booking the
// first request made.
func (s *Service) Create(ctx context.Context, in service.CreateBookingInput) (*domain.Booking, error) {
	if err := validateCreate(in, s.now()); err != nil {
		return nil, err
	}
	hash := requestHash(in)

	var booking *domain.Booking
	err := s.tx.InTx(ctx, func(ctx context.Context) error {
		claimed, stored, err := s.keys.Claim(ctx, &domain.IdempotencyKey{
			FirmID:      in.FirmID,
			Key:         in.IdempotencyKey,
			RequestHash: hash,
		})
		if err != nil {
			return fmt.Errorf("claim idempotency key: %w", err)
		}
		if !claimed {
			if stored.RequestHash != hash {
				return domain.ErrKeyReuse
			}
			booking, err = s.bookings.Get(ctx, stored.BookingID)
			return err
		}

		booking = &domain.Booking{
			ID:            ids.New("bk"),
			FirmID:        in.FirmID,
			AttorneyID:    in.AttorneyID,
			CaseCaption:   in.CaseCaption,
			Deponent:      in.Deponent,
			Location:      in.Location,
			Region:        in.Region,
			StartsAt:      in.StartsAt.UTC(),
			ExpectedHours: in.ExpectedHours,
			Status:        domain.BookingRequested,
		}
		if err := s.bookings.Insert(ctx, booking); err != nil {
			return fmt.Errorf("insert booking: %w", err)
		}
		return s.keys.Attach(ctx, in.FirmID, in.IdempotencyKey, booking.ID)
	})
	if err != nil {
		return nil, err
	}

	if err := s.scheduleIntake(ctx, booking.ID); err != nil {
		return nil, err
	}
	return booking, nil
}

// scheduleIntake queues reporter assignment and the firm's confirmation.
// Task IDs come from the booking, so a replayed request is a no-op here.
func (s *Service) scheduleIntake(ctx context.Context, bookingID string) error {
	p := queue.BookingPayload{BookingID: bookingID}
	for _, typ := range []string{queue.TypeAssignReporter, queue.TypeBookingConfirm} {
		err := s.queue.Enqueue(ctx, typ, p, asynq.TaskID(ids.Derive(typ, bookingID)))
		if err := queue.IgnoreDuplicate(err); err != nil {
			return err
		}
	}
	return nil
}

// Rush upgrades a booking to expedited turnaround, adds the surcharge and
// alerts the firm's scheduling contact by SMS.
func (s *Service) Rush(ctx context.Context, in service.RushInput) (*domain.Booking, error) {
	b, err := s.bookings.GetForFirm(ctx, in.FirmID, in.BookingID)
	if err != nil {
		return nil, err
	}
	if b.Status == domain.BookingCancelled || b.Status == domain.BookingCompleted {
		return nil, fmt.Errorf("%w: booking is %s", domain.ErrConflict, b.Status)
	}
	surcharge, err := domain.RushSurcharge(b.ExpectedHours, in.TurnaroundDays)
	if err != nil {
		return nil, err
	}

	err = s.tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.bookings.SetRush(ctx, b.ID, in.TurnaroundDays); err != nil {
			return err
		}
		return s.charges.Add(ctx, &domain.BookingCharge{
			ID:          uuid.NewString(),
			BookingID:   b.ID,
			Kind:        "rush",
			Description: fmt.Sprintf("Rush turnaround, %d business day(s)", in.TurnaroundDays),
			AmountCents: surcharge,
		})
	})
	if err != nil {
		return nil, fmt.Errorf("apply rush: %w", err)
	}

	alert := queue.RushAlertPayload{BookingID: b.ID, TurnaroundDays: in.TurnaroundDays}
	taskID := ids.Derive("rush-alert", b.ID, strconv.Itoa(in.TurnaroundDays))
	if err := queue.IgnoreDuplicate(s.queue.Enqueue(ctx, queue.TypeRushAlert, alert, asynq.TaskID(taskID))); err != nil {
		return nil, err
	}

	b.Rush = true
	b.RushTurnaroundDays = in.TurnaroundDays
	return b, nil
}

func validateCreate(in service.CreateBookingInput, now time.Time) error {
	var problems []string
	if strings.TrimSpace(in.IdempotencyKey) == "" {
		problems = append(problems, "Idempotency-Key header is required")
	}
	if strings.TrimSpace(in.CaseCaption) == "" {
		problems = append(problems, "case_caption is required")
	}
	if strings.TrimSpace(in.Deponent) == "" {
		problems = append(problems, "deponent is required")
	}
	if in.Region == "" {
		problems = append(problems, "region is required")
	}
	if in.StartsAt.Before(now.Add(2 * time.Hour)) {
		problems = append(problems, "starts_at must be at least two hours out")
	}
	if in.ExpectedHours < 1 || in.ExpectedHours > 12 {
		problems = append(problems, "expected_hours must be between 1 and 12")
	}
	if len(problems) > 0 {
		return fmt.Errorf("%w: %s", domain.ErrValidation, strings.Join(problems, "; "))
	}
	return nil
}

// requestHash fingerprints the fields that define a booking so a reused
// key with a different body is rejected.
func requestHash(in service.CreateBookingInput) string {
	h := sha256.New()
	for _, part := range []string{
		in.FirmID, in.AttorneyID, in.CaseCaption, in.Deponent,
		in.Location, in.Region, in.StartsAt.UTC().Format(time.RFC3339),
		strconv.Itoa(in.ExpectedHours),
	} {
		h.Write([]byte(part))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))
}
