package chainevents

import (
	"context"

	"github.com/halyard/funding/internal/service/deposits"
	"github.com/halyard/funding/internal/service/withdrawals"
)

// Topics published by the chain-watcher.
const (
	TopicDepositDetected     = "chain.deposits.detected"
	TopicDepositConfirmed    = "chain.deposits.confirmed"
	TopicDepositReorged      = "chain.deposits.reorged"
	TopicWithdrawalSeen      = "chain.withdrawals.seen"
	TopicWithdrawalConfirmed = "chain.withdrawals.confirmed"
)

// Routes maps each topic to its handler.
func Routes(dep *deposits.Service, wd *withdrawals.Service) map[string]Handler {
	return map[string]Handler{
		TopicDepositDetected: Handle(func(ctx context.Context, env Envelope[deposits.DetectedDeposit]) error {
			return dep.RecordDetected(ctx, env.Data)
		}),
		TopicDepositConfirmed: Handle(func(ctx context.Context, env Envelope[deposits.ConfirmedDeposit]) error {
			return dep.ApplyConfirmation(ctx, env.Data)
		}),
		TopicDepositReorged: Handle(func(ctx context.Context, env Envelope[deposits.ReorgedDeposit]) error {
			return dep.Reverse(ctx, env.EventID, env.Data)
		}),
		TopicWithdrawalSeen: Handle(func(ctx context.Context, env Envelope[withdrawals.SeenOnChain]) error {
			return wd.RecordInclusion(ctx, env.Data)
		}),
		TopicWithdrawalConfirmed: Handle(func(ctx context.Context, env Envelope[withdrawals.ConfirmedOnChain]) error {
			return wd.Complete(ctx, env.Data)
		}),
	}
}
