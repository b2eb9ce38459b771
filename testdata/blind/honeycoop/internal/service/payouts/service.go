// Package payouts pays members for their honey: the monthly payout run,
// cash advances on request, and the bank partner's payout callbacks.
package payouts

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/amberfield-labs/honeycoop/internal/platform/keys"
	"github.com/amberfield-labs/honeycoop/internal/platform/period"
	"github.com/amberfield-labs/honeycoop/internal/provider/bankpartner"
	"github.com/amberfield-labs/honeycoop/internal/provider/mailer"
	"github.com/amberfield-labs/honeycoop/internal/service/apperr"
	"github.com/amberfield-labs/honeycoop/internal/store"
)

const JobDisburseAdvance = "advance.disburse"

type PayoutStore interface {
	EnsureRun(ctx context.Context, run *store.PayoutRun) error
	EnsurePayout(ctx context.Context, p *store.Payout) error
	MarkSubmitted(ctx context.Context, id, providerRef string) error
	MarkSettled(ctx context.Context, providerRef string) (bool, error)
	MarkReturned(ctx context.Context, id string) error
	GetByProviderRef(ctx context.Context, ref string) (*store.Payout, error)
	CreateAdvance(ctx context.Context, a *store.Advance) error
	GetAdvance(ctx context.Context, id string) (*store.Advance, error)
	MarkAdvancePaid(ctx context.Context, id, providerRef string) error
}

type Ledger interface {
	AppendOnce(ctx context.Context, e *store.LedgerEntry) (bool, error)
	Balance(ctx context.Context, memberID string, until time.Time) (int64, error)
	MembersWithBalance(ctx context.Context, until time.Time) ([]store.MemberBalance, error)
}

type Members interface {
	Member(ctx context.Context, id string) (*store.Member, error)
}

type Webhooks interface {
	ClaimWebhook(ctx context.Context, source, eventID, eventType string) (bool, error)
}

type Queue interface {
	Enqueue(ctx context.Context, spec store.JobSpec) error
}

type TxRunner interface {
	WithTx(ctx context.Context, fn func(ctx context.Context) error) error
}

// Payer sends money to members' accounts.
type Payer interface {
	CreatePayout(ctx context.Context, req bankpartner.PayoutRequest) (*bankpartner.PayoutResponse, error)
}

type Mailer interface {
	Send(ctx context.Context, msg mailer.Message) (string, error)
}

type Service interface {
	RunPeriod(ctx context.Context, p string) error
	RequestAdvance(ctx context.Context, memberID string, amountCents int64) (*store.Advance, error)
	DisburseAdvance(ctx context.Context, advanceID string) error
	HandleBankEvent(ctx context.Context, ev BankEvent) error
}

// BankEvent is a callback from the bank partner.
type BankEvent struct {
	ID         string    `json:"id"`
	Type       string    `json:"type"`
	PayoutID   string    `json:"payout_id"`
	ReturnCode string    `json:"return_code,omitempty"`
	OccurredAt time.Time `json:"occurred_at"`
}

type Config struct {
	Currency string
	// MaxAdvanceShare is the part of a member's balance they may draw early.
	MaxAdvanceShare float64
}

type Deps struct {
	Tx       TxRunner
	Payouts  PayoutStore
	Ledger   Ledger
	Members  Members
	Webhooks Webhooks
	Queue    Queue
	Bank     Payer
	Mail     Mailer
	NewID    func() string
	Now      func() time.Time
}

type service struct {
	cfg Config
	Deps
}

func New(cfg Config, d Deps) Service { return &service{cfg: cfg, Deps: d} }

// RunPeriod pays every member with a positive balance at the end of period
// p. The payout cron reruns it until it succeeds.
func (s *service) RunPeriod(ctx context.Context, p string) error {
	_, end, err := period.Bounds(p)
	if err != nil {
		return apperr.Invalid("%v", err)
	}
	run := &store.PayoutRun{ID: s.NewID(), Period: p, Status: "open", CreatedAt: s.Now()}
	if err := s.Payouts.EnsureRun(ctx, run); err != nil {
		return err
	}
	balances, err := s.Ledger.MembersWithBalance(ctx, end)
	if err != nil {
		return err
	}
	var errs []error
	for _, b := range balances {
		if err := s.payMember(ctx, run, b); err != nil {
			errs = append(errs, fmt.Errorf("member %s: %w", b.MemberID, err))
		}
	}
	return errors.Join(errs...)
}

func (s *service) payMember(ctx context.Context, run *store.PayoutRun, b store.MemberBalance) error {
	p := &store.Payout{
		ID:          s.NewID(),
		RunID:       run.ID,
		MemberID:    b.MemberID,
		AmountCents: b.BalanceCents,
		Status:      "pending",
		CreatedAt:   s.Now(),
		UpdatedAt:   s.Now(),
	}
	if err := s.Payouts.EnsurePayout(ctx, p); err != nil {
		return err
	}
	if p.Status != "pending" {
		return nil
	}
	member, err := s.Members.Member(ctx, b.MemberID)
	if err != nil {
		return err
	}
	resp, err := s.Bank.CreatePayout(ctx, bankpartner.PayoutRequest{
		IdempotencyKey: keys.New("po"),
		AccountID:      member.PayoutAccountID,
		AmountCents:    p.AmountCents,
		Currency:       s.cfg.Currency,
		Reference:      "Honey payout " + run.Period,
	})
	if err != nil {
		return err
	}
	return s.Tx.WithTx(ctx, func(ctx context.Context) error {
		if err := s.Payouts.MarkSubmitted(ctx, p.ID, resp.ID); err != nil {
			return err
		}
		_, err := s.Ledger.AppendOnce(ctx, &store.LedgerEntry{
			ID:          "payout:" + p.ID,
			MemberID:    p.MemberID,
			Kind:        "payout",
			AmountCents: -p.AmountCents,
			Memo:        "payout " + run.Period,
			CreatedAt:   s.Now(),
		})
		return err
	})
}

