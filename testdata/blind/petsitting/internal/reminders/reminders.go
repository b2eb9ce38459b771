// Package reminders finds bookings that start soon and sends the SMS that
// go with a booking: day-before reminders, walk-started notices and review
// prompts.
package reminders

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/pawtrail-labs/pawtrail/internal/idgen"
	"github.com/pawtrail-labs/pawtrail/internal/jobs"
	"github.com/pawtrail-labs/pawtrail/internal/notify"
	"github.com/pawtrail-labs/pawtrail/internal/store"
)

type Bookings interface {
	Get(ctx context.Context, id uuid.UUID) (store.Booking, error)
	Contact(ctx context.Context, id uuid.UUID) (store.BookingContact, error)
	DueReminder(ctx context.Context, from, to time.Time, limit int32) ([]store.Booking, error)
	MarkRemindersQueued(ctx context.Context, ids []uuid.UUID) error
}

// Sweeper queues reminder jobs for bookings entering the lead window.
type Sweeper struct {
	bookings Bookings
	jobs     jobs.Inserter
	lead     time.Duration
	batch    int32
}

func NewSweeper(bookings Bookings, ins jobs.Inserter, lead time.Duration) *Sweeper {
	return &Sweeper{bookings: bookings, jobs: ins, lead: lead, batch: 500}
}

var audiences = []string{"owner", "sitter"}

func (s *Sweeper) Run(ctx context.Context) (int, error) {
	now := time.Now().UTC()
	due, err := s.bookings.DueReminder(ctx, now, now.Add(s.lead), s.batch)
	if err != nil {
		return 0, err
	}
	if len(due) == 0 {
		return 0, nil
	}
	ids := make([]uuid.UUID, 0, len(due))
	for _, b := range due {
		for _, audience := range audiences {
			args := jobs.BookingReminderArgs{
				BookingID:   b.ID,
				Audience:    audience,
				RequestedAt: time.Now().UTC(),
			}
			if _, err := s.jobs.Insert(ctx, args, nil); err != nil {
				return 0, fmt.Errorf("reminder sweep: queue %s/%s: %w", b.ID, audience, err)
			}
		}
		ids = append(ids, b.ID)
	}
	if err := s.bookings.MarkRemindersQueued(ctx, ids); err != nil {
		return 0, fmt.Errorf("reminder sweep: mark queued: %w", err)
	}
	return len(ids), nil
}

type Notifier interface {
	Send(ctx context.Context, n notify.Notification) error
}

// Sender renders and sends booking SMS.
type Sender struct {
	bookings Bookings
	notifier Notifier
}

func NewSender(bookings Bookings, notifier Notifier) *Sender {
	return &Sender{bookings: bookings, notifier: notifier}
}

// Reminder sends the day-before reminder to one side of the booking.
func (s *Sender) Reminder(ctx context.Context, bookingID uuid.UUID, audience string) error {
	b, err := s.bookings.Get(ctx, bookingID)
	if err != nil {
		return err
	}
	if b.Status != store.BookingAccepted {
		return nil
	}
	c, err := s.bookings.Contact(ctx, bookingID)
	if err != nil {
		return err
	}
	to, other := c.OwnerPhone, c.SitterName
	if audience == "sitter" {
		to, other = c.SitterPhone, c.OwnerName
	}
	return s.notifier.Send(ctx, notify.Notification{
		To:        to,
		Purpose:   "reminder_" + audience,
		BookingID: bookingID,
		Body:      notify.ReminderBody(audience, c.PetName, other, c.StartsAt, c.Kind),
	})
}

// WalkStarted tells the owner the sitter has checked in.
func (s *Sender) WalkStarted(ctx context.Context, bookingID, checkinID uuid.UUID) error {
	c, err := s.bookings.Contact(ctx, bookingID)
	if err != nil {
		return err
	}
	return s.notifier.Send(ctx, notify.Notification{
		To:        c.OwnerPhone,
		Purpose:   "walk_started",
		BookingID: bookingID,
		Body:      notify.WalkStartedBody(c.PetName, c.SitterName),
		DedupKey:  idgen.Derive("walk-started", checkinID.String()),
	})
}

// ReviewPrompt asks the owner to review a completed booking.
func (s *Sender) ReviewPrompt(ctx context.Context, bookingID uuid.UUID) error {
	c, err := s.bookings.Contact(ctx, bookingID)
	if err != nil {
		return err
	}
	return s.notifier.Send(ctx, notify.Notification{
		To:        c.OwnerPhone,
		Purpose:   "review_prompt",
		BookingID: bookingID,
		Body:      notify.ReviewPromptBody(c.PetName, c.SitterName),
		DedupKey:  idgen.Derive("review-prompt", bookingID.String()),
	})
}
