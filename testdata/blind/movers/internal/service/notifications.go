package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/haulright/movers/internal/domain"
	"github.com/haulright/movers/internal/jobs"
	"github.com/haulright/movers/internal/provider/email"
	"github.com/haulright/movers/internal/provider/sms"
	"github.com/haulright/movers/internal/repository"
)

type PostMessageInput struct {
	BookingID       uuid.UUID
	ClientMessageID string
	Author          string
	Body            string
}

type NotificationService interface {
	SendSMS(ctx context.Context, id uuid.UUID) error
	SendEmail(ctx context.Context, id uuid.UUID) error
	PostMessage(ctx context.Context, in PostMessageInput) (*domain.BookingMessage, error)
	RecordDelivery(ctx context.Context, evt sms.DeliveryEvent) error
	Redispatch(ctx context.Context, olderThan time.Duration) (int, error)
}

type notificationService struct {
	db        *gorm.DB
	notes     repository.NotificationRepository
	bookings  repository.BookingRepository
	customers repository.CustomerRepository
	sms       sms.Sender
	mailer    email.Mailer
	jobs      jobs.Enqueuer
	log       *slog.Logger
}

func NewNotificationService(
	db *gorm.DB,
	notes repository.NotificationRepository,
	bookings repository.BookingRepository,
	customers repository.CustomerRepository,
	sender sms.Sender,
	mailer email.Mailer,
	q jobs.Enqueuer,
	log *slog.Logger,
) NotificationService {
	return &notificationService{db: db, notes: notes, bookings: bookings, customers: customers,
		sms: sender, mailer: mailer, jobs: q, log: log}
}

// Redispatch queues delivery for notifications whose first dispatch after
// commit did not happen.
func (s *notificationService) Redispatch(ctx context.Context, olderThan time.Duration) (int, error) {
	pending, err := s.notes.Pending(ctx, time.Now().UTC().Add(-olderThan), 500)
	if err != nil {
		return 0, err
	}
	dispatch(ctx, s.jobs, s.log, pending)
	return len(pending), nil
}

func (s *notificationService) SendSMS(ctx context.Context, id uuid.UUID) error {
	n, err := s.notes.Get(ctx, id)
	if errors.Is(err, repository.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if n.Status == domain.NotificationSent || n.Channel != domain.ChannelSMS {
		return nil
	}
	res, err := s.sms.Send(ctx, sms.Message{
		To:        n.Recipient,
		Body:      n.Body,
		ClientRef: n.ID.String(),
	})
	if err != nil {
		return fmt.Errorf("sms %s: %w", n.Template, err)
	}
	return s.notes.MarkSent(ctx, n.ID, res.MessageID)
}

// SendEmail delivers an email notification at most once: the row is moved to
// "sending" before the provider is called.
func (s *notificationService) SendEmail(ctx context.Context, id uuid.UUID) error {
	claimed, err := s.notes.ClaimForSend(ctx, id)
	if err != nil {
		return err
	}
	if !claimed {
		return nil
	}
	n, err := s.notes.Get(ctx, id)
	if err != nil {
		return err
	}
	subject := ""
	if n.Subject != nil {
		subject = *n.Subject
	}
	res, err := s.mailer.Send(ctx, email.Email{
		To:      n.Recipient,
		Subject: subject,
		Text:    n.Body,
		Tags:    []string{n.Template},
	})
	if err != nil {
		s.log.Warn("email failed; marked failed for review", "notification", n.ID, "err", err)
		return s.notes.MarkFailed(ctx, n.ID)
	}
	return s.notes.MarkSent(ctx, n.ID, res.ID)
}

// PostMessage sends an agent-written text to the booking's customer. The
// client supplies client_message_id; a repeat returns the stored message.
func (s *notificationService) PostMessage(ctx context.Context, in PostMessageInput) (*domain.BookingMessage, error) {
	if in.ClientMessageID == "" || in.Body == "" {
		return nil, invalid("client_message_id and body are required")
	}
	b, err := s.bookings.Get(ctx, in.BookingID)
	if err != nil {
		return nil, notFound(err, "booking")
	}
	cust, err := s.customers.Get(ctx, b.CustomerID)
	if err != nil {
		return nil, err
	}
	msg, err := s.notes.CreateMessage(ctx, &domain.BookingMessage{
		ID:              uuid.New(),
		BookingID:       b.ID,
		ClientMessageID: in.ClientMessageID,
		Author:          in.Author,
		Body:            in.Body,
		Status:          domain.NotificationPending,
		CreatedAt:       time.Now().UTC(),
	})
	if err != nil {
		return nil, err
	}
	if msg.Status == domain.NotificationSent {
		return msg, nil
	}
	res, err := s.sms.Send(ctx, sms.Message{To: cust.Phone, Body: msg.Body, ClientRef: "msg_" + msg.ID.String()})
	if err != nil {
		return nil, fmt.Errorf("send message: %w", err)
	}
	if err := s.notes.MessageSent(ctx, msg.ID, res.MessageID); err != nil {
		return nil, err
	}
	msg.Status, msg.ProviderMessageID = domain.NotificationSent, &res.MessageID
	return msg, nil
}

var deliveryStatus = map[string]domain.NotificationStatus{
	"delivered":   domain.NotificationSent,
	"sent":        domain.NotificationSent,
	"failed":      domain.NotificationFailed,
	"undelivered": domain.NotificationFailed,
}

// RecordDelivery stores a delivery receipt and updates the notification.
func (s *notificationService) RecordDelivery(ctx context.Context, evt sms.DeliveryEvent) error {
	status, ok := deliveryStatus[evt.Status]
	if !ok {
		return nil
	}
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		notes := s.notes.WithTx(tx)
		var code *string
		if evt.ErrorCode != "" {
			code = &evt.ErrorCode
		}
		if err := notes.InsertReceipt(ctx, &domain.SmsReceipt{
			ProviderEventID:   evt.EventID,
			ProviderMessageID: evt.MessageID,
			Status:            evt.Status,
			ErrorCode:         code,
			ReceivedAt:        time.Now().UTC(),
		}); err != nil {
			return err
		}
		n, err := notes.SetDeliveryStatus(ctx, evt.MessageID, status)
		if err != nil {
			return err
		}
		if n == 0 {
			s.log.Debug("receipt for unknown message", "sid", evt.MessageID)
		}
		return nil
	})
}
