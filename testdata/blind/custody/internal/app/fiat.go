package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"github.com/northvault/custody/internal/domain"
	"github.com/northvault/custody/internal/jobs"
	"github.com/northvault/custody/internal/platform/apiclient"
	"github.com/northvault/custody/internal/platform/idem"
	"github.com/northvault/custody/internal/ports"
)

type FiatService struct {
	uow     ports.UnitOfWork
	gateway ports.FiatGateway
	timeout time.Duration
	log     *slog.Logger
}

func NewFiatService(uow ports.UnitOfWork, gw ports.FiatGateway, log *slog.Logger) *FiatService {
	return &FiatService{uow: uow, gateway: gw, timeout: 20 * time.Second, log: log.With("svc", "fiat")}
}

func (s *FiatService) callOpts(extra ...ports.CallOption) []ports.CallOption {
	return append([]ports.CallOption{ports.WithTimeout(s.timeout)}, extra...)
}

func cents(c int64) decimal.Decimal { return decimal.New(c, -2) }

type CreateFiatDepositInput struct {
	CustomerID      uuid.UUID `json:"customer_id"`
	AmountCents     int64     `json:"amount_cents"`
	Currency        string    `json:"currency"`
	Method          string    `json:"method"`
	PaymentMethodID string    `json:"payment_method_id"`
}

// CreateDeposit opens an on-ramp deposit and queues the charge against the
// customer's card or bank account.
func (s *FiatService) CreateDeposit(ctx context.Context, in CreateFiatDepositInput) (domain.FiatDeposit, error) {
	in.Currency = strings.ToUpper(in.Currency)
	if in.AmountCents <= 0 || !fiatCurrencies[in.Currency] {
		return domain.FiatDeposit{}, fmt.Errorf("%w: bad amount or currency", domain.ErrInvalidState)
	}
	if in.Method != "card" && in.Method != "ach" {
		return domain.FiatDeposit{}, fmt.Errorf("%w: method must be card or ach", domain.ErrInvalidState)
	}
	w, err := s.uow.Repos().Wallets().GetByCustomerAsset(ctx, in.CustomerID, in.Currency)
	if err != nil {
		return domain.FiatDeposit{}, err
	}

	dep := domain.FiatDeposit{
		ID:              newFiatDepositID(),
		CustomerID:      in.CustomerID,
		WalletID:        w.ID,
		AmountCents:     in.AmountCents,
		Currency:        in.Currency,
		Method:          in.Method,
		PaymentMethodID: in.PaymentMethodID,
		Status:          domain.FiatPending,
		CreatedAt:       time.Now().UTC(),
	}
	err = s.uow.Do(ctx, func(ctx context.Context, r ports.Repos) error {
		if err := r.Fiat().CreateDeposit(ctx, dep); err != nil {
			return err
		}
		return r.Jobs().Enqueue(ctx, jobs.FiatCharge{DepositID: dep.ID},
			ports.OnQueue(jobs.QueueFiat), ports.UniqueByArgs())
	})
	return dep, err
}

// Charge submits the charge for a pending deposit. Settlement arrives later
// as a charge.succeeded event.
func (s *FiatService) Charge(ctx context.Context, depositID string) error {
	repos := s.uow.Repos()
	dep, err := repos.Fiat().GetDeposit(ctx, depositID)
	if err != nil {
		return err
	}
	if dep.Status != domain.FiatPending {
		return nil
	}
	ch, err := s.gateway.CreateCharge(ctx, ports.ChargeRequest{
		CustomerRef:     dep.CustomerID.String(),
		PaymentMethodID: dep.PaymentMethodID,
		AmountCents:     dep.AmountCents,
		Currency:        dep.Currency,
		Method:          dep.Method,
		Description:     "NorthVault deposit",
		Metadata:        map[string]string{"deposit_id": dep.ID},
	}, s.callOpts(ports.WithIdempotencyKey("charge-"+dep.ID))...)
	if err != nil {
		var apiErr *apiclient.Error
		if errors.As(err, &apiErr) && apiErr.StatusCode == http.StatusPaymentRequired {
			return repos.Fiat().SetDepositStatus(ctx, dep.ID, domain.FiatFailed, "")
		}
		return err
	}
	_, err = repos.Fiat().TransitionDeposit(ctx, dep.ID, domain.FiatPending, domain.FiatProcessing, ch.ID)
	return err
}

