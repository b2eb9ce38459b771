package service

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/cyclegrid/bikeshare/internal/db"
	"github.com/cyclegrid/bikeshare/internal/payments"
	"github.com/cyclegrid/bikeshare/internal/repository"
	"github.com/cyclegrid/bikeshare/internal/store"
	"github.com/cyclegrid/bikeshare/internal/tasks"
)

type PurchaseInput struct {
	RiderID        uuid.UUID `json:"rider_id"`
	PlanCode       string    `json:"plan_code"`
	AutoRenew      bool      `json:"auto_renew"`
	IdempotencyKey string    `json:"-"`
}

type CancelResult struct {
	Pass          db.Pass `json:"pass"`
	RefundedCents int64   `json:"refunded_cents"`
}

type RenewalReport struct {
	Renewed int
	Lapsed  int
}

// PassService sells, cancels and renews passes.
type PassService interface {
	Purchase(ctx context.Context, in PurchaseInput) (db.Pass, error)
	Cancel(ctx context.Context, riderID, passID uuid.UUID) (*CancelResult, error)
	RenewDue(ctx context.Context, now time.Time) (RenewalReport, error)
}

type passService struct {
	tx       store.TxRunner
	passes   repository.Passes
	riders   repository.Riders
	idem     repository.Idempotency
	wallet   WalletService
	gateway  payments.Gateway
	enqueuer tasks.Enqueuer
	currency string
	log      *slog.Logger
	now      func() time.Time
}

func newPassService(tx store.TxRunner, passes repository.Passes, riders repository.Riders, idem repository.Idempotency,
	wallet WalletService, gateway payments.Gateway, enqueuer tasks.Enqueuer, settings Settings, log *slog.Logger) *passService {
	return &passService{
		tx:       tx,
		passes:   passes,
		riders:   riders,
		idem:     idem,
		wallet:   wallet,
		gateway:  gateway,
		enqueuer: enqueuer,
		currency: settings.Currency,
		log:      log,
		now:      time.Now,
	}
}

const purchaseScope = "passes.purchase"

func (s *passService) Purchase(ctx context.Context, in PurchaseInput) (db.Pass, error) {
	if in.IdempotencyKey == "" {
		return db.Pass{}, fmt.Errorf("%w: Idempotency-Key header is required", ErrInvalid)
	}
	scope := purchaseScope + ":" + in.RiderID.String()
	hash := hashRequest(in)

	stored, found, err := s.idem.Lookup(ctx, scope, in.IdempotencyKey)
	if err != nil {
		return db.Pass{}, err
	}
	if found {
		if stored.RequestHash != hash {
			return db.Pass{}, ErrIdempotencyMismatch
		}
		var prev db.Pass
		if err := json.Unmarshal(stored.Body, &prev); err != nil {
			return db.Pass{}, err
		}
		return prev, nil
	}

	plan, err := s.passes.Plan(ctx, in.PlanCode)
	if err != nil {
		return db.Pass{}, err
	}
	if !plan.Active {
		return db.Pass{}, fmt.Errorf("%w: plan %s is not on sale", ErrInvalid, plan.Code)
	}
	rider, err := s.riders.Get(ctx, in.RiderID)
	if err != nil {
		return db.Pass{}, err
	}
	if !rider.PaymentMethodID.Valid {
		return db.Pass{}, fmt.Errorf("%w: no saved card", ErrInvalid)
	}

	charge, err := s.gateway.Charge(ctx, payments.ChargeRequest{
		CustomerID:      rider.StripeCustomerID.String,
		PaymentMethodID: rider.PaymentMethodID.String,
		AmountCents:     plan.PriceCents,
		Currency:        s.currency,
		Description:     "CycleGrid " + plan.Name,
		Metadata:        map[string]string{"kind": "pass", "plan": plan.Code, "rider_id": rider.ID.String()},
	}, payments.WithIdempotencyKey("pass-purchase:"+in.RiderID.String()+":"+in.IdempotencyKey))
	if errors.Is(err, payments.ErrCardDeclined) {
		return db.Pass{}, fmt.Errorf("%w: %v", ErrPaymentDeclined, err)
	}
	if err != nil {
		return db.Pass{}, err
	}

	now := s.now().UTC()
	pass, err := store.InTxResult(ctx, s.tx, func(q db.Querier) (db.Pass, error) {
		return s.passes.With(q).Create(ctx, db.CreatePassParams{
			ID:              uuid.New(),
			RiderID:         in.RiderID,
			PlanCode:        plan.Code,
			AutoRenew:       in.AutoRenew,
			StartsAt:        now,
			ExpiresAt:       now.AddDate(0, 0, int(plan.DurationDays)),
			PaymentIntentID: pgtype.Text{String: charge.PaymentIntentID, Valid: true},
			PriceCents:      plan.PriceCents,
		})
	})
	if err != nil {
		return db.Pass{}, err
	}

	if err := s.enqueuer.Enqueue(ctx, tasks.TypePassActivated, tasks.PassPayload{PassID: pass.ID},
		asynq.TaskID("pass-activated:"+pass.ID.String()), asynq.Queue(tasks.QueueLow)); err != nil {
		s.log.WarnContext(ctx, "queue pass activation sms", "pass_id", pass.ID, "err", err)
	}

	body, _ := json.Marshal(pass)
	if err := s.idem.Remember(ctx, scope, in.IdempotencyKey, hash, 201, body); err != nil {
		s.log.ErrorContext(ctx, "store idempotent response", "key", in.IdempotencyKey, "err", err)
	}
	return pass, nil
}

