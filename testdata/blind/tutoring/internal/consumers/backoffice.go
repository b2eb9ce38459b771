package consumers

import (
	"context"
	"fmt"

	"cloud.google.com/go/pubsub/v2"

	"github.com/learnloop/tutoring/internal/events"
	"github.com/learnloop/tutoring/internal/service/credits"
	"github.com/learnloop/tutoring/internal/service/onboarding"
)

// BackofficeConsumers handles events produced by internal tools: the
// trust & safety pipeline and the support console.
type BackofficeConsumers struct {
	onboarding onboarding.Service
	credits    credits.Service
}

// NewBackofficeConsumers builds the back-office consumers.
func NewBackofficeConsumers(ob onboarding.Service, cr credits.Service) *BackofficeConsumers {
	return &BackofficeConsumers{onboarding: ob, credits: cr}
}

// Subscriptions implements Provider.
func (c *BackofficeConsumers) Subscriptions() []Subscription {
	return []Subscription{
		{Name: events.SubVerificationResult, Handler: Decoded(c.verification)},
		{Name: events.SubCreditAdjustments, Handler: Decoded(c.adjustment), MaxOutstanding: 5},
	}
}

func (c *BackofficeConsumers) verification(ctx context.Context, _ *pubsub.Message, ev events.VerificationCompleted) error {
	return c.onboarding.ApplyVerification(ctx, ev)
}

func (c *BackofficeConsumers) adjustment(ctx context.Context, msg *pubsub.Message, ev events.CreditAdjustment) error {
	if ev.Delta == 0 {
		return fmt.Errorf("%w: zero adjustment", ErrDrop)
	}
	_, err := c.credits.Adjust(ctx, credits.Adjustment{
		SourceID:  msg.ID,
		StudentID: ev.StudentID,
		Delta:     ev.Delta,
		Reason:    ev.Reason,
		Note:      fmt.Sprintf("%s (%s)", ev.Ticket, ev.Agent),
	})
	return err
}
