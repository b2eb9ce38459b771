package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"gorm.io/gorm"

	"github.com/haulright/movers/internal/domain"
	"github.com/haulright/movers/internal/jobs"
	"github.com/haulright/movers/internal/provider/fleet"
	"github.com/haulright/movers/internal/repository"
)

type BookingService interface {
	Get(ctx context.Context, id uuid.UUID) (*domain.Booking, error)
	List(ctx context.Context, f repository.BookingFilter, p repository.Page) (repository.PageResult[domain.Booking], error)
	Reschedule(ctx context.Context, id uuid.UUID, newDate time.Time, reason string) (*domain.Booking, error)
	Cancel(ctx context.Context, id uuid.UUID, reason string) (*CancelResult, error)
	Complete(ctx context.Context, id uuid.UUID) (*domain.Booking, error)
}

type CancelResult struct {
	Booking       *domain.Booking `json:"booking"`
	RefundedCents int64           `json:"refunded_cents"`
}

// RescheduleFees is the change fee by notice given.
type RescheduleFees struct {
	Under48hCents int64
	Under7dCents  int64
}

type bookingService struct {
	db        *gorm.DB
	bookings  repository.BookingRepository
	crew      repository.CrewRepository
	customers repository.CustomerRepository
	trucks    repository.TruckRepository
	notes     repository.NotificationRepository
	payments  PaymentService
	fleet     fleet.Client
	jobs      jobs.Enqueuer
	fees      RescheduleFees
	log       *slog.Logger
}

func NewBookingService(
	db *gorm.DB,
	bookings repository.BookingRepository,
	crew repository.CrewRepository,
	customers repository.CustomerRepository,
	trucks repository.TruckRepository,
	notes repository.NotificationRepository,
	payments PaymentService,
	fleetClient fleet.Client,
	q jobs.Enqueuer,
	fees RescheduleFees,
	log *slog.Logger,
) BookingService {
	return &bookingService{db: db, bookings: bookings, crew: crew, customers: customers, trucks: trucks,
		notes: notes, payments: payments, fleet: fleetClient, jobs: q, fees: fees, log: log}
}

func (s *bookingService) Get(ctx context.Context, id uuid.UUID) (*domain.Booking, error) {
	b, err := s.bookings.Get(ctx, id)
	if err != nil {
		return nil, notFound(err, "booking")
	}
	return b, nil
}

func (s *bookingService) List(ctx context.Context, f repository.BookingFilter, p repository.Page) (repository.PageResult[domain.Booking], error) {
	return s.bookings.List(ctx, f, p)
}

func (s *bookingService) changeFee(now, oldDate time.Time) int64 {
	notice := oldDate.Sub(now)
	switch {
	case notice < 48*time.Hour:
		return s.fees.Under48hCents
	case notice < 7*24*time.Hour:
		return s.fees.Under7dCents
	}
	return 0
}

func (s *bookingService) Reschedule(ctx context.Context, id uuid.UUID, newDate time.Time, reason string) (*domain.Booking, error) {
	if !newDate.After(time.Now()) {
		return nil, invalid("new date must be in the future")
	}
	var (
		booking *domain.Booking
		fee     int64
	)
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		b, err := s.bookings.WithTx(tx).GetForUpdate(ctx, id)
		if err != nil {
			return notFound(err, "booking")
		}
		if !b.Status.Active() {
			return ErrBookingClosed
		}
		fee = s.changeFee(time.Now(), b.MoveDate)
		change := &domain.BookingChange{
			ID:        uuid.New(),
			BookingID: b.ID,
			Kind:      "reschedule",
			OldValue:  b.MoveDate.Format("2006-01-02"),
			NewValue:  newDate.Format("2006-01-02"),
			FeeCents:  fee,
			CreatedAt: time.Now().UTC(),
		}
		if err := s.bookings.WithTx(tx).AddChange(ctx, change); err != nil {
			return err
		}
		if err := s.bookings.WithTx(tx).SetMoveDate(ctx, b.ID, newDate); err != nil {
			return err
		}
		b.MoveDate = newDate
		booking = b
		return nil
	})
	if err != nil {
		return nil, err
	}

	// Move the assigned crew to the new date.
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		crew := s.crew.WithTx(tx)
		assigned, err := crew.ForBooking(ctx, id)
		if err != nil {
			return err
		}
		if err := crew.ReleaseSlots(ctx, id); err != nil {
			return err
		}
		for _, a := range assigned {
			err := crew.ReserveSlot(ctx, &domain.CrewSlot{CrewMemberID: a.CrewMemberID, BookingID: id, SlotDate: newDate})
			if errors.Is(err, repository.ErrSlotTaken) {
				return ErrCrewUnavailable
			}
			if err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}

	cust, err := s.customers.Get(ctx, booking.CustomerID)
	if err != nil {
		return booking, nil
	}
	staged, err := stage(ctx, s.notes, outboxMessage{
		BookingID: &booking.ID, Channel: domain.ChannelSMS, Template: "booking_rescheduled",
		To: cust.Phone, Body: rescheduledSMS(booking, fee),
		Key: booking.ID.String() + ":" + newDate.Format("2006-01-02"),
	})
	if err != nil {
		s.log.Warn("reschedule notice not staged", "booking", id, "err", err)
		return booking, nil
	}
	dispatch(ctx, s.jobs, s.log, staged)
	return booking, nil
}

