package domains

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"

	"github.com/tldhouse/registrar/internal/flows"
	"github.com/tldhouse/registrar/internal/model"
)

// TransferRequest asks to move a domain to us from another registrar.
type TransferRequest struct {
	Domain          string     `json:"domain" binding:"required"`
	AuthCode        string     `json:"auth_code" binding:"required"`
	ContactID       uuid.UUID  `json:"contact_id" binding:"required"`
	PaymentMethodID *uuid.UUID `json:"payment_method_id"`
}

// RequestTransfer creates the transfer and its order and starts the
// transfer workflow.
func (s *Service) RequestTransfer(ctx context.Context, p model.Principal, req TransferRequest) (model.Transfer, error) {
	name, err := NormalizeName(req.Domain)
	if err != nil {
		return model.Transfer{}, err
	}
	if _, err := s.contacts.Get(ctx, p.AccountID, req.ContactID); err != nil {
		return model.Transfer{}, fmt.Errorf("contact: %w", err)
	}
	info, err := s.registry.InfoDomain(ctx, name)
	if err != nil {
		return model.Transfer{}, err
	}
	for _, st := range info.Status {
		if st == "clientTransferProhibited" || st == "serverTransferProhibited" {
			return model.Transfer{}, errors.New("domain is locked at its current registrar")
		}
	}

	q := s.prices.For(model.OrderTransfer, 1, false)
	now := s.now().UTC()
	contactID := req.ContactID
	order := model.Order{
		ID:              uuid.New(),
		AccountID:       p.AccountID,
		Kind:            model.OrderTransfer,
		DomainName:      name,
		PeriodYears:     1,
		AmountCents:     q.AmountCents,
		Currency:        q.Currency,
		Status:          model.OrderPending,
		ContactID:       &contactID,
		PaymentMethodID: req.PaymentMethodID,
		CreatedAt:       now,
		UpdatedAt:       now,
	}
	acct := p.AccountID
	t := model.Transfer{
		ID:          uuid.New(),
		AccountID:   &acct,
		OrderID:     &order.ID,
		DomainName:  name,
		Direction:   model.TransferIn,
		Status:      "requested",
		RequestedAt: now,
	}
	t.WorkflowID = flows.TransferWorkflowID(t.ID)
	order.WorkflowID = t.WorkflowID

	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.orders.Insert(ctx, order); err != nil {
			return err
		}
		return s.transfers.Insert(ctx, t)
	})
	if err != nil {
		return model.Transfer{}, err
	}

	_, err = s.starter.Start(ctx, flows.TransferWorkflowName, flows.TransferInput{
		TransferID: t.ID,
		OrderID:    order.ID,
		AuthCode:   req.AuthCode,
	}, flows.WithID(t.WorkflowID))
	return t, err
}
