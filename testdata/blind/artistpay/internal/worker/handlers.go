package worker

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"

	"github.com/soundledger/artistpay/internal/advances"
	"github.com/soundledger/artistpay/internal/payouts"
	"github.com/soundledger/artistpay/internal/platform/tasks"
	"github.com/soundledger/artistpay/internal/royalties"
)

func (h *Handlers) ingestUsage(ctx context.Context, p tasks.UsageIngestPayload) error {
	if p.ReportID == "" {
		return fmt.Errorf("%w: missing report_id", asynq.SkipRetry)
	}
	return h.Ingest.Ingest(ctx, p.ReportID)
}

func (h *Handlers) allocateRoyalties(ctx context.Context, p tasks.RoyaltiesAllocatePayload) error {
	allocs, err := h.Allocator.Allocate(ctx, p.ReleaseID, p.Period)
	if errors.Is(err, royalties.ErrPeriodOpen) {
		return fmt.Errorf("%w: %v", asynq.SkipRetry, err)
	}
	if err != nil {
		return err
	}
	slog.InfoContext(ctx, "royalties allocated", "release_id", p.ReleaseID, "period", p.Period, "shares", len(allocs))
	return nil
}

func (h *Handlers) generateStatements(ctx context.Context, p tasks.PeriodPayload) error {
	period := p.Period
	if period == "" {
		period = tasks.PreviousPeriod(time.Now().UTC())
	}
	n, err := h.Generator.Generate(ctx, period)
	if err != nil {
		return err
	}
	slog.InfoContext(ctx, "statements generated", "period", period, "count", n)
	return nil
}

func (h *Handlers) submitPayout(ctx context.Context, p tasks.PayoutSubmitPayload) error {
	err := h.Submitter.Submit(ctx, p.PayoutID)
	if errors.Is(err, payouts.ErrPayoutNotFound) {
		return fmt.Errorf("%w: %v", asynq.SkipRetry, err)
	}
	return err
}

func (h *Handlers) runPayoutCycle(ctx context.Context, p tasks.PeriodPayload) error {
	period := p.Period
	if period == "" {
		period = tasks.PreviousPeriod(time.Now().UTC())
	}
	n, err := h.Cycle.Run(ctx, period)
	if err != nil {
		return fmt.Errorf("payout cycle %s: %w", period, err)
	}
	slog.InfoContext(ctx, "payout cycle complete", "period", period, "payouts", n)
	return nil
}

func (h *Handlers) disburseAdvance(ctx context.Context, p tasks.AdvanceDisbursePayload) error {
	err := h.Disburser.Disburse(ctx, p.AdvanceID)
	if errors.Is(err, advances.ErrNoPayoutAccount) {
		slog.InfoContext(ctx, "advance waiting for payout account", "advance_id", p.AdvanceID)
	}
	return err
}

func (h *Handlers) sendTaxReminders(ctx context.Context, p tasks.TaxFormRemindersPayload) error {
	n, err := h.Reminders.Run(ctx, p.TaxYear)
	if err != nil {
		return err
	}
	slog.InfoContext(ctx, "tax reminders sent", "count", n)
	return nil
}
