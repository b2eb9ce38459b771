// Package billing moves money: top-ups, card charges, refunds, credits and
// gateway notifications.
package billing

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.uber.org/zap"
	"gorm.io/gorm"

	"github.com/northgate/tolls/internal/config"
	"github.com/northgate/tolls/internal/domain"
	"github.com/northgate/tolls/internal/events"
	"github.com/northgate/tolls/internal/idem"
	"github.com/northgate/tolls/internal/ids"
	"github.com/northgate/tolls/internal/providers/payments"
	"github.com/northgate/tolls/internal/storage"
	"github.com/northgate/tolls/internal/storage/repo"
)

// Service is the billing API.
type Service interface {
	Balance(ctx context.Context, accountID string) (*BalanceView, error)
	TopUp(ctx context.Context, p TopUpParams) (*domain.TopUp, error)
	PayOutstanding(ctx context.Context, accountID string) (*domain.CardPayment, error)
	AutoTopUp(ctx context.Context, req AutoTopUpRequest) error
	Settle(ctx context.Context, req SettlementRequest) error
	Adjust(ctx context.Context, p AdjustParams) (*domain.LedgerEntry, error)
	RefundCharge(ctx context.Context, p RefundParams) (*RefundOutcome, error)
	Credit(ctx context.Context, c CreditParams) (*domain.LedgerEntry, error)
	HandleNotification(ctx context.Context, n Notification) error
}

// BalanceView is an account's money position.
type BalanceView struct {
	AccountID        string
	Plan             string
	BalanceCents     int64
	OutstandingCents int64
	Recent           []domain.LedgerEntry
}

// Impl implements Service.
type Impl struct {
	db            *gorm.DB
	tx            storage.TxRunner
	accounts      repo.AccountRepository
	ledger        repo.LedgerRepository
	topups        repo.TopUpRepository
	cardPayments  repo.CardPaymentRepository
	charges       repo.ChargeRepository
	notifications repo.NotificationRepository
	idem          *idem.Store
	gateway       payments.Gateway
	pub           events.Publisher
	cfg           *config.Config
	log           *zap.Logger
}

// New wires the billing service.
func New(
	db *gorm.DB,
	tx storage.TxRunner,
	accounts repo.AccountRepository,
	ledger repo.LedgerRepository,
	topups repo.TopUpRepository,
	cardPayments repo.CardPaymentRepository,
	charges repo.ChargeRepository,
	notifications repo.NotificationRepository,
	store *idem.Store,
	gateway payments.Gateway,
	pub events.Publisher,
	cfg *config.Config,
	log *zap.Logger,
) *Impl {
	return &Impl{
		db: db, tx: tx, accounts: accounts, ledger: ledger, topups: topups,
		cardPayments: cardPayments, charges: charges, notifications: notifications,
		idem: store, gateway: gateway, pub: pub, cfg: cfg, log: log.Named("billing"),
	}
}

func (s *Impl) money(cents int64) payments.Amount {
	return payments.Amount{Value: cents, Currency: s.cfg.Currency}
}

// Balance returns the account's balance and its latest ledger entries.
func (s *Impl) Balance(ctx context.Context, accountID string) (*BalanceView, error) {
	acct, err := s.accounts.Get(ctx, accountID)
	if err != nil {
		return nil, err
	}
	recent, err := s.ledger.ListByAccount(ctx, accountID, 20)
	if err != nil {
		return nil, err
	}
	return &BalanceView{
		AccountID:        acct.ID,
		Plan:             acct.Plan,
		BalanceCents:     acct.BalanceCents,
		OutstandingCents: acct.OutstandingCents,
		Recent:           recent,
	}, nil
}

// TopUpParams is a customer-initiated top-up.
type TopUpParams struct {
	AccountID      string
	AmountCents    int64
	IdempotencyKey string
}

const scopeTopUp = "billing.topup"

