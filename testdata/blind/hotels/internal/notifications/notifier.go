// Package notifications sends guest e-mails and SMS in reaction to
// reservation events and staff requests.
package notifications

import (
	"context"
	"fmt"
	"time"

	"github.com/rs/xid"

	"github.com/harbourline/hotels/internal/domain"
	"github.com/harbourline/hotels/internal/guests"
	"github.com/harbourline/hotels/internal/platform/amqpx"
	"github.com/harbourline/hotels/internal/platform/logx"
	"github.com/harbourline/hotels/internal/providers/mailer"
	"github.com/harbourline/hotels/internal/providers/sms"
	"github.com/harbourline/hotels/internal/reservations"
)

// Notifier consumes reservation events.
type Notifier struct {
	reservations reservations.Reader
	mail         mailer.Mailer
	sms          sms.Sender
	log          guests.MessageLog
	sender       string
}

// NewNotifier returns the reservation-event consumer.
func NewNotifier(res reservations.Reader, m mailer.Mailer, s sms.Sender, log guests.MessageLog, smsSender string) *Notifier {
	return &Notifier{reservations: res, mail: m, sms: s, log: log, sender: smsSender}
}

// RegisterConsumers implements amqpx.Registrar.
func (n *Notifier) RegisterConsumers(r *amqpx.Router) {
	r.Handle(domain.EventReservationConfirmed, amqpx.JSON(n.onConfirmed))
	r.Handle(domain.EventReservationCancelled, amqpx.JSON(n.onCancelled))
}

func (n *Notifier) onConfirmed(ctx context.Context, evt domain.ReservationEvent, _ amqpx.Delivery) error {
	key := fmt.Sprintf("confirmation:%s:v%d", evt.ReservationID, evt.Version)
	if seen, err := n.log.Seen(ctx, key); err != nil || seen {
		return err
	}
	res, err := n.reservations.Get(ctx, evt.ReservationID)
	if err != nil {
		return err
	}
	if res.Guest.Email == "" {
		logx.From(ctx).Info("no e-mail on reservation; skipping confirmation", "reservation_id", res.ID)
		return nil
	}
	email := confirmationEmail(res)
	id, err := n.mail.Send(ctx, email, mailer.IdempotencyKey(key), mailer.Tags("confirmation", res.Channel))
	if err != nil {
		return err
	}
	return n.log.Record(ctx, key, guests.Message{
		ReservationID: res.ID, Channel: res.Channel, Direction: "outbound", Medium: "email",
		Subject: email.Subject, Body: email.Template, ProviderID: id, Status: "sent",
	})
}

func (n *Notifier) onCancelled(ctx context.Context, evt domain.ReservationEvent, _ amqpx.Delivery) error {
	res, err := n.reservations.Get(ctx, evt.ReservationID)
	if err != nil {
		return err
	}
	if res.Guest.Phone != "" {
		msg := sms.NewMessage(res.Guest.Phone).
			From(n.sender).
			Body(fmt.Sprintf("Your booking %s for %s has been cancelled.", res.ChannelRef, res.Stay.CheckIn.Format("02 Jan"))).
			Ref(xid.New().String()).
			Tag("cancellation").
			Build()
		receipt, err := n.sms.Send(ctx, msg)
		if err != nil {
			return err
		}
		if err := n.log.Record(ctx, "cancellation-sms:"+res.ID, guests.Message{
			ReservationID: res.ID, Channel: res.Channel, Direction: "outbound", Medium: "sms",
			Body: msg.Body, ProviderID: receipt.MessageID, ExternalRef: msg.ClientRef, Status: "sent",
		}); err != nil {
			return err
		}
	}
	if res.Guest.Email == "" {
		return nil
	}
	key := "cancellation:" + res.ID
	email := mailer.Email{
		To:       res.Guest.Email,
		Subject:  "Your reservation has been cancelled",
		Template: "reservation-cancelled",
		Data: map[string]string{
			"guest":     res.Guest.Name,
			"reference": res.ChannelRef,
			"check_in":  res.Stay.CheckIn.Format(time.DateOnly),
			"reason":    evt.Reason,
		},
	}
	id, err := n.mail.Send(ctx, email, mailer.IdempotencyKey(key), mailer.Tags("cancellation"))
	if err != nil {
		return err
	}
	return n.log.Record(ctx, key, guests.Message{
		ReservationID: res.ID, Channel: res.Channel, Direction: "outbound", Medium: "email",
		Subject: email.Subject, ProviderID: id, Status: "sent",
	})
}

func confirmationEmail(r *domain.Reservation) mailer.Email {
	return mailer.Email{
		To:       r.Guest.Email,
		Subject:  "Your reservation is confirmed",
		Template: "reservation-confirmed",
		Data: map[string]string{
			"guest":     r.Guest.Name,
			"reference": r.ChannelRef,
			"check_in":  r.Stay.CheckIn.Format(time.DateOnly),
			"check_out": r.Stay.CheckOut.Format(time.DateOnly),
			"total":     r.Total.String(),
		},
	}
}
