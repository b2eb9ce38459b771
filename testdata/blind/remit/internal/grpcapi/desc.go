package grpcapi

import (
	"context"

	"google.golang.org/grpc"
)

// RemittanceServer is the server API for the remit.v1.Remittance service.
// The service descriptor below is maintained by hand; messages are JSON.
type RemittanceServer interface {
	CreateQuote(context.Context, *CreateQuoteRequest) (*Quote, error)
	LockRate(context.Context, *LockRateRequest) (*RateLock, error)
	AddRecipient(context.Context, *AddRecipientRequest) (*Recipient, error)
	CreateTransfer(context.Context, *CreateTransferRequest) (*Transfer, error)
	GetTransfer(context.Context, *TransferRef) (*Transfer, error)
	FundByCard(context.Context, *FundByCardRequest) (*Funding, error)
	FundByBankDebit(context.Context, *TransferRef) (*Funding, error)
	CancelTransfer(context.Context, *CancelTransferRequest) (*Transfer, error)
	RefundTransfer(context.Context, *RefundTransferRequest) (*Refund, error)
	ConfirmPickup(context.Context, *ConfirmPickupRequest) (*PickupConfirmation, error)
}

const serviceName = "remit.v1.Remittance"

// unary builds a grpc.MethodDesc handler for a typed method.
func unary[Req any, Resp any](name string, call func(RemittanceServer, context.Context, *Req) (*Resp, error)) grpc.MethodDesc {
	full := "/" + serviceName + "/" + name
	return grpc.MethodDesc{
		MethodName: name,
		Handler: func(srv any, ctx context.Context, dec func(any) error, interceptor grpc.UnaryServerInterceptor) (any, error) {
			in := new(Req)
			if err := dec(in); err != nil {
				return nil, err
			}
			if interceptor == nil {
				return call(srv.(RemittanceServer), ctx, in)
			}
			info := &grpc.UnaryServerInfo{Server: srv, FullMethod: full}
			handler := func(ctx context.Context, req any) (any, error) {
				return call(srv.(RemittanceServer), ctx, req.(*Req))
			}
			return interceptor(ctx, in, info, handler)
		},
	}
}

// ServiceDesc describes remit.v1.Remittance for grpc.Server.RegisterService.
var ServiceDesc = grpc.ServiceDesc{
	ServiceName: serviceName,
	HandlerType: (*RemittanceServer)(nil),
	Methods: []grpc.MethodDesc{
		unary("CreateQuote", RemittanceServer.CreateQuote),
		unary("LockRate", RemittanceServer.LockRate),
		unary("AddRecipient", RemittanceServer.AddRecipient),
		unary("CreateTransfer", RemittanceServer.CreateTransfer),
		unary("GetTransfer", RemittanceServer.GetTransfer),
		unary("FundByCard", RemittanceServer.FundByCard),
		unary("FundByBankDebit", RemittanceServer.FundByBankDebit),
		unary("CancelTransfer", RemittanceServer.CancelTransfer),
		unary("RefundTransfer", RemittanceServer.RefundTransfer),
		unary("ConfirmPickup", RemittanceServer.ConfirmPickup),
	},
	Streams:  []grpc.StreamDesc{},
	Metadata: "remit/v1/remittance.json",
}

// Register attaches the implementation to a gRPC server.
func Register(s *grpc.Server, impl RemittanceServer) {
	s.RegisterService(&ServiceDesc, impl)
}
