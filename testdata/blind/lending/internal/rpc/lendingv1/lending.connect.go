package lendingv1

import (
	"context"
	"errors"
	"net/http"

	"connectrpc.com/connect"
)

const (
	// LendingServiceName is the fully-qualified name of the LendingService service.
	LendingServiceName = "lending.v1.LendingService"
)

const (
	LendingServiceSubmitApplicationProcedure    = "/lending.v1.LendingService/SubmitApplication"
	LendingServiceCancelApplicationProcedure    = "/lending.v1.LendingService/CancelApplication"
	LendingServiceAcceptOfferProcedure          = "/lending.v1.LendingService/AcceptOffer"
	LendingServiceMakeRepaymentProcedure        = "/lending.v1.LendingService/MakeRepayment"
	LendingServicePayOffLoanProcedure           = "/lending.v1.LendingService/PayOffLoan"
	LendingServiceRegisterBankAccountProcedure  = "/lending.v1.LendingService/RegisterBankAccount"
	LendingServiceVerifyBankAccountProcedure    = "/lending.v1.LendingService/VerifyBankAccount"
	LendingServiceRequestLimitIncreaseProcedure = "/lending.v1.LendingService/RequestLimitIncrease"
	LendingServiceUpdateAutopayProcedure        = "/lending.v1.LendingService/UpdateAutopay"
)

// LendingServiceHandler is an implementation of the lending.v1.LendingService service.
type LendingServiceHandler interface {
	SubmitApplication(context.Context, *connect.Request[SubmitApplicationRequest]) (*connect.Response[SubmitApplicationResponse], error)
	CancelApplication(context.Context, *connect.Request[CancelApplicationRequest]) (*connect.Response[CancelApplicationResponse], error)
	AcceptOffer(context.Context, *connect.Request[AcceptOfferRequest]) (*connect.Response[AcceptOfferResponse], error)
	MakeRepayment(context.Context, *connect.Request[MakeRepaymentRequest]) (*connect.Response[MakeRepaymentResponse], error)
	PayOffLoan(context.Context, *connect.Request[PayOffLoanRequest]) (*connect.Response[PayOffLoanResponse], error)
	RegisterBankAccount(context.Context, *connect.Request[RegisterBankAccountRequest]) (*connect.Response[RegisterBankAccountResponse], error)
	VerifyBankAccount(context.Context, *connect.Request[VerifyBankAccountRequest]) (*connect.Response[VerifyBankAccountResponse], error)
	RequestLimitIncrease(context.Context, *connect.Request[RequestLimitIncreaseRequest]) (*connect.Response[RequestLimitIncreaseResponse], error)
	UpdateAutopay(context.Context, *connect.Request[UpdateAutopayRequest]) (*connect.Response[UpdateAutopayResponse], error)
}

// NewLendingServiceHandler builds an HTTP handler from the service implementation. It returns
// the path on which to mount the handler and the handler itself.
func NewLendingServiceHandler(svc LendingServiceHandler, opts ...connect.HandlerOption) (string, http.Handler) {
	opts = append([]connect.HandlerOption{WithJSON()}, opts...)
	submitApplication := connect.NewUnaryHandler(LendingServiceSubmitApplicationProcedure, svc.SubmitApplication, opts...)
	cancelApplication := connect.NewUnaryHandler(LendingServiceCancelApplicationProcedure, svc.CancelApplication, opts...)
	acceptOffer := connect.NewUnaryHandler(LendingServiceAcceptOfferProcedure, svc.AcceptOffer, opts...)
	makeRepayment := connect.NewUnaryHandler(LendingServiceMakeRepaymentProcedure, svc.MakeRepayment, opts...)
	payOffLoan := connect.NewUnaryHandler(LendingServicePayOffLoanProcedure, svc.PayOffLoan, opts...)
	registerBankAccount := connect.NewUnaryHandler(LendingServiceRegisterBankAccountProcedure, svc.RegisterBankAccount, opts...)
	verifyBankAccount := connect.NewUnaryHandler(LendingServiceVerifyBankAccountProcedure, svc.VerifyBankAccount, opts...)
	requestLimitIncrease := connect.NewUnaryHandler(LendingServiceRequestLimitIncreaseProcedure, svc.RequestLimitIncrease, opts...)
	updateAutopay := connect.NewUnaryHandler(LendingServiceUpdateAutopayProcedure, svc.UpdateAutopay, opts...)
	return "/lending.v1.LendingService/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case LendingServiceSubmitApplicationProcedure:
			submitApplication.ServeHTTP(w, r)
		case LendingServiceCancelApplicationProcedure:
			cancelApplication.ServeHTTP(w, r)
		case LendingServiceAcceptOfferProcedure:
			acceptOffer.ServeHTTP(w, r)
		case LendingServiceMakeRepaymentProcedure:
			makeRepayment.ServeHTTP(w, r)
		case LendingServicePayOffLoanProcedure:
			payOffLoan.ServeHTTP(w, r)
		case LendingServiceRegisterBankAccountProcedure:
			registerBankAccount.ServeHTTP(w, r)
		case LendingServiceVerifyBankAccountProcedure:
			verifyBankAccount.ServeHTTP(w, r)
		case LendingServiceRequestLimitIncreaseProcedure:
			requestLimitIncrease.ServeHTTP(w, r)
		case LendingServiceUpdateAutopayProcedure:
			updateAutopay.ServeHTTP(w, r)
		default:
			http.NotFound(w, r)
		}
	})
}

