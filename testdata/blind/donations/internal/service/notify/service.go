// Package notify delivers real-time donation webhooks to charities.
package notify

import (
	"context"
	"fmt"
	"time"

	"go.uber.org/zap"

	"github.com/kindredgive/donations/internal/domain"
	"github.com/kindredgive/donations/internal/platform/retry"
	"github.com/kindredgive/donations/internal/providers/charityhook"
	"github.com/kindredgive/donations/internal/repository"
)

// Service notifies charities.
type Service interface {
	NotifyCharity(ctx context.Context, ev domain.DonationEvent) error
}

type service struct {
	charities     repository.CharityRepo
	donors        repository.DonorRepo
	notifications repository.NotificationRepo
	hooks         charityhook.Sender
	log           *zap.Logger
}

// New builds the notifier.
func New(charities repository.CharityRepo, donors repository.DonorRepo, n repository.NotificationRepo,
	hooks charityhook.Sender, log *zap.Logger) Service {
	return &service{charities: charities, donors: donors, notifications: n, hooks: hooks, log: log.Named("notify")}
}

func (s *service) NotifyCharity(ctx context.Context, ev domain.DonationEvent) error {
	charity, err := s.charities.Get(ctx, ev.CharityID)
	if err != nil {
		return err
	}
	if charity.WebhookURL == nil || *charity.WebhookURL == "" {
		return nil
	}
	done, err := s.notifications.Delivered(ctx, ev.DonationID)
	if err != nil {
		return err
	}
	if done {
		return nil
	}

	payload := charityhook.Payload{
		Type:        "donation.received",
		DonationID:  ev.DonationID,
		AmountPence: ev.AmountPence,
		Currency:    ev.Currency,
		GiftAid:     ev.GiftAid,
		OccurredAt:  time.Now().UTC(),
	}
	if donor, err := s.donors.Get(ctx, ev.DonorID); err == nil {
		payload.DonorName = donor.FullName()
	}
	secret := ""
	if charity.WebhookSecret != nil {
		secret = *charity.WebhookSecret
	}

	code, err := retry.Do(ctx, retry.Outbound, func() (int, error) {
		code, err := s.hooks.Send(ctx, *charity.WebhookURL, secret, payload)
		if err != nil && code >= 400 && code < 500 && code != 429 {
			return code, retry.Permanent(err)
		}
		return code, err
	})
	if err != nil {
		return fmt.Errorf("charity webhook %s: %w", charity.ID, err)
	}
	return s.notifications.RecordDelivered(ctx, &domain.CharityNotification{
		DonationID:  ev.DonationID,
		CharityID:   charity.ID,
		StatusCode:  code,
		DeliveredAt: time.Now().UTC(),
	})
}
