// Package service implements the billing use cases. Services depend on
// repository interfaces and provider clients and are wired in the cmd mains.
package service

import (
	"context"
	"fmt"
	"log/slog"
	"net/mail"
	"strings"
	"time"

	"github.com/brightlane/adbilling/internal/db"
	"github.com/brightlane/adbilling/internal/domain"
	"github.com/brightlane/adbilling/internal/events"
	"github.com/brightlane/adbilling/internal/ids"
	"github.com/brightlane/adbilling/internal/outbox"
	"github.com/brightlane/adbilling/internal/repository"
)

type AdvertiserService struct {
	tx          db.TxManager
	advertisers repository.Advertisers
	outbox      outbox.Writer
	log         *slog.Logger
	now         func() time.Time
}

func NewAdvertiserService(tx db.TxManager, advertisers repository.Advertisers, ob outbox.Writer, log *slog.Logger) *AdvertiserService {
	return &AdvertiserService{tx: tx, advertisers: advertisers, outbox: ob, log: log.With("service", "advertisers"), now: time.Now}
}

type CreateAdvertiserInput struct {
	ExternalAccountID     string
	Name                  string
	BillingEmail          string
	Currency              string
	AutoRechargeEnabled   bool
	AutoRechargeThreshold domain.Micros
	AutoRechargeAmount    domain.Micros
	DefaultPaymentMethod  string
}

func (in CreateAdvertiserInput) validate() error {
	if strings.TrimSpace(in.ExternalAccountID) == "" {
		return domain.Invalid("external_account_id", "is required")
	}
	if strings.TrimSpace(in.Name) == "" {
		return domain.Invalid("name", "is required")
	}
	if _, err := mail.ParseAddress(in.BillingEmail); err != nil {
		return domain.Invalid("billing_email", "is not a valid address")
	}
	if len(in.Currency) != 3 {
		return domain.Invalid("currency", "must be an ISO 4217 code")
	}
	if in.AutoRechargeEnabled {
		if in.AutoRechargeAmount <= 0 || in.AutoRechargeThreshold < 0 {
			return domain.Invalid("auto_recharge", "amount must be positive and threshold non-negative")
		}
		if in.DefaultPaymentMethod == "" {
			return domain.Invalid("default_payment_method", "is required for auto recharge")
		}
	}
	return nil
}

// Create registers an advertiser account. The CRM account ID is the natural
// key: registering the same account twice returns the first record.
func (s *AdvertiserService) Create(ctx context.Context, in CreateAdvertiserInput) (domain.Advertiser, bool, error) {
	if err := in.validate(); err != nil {
		return domain.Advertiser{}, false, err
	}
	a := domain.Advertiser{
		ID:                    ids.New("adv"),
		ExternalAccountID:     in.ExternalAccountID,
		Name:                  in.Name,
		BillingEmail:          in.BillingEmail,
		Currency:              strings.ToUpper(in.Currency),
		AutoRechargeEnabled:   in.AutoRechargeEnabled,
		AutoRechargeThreshold: in.AutoRechargeThreshold,
		AutoRechargeAmount:    in.AutoRechargeAmount,
		DefaultPaymentMethod:  in.DefaultPaymentMethod,
	}
	out, created, err := s.advertisers.Create(ctx, a)
	if err != nil {
		return domain.Advertiser{}, false, err
	}
	if created {
		s.log.Info("advertiser created", "advertiser_id", out.ID, "external_account_id", out.ExternalAccountID)
	}
	return out, created, nil
}

func (s *AdvertiserService) Get(ctx context.Context, id string) (domain.Advertiser, error) {
	return s.advertisers.Get(ctx, id)
}

// Close stops billing for an advertiser. The remaining prepaid balance is
// refunded asynchronously by the advertiser.closed handler.
func (s *AdvertiserService) Close(ctx context.Context, id string) (domain.Advertiser, error) {
	now := s.now().UTC()
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		closed, err := s.advertisers.Close(ctx, id, now)
		if err != nil {
			return err
		}
		if !closed {
			if _, err := s.advertisers.Get(ctx, id); err != nil {
				return err
			}
			return nil
		}
		return s.outbox.Add(ctx, ids.Derive("evt", id, "closed"), events.TopicAdvertiserClosed,
			events.AdvertiserClosed{AdvertiserID: id, ClosedAt: now})
	})
	if err != nil {
		return domain.Advertiser{}, fmt.Errorf("close advertiser %s: %w", id, err)
	}
	return s.advertisers.Get(ctx, id)
}
