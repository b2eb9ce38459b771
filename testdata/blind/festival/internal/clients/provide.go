// Package clients wires the outbound provider clients from config.
package clients

import (
	"github.com/google/wire"

	"github.com/loopgate/festival-cashless/internal/clients/payments"
	"github.com/loopgate/festival-cashless/internal/clients/push"
	"github.com/loopgate/festival-cashless/internal/clients/sms"
	"github.com/loopgate/festival-cashless/internal/config"
)

func NewPayments(cfg config.Config) *payments.Client {
	return payments.NewClient(payments.Config{
		BaseURL:         cfg.PaymentsBaseURL,
		APIKey:          cfg.PaymentsAPIKey,
		MerchantAccount: cfg.PaymentsMerchant,
		Timeout:         cfg.HTTPTimeout,
	})
}

func NewSMS(cfg config.Config) *sms.Client {
	return sms.NewClient(sms.Config{
		BaseURL: cfg.SMSBaseURL,
		APIKey:  cfg.SMSAPIKey,
		Sender:  cfg.SMSSender,
		Timeout: cfg.HTTPTimeout,
	})
}

func NewPush(cfg config.Config) *push.Client {
	return push.NewClient(push.Config{
		BaseURL: cfg.PushBaseURL,
		APIKey:  cfg.PushAPIKey,
		Project: cfg.PushProject,
		Timeout: cfg.HTTPTimeout,
	})
}

var ProviderSet = wire.NewSet(NewPayments, NewSMS, NewPush)
