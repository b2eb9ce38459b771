package service

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"github.com/prairiegold/graincoop/internal/ach"
	"github.com/prairiegold/graincoop/internal/domain"
	"github.com/prairiegold/graincoop/internal/events"
	"github.com/prairiegold/graincoop/internal/idgen"
	"github.com/prairiegold/graincoop/internal/kafkax"
	"github.com/prairiegold/graincoop/internal/store"
)

type AdvanceReader interface {
	Get(ctx context.Context, id uuid.UUID) (*domain.Advance, error)
	MarkDisbursed(ctx context.Context, id uuid.UUID, paymentID string, at time.Time) error
}

// AdvanceService handles cash advances against stored or contracted grain.
type AdvanceService struct {
	uow      UnitOfWork
	growers  GrowerReader
	accounts BankAccounts
	advances AdvanceReader
	payments Payments
	pub      Publisher
	limit    decimal.Decimal
	log      *slog.Logger
	now      Clock
}

func NewAdvanceService(uow UnitOfWork, g GrowerReader, a BankAccounts, adv AdvanceReader, p Payments, pub Publisher, limit decimal.Decimal, log *slog.Logger, now Clock) *AdvanceService {
	return &AdvanceService{uow: uow, growers: g, accounts: a, advances: adv, payments: p, pub: pub, limit: limit, log: log, now: now}
}

type AdvanceRequestInput struct {
	GrowerID      int64           `json:"grower_id" binding:"required"`
	BankAccountID *uuid.UUID      `json:"bank_account_id"`
	Season        int             `json:"season" binding:"required"`
	Amount        decimal.Decimal `json:"amount" binding:"required"`
	Collateral    string          `json:"collateral" binding:"required"`
}

// Request records an advance request for credit review.
func (s *AdvanceService) Request(ctx context.Context, in AdvanceRequestInput, by string) (*domain.Advance, error) {
	if !in.Amount.IsPositive() {
		return nil, fmt.Errorf("%w: amount must be positive", ErrInvalid)
	}
	g, err := s.growers.Get(ctx, in.GrowerID)
	if err != nil {
		return nil, notFound(err)
	}
	var acct *domain.BankAccount
	if in.BankAccountID != nil {
		acct, err = s.accounts.Get(ctx, *in.BankAccountID)
	} else {
		acct, err = s.accounts.Default(ctx, g.ID)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: no usable bank account", ErrInvalid)
	}
	if acct.GrowerID != g.ID {
		return nil, fmt.Errorf("%w: bank account belongs to another grower", ErrInvalid)
	}
	adv := &domain.Advance{
		ID:            idgen.New(),
		GrowerID:      g.ID,
		BankAccountID: acct.ID,
		Season:        in.Season,
		Amount:        in.Amount.Round(2),
		Outstanding:   in.Amount.Round(2),
		Collateral:    in.Collateral,
		Status:        domain.AdvanceRequested,
		RequestedBy:   by,
		RequestedAt:   s.now(),
	}
	err = s.uow.InTx(ctx, func(r *store.Repos) error {
		open, err := r.Advances.SumRequested(ctx, g.ID, in.Season)
		if err != nil {
			return err
		}
		if open.Add(adv.Amount).GreaterThan(s.limit) {
			return fmt.Errorf("%w: %s open of %s", ErrLimitReached, open.StringFixed(2), s.limit.StringFixed(2))
		}
		return r.Advances.Create(ctx, adv)
	})
	if err != nil {
		return nil, err
	}
	return adv, nil
}

// Approve marks a requested advance approved and queues its disbursement.
func (s *AdvanceService) Approve(ctx context.Context, id uuid.UUID, by string) (*domain.Advance, error) {
	var out *domain.Advance
	err := s.uow.InTx(ctx, func(r *store.Repos) error {
		now := s.now()
		ok, err := r.Advances.Approve(ctx, id, by, now)
		if err != nil {
			return err
		}
		out, err = r.Advances.Get(ctx, id)
		if err != nil {
			return notFound(err)
		}
		if !ok {
			if out.Status == domain.AdvanceApproved || out.Status == domain.AdvanceDisbursed {
				return nil
			}
			return fmt.Errorf("%w: advance is %s", ErrConflict, out.Status)
		}
		return s.pub.Publish(ctx, kafkax.TopicAdvanceApproved, fmt.Sprint(out.GrowerID), idgen.Stable("advance-approved", id),
			events.AdvanceApproved{AdvanceID: id.String(), GrowerID: out.GrowerID, Amount: out.Amount, ApprovedBy: by, ApprovedAt: now})
	})
	return out, err
}

// Disburse pays an approved advance to the grower's bank account.
func (s *AdvanceService) Disburse(ctx context.Context, evt events.AdvanceApproved) error {
	id, err := uuid.Parse(evt.AdvanceID)
	if err != nil {
		return fmt.Errorf("%w: advance id", ErrInvalid)
	}
	adv, err := s.advances.Get(ctx, id)
	if err != nil {
		return notFound(err)
	}
	switch adv.Status {
	case domain.AdvanceApproved:
	case domain.AdvanceDisbursed, domain.AdvanceRepaid:
		return nil
	default:
		s.log.Warn("advance not in approved state", "advance", id, "status", adv.Status)
		return nil
	}
	acct, err := s.accounts.Get(ctx, adv.BankAccountID)
	if err != nil {
		return notFound(err)
	}
	cents, err := ach.Cents(adv.Amount.StringFixed(2))
	if err != nil {
		return err
	}
	pay, err := s.payments.CreatePayment(ctx, ach.PaymentRequest{
		CounterpartyID: acct.ProviderCounterpartyID,
		AmountCents:    cents,
		Direction:      ach.Credit,
		SECCode:        "CCD",
		Description:    "CROP ADV",
		SameDay:        true,
		Metadata:       map[string]string{"advance_id": adv.ID.String(), "season": fmt.Sprint(adv.Season)},
	}, ach.WithIdempotencyKey(idgen.Stable("advance", adv.ID)))
	if err != nil {
		return fmt.Errorf("disburse advance %s: %w", adv.ID, err)
	}
	return s.advances.MarkDisbursed(ctx, adv.ID, pay.ID, s.now())
}