// Refund returns part or all of a settled deposit to the customer's card or
// bank account and debits their fiat wallet.
func (s *FiatService) Refund(ctx context.Context, depositID string, amountCents int64, reason string) (domain.FiatRefund, error) {
	dep, err := s.uow.Repos().Fiat().GetDeposit(ctx, depositID)
	if err != nil {
		return domain.FiatRefund{}, err
	}
	if dep.Status != domain.FiatSettled {
		return domain.FiatRefund{}, fmt.Errorf("%w: deposit is %s", domain.ErrInvalidState, dep.Status)
	}
	if amountCents <= 0 || amountCents > dep.AmountCents {
		return domain.FiatRefund{}, fmt.Errorf("%w: refund amount out of range", domain.ErrInvalidState)
	}

	refundID := newRefundID()
	rf, err := s.gateway.Refund(ctx, ports.RefundRequest{
		ChargeID:    dep.ProviderChargeID,
		AmountCents: amountCents,
		Reason:      reason,
	}, s.callOpts(ports.WithIdempotencyKey(refundID))...)
	if err != nil {
		return domain.FiatRefund{}, err
	}

	out := domain.FiatRefund{
		ID:               refundID,
		DepositID:        dep.ID,
		AmountCents:      amountCents,
		Reason:           reason,
		ProviderRefundID: rf.ID,
	}
	err = s.uow.Do(ctx, func(ctx context.Context, r ports.Repos) error {
		if err := r.Fiat().CreateRefund(ctx, out); err != nil {
			return err
		}
		amt := cents(amountCents)
		if err := r.Wallets().AdjustBalance(ctx, dep.WalletID, amt.Neg(), decimal.Zero); err != nil {
			return err
		}
		j := domain.Transfer("fiat.refund", "refund:"+refundID, dep.Currency, amt,
			domain.WalletEntry(dep.WalletID), domain.SystemEntry(domain.AccountFiatClearing))
		if _, err := r.Ledger().PostJournal(ctx, j); err != nil {
			return err
		}
		if amountCents == dep.AmountCents {
			return r.Fiat().SetDepositStatus(ctx, dep.ID, domain.FiatRefunded, dep.ProviderChargeID)
		}
		return nil
	})
	return out, err
}

type PayoutInput struct {
	CustomerID    uuid.UUID `json:"customer_id"`
	AmountCents   int64     `json:"amount_cents"`
	Currency      string    `json:"currency"`
	BankAccountID string    `json:"bank_account_id"`
}

// RequestPayout holds the amount on the customer's fiat wallet and queues
// the bank payout.
func (s *FiatService) RequestPayout(ctx context.Context, key string, in PayoutInput) (domain.FiatPayout, bool, error) {
	in.Currency = strings.ToUpper(in.Currency)
	if in.AmountCents <= 0 || !fiatCurrencies[in.Currency] {
		return domain.FiatPayout{}, false, fmt.Errorf("%w: bad amount or currency", domain.ErrInvalidState)
	}
	scope := "payout:" + in.CustomerID.String()
	return idem.Run(ctx, s.uow, scope, key, in, func(ctx context.Context, r ports.Repos) (domain.FiatPayout, error) {
		w, err := r.Wallets().GetByCustomerAsset(ctx, in.CustomerID, in.Currency)
		if err != nil {
			return domain.FiatPayout{}, err
		}
		if w, err = r.Wallets().GetForUpdate(ctx, w.ID); err != nil {
			return domain.FiatPayout{}, err
		}
		amt := cents(in.AmountCents)
		if w.Available.LessThan(amt) {
			return domain.FiatPayout{}, domain.ErrInsufficientFunds
		}
		p := domain.FiatPayout{
			ID:            uuid.New(),
			CustomerID:    in.CustomerID,
			WalletID:      w.ID,
			AmountCents:   in.AmountCents,
			Currency:      in.Currency,
			BankAccountID: in.BankAccountID,
			Status:        domain.FiatPending,
		}
		if err := r.Fiat().CreatePayout(ctx, p); err != nil {
			return domain.FiatPayout{}, err
		}
		if err := r.Wallets().AdjustBalance(ctx, w.ID, amt.Neg(), amt); err != nil {
			return domain.FiatPayout{}, err
		}
		hold := domain.Transfer("payout.hold", "payout-hold:"+p.ID.String(), in.Currency, amt,
			domain.WalletEntry(w.ID), domain.HoldEntry(w.ID))
		if _, err := r.Ledger().PostJournal(ctx, hold); err != nil {
			return domain.FiatPayout{}, err
		}
		if err := r.Jobs().Enqueue(ctx, jobs.FiatPayout{PayoutID: p.ID}, ports.OnQueue(jobs.QueueFiat), ports.UniqueByArgs()); err != nil {
			return domain.FiatPayout{}, err
		}
		return p, nil
	})
}

