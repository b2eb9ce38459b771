// Package notifications delivers queued SMS and e-mail messages.
package notifications

import (
	"context"
	"fmt"

	"github.com/kelpline-systems/quotareg/internal/ports"
)

type Service struct {
	sender ports.MessageSender
}

func New(sender ports.MessageSender) *Service {
	return &Service{sender: sender}
}

// Deliver sends m. reference identifies the delivery (the task ID) and is
// passed to the gateway so a redelivered task does not send twice.
func (s *Service) Deliver(ctx context.Context, reference string, m ports.Message) error {
	if m.To == "" {
		return nil
	}
	if m.Reference == "" {
		m.Reference = reference
	}
	if err := s.sender.Send(ctx, m); err != nil {
		return fmt.Errorf("notifications: %w", err)
	}
	return nil
}
