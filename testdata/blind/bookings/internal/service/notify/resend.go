package notify

import (
	"context"
	"errors"
	"net/http"

	"github.com/google/uuid"

	"github.com/meridianrail/bookings/internal/domain"
	"github.com/meridianrail/bookings/internal/platform/database"
)

const scopeResend = "tickets.resend"

// ErrKeyReused is returned when a key is replayed for another booking.
var ErrKeyReused = errors.New("idempotency key reused for a different booking")

// ResendTickets queues an SMS with the booking's ticket link. The caller's
// Idempotency-Key is claimed in the transaction that creates the
// notification row.
func (s *Service) ResendTickets(ctx context.Context, idemKey, bookingID string) (*domain.Notification, error) {
	n, err := database.WithTx(ctx, s.Tx, func(ctx context.Context) (*domain.Notification, error) {
		rec, fresh, err := s.Idem.Claim(ctx, scopeResend, idemKey, bookingID)
		if err != nil {
			return nil, err
		}
		if rec.RequestHash != bookingID {
			return nil, ErrKeyReused
		}
		if !fresh {
			return s.Notifications.FirstWhere(ctx, "id = ?", rec.ResourceID)
		}

		b, err := s.Bookings.FirstWhere(ctx, "id = ?", bookingID)
		if errors.Is(err, database.ErrNotFound) {
			return nil, ErrBookingNotFound
		}
		if err != nil {
			return nil, err
		}
		n := &domain.Notification{
			ID:        uuid.NewString(),
			BookingID: b.ID,
			Channel:   domain.ChannelSMS,
			Template:  TplTicketResend,
			Recipient: b.ContactPhone,
			Status:    domain.NotificationPending,
		}
		if err := s.Notifications.Create(ctx, n); err != nil {
			return nil, err
		}
		if err := s.Idem.Attach(ctx, scopeResend, idemKey, n.ID); err != nil {
			return nil, err
		}
		return n, s.Idem.Complete(ctx, scopeResend, idemKey, http.StatusAccepted, map[string]string{"notification_id": n.ID})
	})
	if err != nil {
		return nil, err
	}
	// Enqueue on every attempt, including replays: if the first attempt
	// committed but crashed before enqueueing, the retry still delivers.
	if err := s.enqueueSMS(ctx, n.ID); err != nil {
		return nil, err
	}
	return n, nil
}
