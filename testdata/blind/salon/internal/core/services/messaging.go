package services

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/velvetchair/salon/internal/core/domain"
	"github.com/velvetchair/salon/internal/core/ports"
)

// MessagingService sends client texts and handles provider callbacks.
type MessagingService struct {
	tx        ports.TxRunner
	log       *slog.Logger
	appts     ports.AppointmentRepository
	catalog   ports.CatalogRepository
	clients   ports.ClientRepository
	messages  ports.MessageRepository
	messenger ports.Messenger
	jobs      ports.JobScheduler
}

func NewMessagingService(d Deps) *MessagingService {
	return &MessagingService{
		tx: d.Tx, log: d.Log.With("service", "messaging"),
		appts: d.Appts, catalog: d.Catalog, clients: d.Clients, messages: d.Messages,
		messenger: d.Messenger, jobs: d.Jobs,
	}
}

// ScheduleForBooking arms the 24h and 2h reminders of a new booking.
func (s *MessagingService) ScheduleForBooking(ctx context.Context, evt domain.AppointmentBooked) error {
	appt, err := s.appts.Get(ctx, s.tx.Reader(), evt.AppointmentID)
	if err != nil {
		return err
	}
	if !appt.Status.Live() {
		return nil
	}
	for _, r := range reminderPlan(appt.StartsAt) {
		if err := s.jobs.ScheduleReminder(ctx, nil, appt.ID, r.template, appt.StartsAt, r.at); err != nil {
			return err
		}
	}
	return nil
}

// SendReminder texts the client about an upcoming appointment.
func (s *MessagingService) SendReminder(ctx context.Context, appointmentID uuid.UUID, template string, startsAt time.Time) error {
	appt, err := s.appts.Get(ctx, s.tx.Reader(), appointmentID)
	if err != nil {
		return err
	}
	if !appt.Status.Live() || !appt.StartsAt.Equal(startsAt) {
		return nil
	}
	client, err := s.clients.Get(ctx, s.tx.Reader(), appt.ClientID)
	if err != nil {
		return err
	}
	sender, err := s.catalog.SalonSender(ctx, s.tx.Reader(), appt.SalonID)
	if err != nil {
		return err
	}
	msg, err := s.messages.Claim(ctx, s.tx.Reader(), &domain.Message{
		ID:        uuid.New(),
		ClientID:  &client.ID,
		Channel:   domain.ChannelSMS,
		Template:  template,
		Ref:       appt.ID.String() + "@" + appt.StartsAt.Format(time.RFC3339),
		Recipient: client.Phone,
		Body:      reminderBody(template, client, appt),
		Status:    domain.MessageQueued,
	})
	if err != nil {
		return err
	}
	if msg.Status != domain.MessageQueued {
		return nil
	}
	if optedOut, err := s.messages.IsOptedOut(ctx, s.tx.Reader(), client.Phone); err != nil {
		return err
	} else if optedOut {
		return s.messages.MarkSuppressed(ctx, s.tx.Reader(), msg.ID)
	}

	requestID := uuid.NewString()
	res, err := s.messenger.SendSMS(ctx, domain.OutboundSMS{
		To:   client.Phone,
		From: sender,
		Body: msg.Body,
		Tags: map[string]string{"template": template, "appointment_id": appt.ID.String()},
	}, ports.WithClientReference(requestID), ports.WithValidity(120))
	if err != nil {
		return fmt.Errorf("send reminder: %w", err)
	}
	return s.messages.MarkSent(ctx, s.tx.Reader(), msg.ID, res.ProviderMessageID, clock())
}

func reminderBody(template string, c *domain.Client, a *domain.Appointment) string {
	when := a.StartsAt.Format("Mon 2 Jan at 15:04")
	if template == domain.TemplateReminder2h {
		when = "today at " + a.StartsAt.Format("15:04")
	}
	return fmt.Sprintf("Hi %s, see you %s. Reply Y to confirm or call us to rearrange.", firstName(c.FullName), when)
}

// Deliver sends a stored outbound SMS.
func (s *MessagingService) Deliver(ctx context.Context, messageID uuid.UUID) error {
	msg, err := s.messages.Get(ctx, s.tx.Reader(), messageID)
	if err != nil {
		return err
	}
	if msg.Status != domain.MessageQueued {
		return nil
	}
	if msg.Channel != domain.ChannelSMS {
		return fmt.Errorf("message %s: unsupported channel %s", msg.ID, msg.Channel)
	}
	if optedOut, err := s.messages.IsOptedOut(ctx, s.tx.Reader(), msg.Recipient); err != nil {
		return err
	} else if optedOut {
		return s.messages.MarkSuppressed(ctx, s.tx.Reader(), msg.ID)
	}
	res, err := s.messenger.SendSMS(ctx, domain.OutboundSMS{
		To:   msg.Recipient,
		Body: msg.Body,
		Tags: map[string]string{"template": msg.Template},
	}, ports.WithClientReference(msg.ID.String()))
	if err != nil {
		return fmt.Errorf("deliver message %s: %w", msg.ID, err)
	}
	return s.messages.MarkSent(ctx, s.tx.Reader(), msg.ID, res.ProviderMessageID, clock())
}

// RecordReceipt stores a delivery receipt and moves the message along.
func (s *MessagingService) RecordReceipt(ctx context.Context, r domain.DeliveryReceipt) error {
	return s.tx.WithTx(ctx, func(tx *sqlx.Tx) error {
		if err := s.messages.InsertReceipt(ctx, tx, &r); err != nil {
			return fmt.Errorf("store receipt %s: %w", r.ReceiptID, err)
		}
		return s.messages.ApplyReceipt(ctx, tx, &r)
	})
}

// InboundSMS is a reply from a client.
type InboundSMS struct {
	From string
	Body string
}

var optOutKeywords = map[string]bool{"STOP": true, "STOPALL": true, "UNSUBSCRIBE": true, "END": true}
var confirmKeywords = map[string]bool{"Y": true, "YES": true, "C": true, "CONFIRM": true}

// HandleInbound applies a client's reply: opt-outs and confirmations.
func (s *MessagingService) HandleInbound(ctx context.Context, in InboundSMS) error {
	keyword := strings.ToUpper(strings.TrimSpace(in.Body))
	if i := strings.IndexAny(keyword, " \n"); i > 0 {
		keyword = keyword[:i]
	}
	phone := normalizePhone(in.From)
	switch {
	case optOutKeywords[keyword]:
		return s.messages.OptOut(ctx, s.tx.Reader(), phone, keyword)
	case confirmKeywords[keyword]:
		return s.confirmNext(ctx, phone)
	default:
		s.log.InfoContext(ctx, "unhandled inbound sms", "from", phone)
		return nil
	}
}

func (s *MessagingService) confirmNext(ctx context.Context, phone string) error {
	client, err := s.clients.GetByPhone(ctx, s.tx.Reader(), phone)
	if errors.Is(err, domain.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	appt, err := s.appts.NextForClient(ctx, s.tx.Reader(), client.ID, clock())
	if errors.Is(err, domain.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	_, err = s.appts.UpdateStatus(ctx, s.tx.Reader(), appt.ID,
		[]domain.AppointmentStatus{domain.StatusBooked}, domain.StatusConfirmed)
	return err
}
