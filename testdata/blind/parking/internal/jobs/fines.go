package jobs

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"github.com/cityparking/parking/internal/config"
	"github.com/cityparking/parking/internal/domain"
	"github.com/cityparking/parking/internal/platform/logx"
	"github.com/cityparking/parking/internal/platform/queue"
	"github.com/cityparking/parking/internal/sms"
	"github.com/cityparking/parking/internal/store"
)

const escalateAfter = 28 * 24 * time.Hour

// FineReminders is the nightly run that texts owners of unpaid fines and
// queues late-fee escalations for the oldest ones.
type FineReminders struct {
	fines    store.FineRepository
	accounts store.AccountRepository
	sender   sms.Sender
	queue    queue.Enqueuer
	after    time.Duration
}

func NewFineReminders(cfg *config.Config, fines store.FineRepository, accounts store.AccountRepository,
	sender sms.Sender, q queue.Enqueuer) *FineReminders {
	return &FineReminders{fines: fines, accounts: accounts, sender: sender, queue: q, after: cfg.FineReminderAfter}
}

func (h *FineReminders) ProcessTask(ctx context.Context, _ *asynq.Task) error {
	now := time.Now().UTC()
	due, err := h.fines.ListDueForReminder(ctx, now.Add(-h.after), now.Add(-7*24*time.Hour), 500)
	if err != nil {
		return err
	}
	log := logx.From(ctx)
	for _, f := range due {
		acct, err := h.accounts.Get(ctx, *f.AccountID)
		if err != nil {
			return err
		}
		prefs, err := h.accounts.GetPrefs(ctx, acct.ID)
		if err != nil {
			return err
		}
		if prefs.FineAlerts && acct.Phone != "" {
			_, err = h.sender.Send(ctx, sms.Message{
				To: acct.Phone,
				Body: fmt.Sprintf("Reminder: parking fine %s for %s (EUR %.2f) is unpaid. Pay in the app to avoid a late fee.",
					f.CitationNumber, f.Plate, float64(f.AmountCents)/100),
				Tag: "fine_reminder",
			})
			if err != nil {
				return fmt.Errorf("remind fine %s: %w", f.ID, err)
			}
		}
		if err := h.fines.MarkReminded(ctx, f.ID, now); err != nil {
			return err
		}
	}

	stale, err := h.fines.ListDueForEscalation(ctx, now.Add(-escalateAfter), 2, 500)
	if err != nil {
		return err
	}
	for _, f := range stale {
		level := f.EscalationLevel + 1
		task, err := queue.NewFineEscalate(queue.FineEscalatePayload{FineID: f.ID, Level: level})
		if err != nil {
			return err
		}
		if err := queue.EnqueueUnique(ctx, h.queue, task, fmt.Sprintf("escalate:%s:%d", f.ID, level)); err != nil {
			return err
		}
	}
	log.Info("fine reminders done", "reminded", len(due), "escalations", len(stale))
	return nil
}

// FineEscalation adds the late fee for one escalation level.
type FineEscalation struct {
	fines    store.FineRepository
	queue    queue.Enqueuer
	accounts store.AccountRepository
	lateFee  int64
}

func NewFineEscalation(cfg *config.Config, fines store.FineRepository, accounts store.AccountRepository,
	q queue.Enqueuer) *FineEscalation {
	return &FineEscalation{fines: fines, accounts: accounts, queue: q, lateFee: cfg.FineLateFeeCents}
}

func (h *FineEscalation) ProcessTask(ctx context.Context, t *asynq.Task) error {
	p, err := queue.Decode[queue.FineEscalatePayload](t)
	if err != nil {
		return fmt.Errorf("%v: %w", err, asynq.SkipRetry)
	}
	fee := h.lateFee * int64(p.Level)

	fine, err := h.fines.AddLateFee(ctx, p.FineID, fee)
	if errors.Is(err, domain.ErrNotFound) {
		// paid, voided or disputed in the meantime
		return nil
	}
	if err != nil {
		return err
	}

	if err := h.fines.AppendEvent(ctx, nil, domain.FineEvent{
		ID:        uuid.New(),
		FineID:    fine.ID,
		Kind:      "late_fee",
		Detail:    fmt.Sprintf("level %d, +%d cents", p.Level, fee),
		CreatedAt: time.Now().UTC(),
	}); err != nil {
		return err
	}

	if fine.AccountID == nil {
		return nil
	}
	acct, err := h.accounts.Get(ctx, *fine.AccountID)
	if err != nil || acct.Phone == "" {
		return err
	}
	task, err := queue.NewSMSSend(queue.SMSSendPayload{
		AccountID: &acct.ID,
		To:        acct.Phone,
		Body: fmt.Sprintf("A late fee was added to parking fine %s. New amount: EUR %.2f.",
			fine.CitationNumber, float64(fine.AmountCents)/100),
		Purpose: "fine_late_fee",
	})
	if err != nil {
		return err
	}
	return queue.EnqueueUnique(ctx, h.queue, task, fmt.Sprintf("late-fee-sms:%s:%d", fine.ID, p.Level))
}

// FineNotify tells a registered owner that a fine was issued to their plate.
type FineNotify struct {
	fines    store.FineRepository
	accounts store.AccountRepository
	outbox   *smsOutbox
}

func NewFineNotify(fines store.FineRepository, accounts store.AccountRepository,
	sender sms.Sender, smsLog store.SMSLogRepository) *FineNotify {
	return &FineNotify{fines: fines, accounts: accounts, outbox: newSMSOutbox(sender, smsLog)}
}

func (h *FineNotify) ProcessTask(ctx context.Context, t *asynq.Task) error {
	p, err := queue.Decode[queue.FineNotifyPayload](t)
	if err != nil {
		return fmt.Errorf("%v: %w", err, asynq.SkipRetry)
	}
	fine, err := h.fines.Get(ctx, p.FineID)
	if err != nil {
		if errors.Is(err, domain.ErrNotFound) {
			return nil
		}
		return err
	}
	if fine.AccountID == nil || fine.Status == domain.FineVoid {
		return nil
	}
	prefs, err := h.accounts.GetPrefs(ctx, *fine.AccountID)
	if err != nil {
		return err
	}
	if !prefs.FineAlerts {
		return nil
	}
	acct, err := h.accounts.Get(ctx, *fine.AccountID)
	if err != nil {
		return err
	}
	if acct.Phone == "" {
		return nil
	}
	_, err = h.outbox.send(ctx, &acct.ID, sms.Message{
		To: acct.Phone,
		Body: fmt.Sprintf("A parking fine (%s, EUR %.2f) was issued to %s in zone %s. Pay or dispute it in the app.",
			fine.CitationNumber, float64(fine.AmountCents)/100, fine.Plate, fine.ZoneID),
		ClientReference: "fine-issued:" + fine.ID.String(),
		Tag:             "fine_issued",
	}, "fine_issued")
	return err
}
