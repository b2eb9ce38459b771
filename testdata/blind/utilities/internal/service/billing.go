package service

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill/message"

	"github.com/gridwell/utilities/internal/domain"
	"github.com/gridwell/utilities/internal/idgen"
	"github.com/gridwell/utilities/internal/store"
)

// BillingService runs billing periods, computes bills and applies manual
// adjustments and credits.
type BillingService struct {
	tx    store.TxManager
	repos store.Repos
	pub   Publisher
	log   *slog.Logger
	now   Clock
}

func NewBillingService(tx store.TxManager, repos store.Repos, pub Publisher, log *slog.Logger, now Clock) *BillingService {
	return &BillingService{tx: tx, repos: repos, pub: pub, log: log, now: now}
}

// StartBillingRun creates a billing run for the period and fans out one
// bill-account command per active account.
func (s *BillingService) StartBillingRun(ctx context.Context, periodStart, periodEnd time.Time, requestedBy string) (*domain.BillingRun, error) {
	if !periodEnd.After(periodStart) {
		return nil, fmt.Errorf("%w: empty period", domain.ErrInvalidState)
	}
	run := domain.BillingRun{
		ID:          idgen.New(),
		PeriodStart: periodStart,
		PeriodEnd:   periodEnd,
		Status:      "running",
		RequestedBy: requestedBy,
		CreatedAt:   s.now(),
	}
	if err := s.repos.BillingRuns.Create(ctx, run); err != nil {
		return nil, err
	}
	after := ""
	for {
		ids, err := s.repos.Accounts.ListActiveIDs(ctx, after, 500)
		if err != nil {
			return nil, err
		}
		if len(ids) == 0 {
			break
		}
		msgs := make([]*message.Message, 0, len(ids))
		for _, id := range ids {
			payload, err := json.Marshal(domain.BillAccountCommand{
				BillingRunID: run.ID,
				AccountID:    id,
				PeriodStart:  periodStart,
				PeriodEnd:    periodEnd,
			})
			if err != nil {
				return nil, err
			}
			m := message.NewMessage(watermill.NewUUID(), payload)
			m.Metadata.Set("partition_key", id)
			msgs = append(msgs, m)
		}
		if err := s.pub.Publish(domain.TopicBillAccount, msgs...); err != nil {
			return nil, fmt.Errorf("publish bill commands: %w", err)
		}
		after = ids[len(ids)-1]
	}
	return &run, nil
}

// BillAccount computes and stores the bill for one account and period and
// returns the bill-issued event to publish.
func (s *BillingService) BillAccount(ctx context.Context, cmd domain.BillAccountCommand) (*domain.Bill, error) {
	meters, err := s.repos.Meters.ListByAccount(ctx, cmd.AccountID)
	if err != nil {
		return nil, err
	}
	bill := domain.Bill{
		ID:           idgen.NewUUID(),
		AccountID:    cmd.AccountID,
		BillingRunID: cmd.BillingRunID,
		PeriodStart:  cmd.PeriodStart,
		PeriodEnd:    cmd.PeriodEnd,
		Status:       "issued",
		DueAt:        cmd.PeriodEnd.AddDate(0, 0, 21),
	}
	lines, err := s.computeLines(ctx, bill.ID, meters, cmd.PeriodStart, cmd.PeriodEnd)
	if err != nil {
		return nil, err
	}
	for _, l := range lines {
		bill.AmountDueCents += l.AmountCents
	}
	issued := s.now()
	bill.IssuedAt = &issued

	err = s.tx.WithinTx(ctx, func(r store.Repos) error {
		return r.Bills.Insert(ctx, bill, lines)
	})
	if err != nil {
		return nil, fmt.Errorf("store bill: %w", err)
	}
	return &bill, nil
}