// RequestAdvance books a cash advance against the member's balance and
// queues its disbursement.
func (s *service) RequestAdvance(ctx context.Context, memberID string, amountCents int64) (*store.Advance, error) {
	if amountCents <= 0 {
		return nil, apperr.Invalid("amount must be positive")
	}
	if _, err := s.Members.Member(ctx, memberID); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return nil, fmt.Errorf("%w: member %s", apperr.ErrNotFound, memberID)
		}
		return nil, err
	}
	balance, err := s.Ledger.Balance(ctx, memberID, s.Now().Add(time.Second))
	if err != nil {
		return nil, err
	}
	if float64(amountCents) > float64(balance)*s.cfg.MaxAdvanceShare {
		return nil, apperr.Conflict("advance exceeds %.0f%% of balance", s.cfg.MaxAdvanceShare*100)
	}
	adv := &store.Advance{
		ID:          s.NewID(),
		MemberID:    memberID,
		AmountCents: amountCents,
		Status:      "requested",
		CreatedAt:   s.Now(),
	}
	err = s.Tx.WithTx(ctx, func(ctx context.Context) error {
		if err := s.Payouts.CreateAdvance(ctx, adv); err != nil {
			return err
		}
		if _, err := s.Ledger.AppendOnce(ctx, &store.LedgerEntry{
			ID:          "advance:" + adv.ID,
			MemberID:    memberID,
			Kind:        "advance",
			AmountCents: -amountCents,
			Memo:        "cash advance",
			CreatedAt:   adv.CreatedAt,
		}); err != nil {
			return err
		}
		return s.Queue.Enqueue(ctx, store.JobSpec{
			Kind:      JobDisburseAdvance,
			UniqueKey: "advance:" + adv.ID,
			Payload:   map[string]string{"advance_id": adv.ID},
		})
	})
	if err != nil {
		return nil, err
	}
	return adv, nil
}

// DisburseAdvance runs from the job queue.
func (s *service) DisburseAdvance(ctx context.Context, advanceID string) error {
	adv, err := s.Payouts.GetAdvance(ctx, advanceID)
	if err != nil {
		return err
	}
	if adv.Status == "paid" {
		return nil
	}
	member, err := s.Members.Member(ctx, adv.MemberID)
	if err != nil {
		return err
	}
	resp, err := s.Bank.CreatePayout(ctx, bankpartner.PayoutRequest{
		IdempotencyKey: keys.Derive("adv", adv.ID),
		AccountID:      member.PayoutAccountID,
		AmountCents:    adv.AmountCents,
		Currency:       s.cfg.Currency,
		Reference:      "Honey advance",
	})
	if err != nil {
		return err
	}
	return s.Payouts.MarkAdvancePaid(ctx, adv.ID, resp.ID)
}

func (s *service) HandleBankEvent(ctx context.Context, ev BankEvent) error {
	switch ev.Type {
	case "payout.settled":
		return s.Tx.WithTx(ctx, func(ctx context.Context) error {
			first, err := s.Webhooks.ClaimWebhook(ctx, "bank", ev.ID, ev.Type)
			if err != nil || !first {
				return err
			}
			_, err = s.Payouts.MarkSettled(ctx, ev.PayoutID)
			return err
		})
	case "payout.returned":
		return s.payoutReturned(ctx, ev)
	default:
		return nil
	}
}

// payoutReturned handles a payout the member's bank sent back (closed
// account, wrong IBAN): the money goes back on the member's balance and the
// member is asked to fix their details.
func (s *service) payoutReturned(ctx context.Context, ev BankEvent) error {
	p, err := s.Payouts.GetByProviderRef(ctx, ev.PayoutID)
	if errors.Is(err, store.ErrNotFound) {
		// Advances are paid through the same account; nothing to reverse.
		return nil
	}
	if err != nil {
		return err
	}
	if p.Status == "returned" {
		return nil
	}
	member, err := s.Members.Member(ctx, p.MemberID)
	if err != nil {
		return err
	}
	if _, err := s.Mail.Send(ctx, mailer.Message{
		To:       member.Email,
		Subject:  "Your honey payout was returned by your bank",
		Template: "payout-returned",
		Vars: map[string]string{
			"name":   member.Name,
			"amount": fmt.Sprintf("%.2f", float64(p.AmountCents)/100),
			"code":   ev.ReturnCode,
		},
	}); err != nil {
		return fmt.Errorf("notify member %s: %w", member.ID, err)
	}
	return s.Tx.WithTx(ctx, func(ctx context.Context) error {
		if err := s.Payouts.MarkReturned(ctx, p.ID); err != nil {
			return err
		}
		_, err := s.Ledger.AppendOnce(ctx, &store.LedgerEntry{
			ID:          "payout-return:" + p.ID,
			MemberID:    p.MemberID,
			Kind:        "payout_return",
			AmountCents: p.AmountCents,
			Memo:        "returned by bank: " + ev.ReturnCode,
			CreatedAt:   s.Now(),
		})
		return err
	})
}
