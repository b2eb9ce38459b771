// Package funding collects the sender's money by card (Stripe) or by bank
// debit before a transfer can be paid out.
package funding

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"

	"github.com/sendhome/remit/ent"
	"github.com/sendhome/remit/ent/fundingintent"
	enttransfer "github.com/sendhome/remit/ent/transfer"
	"github.com/sendhome/remit/internal/domain"
	"github.com/sendhome/remit/internal/platform/ids"
	"github.com/sendhome/remit/internal/store"
)

// CustomerDirectory resolves processor-side references for a customer.
type CustomerDirectory interface {
	StripeCustomer(ctx context.Context, customerID string) (string, error)
	BankAccountToken(ctx context.Context, customerID string) (string, error)
}

type redisDirectory struct{ rdb *redis.Client }

// NewCustomerDirectory reads the profile cache maintained by the onboarding service.
func NewCustomerDirectory(rdb *redis.Client) CustomerDirectory { return &redisDirectory{rdb: rdb} }

func (d *redisDirectory) field(ctx context.Context, customerID, f string) (string, error) {
	v, err := d.rdb.HGet(ctx, "profile:"+customerID, f).Result()
	if errors.Is(err, redis.Nil) || v == "" {
		return "", domain.Preconditionf("customer %s has no %s on file", customerID, f)
	}
	return v, err
}

func (d *redisDirectory) StripeCustomer(ctx context.Context, id string) (string, error) {
	return d.field(ctx, id, "stripe_customer")
}

func (d *redisDirectory) BankAccountToken(ctx context.Context, id string) (string, error) {
	return d.field(ctx, id, "bank_token")
}

type Service interface {
	FundByCard(ctx context.Context, customerID string, transferID uuid.UUID, paymentMethodID string) (*ent.FundingIntent, error)
	FundByBankDebit(ctx context.Context, customerID string, transferID uuid.UUID) (*ent.FundingIntent, error)
}

type service struct {
	transfers store.TransferRepo
	intents   store.FundingRepo
	card      CardGateway
	debit     BankDebiter
	dir       CustomerDirectory
	log       *slog.Logger
}

func NewService(client *ent.Client, card CardGateway, debit BankDebiter, dir CustomerDirectory, log *slog.Logger) Service {
	return &service{
		transfers: store.NewTransferRepo(client),
		intents:   store.NewFundingRepo(client),
		card:      card,
		debit:     debit,
		dir:       dir,
		log:       log,
	}
}

func (s *service) fundable(ctx context.Context, customerID string, id uuid.UUID) (*ent.Transfer, error) {
	t, err := s.transfers.GetForCustomer(ctx, id, customerID)
	if err != nil {
		return nil, err
	}
	switch t.Status {
	case enttransfer.StatusCreated, enttransfer.StatusFunding:
		return t, nil
	default:
		return nil, domain.Preconditionf("transfer in status %s cannot be funded", t.Status)
	}
}

func total(t *ent.Transfer) int64 { return t.SendAmount }

// FundByCard charges the customer's saved card off-session.
func (s *service) FundByCard(ctx context.Context, customerID string, transferID uuid.UUID, paymentMethodID string) (*ent.FundingIntent, error) {
	t, err := s.fundable(ctx, customerID, transferID)
	if err != nil {
		return nil, err
	}
	stripeCustomer, err := s.dir.StripeCustomer(ctx, customerID)
	if err != nil {
		return nil, err
	}
	intentID := ids.Derive(ids.FundingNS, t.ID.String(), "card")
	fi, err := s.intents.Ensure(ctx, intentID, t.ID, fundingintent.MethodCard, total(t), t.SendCurrency)
	if err != nil {
		return nil, err
	}
	if fi.Status == fundingintent.StatusSubmitted || fi.Status == fundingintent.StatusSucceeded {
		return fi, nil
	}
	req := ChargeRequest{
		TransferID:      t.ID.String(),
		CustomerRef:     stripeCustomer,
		PaymentMethodID: paymentMethodID,
		Amount:          total(t),
		Currency:        t.SendCurrency,
		Description:     fmt.Sprintf("SendHome transfer %s", t.ID),
		IdempotencyKey:  ids.Request(),
	}
	res, err := s.card.Charge(ctx, req)
	if err != nil {
		_ = s.intents.MarkFailed(ctx, fi.ID, "charge_error")
		return nil, err
	}
	if err := s.intents.MarkSubmitted(ctx, fi.ID, res.ProviderRef); err != nil {
		return nil, err
	}
	if _, err := s.transfers.SetStatusFrom(ctx, t.ID, []enttransfer.Status{enttransfer.StatusCreated}, enttransfer.StatusFunding); err != nil {
		return nil, err
	}
	s.log.Info("card funding submitted", "transfer_id", t.ID, "payment_intent", res.ProviderRef, "status", res.Status)
	fi.Status = fundingintent.StatusSubmitted
	fi.ProviderRef = res.ProviderRef
	return fi, nil
}

// FundByBankDebit originates a debit against the customer's linked account.
// The intent row is committed first; its ID is the debit's idempotency key,
// so a repeated call reuses the same debit at the rail.
func (s *service) FundByBankDebit(ctx context.Context, customerID string, transferID uuid.UUID) (*ent.FundingIntent, error) {
	t, err := s.fundable(ctx, customerID, transferID)
	if err != nil {
		return nil, err
	}
	token, err := s.dir.BankAccountToken(ctx, customerID)
	if err != nil {
		return nil, err
	}
	intentID := ids.Derive(ids.FundingNS, t.ID.String(), "bank_debit")
	fi, err := s.intents.Ensure(ctx, intentID, t.ID, fundingintent.MethodBankDebit, total(t), t.SendCurrency)
	if err != nil {
		return nil, err
	}
	if fi.Status == fundingintent.StatusSubmitted || fi.Status == fundingintent.StatusSucceeded {
		return fi, nil
	}
	res, err := s.debit.Debit(ctx, DebitRequest{
		AccountToken: token,
		Amount:       fi.Amount,
		Currency:     fi.Currency,
		Descriptor:   "SENDHOME TRANSFER",
		Reference:    t.ID.String(),
	}, WithIdempotencyKey(fi.ID.String()))
	if err != nil {
		return nil, err
	}
	if err := s.intents.MarkSubmitted(ctx, fi.ID, res.ID); err != nil {
		return nil, err
	}
	if _, err := s.transfers.SetStatusFrom(ctx, t.ID, []enttransfer.Status{enttransfer.StatusCreated}, enttransfer.StatusFunding); err != nil {
		return nil, err
	}
	fi.Status = fundingintent.StatusSubmitted
	fi.ProviderRef = res.ID
	return fi, nil
}
