// Package refund returns collected funds to the sender's card.
package refund

import (
	"context"
	"log/slog"

	"github.com/google/uuid"

	"github.com/sendhome/remit/ent"
	"github.com/sendhome/remit/ent/fundingintent"
	entrefund "github.com/sendhome/remit/ent/refund"
	enttransfer "github.com/sendhome/remit/ent/transfer"
	"github.com/sendhome/remit/internal/domain"
	"github.com/sendhome/remit/internal/events"
	"github.com/sendhome/remit/internal/funding"
	"github.com/sendhome/remit/internal/platform/db"
	"github.com/sendhome/remit/internal/store"
)

type Service interface {
	RefundTransfer(ctx context.Context, customerID string, transferID uuid.UUID, reason string) (*ent.Refund, error)
}

type service struct {
	client    *ent.Client
	transfers store.TransferRepo
	intents   store.FundingRepo
	card      funding.CardGateway
	pub       events.Publisher
	log       *slog.Logger
}

func NewService(client *ent.Client, card funding.CardGateway, pub events.Publisher, log *slog.Logger) Service {
	return &service{
		client:    client,
		transfers: store.NewTransferRepo(client),
		intents:   store.NewFundingRepo(client),
		card:      card,
		pub:       pub,
		log:       log,
	}
}

var stripeReasons = map[string]string{
	"duplicate":  "duplicate",
	"fraud":      "fraudulent",
	"":           "requested_by_customer",
	"customer":   "requested_by_customer",
	"compliance": "requested_by_customer",
}

func (s *service) RefundTransfer(ctx context.Context, customerID string, transferID uuid.UUID, reason string) (*ent.Refund, error) {
	t, err := s.transfers.GetForCustomer(ctx, transferID, customerID)
	if err != nil {
		return nil, err
	}
	if t.Status == enttransfer.StatusRefunded {
		return s.client.Refund.Query().
			Where(entrefund.TransferID(t.ID)).
			Order(ent.Desc(entrefund.FieldCreatedAt)).
			First(ctx)
	}
	if t.Status != enttransfer.StatusCancelled && t.Status != enttransfer.StatusFailed {
		return nil, domain.Preconditionf("only cancelled or failed transfers can be refunded (status %s)", t.Status)
	}
	fi, err := s.intents.Succeeded(ctx, t.ID)
	if err != nil {
		return nil, domain.Preconditionf("transfer %s has no settled funding", t.ID)
	}
	if fi.Method != fundingintent.MethodCard {
		return nil, domain.Preconditionf("bank debit refunds are returned by operations")
	}
	stripeReason, ok := stripeReasons[reason]
	if !ok {
		stripeReason = "requested_by_customer"
	}

	res, err := s.card.Refund(ctx, funding.RefundRequest{
		PaymentRef: fi.ProviderRef,
		Amount:     fi.Amount,
		Reason:     stripeReason,
		TransferID: t.ID.String(),
	})
	if err != nil {
		return nil, err
	}

	var out *ent.Refund
	err = db.WithTx(ctx, s.client, func(tx *ent.Tx) error {
		out, err = tx.Refund.Create().
			SetTransferID(t.ID).
			SetProviderRefundID(res.ProviderRef).
			SetAmount(fi.Amount).
			SetCurrency(fi.Currency).
			SetReason(reason).
			SetStatus(entrefund.StatusSucceeded).
			Save(ctx)
		if err != nil {
			return err
		}
		return tx.Transfer.UpdateOneID(t.ID).SetStatus(enttransfer.StatusRefunded).Exec(ctx)
	})
	if err != nil {
		return nil, err
	}
	if _, err := s.pub.Publish(ctx, events.TransferRefunded, events.Fields{
		"transfer_id": t.ID.String(),
		"refund_id":   out.ID.String(),
	}); err != nil {
		s.log.Error("publish refund event", "refund_id", out.ID, "err", err)
	}
	return out, nil
}
