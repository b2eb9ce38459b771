package flows

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/tldhouse/registrar/internal/billing"
	"github.com/tldhouse/registrar/internal/model"
	"github.com/tldhouse/registrar/internal/registry"
)

// ChargeTransfer charges the transfer fee.
func (a *Activities) ChargeTransfer(ctx context.Context, in TransferInput) (ChargeResult, error) {
	t, err := a.Transfers.Get(ctx, in.TransferID)
	if err != nil {
		return ChargeResult{}, err
	}
	o, err := a.Orders.Get(ctx, in.OrderID)
	if err != nil {
		return ChargeResult{}, err
	}
	if err := a.Orders.SetStatus(ctx, o.ID, model.OrderProcessing, ""); err != nil {
		return ChargeResult{}, err
	}
	p, err := a.Billing.Charge(ctx, billing.ChargeSpec{
		AccountID:       o.AccountID,
		OrderID:         &o.ID,
		Purpose:         model.PurposeOrder,
		AmountCents:     o.AmountCents,
		Currency:        o.Currency,
		PaymentMethodID: o.PaymentMethodID,
		Description:     fmt.Sprintf("Transfer of %s", t.DomainName),
	})
	if errors.Is(err, billing.ErrDeclined) || errors.Is(err, billing.ErrNoCard) {
		return ChargeResult{}, nonRetryable(ErrTypeDeclined, err)
	}
	if err != nil {
		return ChargeResult{}, err
	}
	return chargeResult(p, t.DomainName), nil
}

// RequestTransfer submits the transfer request to the registry.
func (a *Activities) RequestTransfer(ctx context.Context, in TransferInput) error {
	t, err := a.Transfers.Get(ctx, in.TransferID)
	if err != nil {
		return err
	}
	if t.RegistryTransferID != "" {
		return nil
	}
	o, err := a.Orders.Get(ctx, in.OrderID)
	if err != nil {
		return err
	}
	res, err := a.Registry.TransferDomain(ctx, &registry.DomainTransfer{
		Name:        t.DomainName,
		Op:          registry.TransferRequest,
		AuthInfo:    in.AuthCode,
		PeriodYears: o.PeriodYears,
	}, registry.WithClTRID("xfer-"+t.ID.String()))
	if err != nil {
		if registry.IsCode(err, registry.CodeStatusProhibits) || registry.IsCode(err, registry.CodeObjectNotExists) {
			return nonRetryable(ErrTypeInvalid, err)
		}
		return err
	}
	return a.Transfers.SetRegistryID(ctx, t.ID, res.TransferID)
}

// CompleteTransfer takes the domain into the account once the registry has
// moved it to us.
func (a *Activities) CompleteTransfer(ctx context.Context, in TransferInput) error {
	t, err := a.Transfers.Get(ctx, in.TransferID)
	if err != nil {
		return err
	}
	o, err := a.Orders.Get(ctx, in.OrderID)
	if err != nil {
		return err
	}
	info, err := a.Registry.InfoDomain(ctx, t.DomainName)
	if err != nil {
		return err
	}
	now := time.Now().UTC()
	return a.Tx.WithinTx(ctx, func(ctx context.Context) error {
		if _, err := a.Domains.UpsertByName(ctx, model.Domain{
			ID:                  uuid.New(),
			Name:                t.DomainName,
			AccountID:           o.AccountID,
			RegistrantContactID: o.ContactID,
			RegistryROID:        info.ROID,
			Status:              "active",
			AutoRenew:           true,
			Nameservers:         info.Nameservers,
			RegisteredAt:        info.CreatedAt,
			ExpiresAt:           info.ExpiresAt,
		}); err != nil {
			return err
		}
		if err := a.Transfers.Complete(ctx, t.ID, "completed", now); err != nil {
			return err
		}
		return a.Orders.SetStatus(ctx, o.ID, model.OrderCompleted, "")
	})
}
