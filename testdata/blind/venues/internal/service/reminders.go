package service

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/vowhall/venues/internal/domain"
	"github.com/vowhall/venues/internal/platform/clock"
	"github.com/vowhall/venues/internal/provider/mailer"
)

var reminderTemplates = map[domain.ReminderKind]string{
	domain.ReminderInstalmentDue:    "instalment-due",
	domain.ReminderContractUnsigned: "contract-unsigned",
	domain.ReminderFinalHeadcount:   "final-headcount",
}

// Reminders emails couples about upcoming instalments, unsigned contracts
// and the final headcount.
type Reminders struct {
	reminders ReminderStore
	bookings  BookingStore
	couples   CoupleStore
	venues    VenueStore
	mail      Mailer
	log       *slog.Logger

	now func() time.Time
}

func NewReminders(reminders ReminderStore, bookings BookingStore, couples CoupleStore, venues VenueStore, mail Mailer, log *slog.Logger) *Reminders {
	return &Reminders{
		reminders: reminders,
		bookings:  bookings,
		couples:   couples,
		venues:    venues,
		mail:      mail,
		log:       log,
		now:       clock.UTC,
	}
}

// Send emails the reminder unless it has gone out already. Reminders for
// bookings that are no longer live are closed without sending.
func (s *Reminders) Send(ctx context.Context, id uuid.UUID) error {
	r, err := s.reminders.Get(ctx, id)
	if err != nil {
		return err
	}
	if r.SentAt != nil {
		return nil
	}
	b, err := s.bookings.Get(ctx, r.BookingID)
	if err != nil {
		return err
	}
	if !b.Live() {
		return s.reminders.MarkSent(ctx, r.ID, "", s.now())
	}
	couple, err := s.couples.Get(ctx, b.CoupleID)
	if err != nil {
		return err
	}
	venue, err := s.venues.Get(ctx, b.VenueID)
	if err != nil {
		return err
	}
	template, ok := reminderTemplates[r.Kind]
	if !ok {
		return fmt.Errorf("no template for reminder kind %q", r.Kind)
	}

	msgID, err := s.mail.Send(ctx, mailer.Message{
		To:            couple.Email,
		TemplateAlias: template,
		Tag:           string(r.Kind),
		Model: map[string]any{
			"names":        couple.DisplayName(),
			"venue":        venue.Name,
			"event_date":   b.EventDate.Format("2 January 2006"),
			"balance":      money(b.BalanceCents(), b.Currency),
			"guest_count":  b.GuestCount,
			"days_to_go":   b.DaysUntilEvent(s.now()),
			"booking_link": "https://app.vowhall.example/bookings/" + b.ID.String(),
		},
	})
	if err != nil {
		return fmt.Errorf("send reminder %s: %w", r.ID, err)
	}
	if err := s.reminders.MarkSent(ctx, r.ID, msgID, s.now()); err != nil {
		return fmt.Errorf("mark reminder %s sent: %w", r.ID, err)
	}
	return nil
}

// Holds releases dates held by couples whose deposit never went through.
type Holds struct {
	bookings BookingStore
	waitlist WaitlistStore
	policy   Policy
	log      *slog.Logger

	now   func() time.Time
	newID func() uuid.UUID
}

func NewHolds(bookings BookingStore, waitlist WaitlistStore, policy Policy, log *slog.Logger) *Holds {
	return &Holds{bookings: bookings, waitlist: waitlist, policy: policy, log: log, now: clock.UTC, newID: clock.NewID}
}

// Expire ends an unpaid hold and offers the date to the next couple on the
// waitlist.
func (s *Holds) Expire(ctx context.Context, bookingID uuid.UUID) error {
	now := s.now()
	b, expired, err := s.bookings.ExpireHold(ctx, bookingID, now)
	if err != nil {
		return fmt.Errorf("expire hold %s: %w", bookingID, err)
	}
	if !expired {
		return nil
	}
	if err := s.waitlist.OfferReleasedDate(ctx, s.newID(), b, now, now.Add(s.policy.WaitlistOfferTTL)); err != nil {
		return fmt.Errorf("offer released date: %w", err)
	}
	s.log.InfoContext(ctx, "hold expired", "booking_id", b.ID, "venue_id", b.VenueID, "event_date", b.EventDate.Format(time.DateOnly))
	return nil
}
