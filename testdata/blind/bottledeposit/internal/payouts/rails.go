package payouts

import (
	"context"
	"errors"
	"fmt"

	"github.com/pantloop/deposit/internal/bank"
	"github.com/pantloop/deposit/internal/ewallet"
	"github.com/pantloop/deposit/internal/store"
)

// Rail sends a payout over one payment rail and returns the provider's
// reference for it.
type Rail interface {
	Name() string
	Send(ctx context.Context, p store.Payout, acct store.PayoutAccount) (string, error)
}

// StatusChecker is implemented by rails whose provider can be polled.
type StatusChecker interface {
	Status(ctx context.Context, providerRef string) (status, reason string, err error)
}

// ErrRejected means the provider refused the payout for good (unknown
// wallet, closed account); the payout is failed and the wallet refunded.
var ErrRejected = errors.New("payouts: rejected by provider")

// EwalletRail pays out to the e-wallet partner.
type EwalletRail struct {
	Client *ewallet.Client
}

func (EwalletRail) Name() string { return "ewallet" }

func (r EwalletRail) Send(ctx context.Context, p store.Payout, acct store.PayoutAccount) (string, error) {
	t, err := r.Client.CreateTransfer(ctx, ewallet.TransferRequest{
		WalletHandle: acct.Destination,
		AmountCents:  p.AmountCents,
		Reference:    reference(p),
		Description:  "Pantloop deposit payout",
	}, ewallet.WithRequestID(requestID(p)))
	if errors.Is(err, ewallet.ErrWalletNotFound) {
		return "", fmt.Errorf("%w: %v", ErrRejected, err)
	}
	if err != nil {
		return "", err
	}
	if t.Status == "failed" {
		return "", fmt.Errorf("%w: %s", ErrRejected, t.FailureCode)
	}
	return t.ID, nil
}

func (r EwalletRail) Status(ctx context.Context, providerRef string) (string, string, error) {
	t, err := r.Client.GetTransfer(ctx, providerRef)
	if err != nil {
		return "", "", err
	}
	return t.Status, t.FailureCode, nil
}

// BankRail pays out by SEPA credit transfer from the scheme's account.
type BankRail struct {
	Client *bank.Client
}

func (BankRail) Name() string { return "bank" }

func (r BankRail) Send(ctx context.Context, p store.Payout, acct store.PayoutAccount) (string, error) {
	order, err := r.Client.Transfer(ctx, bank.CreditTransfer{
		CreditorIBAN:   acct.Destination,
		CreditorName:   acct.HolderName,
		AmountCents:    p.AmountCents,
		RemittanceInfo: "Pantloop deposit payout " + reference(p),
	})
	if err != nil {
		return "", err
	}
	if order.Status == "RJCT" {
		return "", fmt.Errorf("%w: bank rejected order %s", ErrRejected, order.PaymentID)
	}
	return order.PaymentID, nil
}

// requestID names one attempt of a payout at the partner.
func requestID(p store.Payout) string {
	return fmt.Sprintf("payout-%s-%d", p.ID, p.Attempt)
}

func reference(p store.Payout) string {
	return "PL" + p.ID.String()[:8]
}
