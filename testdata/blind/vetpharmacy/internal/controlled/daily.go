package controlled

import (
	"context"
	"fmt"
	"time"

	"github.com/kestrelvet/refillrx/internal/regulator"
)

// DailyReturn files the end-of-day controlled-drugs return for one day.
func (r *Reporter) DailyReturn(ctx context.Context, day time.Time) error {
	day = time.Date(day.Year(), day.Month(), day.Day(), 0, 0, 0, 0, time.UTC)
	ref := fmt.Sprintf("daily-%s-%s", r.premises, day.Format("20060102"))

	claimed, err := r.register.ClaimDailyReturn(ctx, day, ref)
	if err != nil {
		return err
	}
	if !claimed {
		status, _, err := r.register.DailyReturnStatus(ctx, day)
		if err != nil {
			return err
		}
		if status == "submitted" {
			return nil
		}
		// Still "submitting": an earlier run stopped after claiming the day.
		// Resubmitting with the same ref gets the first receipt back.
	}

	entries, err := r.register.ForDay(ctx, day)
	if err != nil {
		return err
	}
	build := r.lineBuilder()
	ret := regulator.DailyReturn{SubmissionRef: ref, PremisesID: r.premises, Date: day.Format("2006-01-02")}
	for _, e := range entries {
		line, err := build(ctx, e)
		if err != nil {
			return err
		}
		ret.Lines = append(ret.Lines, line)
	}
	receipt, err := r.cdr.SubmitDailyReturn(ctx, ret)
	if err != nil {
		return fmt.Errorf("daily return %s: %w", ref, err)
	}
	return r.register.CompleteDailyReturn(ctx, day, receipt.ReceiptID, int32(len(entries)))
}
