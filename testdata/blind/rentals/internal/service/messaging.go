package service

import (
	"context"
	"fmt"
	"log/slog"
	"unicode/utf8"

	"github.com/gearloop/rentals/internal/domain"
	"github.com/gearloop/rentals/internal/ids"
	"github.com/gearloop/rentals/internal/sms"
	"github.com/gearloop/rentals/internal/store"
)

// SendMessageInput is a participant's message.
type SendMessageInput struct {
	ClientMessageID string `json:"client_message_id"`
	Body            string `json:"body"`
}

// Messaging handles renter/owner conversations.
type Messaging interface {
	Send(ctx context.Context, senderID, threadID string, in SendMessageInput) (domain.Message, error)
	PostBookingConfirmed(ctx context.Context, bookingID string) error
}

type messagingService struct {
	uow   store.UnitOfWork
	repos store.Repos
	sms   sms.Sender
	log   *slog.Logger
}

// NewMessaging builds the messaging service.
func NewMessaging(uow store.UnitOfWork, repos store.Repos, sender sms.Sender, log *slog.Logger) Messaging {
	return &messagingService{uow: uow, repos: repos, sms: sender, log: log}
}

func preview(from, body string) string {
	const max = 120
	if utf8.RuneCountInString(body) > max {
		r := []rune(body)
		body = string(r[:max]) + "…"
	}
	return fmt.Sprintf("%s on GearLoop: %s", from, body)
}

// Send relays a message to the counterpart by SMS and stores it. The relay
// goes first so that an unreachable recipient is reported to the sender
// rather than silently stored.
func (s *messagingService) Send(ctx context.Context, senderID, threadID string, in SendMessageInput) (domain.Message, error) {
	t, err := s.repos.Messages.GetThread(ctx, threadID)
	if err != nil {
		return domain.Message{}, err
	}
	if !t.Participant(senderID) {
		return domain.Message{}, domain.ErrForbidden
	}
	sender, err := s.repos.Users.Get(ctx, senderID)
	if err != nil {
		return domain.Message{}, err
	}
	recipient, err := s.repos.Users.Get(ctx, t.Counterpart(senderID))
	if err != nil {
		return domain.Message{}, err
	}

	msg := domain.NewUserMessage(t.ID, senderID, in.ClientMessageID, in.Body)
	if recipient.Phone.Valid {
		if _, err := s.sms.Send(ctx, recipient.Phone.String, preview(sender.DisplayName, in.Body)); err != nil {
			return domain.Message{}, fmt.Errorf("relay message: %w", err)
		}
	}
	if _, err := s.repos.Messages.Insert(ctx, msg); err != nil {
		return domain.Message{}, fmt.Errorf("store message: %w", err)
	}
	return msg, nil
}

// PostBookingConfirmed opens the booking's thread and posts the platform's
// confirmation notice into it.
func (s *messagingService) PostBookingConfirmed(ctx context.Context, bookingID string) error {
	b, err := s.repos.Bookings.Get(ctx, bookingID)
	if err != nil {
		return err
	}
	listing, err := s.repos.Listings.Get(ctx, b.ListingID)
	if err != nil {
		return err
	}
	return s.uow.Do(ctx, func(ctx context.Context, r store.Repos) error {
		t, err := r.Messages.EnsureThread(ctx, domain.Thread{
			ID:        ids.Derive("thread", b.ID),
			BookingID: b.ID,
			RenterID:  b.RenterID,
			OwnerID:   b.OwnerID,
			CreatedAt: b.UpdatedAt,
		})
		if err != nil {
			return err
		}
		notice := domain.NewSystemMessage(t.ID, fmt.Sprintf(
			"Booking confirmed: %s, %s to %s. Use this thread to arrange hand-over.",
			listing.Title, b.StartDay.Format("2 Jan"), b.EndDay.Format("2 Jan")))
		_, err = r.Messages.Insert(ctx, notice)
		return err
	})
}
