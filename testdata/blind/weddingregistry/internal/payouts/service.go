// Package payouts moves cash-fund money to couples: Stripe Connect
// onboarding, manual payouts on request and a daily sweep of funds with
// automatic payouts enabled.
package payouts

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgtype"
	"github.com/stripe/stripe-go/v82"

	"github.com/tiedknot/registry/internal/db"
	"github.com/tiedknot/registry/internal/platform/idgen"
	"github.com/tiedknot/registry/internal/providers/stripepay"
	"github.com/tiedknot/registry/internal/store"
)

// Errors returned to the API layer.
var (
	ErrNotFound            = errors.New("payouts: not found")
	ErrForbidden           = errors.New("payouts: not the owner")
	ErrInvalid             = errors.New("payouts: invalid request")
	ErrPayoutsNotEnabled   = errors.New("payouts: connect onboarding is not complete")
	ErrInsufficientBalance = errors.New("payouts: amount exceeds fund balance")
)

// Service is the payouts API.
type Service interface {
	ConnectAccount(ctx context.Context, ownerID, registryID string) (OnboardingLink, error)
	RequestPayout(ctx context.Context, ownerID, registryID string, in PayoutInput) (db.Payout, error)
	ScheduleSweep(ctx context.Context, period time.Time) (int, error)
	PayOutFund(ctx context.Context, fundID string, period time.Time) error
	SyncAccount(ctx context.Context, evt stripe.Event) error
}

// Repository is the storage the service needs.
type Repository interface {
	GetRegistry(ctx context.Context, id string) (db.Registry, error)
	GetCouple(ctx context.Context, id string) (db.Couple, error)
	GetCashFund(ctx context.Context, id string) (db.CashFund, error)
	GetAccount(ctx context.Context, registryID string) (db.PayoutAccount, error)
	SaveAccount(ctx context.Context, registryID, stripeAccountID string) (db.PayoutAccount, error)
	UpdateAccountStatus(ctx context.Context, stripeAccountID string, payoutsEnabled, detailsSubmitted bool) (bool, error)
	ListAutoPayoutFunds(ctx context.Context, minBalanceCents int64) ([]db.CashFund, error)
	RecordManualPayout(ctx context.Context, arg db.CreateManualPayoutParams) (db.Payout, error)
	ReserveScheduledPayout(ctx context.Context, fundID string, period time.Time, newID func() string) (db.Payout, error)
	MarkSent(ctx context.Context, payoutID, transferID string) error
}

// Connect is the slice of Stripe the service uses.
type Connect interface {
	CreateExpressAccount(ctx context.Context, req stripepay.AccountRequest) (stripepay.Account, error)
	OnboardingLink(ctx context.Context, accountID, refreshURL, returnURL string) (string, error)
	CreateTransfer(ctx context.Context, req stripepay.TransferRequest) (stripepay.Transfer, error)
}

// Jobs schedules per-fund payout jobs.
type Jobs interface {
	CashFundPayout(ctx context.Context, fundID string, period time.Time) error
}

// Config holds payout settings.
type Config struct {
	DashboardURL      string
	MinPayoutCents    int64
	MinAutoPayoutCent int64
}

type service struct {
	repo    Repository
	connect Connect
	jobs    Jobs
	cfg     Config
	log     *slog.Logger

	newPayoutID idgen.Generator
}

// New builds the payouts service.
func New(repo Repository, connect Connect, jobs Jobs, cfg Config, log *slog.Logger) Service {
	if cfg.MinPayoutCents <= 0 {
		cfg.MinPayoutCents = 100
	}
	if cfg.MinAutoPayoutCent <= 0 {
		cfg.MinAutoPayoutCent = 2500
	}
	return &service{
		repo:        repo,
		connect:     connect,
		jobs:        jobs,
		cfg:         cfg,
		log:         log.With("svc", "payouts"),
		newPayoutID: idgen.Prefixed(idgen.PrefixPayout),
	}
}

