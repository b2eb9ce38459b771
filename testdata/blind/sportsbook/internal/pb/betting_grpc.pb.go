package pb

import (
	"context"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

const (
	BettingService_PlaceBet_FullMethodName  = "/sportsbook.betting.v1.BettingService/PlaceBet"
	BettingService_CancelBet_FullMethodName = "/sportsbook.betting.v1.BettingService/CancelBet"
	BettingService_CashOut_FullMethodName   = "/sportsbook.betting.v1.BettingService/CashOut"
)

// BettingServiceServer is the server API for BettingService.
type BettingServiceServer interface {
	PlaceBet(context.Context, *PlaceBetRequest) (*PlaceBetResponse, error)
	CancelBet(context.Context, *CancelBetRequest) (*BetResponse, error)
	CashOut(context.Context, *CashOutRequest) (*CashOutResponse, error)
}

// UnimplementedBettingServiceServer can be embedded for forward compatibility.
type UnimplementedBettingServiceServer struct{}

func (UnimplementedBettingServiceServer) PlaceBet(context.Context, *PlaceBetRequest) (*PlaceBetResponse, error) {
	return nil, status.Error(codes.Unimplemented, "method PlaceBet not implemented")
}
func (UnimplementedBettingServiceServer) CancelBet(context.Context, *CancelBetRequest) (*BetResponse, error) {
	return nil, status.Error(codes.Unimplemented, "method CancelBet not implemented")
}
func (UnimplementedBettingServiceServer) CashOut(context.Context, *CashOutRequest) (*CashOutResponse, error) {
	return nil, status.Error(codes.Unimplemented, "method CashOut not implemented")
}

func RegisterBettingServiceServer(s grpc.ServiceRegistrar, srv BettingServiceServer) {
	s.RegisterService(&BettingService_ServiceDesc, srv)
}

func _BettingService_PlaceBet_Handler(srv any, ctx context.Context, dec func(any) error, interceptor grpc.UnaryServerInterceptor) (any, error) {
	in := new(PlaceBetRequest)
	if err := dec(in); err != nil {
		return nil, err
	}
	if interceptor == nil {
		return srv.(BettingServiceServer).PlaceBet(ctx, in)
	}
	info := &grpc.UnaryServerInfo{Server: srv, FullMethod: BettingService_PlaceBet_FullMethodName}
	handler := func(ctx context.Context, req any) (any, error) {
		return srv.(BettingServiceServer).PlaceBet(ctx, req.(*PlaceBetRequest))
	}
	return interceptor(ctx, in, info, handler)
}

func _BettingService_CancelBet_Handler(srv any, ctx context.Context, dec func(any) error, interceptor grpc.UnaryServerInterceptor) (any, error) {
	in := new(CancelBetRequest)
	if err := dec(in); err != nil {
		return nil, err
	}
	if interceptor == nil {
		return srv.(BettingServiceServer).CancelBet(ctx, in)
	}
	info := &grpc.UnaryServerInfo{Server: srv, FullMethod: BettingService_CancelBet_FullMethodName}
	handler := func(ctx context.Context, req any) (any, error) {
		return srv.(BettingServiceServer).CancelBet(ctx, req.(*CancelBetRequest))
	}
	return interceptor(ctx, in, info, handler)
}

func _BettingService_CashOut_Handler(srv any, ctx context.Context, dec func(any) error, interceptor grpc.UnaryServerInterceptor) (any, error) {
	in := new(CashOutRequest)
	if err := dec(in); err != nil {
		return nil, err
	}
	if interceptor == nil {
		return srv.(BettingServiceServer).CashOut(ctx, in)
	}
	info := &grpc.UnaryServerInfo{Server: srv, FullMethod: BettingService_CashOut_FullMethodName}
	handler := func(ctx context.Context, req any) (any, error) {
		return srv.(BettingServiceServer).CashOut(ctx, req.(*CashOutRequest))
	}
	return interceptor(ctx, in, info, handler)
}

// BettingService_ServiceDesc is the grpc.ServiceDesc for BettingService.
var BettingService_ServiceDesc = grpc.ServiceDesc{
	ServiceName: "sportsbook.betting.v1.BettingService",
	HandlerType: (*BettingServiceServer)(nil),
	Methods: []grpc.MethodDesc{
		{MethodName: "PlaceBet", Handler: _BettingService_PlaceBet_Handler},
		{MethodName: "CancelBet", Handler: _BettingService_CancelBet_Handler},
		{MethodName: "CashOut", Handler: _BettingService_CashOut_Handler},
	},
	Streams:  []grpc.StreamDesc{},
	Metadata: "sportsbook/betting/v1/betting.proto",
}
