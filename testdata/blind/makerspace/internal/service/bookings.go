package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/kerfhall/makerspace/internal/domain"
	"github.com/kerfhall/makerspace/internal/events"
	"github.com/kerfhall/makerspace/internal/platform/dbx"
	"github.com/kerfhall/makerspace/internal/repository"
)

// BookingService books machines against hour credits and settles usage afterwards.
type BookingService struct {
	tx        dbx.TxManager
	members   repository.MemberRepository
	accounts  repository.AccountRepository
	machines  repository.MachineRepository
	certs     repository.CertificationRepository
	bookings  repository.BookingRepository
	reminders repository.ReminderRepository
	overages  repository.OverageRepository
	meters    repository.MeterRepository
	sms       SMSSender
	pub       EventPublisher
	access    AccessSyncStarter
	newID     IDFunc
	now       Clock

	// overageGrace is runtime past the booked hours that is not billed.
	overageGrace time.Duration
	// freeCancelBefore is how far ahead a cancellation gets its hours back.
	freeCancelBefore time.Duration
}

// NewBookingService wires a BookingService.
func NewBookingService(
	tx dbx.TxManager,
	members repository.MemberRepository,
	accounts repository.AccountRepository,
	machines repository.MachineRepository,
	certs repository.CertificationRepository,
	bookings repository.BookingRepository,
	reminders repository.ReminderRepository,
	overages repository.OverageRepository,
	meters repository.MeterRepository,
	sms SMSSender,
	pub EventPublisher,
	access AccessSyncStarter,
	newID IDFunc,
	now Clock,
) *BookingService {
	return &BookingService{
		tx: tx, members: members, accounts: accounts, machines: machines, certs: certs,
		bookings: bookings, reminders: reminders, overages: overages, meters: meters,
		sms: sms, pub: pub, access: access, newID: newID, now: now,
		overageGrace:     10 * time.Minute,
		freeCancelBefore: 24 * time.Hour,
	}
}

// BookRequest reserves a machine for whole hours.
type BookRequest struct {
	ClientRequestID string    `header:"X-Request-Id" json:"-"`
	MemberID        string    `json:"member_id"`
	MachineID       string    `json:"machine_id"`
	StartsAt        time.Time `json:"starts_at"`
	Hours           int       `json:"hours"`
}

func (r *BookRequest) Validate() error {
	switch {
	case r.ClientRequestID == "":
		return domain.Invalid("X-Request-Id", "header is required")
	case r.MemberID == "":
		return domain.Invalid("member_id", "required")
	case r.MachineID == "":
		return domain.Invalid("machine_id", "required")
	case r.Hours < 1 || r.Hours > 4:
		return domain.Invalid("hours", "bookings are 1 to 4 hours")
	case r.StartsAt.Minute() != 0 || r.StartsAt.Second() != 0:
		return domain.Invalid("starts_at", "bookings start on the hour")
	}
	return nil
}

// Book reserves the slot and takes the hours off the member's prepaid balance.
func (s *BookingService) Book(ctx context.Context, req BookRequest) (*domain.Booking, error) {
	now := s.now()
	if !req.StartsAt.After(now) {
		return nil, domain.Invalid("starts_at", "must be in the future")
	}
	member, err := s.members.Get(ctx, req.MemberID)
	if err != nil {
		return nil, err
	}
	if member.Status != domain.MemberActive {
		return nil, domain.ErrMemberInactive
	}
	machine, err := s.machines.Get(ctx, req.MachineID)
	if err != nil {
		return nil, err
	}
	if machine.Status != "available" {
		return nil, fmt.Errorf("machine %s is %s: %w", machine.ID, machine.Status, domain.ErrConflict)
	}
	ok, err := s.certs.HasActive(ctx, member.ID, machine.EquipmentClass, req.StartsAt)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, domain.ErrNotCertified
	}

	b := &domain.Booking{
		ID:              s.newID(),
		MemberID:        member.ID,
		MachineID:       machine.ID,
		ClientRequestID: req.ClientRequestID,
		StartsAt:        req.StartsAt.UTC(),
		EndsAt:          req.StartsAt.UTC().Add(time.Duration(req.Hours) * time.Hour),
		Hours:           req.Hours,
		Status:          domain.BookingConfirmed,
		CreatedAt:       now,
	}

	var inserted bool
	if err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		var err error
		inserted, err = s.bookings.InsertIfAbsent(ctx, b)
		return err
	}); err != nil {
		return nil, err
	}
	if !inserted {
		return s.bookings.GetByClientRequest(ctx, member.ID, req.ClientRequestID)
	}

	// Hours come off the prepaid balance once the slot is held.
	if err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.accounts.DebitHours(ctx, member.ID, b.Hours); err != nil {
			return err
		}
		_, err := s.accounts.AppendLedgerOnce(ctx, &domain.LedgerEntry{
			ID:        s.newID(),
			MemberID:  member.ID,
			EntryKey:  domain.Key("booking:" + b.ID + ":debit"),
			Kind:      domain.LedgerBookingDebit,
			HourDelta: -b.Hours,
			Memo:      fmt.Sprintf("%s %s", machine.Name, b.StartsAt.Format(time.RFC3339)),
			CreatedAt: now,
		})
		return err
	}); err != nil {
		if errors.Is(err, domain.ErrInsufficientCredit) {
			if _, cErr := s.bookings.Cancel(ctx, b.ID, s.now()); cErr != nil {
				slog.ErrorContext(ctx, "release unpaid booking", "booking", b.ID, "err", cErr)
			}
		}
		return nil, err
	}

	if err := s.access.StartBookingWindow(ctx, b.ID); err != nil {
		// The door window is also opened by the scheduler's sweep; don't fail the booking.
		slog.WarnContext(ctx, "start booking window", "booking", b.ID, "err", err)
	}
	return b, nil
}

