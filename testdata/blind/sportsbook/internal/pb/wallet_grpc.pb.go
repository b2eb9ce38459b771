package pb

import (
	"context"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

const (
	WalletService_Deposit_FullMethodName  = "/sportsbook.wallet.v1.WalletService/Deposit"
	WalletService_Withdraw_FullMethodName = "/sportsbook.wallet.v1.WalletService/Withdraw"
	WalletService_SetLimit_FullMethodName = "/sportsbook.wallet.v1.WalletService/SetLimit"
	WalletService_Balance_FullMethodName  = "/sportsbook.wallet.v1.WalletService/Balance"
)

// WalletServiceServer is the server API for WalletService.
type WalletServiceServer interface {
	Deposit(context.Context, *DepositRequest) (*DepositResponse, error)
	Withdraw(context.Context, *WithdrawRequest) (*WithdrawResponse, error)
	SetLimit(context.Context, *SetLimitRequest) (*SetLimitResponse, error)
	Balance(context.Context, *GetBalanceRequest) (*BalanceResponse, error)
}

// UnimplementedWalletServiceServer can be embedded for forward compatibility.
type UnimplementedWalletServiceServer struct{}

func (UnimplementedWalletServiceServer) Deposit(context.Context, *DepositRequest) (*DepositResponse, error) {
	return nil, status.Error(codes.Unimplemented, "method Deposit not implemented")
}
func (UnimplementedWalletServiceServer) Withdraw(context.Context, *WithdrawRequest) (*WithdrawResponse, error) {
	return nil, status.Error(codes.Unimplemented, "method Withdraw not implemented")
}
func (UnimplementedWalletServiceServer) SetLimit(context.Context, *SetLimitRequest) (*SetLimitResponse, error) {
	return nil, status.Error(codes.Unimplemented, "method SetLimit not implemented")
}
func (UnimplementedWalletServiceServer) Balance(context.Context, *GetBalanceRequest) (*BalanceResponse, error) {
	return nil, status.Error(codes.Unimplemented, "method Balance not implemented")
}

func RegisterWalletServiceServer(s grpc.ServiceRegistrar, srv WalletServiceServer) {
	s.RegisterService(&WalletService_ServiceDesc, srv)
}

func _WalletService_Deposit_Handler(srv any, ctx context.Context, dec func(any) error, interceptor grpc.UnaryServerInterceptor) (any, error) {
	in := new(DepositRequest)
	if err := dec(in); err != nil {
		return nil, err
	}
	if interceptor == nil {
		return srv.(WalletServiceServer).Deposit(ctx, in)
	}
	info := &grpc.UnaryServerInfo{Server: srv, FullMethod: WalletService_Deposit_FullMethodName}
	handler := func(ctx context.Context, req any) (any, error) {
		return srv.(WalletServiceServer).Deposit(ctx, req.(*DepositRequest))
	}
	return interceptor(ctx, in, info, handler)
}

func _WalletService_Withdraw_Handler(srv any, ctx context.Context, dec func(any) error, interceptor grpc.UnaryServerInterceptor) (any, error) {
	in := new(WithdrawRequest)
	if err := dec(in); err != nil {
		return nil, err
	}
	if interceptor == nil {
		return srv.(WalletServiceServer).Withdraw(ctx, in)
	}
	info := &grpc.UnaryServerInfo{Server: srv, FullMethod: WalletService_Withdraw_FullMethodName}
	handler := func(ctx context.Context, req any) (any, error) {
		return srv.(WalletServiceServer).Withdraw(ctx, req.(*WithdrawRequest))
	}
	return interceptor(ctx, in, info, handler)
}

func _WalletService_SetLimit_Handler(srv any, ctx context.Context, dec func(any) error, interceptor grpc.UnaryServerInterceptor) (any, error) {
	in := new(SetLimitRequest)
	if err := dec(in); err != nil {
		return nil, err
	}
	if interceptor == nil {
		return srv.(WalletServiceServer).SetLimit(ctx, in)
	}
	info := &grpc.UnaryServerInfo{Server: srv, FullMethod: WalletService_SetLimit_FullMethodName}
	handler := func(ctx context.Context, req any) (any, error) {
		return srv.(WalletServiceServer).SetLimit(ctx, req.(*SetLimitRequest))
	}
	return interceptor(ctx, in, info, handler)
}

func _WalletService_Balance_Handler(srv any, ctx context.Context, dec func(any) error, interceptor grpc.UnaryServerInterceptor) (any, error) {
	in := new(GetBalanceRequest)
	if err := dec(in); err != nil {
		return nil, err
	}
	if interceptor == nil {
		return srv.(WalletServiceServer).Balance(ctx, in)
	}
	info := &grpc.UnaryServerInfo{Server: srv, FullMethod: WalletService_Balance_FullMethodName}
	handler := func(ctx context.Context, req any) (any, error) {
		return srv.(WalletServiceServer).Balance(ctx, req.(*GetBalanceRequest))
	}
	return interceptor(ctx, in, info, handler)
}

// WalletService_ServiceDesc is the grpc.ServiceDesc for WalletService.
var WalletService_ServiceDesc = grpc.ServiceDesc{
	ServiceName: "sportsbook.wallet.v1.WalletService",
	HandlerType: (*WalletServiceServer)(nil),
	Methods: []grpc.MethodDesc{
		{MethodName: "Deposit", Handler: _WalletService_Deposit_Handler},
		{MethodName: "Withdraw", Handler: _WalletService_Withdraw_Handler},
		{MethodName: "SetLimit", Handler: _WalletService_SetLimit_Handler},
		{MethodName: "Balance", Handler: _WalletService_Balance_Handler},
	},
	Streams:  []grpc.StreamDesc{},
	Metadata: "sportsbook/wallet/v1/wallet.proto",
}
