package credits

import (
	"context"
	"fmt"
	"time"

	"github.com/harvestloop/farmshare/internal/platform/events"
)

// SkipBook is the part of subscriptions the skip-credit consumer needs.
type SkipBook interface {
	SkipCredited(ctx context.Context, skipID string) (bool, error)
	MarkCredited(ctx context.Context, skipID string) error
}

// Granter adds credit to a member.
type Granter interface {
	Grant(ctx context.Context, req GrantRequest) error
}

// SkipCreditConsumer credits members for weeks they skip.
type SkipCreditConsumer struct {
	skips   SkipBook
	granter Granter
	amount  int64
}

// NewSkipCreditConsumer builds the consumer.
func NewSkipCreditConsumer(skips SkipBook, granter Granter, amountCents int64) *SkipCreditConsumer {
	return &SkipCreditConsumer{skips: skips, granter: granter, amount: amountCents}
}

// Handle processes one WeekSkipped event.
func (c *SkipCreditConsumer) Handle(ctx context.Context, evt events.WeekSkipped) error {
	done, err := c.skips.SkipCredited(ctx, evt.SkipID)
	if err != nil {
		return err
	}
	if done {
		return nil
	}
	err = c.granter.Grant(ctx, GrantRequest{
		MemberID:    evt.MemberID,
		AmountCents: c.amount,
		Source:      SourceWeekSkip,
		Note:        "Skipped week of " + evt.WeekStart.Format(time.DateOnly),
	})
	if err != nil {
		return fmt.Errorf("grant skip credit: %w", err)
	}
	return c.skips.MarkCredited(ctx, evt.SkipID)
}
