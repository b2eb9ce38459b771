// Package worker contains the River workers run by the worker binary.
package worker

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/northvault/custody/internal/app"
	"github.com/northvault/custody/internal/jobs"
	"github.com/northvault/custody/internal/ports"
)

// --- withdrawal.broadcast ---

type BroadcastWorker struct {
	river.WorkerDefaults[jobs.BroadcastWithdrawal]
	withdrawals *app.WithdrawalService
}

func (w *BroadcastWorker) Timeout(*river.Job[jobs.BroadcastWithdrawal]) time.Duration {
	return 90 * time.Second
}

func (w *BroadcastWorker) Work(ctx context.Context, job *river.Job[jobs.BroadcastWithdrawal]) error {
	return w.withdrawals.Broadcast(ctx, job.Args.WithdrawalID)
}

// --- withdrawal.settle ---

type SettleWorker struct {
	river.WorkerDefaults[jobs.SettleWithdrawal]
	withdrawals *app.WithdrawalService
}

func (w *SettleWorker) Work(ctx context.Context, job *river.Job[jobs.SettleWithdrawal]) error {
	return w.withdrawals.Settle(ctx, job.Args.WithdrawalID)
}

// --- fiat.charge ---

type FiatChargeWorker struct {
	river.WorkerDefaults[jobs.FiatCharge]
	fiat *app.FiatService
}

func (w *FiatChargeWorker) Work(ctx context.Context, job *river.Job[jobs.FiatCharge]) error {
	return w.fiat.Charge(ctx, job.Args.DepositID)
}

// --- fiat.payout ---

type PayoutWorker struct {
	river.WorkerDefaults[jobs.FiatPayout]
	fiat *app.FiatService
}

func (w *PayoutWorker) NextRetry(job *river.Job[jobs.FiatPayout]) time.Time {
	return time.Now().Add(time.Duration(job.Attempt*job.Attempt) * 30 * time.Second)
}

func (w *PayoutWorker) Work(ctx context.Context, job *river.Job[jobs.FiatPayout]) error {
	return w.fiat.ExecutePayout(ctx, job.Args.PayoutID)
}

// --- travelrule.send ---

type TravelRuleWorker struct {
	river.WorkerDefaults[jobs.TravelRuleSend]
	compliance *app.ComplianceService
}

func (w *TravelRuleWorker) Work(ctx context.Context, job *river.Job[jobs.TravelRuleSend]) error {
	return w.compliance.SendTravelRule(ctx, job.Args.WithdrawalID)
}

// --- deposit.gas_topup ---

type GasTopupWorker struct {
	river.WorkerDefaults[jobs.GasTopup]
	deposits *app.DepositService
}

func (w *GasTopupWorker) Work(ctx context.Context, job *river.Job[jobs.GasTopup]) error {
	return w.deposits.TopUpGas(ctx, job.Args.Chain, job.Args.Address, job.Args.Asset)
}

// --- deposit.receipt ---

type emailFunc func(ctx context.Context, to, template string, data map[string]any) error

type DepositReceiptWorker struct {
	river.WorkerDefaults[jobs.DepositReceipt]
	uow  ports.UnitOfWork
	send emailFunc
}

func newDepositReceiptWorker(uow ports.UnitOfWork, mailer ports.Mailer) *DepositReceiptWorker {
	return &DepositReceiptWorker{
		uow: uow,
		send: func(ctx context.Context, to, template string, data map[string]any) error {
			_, err := mailer.Send(ctx, ports.Email{To: to, Template: template, Data: data})
			return err
		},
	}
}

func (w *DepositReceiptWorker) Work(ctx context.Context, job *river.Job[jobs.DepositReceipt]) error {
	repos := w.uow.Repos()
	dep, err := repos.Deposits().Get(ctx, job.Args.DepositID)
	if err != nil {
		return err
	}
	if dep.ReceiptSentAt != nil {
		return nil
	}
	wallet, err := repos.Wallets().Get(ctx, dep.WalletID)
	if err != nil {
		return err
	}
	cust, err := repos.Customers().Get(ctx, wallet.CustomerID)
	if err != nil {
		return err
	}
	if err := w.send(ctx, cust.Email, "deposit-received", map[string]any{
		"name":    cust.DisplayName,
		"asset":   wallet.Asset,
		"amount":  dep.Amount.String(),
		"tx_hash": dep.TxHash,
	}); err != nil {
		return fmt.Errorf("receipt for %s: %w", dep.ID, err)
	}
	return repos.Deposits().MarkReceiptSent(ctx, dep.ID)
}

// --- outbox.relay (periodic) ---

type OutboxRelayWorker struct {
	river.WorkerDefaults[jobs.OutboxRelay]
	relay *app.OutboxRelay
	log   *slog.Logger
}

func (w *OutboxRelayWorker) Work(ctx context.Context, _ *river.Job[jobs.OutboxRelay]) error {
	for {
		n, err := w.relay.Relay(ctx)
		if err != nil {
			return err
		}
		if n == 0 {
			return nil
		}
		w.log.DebugContext(ctx, "outbox relayed", "count", n)
	}
}
