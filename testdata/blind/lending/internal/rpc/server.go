// Package rpc implements the lending.v1 Connect service on top of the
// domain services.
package rpc

import (
	"context"
	"net/http"

	"connectrpc.com/connect"
	"go.uber.org/zap"

	"github.com/brightpay/lending/internal/apperr"
	"github.com/brightpay/lending/internal/db"
	"github.com/brightpay/lending/internal/rpc/interceptors"
	"github.com/brightpay/lending/internal/rpc/lendingv1"
	"github.com/brightpay/lending/internal/service/accounts"
	"github.com/brightpay/lending/internal/service/applications"
	"github.com/brightpay/lending/internal/service/loans"
	"github.com/brightpay/lending/internal/service/repayments"
)

type Server struct {
	lendingv1.UnimplementedLendingServiceHandler

	apps       applications.Service
	loans      loans.Service
	repayments repayments.Service
	accounts   accounts.Service
	log        *zap.Logger
}

var _ lendingv1.LendingServiceHandler = (*Server)(nil)

func NewServer(a applications.Service, l loans.Service, r repayments.Service, acc accounts.Service, log *zap.Logger) *Server {
	return &Server{apps: a, loans: l, repayments: r, accounts: acc, log: log}
}

// Mount returns the path and handler for the service with the standard
// interceptor chain.
func (s *Server) Mount() (string, http.Handler) {
	return lendingv1.NewLendingServiceHandler(s,
		connect.WithInterceptors(
			interceptors.NewLogging(s.log),
			interceptors.NewAuth(),
			interceptors.NewIdempotency(lendingv1.LendingServiceMakeRepaymentProcedure),
		),
	)
}

func toConnect(err error) error {
	if err == nil {
		return nil
	}
	return connect.NewError(apperr.ConnectCode(err), err)
}

func toApplication(a db.Application) *lendingv1.Application {
	return &lendingv1.Application{
		ID:          a.ID,
		Status:      a.Status,
		AmountCents: a.AmountCents,
		Currency:    a.Currency,
		TermMonths:  a.TermMonths,
		MerchantID:  a.MerchantID,
		OrderRef:    a.OrderRef,
	}
}

func toLoan(l db.Loan) *lendingv1.Loan {
	return &lendingv1.Loan{
		ID:             l.ID,
		Status:         l.Status,
		PrincipalCents: l.PrincipalCents,
		BalanceCents:   l.BalanceCents,
		FeesCents:      l.FeesCents,
		Currency:       l.Currency,
		Autopay:        l.AutopayPm.Valid,
	}
}

func toPayment(p db.Payment) *lendingv1.Payment {
	return &lendingv1.Payment{
		ID:          p.ID,
		LoanID:      p.LoanID,
		Status:      p.Status,
		AmountCents: p.AmountCents,
		FailureCode: p.FailureCode.String,
	}
}

func (s *Server) SubmitApplication(ctx context.Context, req *connect.Request[lendingv1.SubmitApplicationRequest]) (*connect.Response[lendingv1.SubmitApplicationResponse], error) {
	m := req.Msg
	app, err := s.apps.Submit(ctx, applications.SubmitInput{
		CustomerID:  interceptors.CustomerID(ctx),
		MerchantID:  m.MerchantID,
		OrderRef:    m.OrderRef,
		AmountCents: m.AmountCents,
		Currency:    m.Currency,
		TermMonths:  m.TermMonths,
	})
	if err != nil {
		return nil, toConnect(err)
	}
	return connect.NewResponse(&lendingv1.SubmitApplicationResponse{Application: toApplication(app)}), nil
}

func (s *Server) CancelApplication(ctx context.Context, req *connect.Request[lendingv1.CancelApplicationRequest]) (*connect.Response[lendingv1.CancelApplicationResponse], error) {
	app, err := s.apps.Cancel(ctx, interceptors.CustomerID(ctx), req.Msg.ApplicationID)
	if err != nil {
		return nil, toConnect(err)
	}
	return connect.NewResponse(&lendingv1.CancelApplicationResponse{Application: toApplication(app)}), nil
}

