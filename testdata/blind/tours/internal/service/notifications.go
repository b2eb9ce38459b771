package service

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/larkspur-travel/tourdesk/internal/domain"
	"github.com/larkspur-travel/tourdesk/internal/platform/ids"
	"github.com/larkspur-travel/tourdesk/internal/provider/mailer"
	"github.com/larkspur-travel/tourdesk/internal/tasks"
)

// Email templates configured at the provider.
const (
	TemplateBookingConfirmation = "booking-confirmation"
	TemplatePreDeparture14      = "predeparture-14d"
	TemplatePreDeparture3       = "predeparture-3d"
)

// NotificationService sends booking emails.
type NotificationService struct {
	bookings   BookingStore
	departures DepartureStore
	travellers TravellerStore
	emails     EmailStore
	mail       Mailer
	log        *slog.Logger

	newID func() string
	now   Clock
}

// NewNotificationService constructs a NotificationService.
func NewNotificationService(bookings BookingStore, departures DepartureStore, travellers TravellerStore,
	emails EmailStore, mail Mailer, log *slog.Logger) *NotificationService {
	return &NotificationService{
		bookings: bookings, departures: departures, travellers: travellers, emails: emails, mail: mail, log: log,
		newID: ids.Email,
		now:   time.Now,
	}
}

type bookingContext struct {
	booking   *domain.Booking
	departure *domain.Departure
	tour      *domain.Tour
}

func (s *NotificationService) load(ctx context.Context, bookingID string) (*bookingContext, error) {
	b, err := s.bookings.Get(ctx, bookingID)
	if err != nil {
		return nil, err
	}
	dep, err := s.departures.Get(ctx, b.DepartureID)
	if err != nil {
		return nil, err
	}
	tour, err := s.departures.GetTour(ctx, dep.TourID)
	if err != nil {
		return nil, err
	}
	return &bookingContext{booking: b, departure: dep, tour: tour}, nil
}

func (bc *bookingContext) model() map[string]any {
	b := bc.booking
	return map[string]any{
		"lead_name":     b.LeadName,
		"reference":     b.Reference,
		"tour_name":     bc.tour.Name,
		"start_date":    bc.departure.StartDate.Format("Monday 2 January 2006"),
		"end_date":      bc.departure.EndDate.Format("Monday 2 January 2006"),
		"pax":           b.Pax,
		"total":         formatMoney(b.TotalCents, b.Currency),
		"paid":          formatMoney(b.AmountPaidCents, b.Currency),
		"balance_due":   formatMoney(b.BalanceDueCents(), b.Currency),
		"manage_url":    "https://larkspur.travel/manage/" + b.Reference,
		"manifest_size": 0,
	}
}

// SendBookingConfirmation emails the confirmation once. The delivery row is
// claimed before the provider is called; a crash after the send leaves the
// row in 'sending' and it is not sent again.
func (s *NotificationService) SendBookingConfirmation(ctx context.Context, bookingID string) error {
	bc, err := s.load(ctx, bookingID)
	if err != nil {
		return err
	}
	d, claimed, err := s.emails.Claim(ctx, &domain.EmailDelivery{
		ID:        s.newID(),
		BookingID: bc.booking.ID,
		Template:  TemplateBookingConfirmation,
		Recipient: bc.booking.LeadEmail,
	})
	if err != nil {
		return err
	}
	if !claimed {
		return nil
	}
	msgID, err := s.mail.Send(ctx, mailer.Message{
		To:       bc.booking.LeadEmail,
		Template: TemplateBookingConfirmation,
		Model:    bc.model(),
		Tag:      "booking",
		Metadata: map[string]string{"booking_id": bc.booking.ID, "delivery_id": d.ID},
	})
	if err != nil {
		if mErr := s.emails.MarkFailed(ctx, d.ID); mErr != nil {
			s.log.ErrorContext(ctx, "could not release email claim", "delivery_id", d.ID, "err", mErr)
		}
		return err
	}
	return s.emails.MarkSent(ctx, d.ID, msgID)
}

// SendPreDeparture sends the pre-departure pack: joining instructions,
// hotel list and the tour leader's phone number.
func (s *NotificationService) SendPreDeparture(ctx context.Context, p tasks.PreDeparturePayload) error {
	sent, err := s.emails.HasSent(ctx, p.BookingID, p.Template)
	if err != nil {
		return err
	}
	if sent {
		return nil
	}
	bc, err := s.load(ctx, p.BookingID)
	if err != nil {
		return err
	}
	if bc.booking.Status != domain.BookingDepositPaid && bc.booking.Status != domain.BookingPaidInFull {
		return nil
	}
	travellers, err := s.travellers.ListByBooking(ctx, bc.booking.ID)
	if err != nil {
		return err
	}
	model := bc.model()
	names := make([]string, 0, len(travellers))
	for _, t := range travellers {
		names = append(names, t.FullName)
	}
	model["travellers"] = names
	model["manifest_size"] = len(names)
	model["days_before"] = p.DaysBefore
	if len(names) < bc.booking.Pax {
		model["manifest_incomplete"] = true
	}

	msgID, err := s.mail.Send(ctx, mailer.Message{
		To:       bc.booking.LeadEmail,
		Template: p.Template,
		Model:    model,
		Tag:      "predeparture",
		Metadata: map[string]string{"booking_id": bc.booking.ID},
	})
	if err != nil {
		return fmt.Errorf("send %s to %s: %w", p.Template, bc.booking.ID, err)
	}
	return s.emails.RecordSent(ctx, &domain.EmailDelivery{
		ID:                s.newID(),
		BookingID:         bc.booking.ID,
		Template:          p.Template,
		Recipient:         bc.booking.LeadEmail,
		Status:            domain.EmailSent,
		ProviderMessageID: &msgID,
	})
}

func formatMoney(cents int64, currency string) string {
	sym := map[string]string{"gbp": "£", "eur": "€", "usd": "$"}[currency]
	if sym == "" {
		sym = currency + " "
	}
	return fmt.Sprintf("%s%d.%02d", sym, cents/100, cents%100)
}
