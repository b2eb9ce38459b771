package service

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/hearthkit/commissary/internal/domain"
	"github.com/hearthkit/commissary/internal/provider/mailer"
	"github.com/hearthkit/commissary/internal/repository"
)

// Postbird template names.
const (
	tmplConfirmation = "booking-confirmed-v3"
	tmplReminder     = "booking-reminder-v2"
	tmplReceipt      = "payment-receipt-v1"
)

type notificationService struct {
	store  repository.Store
	mail   Mailer
	now    Clock
	render map[string]func(b *domain.Booking, k *domain.Kitchen) map[string]string
}

// NewNotificationService builds the renter-facing email service.
func NewNotificationService(store repository.Store, m Mailer) NotificationService {
	return &notificationService{
		store: store,
		mail:  m,
		now:   SystemClock,
		render: map[string]func(*domain.Booking, *domain.Kitchen) map[string]string{
			tmplConfirmation: bookingVars,
			tmplReminder: func(b *domain.Booking, k *domain.Kitchen) map[string]string {
				v := bookingVars(b, k)
				v["access_notes"] = k.AccessNotes
				return v
			},
		},
	}
}

func bookingVars(b *domain.Booking, k *domain.Kitchen) map[string]string {
	loc, err := time.LoadLocation(k.Timezone)
	if err != nil {
		loc = time.UTC
	}
	return map[string]string{
		"renter_name":  b.RenterName,
		"kitchen_name": k.Name,
		"address":      fmt.Sprintf("%s, %s %s", k.AddressLine, k.City, k.PostalCode),
		"starts_at":    b.StartsAt.In(loc).Format("Mon Jan 2, 3:04 PM"),
		"ends_at":      b.EndsAt.In(loc).Format("3:04 PM"),
		"total":        formatCents(b.TotalCents, b.Currency),
		"booking_ref":  b.ID[:8],
	}
}

func formatCents(c int64, currency string) string {
	return fmt.Sprintf("%s %d.%02d", currency, c/100, c%100)
}

func (s *notificationService) load(ctx context.Context, bookingID string) (*domain.Booking, *domain.Kitchen, error) {
	b, err := s.store.Bookings().Get(ctx, bookingID)
	if err != nil {
		return nil, nil, err
	}
	k, err := s.store.Kitchens().Get(ctx, b.KitchenID)
	if err != nil {
		return nil, nil, err
	}
	return b, k, nil
}

func (s *notificationService) SendConfirmation(ctx context.Context, bookingID string) error {
	b, k, err := s.load(ctx, bookingID)
	if err != nil {
		return err
	}
	if b.ConfirmationSentAt != nil || b.Status != domain.BookingConfirmed {
		return nil
	}
	_, err = s.mail.Send(ctx, mailer.Message{
		MessageID: uuid.NewString(),
		To:        b.RenterEmail,
		ToName:    b.RenterName,
		Template:  tmplConfirmation,
		Vars:      s.render[tmplConfirmation](b, k),
		Tags:      []string{"booking", "confirmation"},
	})
	if err != nil {
		return fmt.Errorf("send confirmation: %w", err)
	}
	return s.store.Bookings().MarkConfirmationSent(ctx, b.ID, s.now())
}

func (s *notificationService) SendReminder(ctx context.Context, bookingID string) error {
	b, k, err := s.load(ctx, bookingID)
	if err != nil {
		return err
	}
	if b.ReminderSentAt != nil || b.Status != domain.BookingConfirmed {
		return nil
	}
	msg := mailer.Message{
		To:       b.RenterEmail,
		ToName:   b.RenterName,
		Template: tmplReminder,
		Vars:     s.render[tmplReminder](b, k),
		Tags:     []string{"booking", "reminder"},
	}
	if _, err := s.mail.Send(ctx, msg); err != nil {
		return fmt.Errorf("send reminder: %w", err)
	}
	return s.store.Bookings().MarkReminderSent(ctx, b.ID, s.now())
}

func (s *notificationService) SendReceipt(ctx context.Context, in ReceiptInput) error {
	b, k, err := s.load(ctx, in.BookingID)
	if err != nil {
		return err
	}
	_, err = s.mail.Send(ctx, mailer.Message{
		MessageID: "receipt-" + in.ChargeID,
		To:        b.RenterEmail,
		ToName:    b.RenterName,
		Template:  tmplReceipt,
		Vars: map[string]string{
			"renter_name":  b.RenterName,
			"kitchen_name": k.Name,
			"amount":       formatCents(in.AmountCents, in.Currency),
			"charge_ref":   in.ChargeID,
		},
		Tags: []string{"payment", "receipt"},
	})
	if err != nil {
		return fmt.Errorf("send receipt: %w", err)
	}
	return nil
}
