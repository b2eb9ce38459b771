package service

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/brightbay/washclub/internal/gateway/sms"
	"github.com/brightbay/washclub/internal/tasks"
)

// NotificationService delivers queued text messages.
type NotificationService interface {
	SendSMS(ctx context.Context, p tasks.SendSMSPayload) error
}

type notificationService struct {
	sms SMSSender
	log *slog.Logger
}

// NewNotificationService returns the NotificationService.
func NewNotificationService(sender SMSSender, log *slog.Logger) NotificationService {
	return &notificationService{sms: sender, log: log}
}

// SendSMS sends a queued message, passing the payload's reference through so
// Textrail drops a message it has already delivered.
func (s *notificationService) SendSMS(ctx context.Context, p tasks.SendSMSPayload) error {
	if p.To == "" {
		return nil
	}
	rcpt, err := s.sms.Send(ctx, sms.Message{To: p.To, Body: p.Body, Reference: p.Reference})
	if err != nil {
		return fmt.Errorf("send sms: %w", err)
	}
	if rcpt.Duplicate {
		s.log.InfoContext(ctx, "sms already delivered", "reference", p.Reference)
	}
	return nil
}
