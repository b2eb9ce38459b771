package service

import (
	"context"
	"log/slog"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/medbridge-health/clearinghouse/internal/domain"
	"github.com/medbridge-health/clearinghouse/internal/platform/apperr"
	"github.com/medbridge-health/clearinghouse/internal/platform/clock"
	"github.com/medbridge-health/clearinghouse/internal/repository"
)

// AccountService manages patient account balances.
type AccountService struct {
	tx          Tx
	accounts    accountStore
	adjustments interface {
		Insert(ctx context.Context, q sqlx.ExtContext, a *domain.Adjustment) error
	}
	plans interface {
		Insert(ctx context.Context, q sqlx.ExtContext, p *domain.PaymentPlan) error
	}
	newID IDFunc
	now   Clock
	log   *slog.Logger
}

// NewAccountService builds an AccountService.
func NewAccountService(tx Tx, accounts *repository.PatientAccountRepo, adj *repository.AdjustmentRepo,
	plans *repository.PlanRepo, newID IDFunc, now Clock, log *slog.Logger) *AccountService {
	return &AccountService{tx: tx, accounts: accounts, adjustments: adj, plans: plans, newID: newID, now: now, log: log}
}

// AdjustmentInput is a manual write-off or correction on a patient account.
type AdjustmentInput struct {
	AdjustmentID     string
	PracticeID       string
	PatientAccountID string
	ClaimID          *string
	AmountCents      int64
	ReasonCode       string
	Note             string
	CreatedBy        string
}

var allowedAdjustmentReasons = map[string]bool{
	"SMALL_BALANCE": true, "HARDSHIP": true, "PROMPT_PAY": true, "BAD_DEBT": true, "CORRECTION": true,
}

// CreateAdjustment records an adjustment and applies it to the balance.
func (s *AccountService) CreateAdjustment(ctx context.Context, in AdjustmentInput) (*domain.Adjustment, error) {
	if !allowedAdjustmentReasons[in.ReasonCode] {
		return nil, apperr.Invalid("unknown reason code %q", in.ReasonCode)
	}
	if in.AmountCents == 0 {
		return nil, apperr.Invalid("amount must be non-zero")
	}
	adj := &domain.Adjustment{
		ID:               in.AdjustmentID,
		PracticeID:       in.PracticeID,
		PatientAccountID: in.PatientAccountID,
		ClaimID:          in.ClaimID,
		AmountCents:      in.AmountCents,
		ReasonCode:       in.ReasonCode,
		Note:             in.Note,
		CreatedBy:        in.CreatedBy,
		CreatedAt:        s.now(),
	}
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		q := s.tx.Ext(ctx)
		acct, err := s.accounts.Get(ctx, q, in.PatientAccountID)
		if err != nil {
			return err
		}
		if acct.PracticeID != in.PracticeID {
			return apperr.NotFound("patient account %s not found", in.PatientAccountID)
		}
		if err := s.adjustments.Insert(ctx, q, adj); err != nil {
			return err
		}
		return s.accounts.AddBalance(ctx, q, acct.ID, -adj.AmountCents)
	})
	if err != nil {
		return nil, err
	}
	return adj, nil
}

// PaymentPlanInput splits a balance into monthly installments.
type PaymentPlanInput struct {
	PatientAccountID string
	TotalCents       int64
	Installments     int
	FirstDueDate     string
}

// CreatePaymentPlan sets up a monthly installment plan.
func (s *AccountService) CreatePaymentPlan(ctx context.Context, in PaymentPlanInput) (*domain.PaymentPlan, error) {
	if in.Installments < 2 || in.Installments > 24 {
		return nil, apperr.Invalid("installments must be between 2 and 24")
	}
	first, err := time.Parse("2006-01-02", in.FirstDueDate)
	if err != nil {
		return nil, apperr.Invalid("first_due_date must be YYYY-MM-DD")
	}
	if first.Before(clock.Date(s.now())) {
		return nil, apperr.Invalid("first_due_date is in the past")
	}
	plan := &domain.PaymentPlan{
		ID:               s.newID("pln"),
		PatientAccountID: in.PatientAccountID,
		TotalCents:       in.TotalCents,
		InstallmentCount: in.Installments,
		FirstDueDate:     first,
		Status:           "active",
		CreatedAt:        s.now(),
	}
	base := in.TotalCents / int64(in.Installments)
	rem := in.TotalCents % int64(in.Installments)
	for i := 0; i < in.Installments; i++ {
		amt := base
		if int64(i) < rem {
			amt++
		}
		plan.Installments = append(plan.Installments, domain.Installment{
			PlanID: plan.ID, Seq: i + 1, DueDate: first.AddDate(0, i, 0), AmountCents: amt, Status: "scheduled",
		})
	}
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		q := s.tx.Ext(ctx)
		acct, err := s.accounts.Get(ctx, q, in.PatientAccountID)
		if err != nil {
			return err
		}
		if in.TotalCents <= 0 || in.TotalCents > acct.BalanceCents {
			return apperr.Invalid("plan total must be between 1 and the account balance (%d)", acct.BalanceCents)
		}
		return s.plans.Insert(ctx, q, plan)
	})
	if err != nil {
		return nil, err
	}
	return plan, nil
}