// UnimplementedLendingServiceHandler returns CodeUnimplemented from all methods.
type UnimplementedLendingServiceHandler struct{}

func (UnimplementedLendingServiceHandler) SubmitApplication(context.Context, *connect.Request[SubmitApplicationRequest]) (*connect.Response[SubmitApplicationResponse], error) {
	return nil, connect.NewError(connect.CodeUnimplemented, errors.New("lending.v1.LendingService.SubmitApplication is not implemented"))
}

func (UnimplementedLendingServiceHandler) CancelApplication(context.Context, *connect.Request[CancelApplicationRequest]) (*connect.Response[CancelApplicationResponse], error) {
	return nil, connect.NewError(connect.CodeUnimplemented, errors.New("lending.v1.LendingService.CancelApplication is not implemented"))
}

func (UnimplementedLendingServiceHandler) AcceptOffer(context.Context, *connect.Request[AcceptOfferRequest]) (*connect.Response[AcceptOfferResponse], error) {
	return nil, connect.NewError(connect.CodeUnimplemented, errors.New("lending.v1.LendingService.AcceptOffer is not implemented"))
}

func (UnimplementedLendingServiceHandler) MakeRepayment(context.Context, *connect.Request[MakeRepaymentRequest]) (*connect.Response[MakeRepaymentResponse], error) {
	return nil, connect.NewError(connect.CodeUnimplemented, errors.New("lending.v1.LendingService.MakeRepayment is not implemented"))
}

func (UnimplementedLendingServiceHandler) PayOffLoan(context.Context, *connect.Request[PayOffLoanRequest]) (*connect.Response[PayOffLoanResponse], error) {
	return nil, connect.NewError(connect.CodeUnimplemented, errors.New("lending.v1.LendingService.PayOffLoan is not implemented"))
}

func (UnimplementedLendingServiceHandler) RegisterBankAccount(context.Context, *connect.Request[RegisterBankAccountRequest]) (*connect.Response[RegisterBankAccountResponse], error) {
	return nil, connect.NewError(connect.CodeUnimplemented, errors.New("lending.v1.LendingService.RegisterBankAccount is not implemented"))
}

func (UnimplementedLendingServiceHandler) VerifyBankAccount(context.Context, *connect.Request[VerifyBankAccountRequest]) (*connect.Response[VerifyBankAccountResponse], error) {
	return nil, connect.NewError(connect.CodeUnimplemented, errors.New("lending.v1.LendingService.VerifyBankAccount is not implemented"))
}

func (UnimplementedLendingServiceHandler) RequestLimitIncrease(context.Context, *connect.Request[RequestLimitIncreaseRequest]) (*connect.Response[RequestLimitIncreaseResponse], error) {
	return nil, connect.NewError(connect.CodeUnimplemented, errors.New("lending.v1.LendingService.RequestLimitIncrease is not implemented"))
}

func (UnimplementedLendingServiceHandler) UpdateAutopay(context.Context, *connect.Request[UpdateAutopayRequest]) (*connect.Response[UpdateAutopayResponse], error) {
	return nil, connect.NewError(connect.CodeUnimplemented, errors.New("lending.v1.LendingService.UpdateAutopay is not implemented"))
}