func (s *service) owned(ctx context.Context, ownerID, registryID string) (db.Registry, error) {
	reg, err := s.repo.GetRegistry(ctx, registryID)
	if store.IsNotFound(err) {
		return db.Registry{}, ErrNotFound
	}
	if err != nil {
		return db.Registry{}, err
	}
	if reg.OwnerID != ownerID {
		return db.Registry{}, ErrForbidden
	}
	return reg, nil
}

// OnboardingLink is returned to the couple's app to finish Connect KYC.
type OnboardingLink struct {
	AccountID string `json:"account_id"`
	URL       string `json:"url"`
}

// ConnectAccount opens (once) the couple's Express account and returns a
// fresh onboarding link. The account is created with an idempotency key
// derived from the registry, so a resent request gets the same account back
// from Stripe and the upsert keeps the first link.
func (s *service) ConnectAccount(ctx context.Context, ownerID, registryID string) (OnboardingLink, error) {
	reg, err := s.owned(ctx, ownerID, registryID)
	if err != nil {
		return OnboardingLink{}, err
	}
	acct, err := s.repo.GetAccount(ctx, reg.ID)
	if err != nil && !store.IsNotFound(err) {
		return OnboardingLink{}, err
	}
	if store.IsNotFound(err) {
		couple, err := s.repo.GetCouple(ctx, reg.OwnerID)
		if err != nil {
			return OnboardingLink{}, err
		}
		created, err := s.connect.CreateExpressAccount(ctx, stripepay.AccountRequest{
			Email:          couple.Email,
			RegistryID:     reg.ID,
			IdempotencyKey: "connect-account/" + reg.ID,
		})
		if err != nil {
			return OnboardingLink{}, err
		}
		acct, err = s.repo.SaveAccount(ctx, reg.ID, created.ID)
		if err != nil {
			return OnboardingLink{}, err
		}
	}
	base := s.cfg.DashboardURL + "/registries/" + reg.ID + "/payouts"
	url, err := s.connect.OnboardingLink(ctx, acct.StripeAccountID, base+"?refresh=1", base+"?onboarded=1")
	if err != nil {
		return OnboardingLink{}, err
	}
	return OnboardingLink{AccountID: acct.StripeAccountID, URL: url}, nil
}

// PayoutInput is the body of POST …/payouts.
type PayoutInput struct {
	CashFundID  string `json:"cash_fund_id"`
	AmountCents int64  `json:"amount_cents"`
}

// RequestPayout sends part of a cash fund to the couple now.
func (s *service) RequestPayout(ctx context.Context, ownerID, registryID string, in PayoutInput) (db.Payout, error) {
	reg, err := s.owned(ctx, ownerID, registryID)
	if err != nil {
		return db.Payout{}, err
	}
	fund, err := s.repo.GetCashFund(ctx, in.CashFundID)
	if store.IsNotFound(err) || (err == nil && fund.RegistryID != reg.ID) {
		return db.Payout{}, ErrNotFound
	}
	if err != nil {
		return db.Payout{}, err
	}
	if in.AmountCents < s.cfg.MinPayoutCents {
		return db.Payout{}, fmt.Errorf("%w: minimum payout is %d cents", ErrInvalid, s.cfg.MinPayoutCents)
	}
	if in.AmountCents > fund.BalanceCents {
		return db.Payout{}, ErrInsufficientBalance
	}
	acct, err := s.repo.GetAccount(ctx, reg.ID)
	if store.IsNotFound(err) || (err == nil && !acct.PayoutsEnabled) {
		return db.Payout{}, ErrPayoutsNotEnabled
	}
	if err != nil {
		return db.Payout{}, err
	}

	transfer, err := s.connect.CreateTransfer(ctx, stripepay.TransferRequest{
		AmountCents:        in.AmountCents,
		Currency:           reg.Currency,
		DestinationAccount: acct.StripeAccountID,
		TransferGroup:      "registry_" + reg.ID,
		Description:        "Cash fund payout: " + fund.Title,
		Metadata:           map[string]string{"cash_fund_id": fund.ID, "registry_id": reg.ID, "trigger": "manual"},
	})
	if err != nil {
		return db.Payout{}, err
	}
	payout, err := s.repo.RecordManualPayout(ctx, db.CreateManualPayoutParams{
		ID:               s.newPayoutID(),
		RegistryID:       reg.ID,
		CashFundID:       fund.ID,
		AmountCents:      in.AmountCents,
		Currency:         reg.Currency,
		Status:           "sent",
		StripeTransferID: pgtype.Text{String: transfer.ID, Valid: true},
	})
	if errors.Is(err, store.ErrInsufficientBalance) {
		s.log.ErrorContext(ctx, "transfer sent but fund balance changed", "cash_fund_id", fund.ID, "transfer_id", transfer.ID)
		return db.Payout{}, ErrInsufficientBalance
	}
	if err != nil {
		return db.Payout{}, err
	}
	s.log.InfoContext(ctx, "manual payout sent", "payout_id", payout.ID, "transfer_id", transfer.ID, "amount", in.AmountCents)
	return payout, nil
}

