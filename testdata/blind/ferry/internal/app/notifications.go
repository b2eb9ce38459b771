package app

import (
	"bytes"
	"context"
	"fmt"
	"html/template"
	"log/slog"

	"github.com/google/uuid"

	"github.com/northsound/ferrydesk/internal/domain"
	"github.com/northsound/ferrydesk/internal/provider/mailer"
	"github.com/northsound/ferrydesk/internal/provider/sms"
	"github.com/northsound/ferrydesk/internal/store"
)

// Notifier sends customer communications that are not boarding passes.
type Notifier struct {
	store  store.Store
	mail   Mailer
	sms    SMSSender
	now    Clock
	log    *slog.Logger
	render func(confirmationView) (string, error)
}

// NewNotifier builds the notification service.
func NewNotifier(s store.Store, m Mailer, sender SMSSender, log *slog.Logger) *Notifier {
	return &Notifier{
		store:  s,
		mail:   m,
		sms:    sender,
		now:    SystemClock,
		log:    log.With("service", "notifier"),
		render: renderConfirmation,
	}
}

type confirmationView struct {
	Booking    domain.Booking
	Sailing    domain.Sailing
	Passengers []domain.Passenger
	Vehicles   []domain.VehicleReservation
}

func (v confirmationView) Paid() string {
	return fmt.Sprintf("£%d.%02d", v.Booking.AmountPaidCents/100, v.Booking.AmountPaidCents%100)
}

var confirmationTmpl = template.Must(template.New("confirmation").Parse(`
<h1>You're booked, {{(index .Passengers 0).FullName}}</h1>
<p>Booking reference <strong>{{.Booking.Reference}}</strong></p>
<p>{{.Sailing.OriginPort}} to {{.Sailing.DestinationPort}},
departing {{.Sailing.DepartsAt.Format "Monday 2 January, 15:04"}}.</p>
<ul>{{range .Passengers}}<li>{{.FullName}} ({{.FareClass}})</li>{{end}}</ul>
{{if .Vehicles}}<ul>{{range .Vehicles}}<li>{{.Registration}} ({{.VehicleType}})</li>{{end}}</ul>{{end}}
<p>Total paid: {{.Paid}}</p>
<p>Check-in opens 24 hours before departure.</p>
`))

func renderConfirmation(v confirmationView) (string, error) {
	var buf bytes.Buffer
	if err := confirmationTmpl.Execute(&buf, v); err != nil {
		return "", err
	}
	return buf.String(), nil
}

// SendConfirmation emails the booking confirmation once the booking is paid.
func (s *Notifier) SendConfirmation(ctx context.Context, bookingID uuid.UUID) error {
	b, err := s.store.Bookings().Get(ctx, bookingID)
	if err != nil {
		return err
	}
	if b.ConfirmationSentAt != nil || b.Status != domain.BookingConfirmed {
		return nil
	}
	sailing, err := s.store.Sailings().Get(ctx, b.SailingID)
	if err != nil {
		return err
	}
	pax, err := s.store.Bookings().Passengers(ctx, b.ID)
	if err != nil {
		return err
	}
	vs, err := s.store.Bookings().Vehicles(ctx, b.ID)
	if err != nil {
		return err
	}
	html, err := s.render(confirmationView{Booking: b, Sailing: sailing, Passengers: pax, Vehicles: vs})
	if err != nil {
		return fmt.Errorf("render confirmation %s: %w", b.Reference, err)
	}

	msgID, err := s.mail.Send(ctx, mailer.Email{
		To:      b.ContactEmail,
		Subject: fmt.Sprintf("Your NorthSound booking %s", b.Reference),
		HTML:    html,
		Tags:    []string{"booking-confirmation"},
	})
	if err != nil {
		return err
	}
	if err := s.store.Bookings().MarkConfirmationSent(ctx, b.ID, s.now()); err != nil {
		return fmt.Errorf("record confirmation %s (message %s): %w", b.Reference, msgID, err)
	}
	return nil
}

// NotifyDisruption texts every booking on a cancelled sailing. Refunds are
// handled separately by the refund jobs.
func (s *Notifier) NotifyDisruption(ctx context.Context, sailingID uuid.UUID, reason string) error {
	sailing, err := s.store.Sailings().Get(ctx, sailingID)
	if err != nil {
		return err
	}
	// Refund jobs may already have run for some bookings, so refunded ones
	// are included.
	affected, err := s.store.Bookings().ForSailing(ctx, sailingID,
		domain.BookingHeld, domain.BookingConfirmed, domain.BookingRefunded)
	if err != nil {
		return err
	}
	body := fmt.Sprintf("NorthSound: the %s %s-%s sailing is cancelled (%s). A full refund is on its way. Rebook at northsound.example/rebook",
		sailing.DepartsAt.Format("02 Jan 15:04"), sailing.OriginPort, sailing.DestinationPort, reason)

	sent := 0
	for _, b := range affected {
		_, err := s.sms.Send(ctx, sms.Message{
			To:             b.ContactPhone,
			Body:           body,
			Tag:            "disruption",
			IdempotencyKey: uuid.NewString(),
		})
		if err != nil {
			return fmt.Errorf("disruption notice for %s after %d sent: %w", b.Reference, sent, err)
		}
		sent++
	}
	s.log.InfoContext(ctx, "disruption notices sent", "sailing", sailingID, "count", sent)
	return nil
}
