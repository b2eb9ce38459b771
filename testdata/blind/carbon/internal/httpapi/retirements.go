package httpapi

import (
	"context"

	"github.com/google/uuid"

	"github.com/terravault/carbonreg/internal/domain"
	"github.com/terravault/carbonreg/internal/service"
)

type retirementHandlers struct {
	svc service.RetirementService
}

type retireReq struct {
	AccountID     uuid.UUID `json:"account_id"`
	BatchID       uuid.UUID `json:"batch_id"`
	Quantity      int64     `json:"quantity"`
	Beneficiary   string    `json:"beneficiary"`
	Purpose       string    `json:"purpose"`
	ReportingYear int       `json:"reporting_year"`
}

func (h *retirementHandlers) retire(ctx context.Context, req retireReq) (created[*domain.Retirement], error) {
	r, err := h.svc.Retire(ctx, service.RetireRequest{
		AccountID:     req.AccountID,
		BatchID:       req.BatchID,
		Quantity:      req.Quantity,
		Beneficiary:   req.Beneficiary,
		Purpose:       req.Purpose,
		ReportingYear: req.ReportingYear,
	})
	return created[*domain.Retirement]{Data: r}, err
}

type transferHandlers struct {
	svc service.TransferService
}

type transferReq struct {
	IdempotencyKey string    `header:"Idempotency-Key"`
	FromAccount    uuid.UUID `json:"from_account"`
	ToAccount      uuid.UUID `json:"to_account"`
	BatchID        uuid.UUID `json:"batch_id"`
	Quantity       int64     `json:"quantity"`
}

func (h *transferHandlers) transfer(ctx context.Context, req transferReq) (created[*domain.Transfer], error) {
	t, err := h.svc.Transfer(ctx, service.TransferRequest{
		RequestKey:  req.IdempotencyKey,
		FromAccount: req.FromAccount,
		ToAccount:   req.ToAccount,
		BatchID:     req.BatchID,
		Quantity:    req.Quantity,
	})
	return created[*domain.Transfer]{Data: t}, err
}

type payoutHandlers struct {
	svc service.PayoutService
}

type payoutReq struct {
	DeveloperID    string `uri:"developerID"`
	IdempotencyKey string `header:"Idempotency-Key"`
	AmountCents    int64  `json:"amount_cents"`
	Currency       string `json:"currency"`
}

func (h *payoutHandlers) request(ctx context.Context, req payoutReq) (created[*domain.Payout], error) {
	dev, err := parseID(req.DeveloperID, "developerID")
	if err != nil {
		return created[*domain.Payout]{}, &service.Error{Kind: service.ErrInvalid, Msg: err.Error()}
	}
	p, err := h.svc.Request(ctx, service.PayoutRequest{
		DeveloperID: dev,
		RequestKey:  req.IdempotencyKey,
		AmountCents: req.AmountCents,
		Currency:    req.Currency,
	})
	return created[*domain.Payout]{Data: p}, err
}
