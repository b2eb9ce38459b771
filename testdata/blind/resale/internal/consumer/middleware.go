package consumer

import (
	"context"

	"github.com/encorelane/resale/internal/domain"
	"github.com/encorelane/resale/internal/repository"
)

// Once skips messages that were already handled, for handlers whose work
// must not be repeated when the topic redelivers.
func Once(processed repository.ProcessedEventRepository, source string, next Handler) Handler {
	return func(ctx context.Context, env domain.PromoterEnvelope) error {
		done, err := processed.Exists(ctx, source, env.ID)
		if err != nil {
			return err
		}
		if done {
			return nil
		}
		if err := next(ctx, env); err != nil {
			return err
		}
		return processed.Record(ctx, source, env.ID)
	}
}
