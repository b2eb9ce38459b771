package payouts

import (
	"context"
	"fmt"

	"github.com/harvestloop/farmshare/internal/platform/events"
	"github.com/harvestloop/farmshare/internal/providers/mailer"
)

// Mailer sends email.
type Mailer interface {
	Send(ctx context.Context, e mailer.Email, opts ...mailer.SendOption) (*mailer.Sent, error)
}

// FarmerLookup loads farmers.
type FarmerLookup interface {
	FarmerByID(ctx context.Context, id string) (*Farmer, error)
}

// RemittanceConsumer emails farmers when a payout settles.
type RemittanceConsumer struct {
	farmers FarmerLookup
	mail    Mailer
}

// NewRemittanceConsumer builds the consumer.
func NewRemittanceConsumer(farmers FarmerLookup, mail Mailer) *RemittanceConsumer {
	return &RemittanceConsumer{farmers: farmers, mail: mail}
}

// Handle processes one PayoutPaid event.
func (c *RemittanceConsumer) Handle(ctx context.Context, evt events.PayoutPaid) error {
	f, err := c.farmers.FarmerByID(ctx, evt.FarmerID)
	if err != nil {
		return err
	}
	_, err = c.mail.Send(ctx, mailer.Email{
		To:      f.Email,
		Subject: "Your Harvest Loop payout has arrived",
		Text: fmt.Sprintf("Hi %s,\n\nWe've sent you £%d.%02d for your harvests. It should be in your account now.\n\nThank you for growing with us.",
			f.Name, evt.AmountCents/100, evt.AmountCents%100),
		Stream: "farmers",
	}, mailer.WithIdempotencyKey("payout-remittance-"+evt.PayoutID), mailer.WithTag("remittance"))
	return err
}

// FarmerByID implements FarmerLookup over the service's store.
func (s *Service) FarmerByID(ctx context.Context, id string) (*Farmer, error) {
	return s.store.Farmer(ctx, s.db, id)
}
