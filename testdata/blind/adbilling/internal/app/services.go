package app

import (
	"go.uber.org/dig"

	"github.com/brightlane/adbilling/internal/partners"
	"github.com/brightlane/adbilling/internal/providers/email"
	"github.com/brightlane/adbilling/internal/providers/gateway"
	"github.com/brightlane/adbilling/internal/providers/payout"
	"github.com/brightlane/adbilling/internal/queue"
	"github.com/brightlane/adbilling/internal/service"
)

// ProvideServices registers provider clients and services. dig constructs
// only what a main actually asks for, so the stream consumer never builds
// an SQS client.
func ProvideServices(c *dig.Container) error {
	providers := []any{
		gateway.NewClient,
		payout.NewClient,
		email.NewSender,
		partners.NewNotifier,
		NewSQSClient,
		queue.NewDispatcher,
		CollectionAccount,
		service.NewAdvertiserService,
		service.NewTopUpService,
		service.NewCampaignService,
		service.NewSpendService,
		service.NewInvoiceService,
		service.NewPayoutService,
		service.NewMailer,
	}
	for _, p := range providers {
		if err := c.Provide(p); err != nil {
			return err
		}
	}
	return nil
}

// New returns a container with everything registered.
func New() (*dig.Container, error) {
	c := dig.New()
	if err := ProvideCore(c); err != nil {
		return nil, err
	}
	if err := ProvideServices(c); err != nil {
		return nil, err
	}
	return c, nil
}