// ScheduleSweep enqueues one payout job per eligible fund for the period.
func (s *service) ScheduleSweep(ctx context.Context, period time.Time) (int, error) {
	funds, err := s.repo.ListAutoPayoutFunds(ctx, s.cfg.MinAutoPayoutCent)
	if err != nil {
		return 0, err
	}
	for i, f := range funds {
		if err := s.jobs.CashFundPayout(ctx, f.ID, period); err != nil {
			return i, fmt.Errorf("enqueue payout for %s: %w", f.ID, err)
		}
	}
	return len(funds), nil
}

// PayOutFund pays a fund's whole balance for the sweep period. The payout
// row for (fund, period) is created and the balance debited before the
// transfer, and the transfer is keyed by the payout id.
func (s *service) PayOutFund(ctx context.Context, fundID string, period time.Time) error {
	payout, err := s.repo.ReserveScheduledPayout(ctx, fundID, period, s.newPayoutID)
	if errors.Is(err, store.ErrInsufficientBalance) {
		return nil
	}
	if err != nil {
		return err
	}
	if payout.Status == "sent" {
		return nil
	}
	acct, err := s.repo.GetAccount(ctx, payout.RegistryID)
	if err != nil {
		return err
	}
	if !acct.PayoutsEnabled {
		return ErrPayoutsNotEnabled
	}
	transfer, err := s.connect.CreateTransfer(ctx, stripepay.TransferRequest{
		AmountCents:        payout.AmountCents,
		Currency:           payout.Currency,
		DestinationAccount: acct.StripeAccountID,
		TransferGroup:      "registry_" + payout.RegistryID,
		Description:        "Scheduled cash fund payout",
		Metadata:           map[string]string{"cash_fund_id": fundID, "payout_id": payout.ID, "trigger": "scheduled"},
		IdempotencyKey:     "payout/" + payout.ID,
	})
	if err != nil {
		return err
	}
	return s.repo.MarkSent(ctx, payout.ID, transfer.ID)
}

// SyncAccount mirrors a connected account's onboarding state from an
// account.updated event.
func (s *service) SyncAccount(ctx context.Context, evt stripe.Event) error {
	var a stripe.Account
	if err := json.Unmarshal(evt.Data.Raw, &a); err != nil {
		return fmt.Errorf("decode account: %w", err)
	}
	found, err := s.repo.UpdateAccountStatus(ctx, a.ID, a.PayoutsEnabled, a.DetailsSubmitted)
	if err != nil {
		return err
	}
	if !found {
		s.log.WarnContext(ctx, "account.updated for unknown account", "account", a.ID)
	}
	return nil
}
