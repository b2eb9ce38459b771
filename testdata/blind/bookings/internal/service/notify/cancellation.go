package notify

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/meridianrail/bookings/internal/domain"
	"github.com/meridianrail/bookings/internal/platform/database"
	"github.com/meridianrail/bookings/internal/providers/mailer"
)

// NotifyCancelled e-mails the passenger a cancellation confirmation.
func (s *Service) NotifyCancelled(ctx context.Context, evt domain.BookingCancelled) error {
	notificationID := "cancel:" + evt.BookingID
	if _, err := s.Notifications.FirstWhere(ctx, "id = ?", notificationID); err == nil {
		return nil
	} else if !errors.Is(err, database.ErrNotFound) {
		return err
	}

	b, err := s.Bookings.FirstWhere(ctx, "id = ?", evt.BookingID)
	if err != nil {
		return fmt.Errorf("load booking: %w", err)
	}
	providerRef, err := s.Mailer.Send(ctx, mailer.Message{
		To:       b.ContactEmail,
		Template: TplCancelled,
		Data: map[string]any{
			"booking_id":     b.ID,
			"refunded_cents": evt.RefundedCents,
			"currency":       b.Currency,
			"reason":         evt.Reason,
		},
	})
	if err != nil {
		return fmt.Errorf("cancellation e-mail: %w", err)
	}

	now := time.Now().UTC()
	return s.Notifications.Create(ctx, &domain.Notification{
		ID:          notificationID,
		BookingID:   b.ID,
		Channel:     domain.ChannelEmail,
		Template:    TplCancelled,
		Recipient:   b.ContactEmail,
		Status:      domain.NotificationSent,
		Attempts:    1,
		ProviderRef: providerRef,
		SentAt:      &now,
	})
}
