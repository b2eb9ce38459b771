package rpc

import (
	"context"

	"connectrpc.com/connect"
	"github.com/rs/xid"

	escrowv1 "github.com/gigbridge/escrow/internal/gen/escrow/v1"
	"github.com/gigbridge/escrow/internal/gen/escrow/v1/escrowv1connect"
	"github.com/gigbridge/escrow/internal/service"
)

// PayoutHandler serves gigbridge.escrow.v1.PayoutService.
type PayoutHandler struct {
	payouts service.Payouts
	fx      service.FX
	tax     service.Tax
}

var _ escrowv1connect.PayoutServiceHandler = (*PayoutHandler)(nil)

func NewPayoutHandler(payouts service.Payouts, fx service.FX, tax service.Tax) *PayoutHandler {
	return &PayoutHandler{payouts: payouts, fx: fx, tax: tax}
}

func (h *PayoutHandler) AddBankAccount(ctx context.Context, req *connect.Request[escrowv1.AddBankAccountRequest]) (*connect.Response[escrowv1.AddBankAccountResponse], error) {
	b, err := h.payouts.AddBankAccount(ctx, service.BankAccountInput{
		FreelancerID: req.Msg.FreelancerId,
		BankToken:    req.Msg.BankToken,
		HolderName:   req.Msg.HolderName,
		Country:      req.Msg.Country,
		Currency:     req.Msg.Currency,
		MakeDefault:  req.Msg.MakeDefault,
	})
	if err != nil {
		return nil, toConnect(ctx, err)
	}
	return connect.NewResponse(&escrowv1.AddBankAccountResponse{BankAccount: toBankAccount(b)}), nil
}

func (h *PayoutHandler) SetDefaultBankAccount(ctx context.Context, req *connect.Request[escrowv1.SetDefaultBankAccountRequest]) (*connect.Response[escrowv1.SetDefaultBankAccountResponse], error) {
	b, err := h.payouts.SetDefaultBankAccount(ctx, req.Msg.FreelancerId, req.Msg.BankAccountId)
	if err != nil {
		return nil, toConnect(ctx, err)
	}
	return connect.NewResponse(&escrowv1.SetDefaultBankAccountResponse{BankAccount: toBankAccount(b)}), nil
}

func (h *PayoutHandler) RequestPayout(ctx context.Context, req *connect.Request[escrowv1.RequestPayoutRequest]) (*connect.Response[escrowv1.RequestPayoutResponse], error) {
	p, err := h.payouts.RequestPayout(ctx, service.PayoutInput{
		FreelancerID:  req.Msg.FreelancerId,
		RequestKey:    req.Msg.RequestKey,
		AmountMinor:   req.Msg.AmountMinor,
		Currency:      req.Msg.Currency,
		BankAccountID: req.Msg.BankAccountId,
	})
	if err != nil {
		return nil, toConnect(ctx, err)
	}
	return connect.NewResponse(&escrowv1.RequestPayoutResponse{Payout: toPayout(p)}), nil
}

// RetryPayout re-sends a failed payout. The provider refuses to reuse the
// idempotency key of a failed payout, so every retry gets a fresh one.
func (h *PayoutHandler) RetryPayout(ctx context.Context, req *connect.Request[escrowv1.RetryPayoutRequest]) (*connect.Response[escrowv1.RetryPayoutResponse], error) {
	if req.Msg.PayoutId == "" {
		return nil, invalidArg("payout_id is required")
	}
	p, err := h.payouts.RetryPayout(ctx, service.RetryPayoutInput{
		PayoutID:      req.Msg.PayoutId,
		BankAccountID: req.Msg.BankAccountId,
		AttemptKey:    "poretry_" + xid.New().String(),
	})
	if err != nil {
		return nil, toConnect(ctx, err)
	}
	return connect.NewResponse(&escrowv1.RetryPayoutResponse{Payout: toPayout(p)}), nil
}

func (h *PayoutHandler) CreateFxQuote(ctx context.Context, req *connect.Request[escrowv1.CreateFxQuoteRequest]) (*connect.Response[escrowv1.CreateFxQuoteResponse], error) {
	q, err := h.fx.CreateQuote(ctx, service.QuoteInput{
		MilestoneID:    req.Msg.MilestoneId,
		RequestID:      req.Msg.RequestId,
		TargetCurrency: req.Msg.TargetCurrency,
	})
	if err != nil {
		return nil, toConnect(ctx, err)
	}
	return connect.NewResponse(&escrowv1.CreateFxQuoteResponse{Quote: toQuote(q)}), nil
}

func (h *PayoutHandler) AcceptFxQuote(ctx context.Context, req *connect.Request[escrowv1.AcceptFxQuoteRequest]) (*connect.Response[escrowv1.AcceptFxQuoteResponse], error) {
	if req.Msg.QuoteId == "" {
		return nil, invalidArg("quote_id is required")
	}
	c, err := h.fx.AcceptQuote(ctx, req.Msg.QuoteId)
	if err != nil {
		return nil, toConnect(ctx, err)
	}
	return connect.NewResponse(&escrowv1.AcceptFxQuoteResponse{
		ConversionId: c.ID,
		Status:       c.Status,
		TargetMinor:  c.SettledTargetMinor,
	}), nil
}

func (h *PayoutHandler) RequestTaxForm(ctx context.Context, req *connect.Request[escrowv1.RequestTaxFormRequest]) (*connect.Response[escrowv1.RequestTaxFormResponse], error) {
	r, err := h.tax.RequestForm(ctx, service.TaxFormInput{
		FreelancerID:    req.Msg.FreelancerId,
		FreelancerEmail: req.Msg.FreelancerEmail,
		FormType:        req.Msg.FormType,
		TaxYear:         int(req.Msg.TaxYear),
	})
	if err != nil {
		return nil, toConnect(ctx, err)
	}
	return connect.NewResponse(&escrowv1.RequestTaxFormResponse{RequestId: r.ID, Status: r.Status}), nil
}