// prorate returns the unused share of the pass price, rounded down to
// whole days.
func prorate(p db.Pass, at time.Time) int64 {
	total := p.ExpiresAt.Sub(p.StartsAt)
	left := p.ExpiresAt.Sub(at)
	if left <= 0 || total <= 0 {
		return 0
	}
	daysLeft := int64(left / (24 * time.Hour))
	totalDays := int64(total / (24 * time.Hour))
	if totalDays == 0 {
		return 0
	}
	return p.PriceCents * daysLeft / totalDays
}

func (s *passService) Cancel(ctx context.Context, riderID, passID uuid.UUID) (*CancelResult, error) {
	pass, err := s.passes.Get(ctx, passID)
	if err != nil {
		return nil, err
	}
	if pass.RiderID != riderID {
		return nil, ErrForbidden
	}
	if pass.Status != "active" {
		return &CancelResult{Pass: pass}, nil
	}

	now := s.now().UTC()
	refund := prorate(pass, now)
	if refund > 0 {
		if _, err := s.wallet.Credit(ctx, riderID, refund, "pass_cancel_refund", pass.ID.String()); err != nil {
			return nil, fmt.Errorf("credit unused pass days: %w", err)
		}
	}

	if _, err := s.passes.Cancel(ctx, pass.ID, now); err != nil {
		return nil, fmt.Errorf("cancel pass: %w", err)
	}
	pass, err = s.passes.Get(ctx, passID)
	if err != nil {
		return nil, err
	}
	return &CancelResult{Pass: pass, RefundedCents: refund}, nil
}

func (s *passService) RenewDue(ctx context.Context, now time.Time) (RenewalReport, error) {
	var report RenewalReport
	due, err := s.passes.DueForRenewal(ctx, now.Add(6*time.Hour), 500)
	if err != nil {
		return report, err
	}
	for _, p := range due {
		plan, err := s.passes.Plan(ctx, p.PlanCode)
		if err != nil {
			return report, err
		}
		_, err = s.wallet.Debit(ctx, p.RiderID, plan.PriceCents, "pass_renewal", p.ID.String())
		if errors.Is(err, ErrInsufficientFunds) {
			s.log.InfoContext(ctx, "pass lapsed: wallet too low", "pass_id", p.ID)
			report.Lapsed++
			continue
		}
		if err != nil {
			return report, fmt.Errorf("renew pass %s: %w", p.ID, err)
		}
		next := p.ExpiresAt.AddDate(0, 0, int(plan.DurationDays))
		if err := s.passes.Extend(ctx, p.ID, next); err != nil {
			return report, fmt.Errorf("extend pass %s: %w", p.ID, err)
		}
		report.Renewed++
	}
	return report, nil
}
