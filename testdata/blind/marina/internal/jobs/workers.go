// Package jobs holds the river workers run by cmd/worker and the periodic
// schedule that enqueues them.
package jobs

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/riverqueue/river"
	"go.uber.org/zap"

	"github.com/harbourline/marina/internal/domain"
	"github.com/harbourline/marina/internal/jobs/queue"
	"github.com/harbourline/marina/internal/service/notify"
	"github.com/harbourline/marina/internal/service/seasonal"
	"github.com/harbourline/marina/internal/service/settlement"
	"github.com/harbourline/marina/internal/storage"
)

// SendNotificationWorker delivers stored boater notifications.
type SendNotificationWorker struct {
	river.WorkerDefaults[queue.SendNotificationArgs]
	Notify *notify.Service
}

func (w *SendNotificationWorker) Work(ctx context.Context, job *river.Job[queue.SendNotificationArgs]) error {
	return w.Notify.Deliver(ctx, job.Args.NotificationID)
}

// FuelReceiptWorker texts fuel dock receipts.
type FuelReceiptWorker struct {
	river.WorkerDefaults[queue.SendReceiptArgs]
	Notify *notify.Service
}

func (w *FuelReceiptWorker) Work(ctx context.Context, job *river.Job[queue.SendReceiptArgs]) error {
	err := w.Notify.SendFuelReceipt(ctx, job.Args.SaleID, job.Args.Phone, job.Args.RequestRef)
	if errors.Is(err, domain.ErrNotFound) {
		return river.JobCancel(err)
	}
	return err
}

// HarbourDigestWorker sends the harbourmaster's arrivals list.
type HarbourDigestWorker struct {
	river.WorkerDefaults[queue.HarbourDigestArgs]
	Notify *notify.Service
}

func (w *HarbourDigestWorker) Work(ctx context.Context, job *river.Job[queue.HarbourDigestArgs]) error {
	day, err := time.Parse(time.DateOnly, job.Args.Date)
	if err != nil {
		return river.JobCancel(err)
	}
	return w.Notify.SendArrivalsDigest(ctx, day)
}

// SettlementExportWorker exports a business day to the accounting system.
type SettlementExportWorker struct {
	river.WorkerDefaults[queue.SettlementExportArgs]
	Settlement *settlement.Service
	Log        *zap.Logger
}

func (w *SettlementExportWorker) Work(ctx context.Context, job *river.Job[queue.SettlementExportArgs]) error {
	day, err := time.Parse(time.DateOnly, job.Args.BusinessDate)
	if err != nil {
		return river.JobCancel(err)
	}
	batch, err := w.Settlement.ExportDay(ctx, day)
	if err != nil {
		return err
	}
	w.Log.Info("settlement exported",
		zap.String("business_date", job.Args.BusinessDate),
		zap.String("batch_id", batch.ID),
		zap.String("status", batch.Status),
		zap.Int("lines", batch.LineCount),
		zap.Int64("total_cents", batch.TotalCents))
	return nil
}

func (w *SettlementExportWorker) Timeout(*river.Job[queue.SettlementExportArgs]) time.Duration {
	return 10 * time.Minute
}

// InstallmentSweepWorker charges seasonal installments that have fallen due.
type InstallmentSweepWorker struct {
	river.WorkerDefaults[queue.InstallmentSweepArgs]
	Seasonal *seasonal.Service
	Log      *zap.Logger
}

func (w *InstallmentSweepWorker) Work(ctx context.Context, job *river.Job[queue.InstallmentSweepArgs]) error {
	due, err := w.Seasonal.Due(ctx, time.Now().UTC(), 200)
	if err != nil {
		return err
	}
	var errs []error
	for _, d := range due {
		if err := w.Seasonal.ChargeDue(ctx, d); err != nil {
			w.Log.Error("installment charge", zap.String("installment_id", d.ID), zap.Error(err))
			errs = append(errs, fmt.Errorf("installment %s: %w", d.ID, err))
		}
	}
	return errors.Join(errs...)
}

func (w *InstallmentSweepWorker) Timeout(*river.Job[queue.InstallmentSweepArgs]) time.Duration {
	return 15 * time.Minute
}

// ArrivalRemindersWorker queues a reminder text for each confirmed
// reservation arriving tomorrow.
type ArrivalRemindersWorker struct {
	river.WorkerDefaults[queue.ArrivalRemindersArgs]
	Store  storage.Store
	Notify *notify.Service
}

func (w *ArrivalRemindersWorker) Work(ctx context.Context, job *river.Job[queue.ArrivalRemindersArgs]) error {
	tomorrow := w.Notify.Today().AddDate(0, 0, 1)
	due, err := w.Store.Repos().Reservations.DueForReminder(ctx, tomorrow, 500)
	if err != nil {
		return err
	}
	for _, res := range due {
		err := w.Store.Do(ctx, func(ctx context.Context, tx *storage.Tx) error {
			boater, err := tx.Boaters.Get(ctx, res.BoaterID)
			if err != nil {
				return err
			}
			body := fmt.Sprintf("Hi %s, see you tomorrow! Berth %s is ready for you from 14:00. Call VHF 80 on approach.",
				firstName(boater.FullName), res.BerthID)
			if _, err := w.Notify.Queue(ctx, tx, "arrival_reminder", res.ID, boater.Phone, body); err != nil {
				return err
			}
			return tx.Reservations.SetReminderSent(ctx, res.ID)
		})
		if err != nil {
			return fmt.Errorf("reminder for %s: %w", res.ID, err)
		}
	}
	return nil
}

func firstName(full string) string {
	for i, r := range full {
		if r == ' ' {
			return full[:i]
		}
	}
	return full
}
