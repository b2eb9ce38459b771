package main

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/ridgeline-fleet/fuelcards/internal/domain"
	"github.com/ridgeline-fleet/fuelcards/internal/jobs/jobargs"
)

type taskFunc func(ctx context.Context, d deps, arg string) error

var tasks = map[string]taskFunc{
	"settlement": registerSettlementFiles,
	"rebates":    startRebateRun,
}

// registerSettlementFiles registers every file dropped for the business
// date and queues its ingestion.
func registerSettlementFiles(ctx context.Context, d deps, arg string) error {
	day := time.Now().In(d.Cfg.ProgramTimezone).AddDate(0, 0, -1)
	if arg != "" {
		var err error
		if day, err = time.ParseInLocation(time.DateOnly, arg, d.Cfg.ProgramTimezone); err != nil {
			return fmt.Errorf("date: %w", err)
		}
	}
	businessDate := day.Format(time.DateOnly)

	entries, err := d.Files.List(ctx, businessDate)
	if err != nil {
		return fmt.Errorf("list files: %w", err)
	}
	for _, e := range entries {
		bd, err := time.Parse(time.DateOnly, e.BusinessDate)
		if err != nil {
			d.Log.WarnContext(ctx, "skip file with bad date", "object_key", e.ObjectKey, "error", err)
			continue
		}
		file, err := d.Q.EnsureSettlementFile(ctx, domain.SettlementFile{
			ID:           uuid.New(),
			MerchantID:   e.MerchantID,
			BusinessDate: bd,
			ObjectKey:    e.ObjectKey,
		})
		if err != nil {
			return fmt.Errorf("register %s: %w", e.ObjectKey, err)
		}
		if file.Status != domain.FilePending {
			continue
		}
		if _, err := d.Jobs.Insert(ctx, jobargs.SettlementIngest{FileID: file.ID}, nil); err != nil {
			return fmt.Errorf("enqueue ingest %s: %w", file.ID, err)
		}
	}
	d.Log.InfoContext(ctx, "settlement files registered", "business_date", businessDate, "count", len(entries))
	return nil
}

// startRebateRun queues the rebate calculation for every fleet.
func startRebateRun(ctx context.Context, d deps, arg string) error {
	period := arg
	if period == "" {
		now := time.Now().In(d.Cfg.ProgramTimezone)
		period = time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, now.Location()).AddDate(0, -1, 0).Format("2006-01")
	}
	if _, err := time.Parse("2006-01", period); err != nil {
		return fmt.Errorf("period: %w", err)
	}
	fleets, err := d.Q.FleetIDs(ctx)
	if err != nil {
		return err
	}
	for _, id := range fleets {
		if _, err := d.Jobs.Insert(ctx, jobargs.RebateCalculate{FleetID: id, Period: period}, nil); err != nil {
			return fmt.Errorf("enqueue rebate %s: %w", id, err)
		}
	}
	d.Log.InfoContext(ctx, "rebate run queued", "period", period, "fleets", len(fleets))
	return nil
}
