package grpcapi

import (
	"context"

	"google.golang.org/grpc"
)

const (
	accountServiceName   = "northgate.tolls.v1.AccountService"
	billingServiceName   = "northgate.tolls.v1.BillingService"
	violationServiceName = "northgate.tolls.v1.ViolationService"
)

// AccountServiceServer is tolls.v1.AccountService.
type AccountServiceServer interface {
	OpenAccount(context.Context, *OpenAccountRequest) (*OpenAccountResponse, error)
	RegisterTransponder(context.Context, *RegisterTransponderRequest) (*RegisterTransponderResponse, error)
	AddVehicle(context.Context, *AddVehicleRequest) (*AddVehicleResponse, error)
	CloseAccount(context.Context, *CloseAccountRequest) (*CloseAccountResponse, error)
}

// BillingServiceServer is tolls.v1.BillingService.
type BillingServiceServer interface {
	TopUp(context.Context, *TopUpRequest) (*TopUpResponse, error)
	PayOutstanding(context.Context, *PayOutstandingRequest) (*PaymentResponse, error)
	GetBalance(context.Context, *GetBalanceRequest) (*GetBalanceResponse, error)
	SetAutoTopUp(context.Context, *SetAutoTopUpRequest) (*SetAutoTopUpResponse, error)
}

// ViolationServiceServer is tolls.v1.ViolationService.
type ViolationServiceServer interface {
	GetViolation(context.Context, *GetViolationRequest) (*Violation, error)
	DisputeViolation(context.Context, *DisputeViolationRequest) (*DisputeViolationResponse, error)
	PayViolation(context.Context, *PayViolationRequest) (*PaymentResponse, error)
}

// unary builds a MethodDesc that decodes Req, runs the interceptor chain and
// dispatches to call on the registered server.
func unary[S any, Req any, Resp any](service, method string, call func(S, context.Context, *Req) (*Resp, error)) grpc.MethodDesc {
	full := "/" + service + "/" + method
	return grpc.MethodDesc{
		MethodName: method,
		Handler: func(srv any, ctx context.Context, dec func(any) error, interceptor grpc.UnaryServerInterceptor) (any, error) {
			in := new(Req)
			if err := dec(in); err != nil {
				return nil, err
			}
			if interceptor == nil {
				return call(srv.(S), ctx, in)
			}
			info := &grpc.UnaryServerInfo{Server: srv, FullMethod: full}
			return interceptor(ctx, in, info, func(ctx context.Context, req any) (any, error) {
				return call(srv.(S), ctx, req.(*Req))
			})
		},
	}
}

// AccountServiceDesc describes tolls.v1.AccountService.
var AccountServiceDesc = grpc.ServiceDesc{
	ServiceName: accountServiceName,
	HandlerType: (*AccountServiceServer)(nil),
	Methods: []grpc.MethodDesc{
		unary(accountServiceName, "OpenAccount", AccountServiceServer.OpenAccount),
		unary(accountServiceName, "RegisterTransponder", AccountServiceServer.RegisterTransponder),
		unary(accountServiceName, "AddVehicle", AccountServiceServer.AddVehicle),
		unary(accountServiceName, "CloseAccount", AccountServiceServer.CloseAccount),
	},
	Metadata: "tolls/v1/accounts.proto",
}

// BillingServiceDesc describes tolls.v1.BillingService.
var BillingServiceDesc = grpc.ServiceDesc{
	ServiceName: billingServiceName,
	HandlerType: (*BillingServiceServer)(nil),
	Methods: []grpc.MethodDesc{
		unary(billingServiceName, "TopUp", BillingServiceServer.TopUp),
		unary(billingServiceName, "PayOutstanding", BillingServiceServer.PayOutstanding),
		unary(billingServiceName, "GetBalance", BillingServiceServer.GetBalance),
		unary(billingServiceName, "SetAutoTopUp", BillingServiceServer.SetAutoTopUp),
	},
	Metadata: "tolls/v1/billing.proto",
}

// ViolationServiceDesc describes tolls.v1.ViolationService.
var ViolationServiceDesc = grpc.ServiceDesc{
	ServiceName: violationServiceName,
	HandlerType: (*ViolationServiceServer)(nil),
	Methods: []grpc.MethodDesc{
		unary(violationServiceName, "GetViolation", ViolationServiceServer.GetViolation),
		unary(violationServiceName, "DisputeViolation", ViolationServiceServer.DisputeViolation),
		unary(violationServiceName, "PayViolation", ViolationServiceServer.PayViolation),
	},
	Metadata: "tolls/v1/violations.proto",
}

// RegisterAccountServiceServer registers srv on s.
func RegisterAccountServiceServer(s grpc.ServiceRegistrar, srv AccountServiceServer) {
	s.RegisterService(&AccountServiceDesc, srv)
}

// RegisterBillingServiceServer registers srv on s.
func RegisterBillingServiceServer(s grpc.ServiceRegistrar, srv BillingServiceServer) {
	s.RegisterService(&BillingServiceDesc, srv)
}

// RegisterViolationServiceServer registers srv on s.
func RegisterViolationServiceServer(s grpc.ServiceRegistrar, srv ViolationServiceServer) {
	s.RegisterService(&ViolationServiceDesc, srv)
}
