package jobs

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/halyard/funding/internal/queue"
	"github.com/halyard/funding/internal/service/execution"
	"github.com/halyard/funding/internal/service/recon"
)

// WithdrawalHandlers maps withdrawal job types to the executor.
func WithdrawalHandlers(ex *execution.Executor) map[string]HandlerFunc {
	run := func(exec func(context.Context, string, execution.Delivery) error) HandlerFunc {
		return Typed(func(ctx context.Context, job queue.ExecuteWithdrawal, meta Meta) error {
			err := exec(ctx, job.WithdrawalID, execution.Delivery{MessageID: meta.MessageID, ReceiveCount: meta.ReceiveCount})
			if errors.Is(err, execution.ErrNotReady) {
				return &RetryableError{Err: err, Delay: 30 * time.Second}
			}
			return err
		})
	}
	return map[string]HandlerFunc{
		queue.JobExecuteFiatWithdrawal:   run(ex.ExecuteFiat),
		queue.JobExecuteCryptoWithdrawal: run(ex.ExecuteCrypto),
	}
}

// OpsHandlers maps operations job types to their services.
func OpsHandlers(rc *recon.Service) map[string]HandlerFunc {
	return map[string]HandlerFunc{
		queue.JobReconcileBankDay: Typed(func(ctx context.Context, job queue.ReconcileBankDay, meta Meta) error {
			day, err := time.Parse("2006-01-02", job.Date)
			if err != nil {
				return fmt.Errorf("%w: %v", errDrop, err)
			}
			_, err = rc.ReconcileDay(ctx, job.BankAccount, day)
			return err
		}),
	}
}