func (s *BillingService) computeLines(ctx context.Context, billID string, meters []domain.Meter, from, to time.Time) ([]domain.BillLine, error) {
	var lines []domain.BillLine
	add := func(desc string, qty float64, unit int64, amount int64) {
		lines = append(lines, domain.BillLine{
			BillID: billID, LineNo: len(lines) + 1, Description: desc,
			Quantity: qty, UnitCents: unit, AmountCents: amount,
		})
	}
	for _, m := range meters {
		t, ok := defaultTariffs[m.Utility]
		if !ok {
			continue
		}
		reads, err := s.repos.Readings.ListBetween(ctx, m.ID, t.Register, from, to)
		if err != nil {
			return nil, err
		}
		used := consumption(reads)
		ests, err := s.repos.Readings.ListEstimates(ctx, m.ID, from, to)
		if err != nil {
			return nil, err
		}
		estimated := false
		for _, e := range ests {
			used += e.Value
			estimated = true
		}
		desc := fmt.Sprintf("%s usage, meter %s (%s)", m.Utility, m.Serial, t.UnitName)
		if estimated {
			desc += " - estimated"
		}
		add(desc, used, int64(t.UnitCents), lineAmount(used, t.UnitCents))
		d := days(from, to)
		add(fmt.Sprintf("%s standing charge, %d days", m.Utility, d), float64(d), t.StandingCentsPerDay, d*t.StandingCentsPerDay)
	}
	return lines, nil
}

// AdjustCommand changes a bill's amount due, for example after a billing
// complaint. Ref is chosen by the agent tooling and is unique per adjustment.
type AdjustCommand struct {
	BillID      string
	Ref         string
	AmountCents int64
	Reason      string
}

// AdjustBill records the adjustment and applies it to the bill.
func (s *BillingService) AdjustBill(ctx context.Context, cmd AdjustCommand) (*domain.Adjustment, error) {
	if cmd.Ref == "" {
		return nil, fmt.Errorf("%w: adjustment ref required", domain.ErrInvalidState)
	}
	bill, err := s.repos.Bills.Get(ctx, cmd.BillID)
	if err != nil {
		return nil, err
	}
	if bill.AmountDueCents+cmd.AmountCents < 0 {
		return nil, fmt.Errorf("%w: adjustment exceeds bill", domain.ErrInvalidState)
	}
	adj := domain.Adjustment{
		Ref:         cmd.Ref,
		BillID:      bill.ID,
		AmountCents: cmd.AmountCents,
		Reason:      cmd.Reason,
		CreatedAt:   s.now(),
	}
	inserted, err := s.repos.Bills.InsertAdjustmentIfAbsent(ctx, adj)
	if err != nil {
		return nil, err
	}
	if !inserted {
		return &adj, nil
	}
	if err := s.repos.Bills.ApplyAdjustment(ctx, bill.ID, cmd.AmountCents); err != nil {
		return nil, err
	}
	return &adj, nil
}

// CreditCommand grants a goodwill credit to an account.
type CreditCommand struct {
	AccountID   string
	AmountCents int64
	Reason      string
	Agent       string
}

// GrantCredit stores the credit and lowers the account balance in one
// transaction.
func (s *BillingService) GrantCredit(ctx context.Context, cmd CreditCommand) (*domain.AccountCredit, error) {
	if cmd.AmountCents <= 0 || cmd.AmountCents > 50_000 {
		return nil, fmt.Errorf("%w: credit amount", domain.ErrInvalidState)
	}
	credit := domain.AccountCredit{
		ID:          idgen.NewUUID(),
		AccountID:   cmd.AccountID,
		AmountCents: cmd.AmountCents,
		Reason:      cmd.Reason,
		CreatedBy:   cmd.Agent,
		CreatedAt:   s.now(),
	}
	err := s.tx.WithinTx(ctx, func(r store.Repos) error {
		if _, err := r.Accounts.GetForUpdate(ctx, cmd.AccountID); err != nil {
			return err
		}
		if err := r.Accounts.InsertCredit(ctx, credit); err != nil {
			return err
		}
		return r.Accounts.AdjustBalance(ctx, cmd.AccountID, -cmd.AmountCents)
	})
	if err != nil {
		return nil, err
	}
	return &credit, nil
}

// IssuedEvent builds the message announcing a new bill.
func IssuedEvent(b *domain.Bill) (*message.Message, error) {
	payload, err := json.Marshal(domain.BillIssuedEvent{BillID: b.ID, AccountID: b.AccountID})
	if err != nil {
		return nil, err
	}
	m := message.NewMessage(watermill.NewUUID(), payload)
	m.Metadata.Set("partition_key", b.AccountID)
	return m, nil
}