// CancelBookingRequest cancels a member's booking.
type CancelBookingRequest struct {
	BookingID string `uri:"id" json:"-"`
	MemberID  string `header:"X-Member-Id" json:"-"`
}

// Cancel releases the slot and, when early enough, returns the hours. The
// status change and the refund commit together, and the refund's ledger key is
// derived from the booking.
func (s *BookingService) Cancel(ctx context.Context, req CancelBookingRequest) (*domain.Booking, error) {
	var out *domain.Booking
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		b, err := s.bookings.Get(ctx, req.BookingID)
		if err != nil {
			return err
		}
		if b.MemberID != req.MemberID {
			return fmt.Errorf("booking %s: %w", req.BookingID, domain.ErrNotFound)
		}
		now := s.now()
		changed, err := s.bookings.Cancel(ctx, b.ID, now)
		if err != nil {
			return err
		}
		if changed && b.StartsAt.Sub(now) >= s.freeCancelBefore {
			if err := s.accounts.CreditHours(ctx, b.MemberID, b.Hours); err != nil {
				return err
			}
			if _, err := s.accounts.AppendLedgerOnce(ctx, &domain.LedgerEntry{
				ID:        s.newID(),
				MemberID:  b.MemberID,
				EntryKey:  domain.Key("booking:" + b.ID + ":refund"),
				Kind:      domain.LedgerBookingRefund,
				HourDelta: b.Hours,
				Memo:      "cancelled more than 24h ahead",
				CreatedAt: now,
			}); err != nil {
				return err
			}
		}
		out, err = s.bookings.Get(ctx, b.ID)
		return err
	})
	return out, err
}

// HandleBookingEnded closes the booking, bills runtime past the booked hours to
// the member's tab and exports the overage to bookkeeping.
func (s *BookingService) HandleBookingEnded(ctx context.Context, evt events.BookingEnded) error {
	b, err := s.bookings.Get(ctx, evt.BookingID)
	if err != nil {
		return err
	}
	if b.Status == domain.BookingCancelled {
		return nil
	}
	runtime, err := s.meters.RuntimeForBooking(ctx, b.ID)
	if err != nil {
		return err
	}
	machine, err := s.machines.Get(ctx, b.MachineID)
	if err != nil {
		return err
	}
	over := time.Duration(runtime)*time.Second - time.Duration(b.Hours)*time.Hour
	var overage *domain.Overage
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.bookings.Complete(ctx, b.ID); err != nil {
			return err
		}
		if over <= s.overageGrace {
			return nil
		}
		minutes := int(over.Round(time.Minute) / time.Minute)
		amount := int64(minutes) * machine.HourlyRateCents / 60
		overage, err = s.overages.InsertIfAbsent(ctx, &domain.Overage{
			ID:             s.newID(),
			BookingID:      b.ID,
			MemberID:       b.MemberID,
			OverageMinutes: minutes,
			AmountCents:    amount,
			CreatedAt:      s.now(),
		})
		if err != nil {
			return err
		}
		first, err := s.accounts.AppendLedgerOnce(ctx, &domain.LedgerEntry{
			ID:          s.newID(),
			MemberID:    b.MemberID,
			EntryKey:    domain.Key("overage:" + overage.ID),
			Kind:        domain.LedgerOverage,
			AmountCents: overage.AmountCents,
			Memo:        fmt.Sprintf("%d min over on %s", overage.OverageMinutes, machine.Name),
			CreatedAt:   s.now(),
		})
		if err != nil || !first {
			return err
		}
		return s.accounts.AddTab(ctx, b.MemberID, overage.AmountCents)
	})
	if err != nil || overage == nil {
		return err
	}
	// Always (re)export: if a previous delivery committed but died before
	// publishing, this is the only chance bookkeeping gets to see it.
	return s.pub.Publish(ctx, events.SubjectOverageExport, events.OverageExport{
		OverageID:   overage.ID,
		BookingID:   b.ID,
		MemberID:    b.MemberID,
		Minutes:     overage.OverageMinutes,
		AmountCents: overage.AmountCents,
		OccurredAt:  evt.EndedAt,
	})
}

// SendReminder texts the member ahead of their booking.
func (s *BookingService) SendReminder(ctx context.Context, evt events.BookingReminderDue) error {
	sent, err := s.reminders.WasSent(ctx, evt.BookingID, evt.Kind)
	if err != nil || sent {
		return err
	}
	b, err := s.bookings.Get(ctx, evt.BookingID)
	if err != nil {
		return err
	}
	if b.Status != domain.BookingConfirmed {
		return nil
	}
	m, err := s.members.Get(ctx, b.MemberID)
	if err != nil {
		return err
	}
	if m.Phone == nil || *m.Phone == "" {
		return nil
	}
	machine, err := s.machines.Get(ctx, b.MachineID)
	if err != nil {
		return err
	}
	body := fmt.Sprintf("Kerfhall: your %s booking starts %s. Reply CANCEL to release it.",
		machine.Name, b.StartsAt.Local().Format("Mon 3:04pm"))
	msgID, err := s.sms.Send(ctx, *m.Phone, body)
	if err != nil {
		return fmt.Errorf("send reminder: %w", err)
	}
	return s.reminders.MarkSent(ctx, b.ID, evt.Kind, msgID)
}
