// Package escrow receives and holds money for orders.
package escrow

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/cobaltmesa/titleworks/internal/domain"
	"github.com/cobaltmesa/titleworks/internal/platform/ids"
	"github.com/cobaltmesa/titleworks/internal/platform/txm"
)

// Store persists accounts, deposits, holds and the ledger.
type Store interface {
	GetAccount(ctx context.Context, id string) (*domain.EscrowAccount, error)
	InsertDeposit(ctx context.Context, d *domain.Deposit) error
	InsertHold(ctx context.Context, h *domain.Hold) error
	HoldByKey(ctx context.Context, accountID, key string) (*domain.Hold, error)
	Balance(ctx context.Context, accountID string) (int64, error)
	PostLedger(ctx context.Context, entries ...domain.LedgerEntry) error
	InterestBearingDue(ctx context.Context, asOf time.Time) ([]domain.EscrowAccount, error)
	SetAccruedThrough(ctx context.Context, accountID string, through time.Time) error
}

// Keys claims client request keys.
type Keys interface {
	Claim(ctx context.Context, scope, key string) (bool, error)
}

// Outbox queues domain events.
type Outbox interface {
	Enqueue(ctx context.Context, topic, key string, payload any) error
}

// Service is the escrow ledger service.
type Service struct {
	tx     *txm.Manager
	store  Store
	keys   Keys
	outbox Outbox
	now    func() time.Time
	newID  func() string
}

// NewService returns an escrow service.
func NewService(tx *txm.Manager, store Store, keys Keys, outbox Outbox) *Service {
	return &Service{tx: tx, store: store, keys: keys, outbox: outbox, now: time.Now, newID: ids.KSUID}
}

// DepositInput describes money received.
type DepositInput struct {
	AmountCents int64  `json:"amount_cents"`
	Method      string `json:"method"` // wire, cashiers_check, ach
	PayerName   string `json:"payer_name"`
	Reference   string `json:"reference"` // check number or Fed reference, as written on the receipt
}

var depositMethods = map[string]bool{"wire": true, "cashiers_check": true, "ach": true}

type depositReceived struct {
	DepositID   string `json:"deposit_id"`
	AccountID   string `json:"escrow_account_id"`
	AmountCents int64  `json:"amount_cents"`
	Method      string `json:"method"`
}

// RecordDeposit books money received into an escrow account.
func (s *Service) RecordDeposit(ctx context.Context, accountID string, in DepositInput) (*domain.Deposit, error) {
	if in.AmountCents <= 0 || !depositMethods[in.Method] {
		return nil, fmt.Errorf("%w: amount and a known method are required", domain.ErrInvalid)
	}
	acct, err := s.store.GetAccount(ctx, accountID)
	if err != nil {
		return nil, err
	}
	if acct.Status != "open" {
		return nil, fmt.Errorf("%w: account is %s", domain.ErrConflict, acct.Status)
	}
	now := s.now().UTC()
	d := &domain.Deposit{
		ID:          s.newID(),
		AccountID:   acct.ID,
		AmountCents: in.AmountCents,
		Method:      in.Method,
		PayerName:   in.PayerName,
		Reference:   in.Reference,
		ReceivedAt:  now,
	}
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.store.InsertDeposit(ctx, d); err != nil {
			return err
		}
		if err := s.store.PostLedger(ctx, domain.LedgerEntry{
			ID: s.newID(), AccountID: acct.ID, EntryType: domain.EntryDeposit, AmountCents: d.AmountCents,
			RefType: "deposit", RefID: d.ID, Memo: "earnest money " + d.Method, PostedAt: now,
		}); err != nil {
			return err
		}
		return s.outbox.Enqueue(ctx, "escrow.deposits.v1", acct.ID, depositReceived{
			DepositID: d.ID, AccountID: acct.ID, AmountCents: d.AmountCents, Method: d.Method,
		})
	})
	if err != nil {
		return nil, err
	}
	return d, nil
}