// ExecutePayout sends a pending payout to the provider.
func (s *FiatService) ExecutePayout(ctx context.Context, id uuid.UUID) error {
	repos := s.uow.Repos()
	p, err := repos.Fiat().GetPayout(ctx, id)
	if err != nil {
		return err
	}
	if p.Status != domain.FiatPending {
		return nil
	}
	po, err := s.gateway.CreatePayout(ctx, ports.PayoutRequest{
		BankAccountID: p.BankAccountID,
		AmountCents:   p.AmountCents,
		Currency:      p.Currency,
		Description:   "NorthVault withdrawal",
		Metadata:      map[string]string{"payout_id": p.ID.String()},
	}, s.callOpts()...)
	if err != nil {
		return err
	}
	return repos.Fiat().SetPayoutStatus(ctx, p.ID, domain.FiatProcessing, po.ID)
}

type fiatEventHandler func(ctx context.Context, r ports.Repos, evt ports.WebhookEvent) error

func (s *FiatService) eventHandlers() map[string]fiatEventHandler {
	return map[string]fiatEventHandler{
		"charge.succeeded": s.onChargeSucceeded,
		"charge.failed":    s.onChargeFailed,
		"payout.paid":      s.onPayoutPaid,
		"payout.failed":    s.onPayoutFailed,
	}
}

// HandleEvent applies a provider webhook event and records it in the
// processed-events log.
func (s *FiatService) HandleEvent(ctx context.Context, evt ports.WebhookEvent) error {
	fiat := s.uow.Repos().Fiat()
	done, err := fiat.EventProcessed(ctx, evt.ID)
	if err != nil {
		return err
	}
	if done {
		return nil
	}
	if h, ok := s.eventHandlers()[evt.Type]; ok {
		if err := s.uow.Do(ctx, func(ctx context.Context, r ports.Repos) error {
			return h(ctx, r, evt)
		}); err != nil {
			return fmt.Errorf("fiat event %s (%s): %w", evt.ID, evt.Type, err)
		}
	}
	return fiat.MarkEventProcessed(ctx, evt.ID, evt.Type)
}

func (s *FiatService) onChargeSucceeded(ctx context.Context, r ports.Repos, evt ports.WebhookEvent) error {
	dep, err := r.Fiat().GetDepositByCharge(ctx, evt.ChargeID)
	if err != nil {
		return err
	}
	if err := r.Fiat().SetDepositStatus(ctx, dep.ID, domain.FiatSettled, evt.ChargeID); err != nil {
		return err
	}
	amt := cents(dep.AmountCents)
	if err := r.Wallets().AdjustBalance(ctx, dep.WalletID, amt, decimal.Zero); err != nil {
		return err
	}
	j := domain.Transfer("fiat.deposit", "", dep.Currency, amt,
		domain.SystemEntry(domain.AccountFiatClearing), domain.WalletEntry(dep.WalletID))
	j.Memo = dep.ID
	_, err = r.Ledger().PostJournal(ctx, j)
	return err
}

func (s *FiatService) onChargeFailed(ctx context.Context, r ports.Repos, evt ports.WebhookEvent) error {
	dep, err := r.Fiat().GetDepositByCharge(ctx, evt.ChargeID)
	if err != nil {
		return err
	}
	return r.Fiat().SetDepositStatus(ctx, dep.ID, domain.FiatFailed, evt.ChargeID)
}

func (s *FiatService) onPayoutPaid(ctx context.Context, r ports.Repos, evt ports.WebhookEvent) error {
	id, err := uuid.Parse(evt.Metadata["payout_id"])
	if err != nil {
		return nil
	}
	p, err := r.Fiat().GetPayout(ctx, id)
	if err != nil {
		return err
	}
	amt := cents(p.AmountCents)
	if err := r.Wallets().AdjustBalance(ctx, p.WalletID, decimal.Zero, amt.Neg()); err != nil {
		return err
	}
	j := domain.Transfer("payout.paid", "payout-paid:"+p.ID.String(), p.Currency, amt,
		domain.HoldEntry(p.WalletID), domain.SystemEntry(domain.AccountFiatClearing))
	if _, err := r.Ledger().PostJournal(ctx, j); err != nil {
		return err
	}
	return r.Fiat().SetPayoutStatus(ctx, p.ID, "paid", p.ProviderPayoutID)
}

func (s *FiatService) onPayoutFailed(ctx context.Context, r ports.Repos, evt ports.WebhookEvent) error {
	id, err := uuid.Parse(evt.Metadata["payout_id"])
	if err != nil {
		return nil
	}
	p, err := r.Fiat().GetPayout(ctx, id)
	if err != nil {
		return err
	}
	amt := cents(p.AmountCents)
	if err := r.Wallets().AdjustBalance(ctx, p.WalletID, amt, amt.Neg()); err != nil {
		return err
	}
	return r.Fiat().SetPayoutStatus(ctx, p.ID, domain.FiatFailed, p.ProviderPayoutID)
}