func (s *Server) AcceptOffer(ctx context.Context, req *connect.Request[lendingv1.AcceptOfferRequest]) (*connect.Response[lendingv1.AcceptOfferResponse], error) {
	loan, err := s.loans.AcceptOffer(ctx, loans.AcceptInput{
		CustomerID:    interceptors.CustomerID(ctx),
		OfferID:       req.Msg.OfferID,
		BankAccountID: req.Msg.BankAccountID,
	})
	if err != nil {
		return nil, toConnect(err)
	}
	return connect.NewResponse(&lendingv1.AcceptOfferResponse{Loan: toLoan(loan)}), nil
}

func (s *Server) MakeRepayment(ctx context.Context, req *connect.Request[lendingv1.MakeRepaymentRequest]) (*connect.Response[lendingv1.MakeRepaymentResponse], error) {
	p, err := s.repayments.MakeRepayment(ctx, repayments.RepaymentInput{
		CustomerID:      interceptors.CustomerID(ctx),
		LoanID:          req.Msg.LoanID,
		AmountCents:     req.Msg.AmountCents,
		PaymentMethodID: req.Msg.PaymentMethodID,
		IdempotencyKey:  interceptors.IdempotencyKey(ctx),
	})
	if err != nil {
		return nil, toConnect(err)
	}
	return connect.NewResponse(&lendingv1.MakeRepaymentResponse{Payment: toPayment(p)}), nil
}

func (s *Server) PayOffLoan(ctx context.Context, req *connect.Request[lendingv1.PayOffLoanRequest]) (*connect.Response[lendingv1.PayOffLoanResponse], error) {
	p, err := s.repayments.PayOff(ctx, interceptors.CustomerID(ctx), req.Msg.LoanID)
	if err != nil {
		return nil, toConnect(err)
	}
	return connect.NewResponse(&lendingv1.PayOffLoanResponse{Payment: toPayment(p)}), nil
}

func (s *Server) RegisterBankAccount(ctx context.Context, req *connect.Request[lendingv1.RegisterBankAccountRequest]) (*connect.Response[lendingv1.RegisterBankAccountResponse], error) {
	acct, err := s.accounts.Register(ctx, accounts.RegisterInput{
		CustomerID:    interceptors.CustomerID(ctx),
		HolderName:    req.Msg.HolderName,
		SortCode:      req.Msg.SortCode,
		AccountNumber: req.Msg.AccountNumber,
		VaultToken:    req.Msg.VaultToken,
	})
	if err != nil {
		return nil, toConnect(err)
	}
	return connect.NewResponse(&lendingv1.RegisterBankAccountResponse{BankAccount: &lendingv1.BankAccount{
		ID:           acct.ID,
		Status:       acct.Status,
		SortCode:     acct.SortCode,
		AccountLast4: acct.AccountLast4,
	}}), nil
}

func (s *Server) VerifyBankAccount(ctx context.Context, req *connect.Request[lendingv1.VerifyBankAccountRequest]) (*connect.Response[lendingv1.VerifyBankAccountResponse], error) {
	v, err := s.accounts.Verify(ctx, interceptors.CustomerID(ctx), req.Msg.BankAccountID)
	if err != nil {
		return nil, toConnect(err)
	}
	return connect.NewResponse(&lendingv1.VerifyBankAccountResponse{VerificationID: v.ID, Status: v.Status}), nil
}

func (s *Server) RequestLimitIncrease(ctx context.Context, req *connect.Request[lendingv1.RequestLimitIncreaseRequest]) (*connect.Response[lendingv1.RequestLimitIncreaseResponse], error) {
	d, err := s.apps.RequestLimitIncrease(ctx, interceptors.CustomerID(ctx), req.Msg.RequestedCents)
	if err != nil {
		return nil, toConnect(err)
	}
	return connect.NewResponse(&lendingv1.RequestLimitIncreaseResponse{Approved: d.Approved, NewLimitCents: d.NewLimitCents}), nil
}

func (s *Server) UpdateAutopay(ctx context.Context, req *connect.Request[lendingv1.UpdateAutopayRequest]) (*connect.Response[lendingv1.UpdateAutopayResponse], error) {
	loan, err := s.loans.UpdateAutopay(ctx, interceptors.CustomerID(ctx), req.Msg.LoanID, req.Msg.PaymentMethodID, req.Msg.Enabled)
	if err != nil {
		return nil, toConnect(err)
	}
	return connect.NewResponse(&lendingv1.UpdateAutopayResponse{Loan: toLoan(loan)}), nil
}
