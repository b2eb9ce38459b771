// Package grpcapi exposes funding controls to the internal risk engine
// over gRPC with a JSON codec.
package grpcapi

import (
	"context"

	"google.golang.org/grpc"
)

// ServiceName is the fully qualified gRPC service name.
const ServiceName = "halyard.funding.risk.v1.RiskControl"

// RiskControlServer is implemented by Server.
type RiskControlServer interface {
	PlaceHold(context.Context, *PlaceHoldRequest) (*HoldReply, error)
	ReleaseHold(context.Context, *ReleaseHoldRequest) (*HoldReply, error)
	DecideWithdrawal(context.Context, *DecideWithdrawalRequest) (*WithdrawalReply, error)
	FlagDeposit(context.Context, *FlagDepositRequest) (*FlagDepositReply, error)
	SetWithdrawalLimit(context.Context, *SetWithdrawalLimitRequest) (*LimitReply, error)
}

// unary adapts a typed method to grpc.MethodDesc.
func unary[Req, Resp any](name string, call func(RiskControlServer, context.Context, *Req) (*Resp, error)) grpc.MethodDesc {
	return grpc.MethodDesc{
		MethodName: name,
		Handler: func(srv any, ctx context.Context, dec func(any) error, interceptor grpc.UnaryServerInterceptor) (any, error) {
			in := new(Req)
			if err := dec(in); err != nil {
				return nil, err
			}
			s := srv.(RiskControlServer)
			if interceptor == nil {
				return call(s, ctx, in)
			}
			info := &grpc.UnaryServerInfo{Server: srv, FullMethod: "/" + ServiceName + "/" + name}
			return interceptor(ctx, in, info, func(ctx context.Context, req any) (any, error) {
				return call(s, ctx, req.(*Req))
			})
		},
	}
}

// ServiceDesc describes RiskControl for grpc.Server.RegisterService.
var ServiceDesc = grpc.ServiceDesc{
	ServiceName: ServiceName,
	HandlerType: (*RiskControlServer)(nil),
	Methods: []grpc.MethodDesc{
		unary("PlaceHold", RiskControlServer.PlaceHold),
		unary("ReleaseHold", RiskControlServer.ReleaseHold),
		unary("DecideWithdrawal", RiskControlServer.DecideWithdrawal),
		unary("FlagDeposit", RiskControlServer.FlagDeposit),
		unary("SetWithdrawalLimit", RiskControlServer.SetWithdrawalLimit),
	},
	Streams:  []grpc.StreamDesc{},
	Metadata: "risk_control.go",
}
