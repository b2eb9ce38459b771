package service

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/fairwaylinks/teetimes/internal/domain"
	"github.com/fairwaylinks/teetimes/internal/payments"
	"github.com/fairwaylinks/teetimes/internal/platform/db"
	"github.com/fairwaylinks/teetimes/internal/platform/dedup"
	"github.com/fairwaylinks/teetimes/internal/store"
)

// AccountChargeInput charges an online pro-shop order to a member's tab.
type AccountChargeInput struct {
	RequestKey  string
	MemberID    string
	OrderRef    string
	AmountCents int64
	Description string
}

// AccountCharge is the result of a charge.
type AccountCharge struct {
	EntryID      string `json:"entry_id"`
	AccountID    string `json:"account_id"`
	BalanceCents int64  `json:"balance_cents"`
}

// Settlement is a card payment against the tab.
type Settlement struct {
	AccountID   string `json:"account_id"`
	AmountCents int64  `json:"amount_cents"`
	Status      string `json:"status"`
}

// ProShop manages members' pro-shop accounts.
type ProShop interface {
	ChargeAccount(ctx context.Context, in AccountChargeInput) (*AccountCharge, error)
	SettleTab(ctx context.Context, memberID string) (*Settlement, error)
	Account(ctx context.Context, memberID string) (*domain.ProShopAccount, error)
}

// ProShopParams are the dependencies of the pro-shop service.
type ProShopParams struct {
	fx.In

	Log      *zap.Logger
	UoW      db.UnitOfWork
	Accounts store.AccountStore
	Ledger   store.LedgerStore
	Members  store.MemberStore
	Payments payments.Client
	Recorder dedup.Recorder
}

type proShopService struct {
	log      *zap.Logger
	uow      db.UnitOfWork
	accounts store.AccountStore
	ledger   store.LedgerStore
	members  store.MemberStore
	payments payments.Client
	recorder dedup.Recorder
	now      func() time.Time
}

// NewProShopService builds the pro-shop service.
func NewProShopService(p ProShopParams) *proShopService {
	return &proShopService{
		log:      p.Log.Named("proshop"),
		uow:      p.UoW,
		accounts: p.Accounts,
		ledger:   p.Ledger,
		members:  p.Members,
		payments: p.Payments,
		recorder: p.Recorder,
		now:      func() time.Time { return time.Now().UTC() },
	}
}

const scopeProShopCharge = "proshop.charge"

func (s *proShopService) Account(ctx context.Context, memberID string) (*domain.ProShopAccount, error) {
	acct, err := s.accounts.ForMember(ctx, memberID, false)
	if err != nil {
		return nil, notFoundOr(err, "pro-shop account")
	}
	return acct, nil
}

// ChargeAccount posts an online order to the member's tab, within the
// account's credit limit.
func (s *proShopService) ChargeAccount(ctx context.Context, in AccountChargeInput) (*AccountCharge, error) {
	if in.RequestKey == "" {
		return nil, invalid("Idempotency-Key header is required")
	}
	if in.AmountCents <= 0 {
		return nil, invalid("amount_cents must be positive")
	}
	if entryID, seen, err := s.recorder.Seen(ctx, scopeProShopCharge, in.RequestKey); err != nil {
		return nil, err
	} else if seen {
		acct, err := s.accounts.ForMember(ctx, in.MemberID, false)
		if err != nil {
			return nil, notFoundOr(err, "pro-shop account")
		}
		return &AccountCharge{EntryID: entryID, AccountID: acct.ID, BalanceCents: acct.BalanceCents}, nil
	}

	var out AccountCharge
	err := s.uow.Do(ctx, func(ctx context.Context) error {
		acct, err := s.accounts.ForMember(ctx, in.MemberID, true)
		if err != nil {
			return notFoundOr(err, "pro-shop account")
		}
		if acct.Status != "open" {
			return conflict("pro-shop account is %s", acct.Status)
		}
		if acct.BalanceCents+in.AmountCents > acct.CreditLimitCents {
			return &Error{Kind: ErrPayment, Msg: "order would exceed the account's credit limit"}
		}
		entry, err := s.ledger.Append(ctx, store.LedgerLine{
			AccountID:   acct.ID,
			AmountCents: in.AmountCents,
			Kind:        "online_order",
			SourceRef:   in.OrderRef,
			Description: in.Description,
		})
		if err != nil {
			return err
		}
		if err := s.accounts.AdjustBalance(ctx, acct.ID, in.AmountCents); err != nil {
			return err
		}
		out = AccountCharge{EntryID: entry.ID, AccountID: acct.ID, BalanceCents: acct.BalanceCents + in.AmountCents}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if err := s.recorder.Remember(ctx, scopeProShopCharge, in.RequestKey, out.EntryID); err != nil {
		return nil, fmt.Errorf("record charge key: %w", err)
	}
	return &out, nil
}

// SettleTab pays the member's outstanding balance with the card they keep
// on file. The balance comes down when Stripe reports the payment
// succeeded.
func (s *proShopService) SettleTab(ctx context.Context, memberID string) (*Settlement, error) {
	acct, err := s.accounts.ForMember(ctx, memberID, false)
	if err != nil {
		return nil, notFoundOr(err, "pro-shop account")
	}
	if acct.BalanceCents <= 0 {
		return nil, conflict("nothing is owed on this account")
	}
	member, err := s.members.Get(ctx, memberID)
	if err != nil {
		return nil, err
	}
	if member.StripeCustomerID == nil || member.DefaultCardID == nil {
		return nil, &Error{Kind: ErrPayment, Msg: "add a card to your profile to settle online"}
	}

	pi, err := s.payments.CreatePaymentIntent(ctx, payments.PaymentIntentRequest{
		AmountCents:  acct.BalanceCents,
		Currency:     acct.Currency,
		CustomerID:   *member.StripeCustomerID,
		Description:  "Pro shop account settlement",
		ReceiptEmail: member.Email,
		Metadata: map[string]string{
			"kind":       "proshop_settlement",
			"account_id": acct.ID,
		},
		IdempotencyKey:          payments.NewIdempotencyKey("tab-settle"),
		OffSessionPaymentMethod: *member.DefaultCardID,
	})
	if errors.Is(err, payments.ErrDeclined) {
		return nil, &Error{Kind: ErrPayment, Msg: "your card was declined"}
	}
	if err != nil {
		return nil, fmt.Errorf("settle account %s: %w", acct.ID, err)
	}
	if _, err := s.accounts.Update(ctx, acct.ID, map[string]any{"settlement_intent_id": pi.ID, "updated_at": s.now()}); err != nil {
		return nil, err
	}
	return &Settlement{AccountID: acct.ID, AmountCents: acct.BalanceCents, Status: pi.Status}, nil
}