// HoldInput earmarks funds.
type HoldInput struct {
	AmountCents int64  `json:"amount_cents"`
	Reason      string `json:"reason"`
}

// PlaceHold earmarks funds in an account. requestKey is the client's
// Idempotency-Key; a repeated key returns the hold made the first time.
func (s *Service) PlaceHold(ctx context.Context, accountID, requestKey string, in HoldInput) (*domain.Hold, bool, error) {
	if requestKey == "" {
		return nil, false, fmt.Errorf("%w: Idempotency-Key header is required", domain.ErrInvalid)
	}
	if in.AmountCents <= 0 {
		return nil, false, fmt.Errorf("%w: amount_cents must be positive", domain.ErrInvalid)
	}
	var (
		hold   *domain.Hold
		replay bool
	)
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		claimed, err := s.keys.Claim(ctx, "escrow_hold:"+accountID, requestKey)
		if err != nil {
			return err
		}
		if !claimed {
			replay = true
			hold, err = s.store.HoldByKey(ctx, accountID, requestKey)
			return err
		}
		bal, err := s.store.Balance(ctx, accountID)
		if err != nil {
			return err
		}
		if bal < in.AmountCents {
			return fmt.Errorf("%w: insufficient collected funds", domain.ErrConflict)
		}
		now := s.now().UTC()
		hold = &domain.Hold{
			ID: s.newID(), AccountID: accountID, AmountCents: in.AmountCents,
			Reason: in.Reason, RequestKey: requestKey, CreatedAt: now,
		}
		if err := s.store.InsertHold(ctx, hold); err != nil {
			return err
		}
		return s.store.PostLedger(ctx, domain.LedgerEntry{
			ID: s.newID(), AccountID: accountID, EntryType: domain.EntryHold, AmountCents: -in.AmountCents,
			RefType: "hold", RefID: hold.ID, Memo: in.Reason, PostedAt: now,
		})
	})
	return hold, replay, err
}

// AccrueInterest posts interest on interest-bearing accounts through
// asOf. The nightly job calls it; ops re-runs the job when it fails.
func (s *Service) AccrueInterest(ctx context.Context, asOf time.Time) (int, error) {
	asOf = asOf.UTC().Truncate(24 * time.Hour)
	accts, err := s.store.InterestBearingDue(ctx, asOf)
	if err != nil {
		return 0, err
	}
	posted := 0
	for _, a := range accts {
		from := a.OpenedAt.UTC().Truncate(24 * time.Hour)
		if a.AccruedThrough != nil {
			from = a.AccruedThrough.UTC()
		}
		days := int64(asOf.Sub(from).Hours() / 24)
		if days <= 0 {
			continue
		}
		bal, err := s.store.Balance(ctx, a.ID)
		if err != nil {
			return posted, err
		}
		interest := bal * int64(a.InterestRateBps) * days / (365 * 10000)
		if interest > 0 {
			if err := s.store.PostLedger(ctx, domain.LedgerEntry{
				ID: s.newID(), AccountID: a.ID, EntryType: domain.EntryInterest, AmountCents: interest,
				RefType: "accrual", RefID: a.ID + ":" + asOf.Format(time.DateOnly),
				Memo:     fmt.Sprintf("interest %s..%s", from.Format(time.DateOnly), asOf.Format(time.DateOnly)),
				PostedAt: s.now().UTC(),
			}); err != nil {
				return posted, fmt.Errorf("post interest %s: %w", a.ID, err)
			}
			posted++
		}
		if err := s.store.SetAccruedThrough(ctx, a.ID, asOf); err != nil {
			return posted, fmt.Errorf("advance accrual %s: %w", a.ID, err)
		}
		slog.InfoContext(ctx, "interest accrued", "account", a.ID, "days", days, "cents", interest)
	}
	return posted, nil
}
