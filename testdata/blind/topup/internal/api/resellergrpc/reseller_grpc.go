// Package resellergrpc is the gRPC surface of the reseller gateway. The
// message types and service descriptor mirror reseller/v1/reseller.proto; they
// are maintained by hand and travel as JSON (see codec.go) because partners
// integrate through grpcurl and the JSON gateway.
package resellergrpc

import (
	"context"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

const serviceName = "topup.reseller.v1.ResellerService"

type BatchLine struct {
	Msisdn      string `json:"msisdn"`
	Operator    string `json:"operator"`
	AmountCents int64  `json:"amount_cents"`
}

type SubmitBatchRequest struct {
	BatchRef string      `json:"batch_ref"`
	Lines    []BatchLine `json:"lines"`
}

type BatchReply struct {
	BatchId    string `json:"batch_id"`
	BatchRef   string `json:"batch_ref"`
	Status     string `json:"status"`
	ItemCount  int32  `json:"item_count"`
	TotalCents int64  `json:"total_cents"`
}

type CancelBatchRequest struct {
	BatchId string `json:"batch_id"`
}

type FundWalletRequest struct {
	RequestId     string `json:"request_id"`
	AmountCents   int64  `json:"amount_cents"`
	PaymentMethod string `json:"payment_method"`
}

type FundWalletReply struct {
	FundingId    string `json:"funding_id"`
	Status       string `json:"status"`
	BalanceCents int64  `json:"balance_cents"`
}

type TransferCreditRequest struct {
	ToResellerId string `json:"to_reseller_id"`
	AmountCents  int64  `json:"amount_cents"`
	TransferRef  string `json:"transfer_ref"`
}

type TransferCreditReply struct {
	TransferId  string `json:"transfer_id"`
	TransferRef string `json:"transfer_ref"`
	AmountCents int64  `json:"amount_cents"`
}

// ResellerServiceServer is the server API for ResellerService.
type ResellerServiceServer interface {
	SubmitBatch(context.Context, *SubmitBatchRequest) (*BatchReply, error)
	CancelBatch(context.Context, *CancelBatchRequest) (*BatchReply, error)
	FundWallet(context.Context, *FundWalletRequest) (*FundWalletReply, error)
	TransferCredit(context.Context, *TransferCreditRequest) (*TransferCreditReply, error)
}

// UnimplementedResellerServiceServer can be embedded for forward compatibility.
type UnimplementedResellerServiceServer struct{}

func (UnimplementedResellerServiceServer) SubmitBatch(context.Context, *SubmitBatchRequest) (*BatchReply, error) {
	return nil, status.Error(codes.Unimplemented, "method SubmitBatch not implemented")
}
func (UnimplementedResellerServiceServer) CancelBatch(context.Context, *CancelBatchRequest) (*BatchReply, error) {
	return nil, status.Error(codes.Unimplemented, "method CancelBatch not implemented")
}
func (UnimplementedResellerServiceServer) FundWallet(context.Context, *FundWalletRequest) (*FundWalletReply, error) {
	return nil, status.Error(codes.Unimplemented, "method FundWallet not implemented")
}
func (UnimplementedResellerServiceServer) TransferCredit(context.Context, *TransferCreditRequest) (*TransferCreditReply, error) {
	return nil, status.Error(codes.Unimplemented, "method TransferCredit not implemented")
}

func RegisterResellerServiceServer(s grpc.ServiceRegistrar, srv ResellerServiceServer) {
	s.RegisterService(&ResellerService_ServiceDesc, srv)
}

func _ResellerService_SubmitBatch_Handler(srv any, ctx context.Context, dec func(any) error, interceptor grpc.UnaryServerInterceptor) (any, error) {
	in := new(SubmitBatchRequest)
	if err := dec(in); err != nil {
		return nil, err
	}
	if interceptor == nil {
		return srv.(ResellerServiceServer).SubmitBatch(ctx, in)
	}
	info := &grpc.UnaryServerInfo{Server: srv, FullMethod: "/" + serviceName + "/SubmitBatch"}
	handler := func(ctx context.Context, req any) (any, error) {
		return srv.(ResellerServiceServer).SubmitBatch(ctx, req.(*SubmitBatchRequest))
	}
	return interceptor(ctx, in, info, handler)
}

func _ResellerService_CancelBatch_Handler(srv any, ctx context.Context, dec func(any) error, interceptor grpc.UnaryServerInterceptor) (any, error) {
	in := new(CancelBatchRequest)
	if err := dec(in); err != nil {
		return nil, err
	}
	if interceptor == nil {
		return srv.(ResellerServiceServer).CancelBatch(ctx, in)
	}
	info := &grpc.UnaryServerInfo{Server: srv, FullMethod: "/" + serviceName + "/CancelBatch"}
	handler := func(ctx context.Context, req any) (any, error) {
		return srv.(ResellerServiceServer).CancelBatch(ctx, req.(*CancelBatchRequest))
	}
	return interceptor(ctx, in, info, handler)
}

func _ResellerService_FundWallet_Handler(srv any, ctx context.Context, dec func(any) error, interceptor grpc.UnaryServerInterceptor) (any, error) {
	in := new(FundWalletRequest)
	if err := dec(in); err != nil {
		return nil, err
	}
	if interceptor == nil {
		return srv.(ResellerServiceServer).FundWallet(ctx, in)
	}
	info := &grpc.UnaryServerInfo{Server: srv, FullMethod: "/" + serviceName + "/FundWallet"}
	handler := func(ctx context.Context, req any) (any, error) {
		return srv.(ResellerServiceServer).FundWallet(ctx, req.(*FundWalletRequest))
	}
	return interceptor(ctx, in, info, handler)
}

func _ResellerService_TransferCredit_Handler(srv any, ctx context.Context, dec func(any) error, interceptor grpc.UnaryServerInterceptor) (any, error) {
	in := new(TransferCreditRequest)
	if err := dec(in); err != nil {
		return nil, err
	}
	if interceptor == nil {
		return srv.(ResellerServiceServer).TransferCredit(ctx, in)
	}
	info := &grpc.UnaryServerInfo{Server: srv, FullMethod: "/" + serviceName + "/TransferCredit"}
	handler := func(ctx context.Context, req any) (any, error) {
		return srv.(ResellerServiceServer).TransferCredit(ctx, req.(*TransferCreditRequest))
	}
	return interceptor(ctx, in, info, handler)
}

// ResellerService_ServiceDesc is the grpc.ServiceDesc for ResellerService.
var ResellerService_ServiceDesc = grpc.ServiceDesc{
	ServiceName: serviceName,
	HandlerType: (*ResellerServiceServer)(nil),
	Methods: []grpc.MethodDesc{
		{MethodName: "SubmitBatch", Handler: _ResellerService_SubmitBatch_Handler},
		{MethodName: "CancelBatch", Handler: _ResellerService_CancelBatch_Handler},
		{MethodName: "FundWallet", Handler: _ResellerService_FundWallet_Handler},
		{MethodName: "TransferCredit", Handler: _ResellerService_TransferCredit_Handler},
	},
	Streams:  []grpc.StreamDesc{},
	Metadata: "reseller/v1/reseller.proto",
}
