package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"time"

	"github.com/vendgrid/fleetops/internal/app"
	"github.com/vendgrid/fleetops/internal/domain"
	"github.com/vendgrid/fleetops/internal/platform/result"
)

// runSettlement settles every active host for the period. Hosts are
// independent: one host failing does not stop the others.
func runSettlement(ctx context.Context, svc *app.CommissionService, opts options, log *slog.Logger) error {
	hosts, err := svc.Hosts(ctx)
	if err != nil {
		return fmt.Errorf("list hosts: %w", err)
	}
	log.Info("settling commissions", "period", opts.period.Label(), "hosts", len(hosts))

	results := make([]result.Result[domain.CommissionStatement], 0, len(hosts))
	for _, h := range hosts {
		if ctx.Err() != nil {
			results = append(results, result.Fail[domain.CommissionStatement](ctx.Err()))
			break
		}
		results = append(results, settleWithRetry(ctx, svc, h, opts, log))
	}

	paid, failed := result.Partition(results)
	var total domain.Cents
	for _, s := range paid {
		total += s.Payable()
	}
	log.Info("settlement done", "period", opts.period.Label(), "paid", len(paid), "failed", len(failed), "total", total.String())
	return errors.Join(failed...)
}

// settleWithRetry retries transient failures with exponential backoff and
// jitter. Provider rejections are not retried.
func settleWithRetry(ctx context.Context, svc *app.CommissionService, h domain.Host, opts options, log *slog.Logger) result.Result[domain.CommissionStatement] {
	var lastErr error
	for attempt := 1; attempt <= opts.maxAttempts; attempt++ {
		stmt, err := svc.Settle(ctx, h, opts.period)
		if err == nil {
			return result.Ok(stmt)
		}
		lastErr = err

		var rej *app.ProviderRejection
		if errors.As(err, &rej) || errors.Is(err, domain.ErrInvalidArgument) {
			break
		}
		if attempt == opts.maxAttempts {
			break
		}
		wait := opts.baseDelay << (attempt - 1)
		if opts.baseDelay > 0 {
			wait += time.Duration(rand.Int64N(int64(opts.baseDelay)))
		}
		log.Warn("settle failed, retrying", "host_id", h.ID, "attempt", attempt, "wait", wait, "err", err)
		select {
		case <-ctx.Done():
			return result.Fail[domain.CommissionStatement](ctx.Err())
		case <-time.After(wait):
		}
	}
	return result.Fail[domain.CommissionStatement](fmt.Errorf("host %s (%s): %w", h.ID, h.Name, lastErr))
}
