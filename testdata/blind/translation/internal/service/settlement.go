package service

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"gorm.io/gorm"

	"github.com/polyglotdesk/marketplace/internal/domain"
	"github.com/polyglotdesk/marketplace/internal/platform"
	"github.com/polyglotdesk/marketplace/internal/store"
	"github.com/polyglotdesk/marketplace/internal/tasks"
)

// SettlementService moves captured escrow into translator balances and
// applies service credits to clients.
type SettlementService interface {
	CreditTranslator(ctx context.Context, jobID string) error
	ApplyLateCredits(ctx context.Context, now time.Time) (int, error)
}

type settlementService struct {
	db       *gorm.DB
	jobs     *store.Jobs
	payments *store.Payments
	balances *store.Balances
	accounts *store.Accounts
	notify   *Notifications
	feeBps   int
	lateBps  int
	grace    time.Duration
	log      *slog.Logger
}

// NewSettlementService builds the settlement service.
func NewSettlementService(db *gorm.DB, jobs *store.Jobs, payments *store.Payments, balances *store.Balances,
	accounts *store.Accounts, notify *Notifications, feeBps int, log *slog.Logger) SettlementService {
	return &settlementService{
		db: db, jobs: jobs, payments: payments, balances: balances, accounts: accounts, notify: notify,
		feeBps: feeBps, lateBps: 1000, grace: 12 * time.Hour, log: log,
	}
}

func (s *settlementService) CreditTranslator(ctx context.Context, jobID string) error {
	job, err := s.jobs.Get(ctx, jobID)
	if err != nil {
		return err
	}
	if job.SettledAt != nil {
		return nil
	}
	if job.TranslatorID == nil {
		return fmt.Errorf("job %s has no translator", job.ID)
	}
	payment, err := s.payments.FindOne(ctx, "job_id = ? AND status = ?", job.ID, domain.PaymentCaptured)
	if err != nil {
		return fmt.Errorf("job %s: captured payment: %w", job.ID, err)
	}
	fee := payment.AmountCents * int64(s.feeBps) / 10000
	net := payment.AmountCents - fee

	if err := s.balances.Credit(ctx, *job.TranslatorID, net, payment.Currency); err != nil {
		return err
	}
	if err := s.jobs.MarkSettled(ctx, job.ID); err != nil {
		return err
	}
	s.log.InfoContext(ctx, "translator credited", "job_id", job.ID, "net_cents", net, "fee_cents", fee)
	return nil
}

func (s *settlementService) ApplyLateCredits(ctx context.Context, now time.Time) (int, error) {
	overdue, err := s.jobs.Overdue(ctx, now, s.grace, 200)
	if err != nil {
		return 0, err
	}
	applied := 0
	for _, job := range overdue {
		credit := job.BudgetCents * int64(s.lateBps) / 10000
		if credit <= 0 {
			continue
		}

		tx := s.db.WithContext(ctx).Begin()
		if err := tx.Model(&domain.Client{}).Where("id = ?", job.ClientID).
			Update("credit_cents", gorm.Expr("credit_cents + ?", credit)).Error; err != nil {
			tx.Rollback()
			return applied, err
		}
		if err := tx.Commit().Error; err != nil {
			return applied, err
		}

		tx = s.db.WithContext(ctx).Begin()
		if err := tx.Model(&domain.Job{}).Where("id = ? AND late_credit_at IS NULL", job.ID).
			Updates(map[string]any{"late_credit_at": now, "updated_at": now}).Error; err != nil {
			tx.Rollback()
			return applied, err
		}
		if err := s.jobs.AddEvent(platform.WithTx(ctx, tx), job.ID, "late_credit", "system",
			fmt.Sprintf("%d %s", credit, job.Currency)); err != nil {
			tx.Rollback()
			return applied, err
		}
		if err := tx.Commit().Error; err != nil {
			return applied, err
		}

		client, err := s.accounts.Client(ctx, job.ClientID)
		if err != nil {
			return applied, err
		}
		if err := s.notify.Email(ctx, tasks.NotifyEmail{
			Key:      platform.StableOperationID("late-credit", job.ID),
			To:       client.Email,
			Template: "late_delivery_credit",
			Data: map[string]string{
				"job_title": job.Title,
				"credit":    fmt.Sprintf("%.2f %s", float64(credit)/100, job.Currency),
			},
		}); err != nil {
			return applied, err
		}
		applied++
	}
	return applied, nil
}
