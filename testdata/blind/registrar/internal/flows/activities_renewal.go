package flows

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.temporal.io/sdk/activity"

	"github.com/tldhouse/registrar/internal/billing"
	"github.com/tldhouse/registrar/internal/ids"
	"github.com/tldhouse/registrar/internal/model"
	"github.com/tldhouse/registrar/internal/registry"
)

// ChargeRenewal charges the renewal to the account's default card.
func (a *Activities) ChargeRenewal(ctx context.Context, in RenewalInput) (ChargeResult, error) {
	d, err := a.Domains.Get(ctx, in.DomainID)
	if err != nil {
		return ChargeResult{}, err
	}
	if d.Status != "active" {
		return ChargeResult{}, nonRetryable(ErrTypeInvalid, fmt.Errorf("domain %s is %s", d.Name, d.Status))
	}
	q := a.Prices.For(model.OrderRenew, in.Years, false)
	info := activity.GetInfo(ctx)
	p, err := a.Billing.Charge(ctx, billing.ChargeSpec{
		AccountID:    d.AccountID,
		Purpose:      model.PurposeRenewal,
		AmountCents:  q.AmountCents,
		Currency:     q.Currency,
		Description:  fmt.Sprintf("Renewal of %s (%d yr)", d.Name, in.Years),
		OperationKey: "renewal:" + info.WorkflowExecution.ID,
	})
	if errors.Is(err, billing.ErrDeclined) || errors.Is(err, billing.ErrNoCard) {
		return ChargeResult{}, nonRetryable(ErrTypeDeclined, err)
	}
	if err != nil {
		return ChargeResult{}, err
	}
	return chargeResult(p, d.Name), nil
}

// RenewAtRegistry renews the domain at the registry.
func (a *Activities) RenewAtRegistry(ctx context.Context, in RenewalInput) (RenewAtRegistryResult, error) {
	d, err := a.Domains.Get(ctx, in.DomainID)
	if err != nil {
		return RenewAtRegistryResult{}, err
	}
	res, err := a.Registry.RenewDomain(ctx, &registry.DomainRenew{Name: d.Name, PeriodYears: in.Years})
	if err != nil {
		if registry.IsCode(err, registry.CodeStatusProhibits) {
			return RenewAtRegistryResult{}, nonRetryable(ErrTypeInvalid, err)
		}
		return RenewAtRegistryResult{}, err
	}
	// Some registries answer 1001 and apply the renewal later; exDate is
	// then empty and the nightly reconciliation picks up the final date.
	return RenewAtRegistryResult{Pending: res.ExpiresAt.IsZero()}, nil
}

// ExtendExpiry moves the local expiry forward and records the renewal.
func (a *Activities) ExtendExpiry(ctx context.Context, in ExtendInput) (time.Time, error) {
	newExpiry, err := a.Domains.ExtendExpiry(ctx, in.DomainID, in.Years)
	if err != nil {
		return time.Time{}, err
	}
	if err := a.Renewals.Record(ctx, model.Renewal{
		DomainID:       in.DomainID,
		CycleExpiresAt: in.CycleExpiresAt,
		PeriodYears:    in.Years,
		Trigger:        in.Trigger,
		NewExpiresAt:   newExpiry,
		RenewedAt:      time.Now().UTC(),
	}); err != nil {
		return time.Time{}, fmt.Errorf("record renewal: %w", err)
	}
	return newExpiry, nil
}

// RecordInvoice issues the invoice for a renewal.
func (a *Activities) RecordInvoice(ctx context.Context, in InvoiceInput) (string, error) {
	domainID, paymentID := in.DomainID, in.PaymentID
	inv := model.Invoice{
		ID:          ids.New("inv"),
		AccountID:   in.AccountID,
		DomainID:    &domainID,
		PaymentID:   &paymentID,
		Description: in.Description,
		AmountCents: in.AmountCents,
		Currency:    in.Currency,
		IssuedAt:    time.Now().UTC(),
	}
	if err := a.Invoices.Insert(ctx, inv); err != nil {
		return "", err
	}
	return inv.ID, nil
}

// SendRenewalReceipt emails the receipt for a renewal payment.
func (a *Activities) SendRenewalReceipt(ctx context.Context, in ReceiptInput) error {
	key := "receipt:" + in.PaymentID.String()
	claimed, err := a.Notices.Claim(ctx, key, in.AccountID, "renewal_receipt")
	if err != nil {
		return err
	}
	if !claimed {
		return nil
	}
	acct, err := a.Accounts.Get(ctx, in.AccountID)
	if err != nil {
		return err
	}
	msg := a.Templates.RenewalReceipt(acct.Email, in.DomainName, in.AmountCents, in.Currency, in.NewExpiry, in.InvoiceID)
	if _, err := a.Mail.Send(ctx, msg); err != nil {
		activity.GetLogger(ctx).Warn("renewal receipt not sent", "payment", in.PaymentID, "err", err)
		return nil
	}
	return a.Notices.MarkSent(ctx, key)
}