func (s *bookingService) Cancel(ctx context.Context, id uuid.UUID, reason string) (*CancelResult, error) {
	b, err := s.bookings.Get(ctx, id)
	if err != nil {
		return nil, notFound(err, "booking")
	}
	if b.Status == domain.BookingCancelled {
		return &CancelResult{Booking: b}, nil
	}
	if !b.Status.Active() {
		return nil, ErrBookingClosed
	}

	// Late cancellations keep the change fee out of the deposit refund.
	keep := s.changeFee(time.Now(), b.MoveDate)
	refunded, err := s.payments.RefundDeposit(ctx, b.ID, b.DepositCents-keep)
	if err != nil {
		return nil, err
	}

	if res, err := s.trucks.ActiveForBooking(ctx, b.ID); err == nil {
		if err := s.fleet.Cancel(ctx, res.PartnerReservationID); err != nil {
			return nil, err
		}
		if err := s.trucks.SetStatus(ctx, res.ID, "cancelled"); err != nil {
			return nil, err
		}
	} else if !errors.Is(err, repository.ErrNotFound) {
		return nil, err
	}

	cust, err := s.customers.Get(ctx, b.CustomerID)
	if err != nil {
		return nil, err
	}
	var staged []*domain.Notification
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := s.bookings.WithTx(tx).SetStatus(ctx, b.ID, domain.BookingCancelled); err != nil {
			return err
		}
		if err := s.crew.WithTx(tx).ReleaseSlots(ctx, b.ID); err != nil {
			return err
		}
		if err := s.bookings.WithTx(tx).AddChange(ctx, &domain.BookingChange{
			ID: uuid.NewSHA1(uuid.NameSpaceOID, []byte("cancel:"+b.ID.String())), BookingID: b.ID,
			Kind: "cancel", OldValue: string(b.Status), NewValue: reason, CreatedAt: time.Now().UTC(),
		}); err != nil {
			return err
		}
		if refunded > 0 {
			if err := s.customers.WithTx(tx).AdjustCredit(ctx, b.CustomerID, &b.ID, -refunded, "deposit refunded"); err != nil {
				return err
			}
		}
		staged, err = stage(ctx, s.notes.WithTx(tx), outboxMessage{
			BookingID: &b.ID, Channel: domain.ChannelSMS, Template: "booking_cancelled",
			To: cust.Phone, Body: cancelledSMS(b, refunded), Key: b.ID.String(),
		})
		return err
	})
	if err != nil {
		return nil, err
	}
	dispatch(ctx, s.jobs, s.log, staged)
	b.Status = domain.BookingCancelled
	return &CancelResult{Booking: b, RefundedCents: refunded}, nil
}

// Complete marks the move done and queues the final invoice.
func (s *bookingService) Complete(ctx context.Context, id uuid.UUID) (*domain.Booking, error) {
	var booking *domain.Booking
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		b, err := s.bookings.WithTx(tx).GetForUpdate(ctx, id)
		if err != nil {
			return notFound(err, "booking")
		}
		booking = b
		switch b.Status {
		case domain.BookingCompleted, domain.BookingInvoiced:
			return nil
		case domain.BookingConfirmed, domain.BookingInProgress:
		default:
			return fmt.Errorf("%w: booking is %s", ErrConflict, b.Status)
		}
		b.Status = domain.BookingCompleted
		return s.bookings.WithTx(tx).SetStatus(ctx, b.ID, domain.BookingCompleted)
	})
	if err != nil {
		return nil, err
	}
	if booking.Status == domain.BookingInvoiced {
		return booking, nil
	}
	err = s.jobs.Enqueue(ctx, jobs.TypeInvoiceIssue, jobs.InvoiceIssuePayload{BookingID: booking.ID},
		asynq.TaskID("invoice-issue-"+booking.ID.String()), asynq.ProcessIn(15*time.Minute))
	if err != nil {
		return nil, err
	}
	return booking, nil
}