// TopUp funds a prepaid balance from the card on file.
//
// The caller's idempotency key is claimed together with a pending top-up
// row; the row's ID is then the gateway reference and idempotency key, so a
// resent request resumes the same top-up rather than starting another.
func (s *Impl) TopUp(ctx context.Context, p TopUpParams) (*domain.TopUp, error) {
	if p.IdempotencyKey == "" {
		return nil, fmt.Errorf("%w: idempotency_key is required", domain.ErrInvalid)
	}
	if p.AmountCents < 500 || p.AmountCents > 50000 {
		return nil, fmt.Errorf("%w: top-up must be between $5 and $500", domain.ErrInvalid)
	}
	var t domain.TopUp
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		claim, err := s.idem.ClaimTx(tx, scopeTopUp, p.IdempotencyKey, idem.Hash(p))
		if err != nil {
			return err
		}
		if !claim.Fresh {
			return tx.First(&t, "id = ?", claim.Record.ResourceID).Error
		}
		var acct domain.Account
		if err := tx.First(&acct, "id = ?", p.AccountID).Error; err != nil {
			if errors.Is(err, gorm.ErrRecordNotFound) {
				return domain.ErrNotFound
			}
			return err
		}
		if acct.Plan != domain.PlanPrepaid || acct.Status != domain.AccountActive {
			return fmt.Errorf("%w: account cannot be topped up", domain.ErrPrecondition)
		}
		key := p.IdempotencyKey
		now := time.Now().UTC()
		t = domain.TopUp{
			ID:             ids.New(),
			AccountID:      acct.ID,
			AmountCents:    p.AmountCents,
			Source:         "manual",
			Status:         domain.TopUpPending,
			IdempotencyKey: &key,
			CreatedAt:      now,
			UpdatedAt:      now,
		}
		if err := tx.Create(&t).Error; err != nil {
			return err
		}
		return s.idem.CompleteTx(tx, scopeTopUp, p.IdempotencyKey, t.ID, 200, nil)
	})
	if err != nil {
		return nil, err
	}
	if t.Status != domain.TopUpPending {
		return &t, nil
	}
	return s.completeTopUp(ctx, &t)
}

func (s *Impl) completeTopUp(ctx context.Context, t *domain.TopUp) (*domain.TopUp, error) {
	acct, err := s.accounts.Get(ctx, t.AccountID)
	if err != nil {
		return nil, err
	}
	res, err := s.gateway.Charge(ctx, payments.ChargeRequest{
		Reference:        t.ID,
		ShopperReference: acct.ShopperReference,
		PaymentToken:     acct.PaymentToken,
		Amount:           s.money(t.AmountCents),
		Description:      "NGTOLLS TOPUP",
	}, payments.WithIdempotencyKey("topup-"+t.ID))
	if err != nil {
		return nil, fmt.Errorf("top-up %s: %w", t.ID, err)
	}
	if !res.Authorised() {
		if err := s.topups.Fail(ctx, t.ID, res.RefusalReason); err != nil {
			return nil, err
		}
		t.Status, t.FailureReason = domain.TopUpFailed, res.RefusalReason
		return t, fmt.Errorf("%w: %s", domain.ErrPaymentDeclined, res.RefusalReason)
	}
	err = s.tx.InTx(ctx, func(ctx context.Context) error {
		moved, err := s.topups.Complete(ctx, t.ID, res.PSPReference)
		if err != nil || !moved {
			return err
		}
		return s.ledger.Post(ctx, &domain.LedgerEntry{
			ID:          ids.Derive("ledger.topup", t.ID),
			AccountID:   t.AccountID,
			Kind:        domain.LedgerTopUp,
			AmountCents: t.AmountCents,
			Reference:   t.ID,
			Memo:        "card top-up " + res.PSPReference,
		})
	})
	if err != nil {
		return nil, err
	}
	return s.topups.Get(ctx, t.ID)
}
