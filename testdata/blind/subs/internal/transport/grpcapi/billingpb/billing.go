// Package billingpb defines the internal BillingService contract. The
// messages are plain Go structs carried with the JSON codec below; the
// service descriptor is written by hand in the shape protoc-gen-go-grpc
// would produce.
package billingpb

import (
	"context"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

const ServiceName = "meterly.billing.v1.BillingService"

type FinalizeInvoiceRequest struct {
	InvoiceID string `json:"invoice_id"`
}

type Invoice struct {
	ID             string `json:"id"`
	Number         string `json:"number"`
	Status         string `json:"status"`
	TotalCents     int64  `json:"total_cents"`
	AmountDueCents int64  `json:"amount_due_cents"`
	Currency       string `json:"currency"`
}

type IssueRefundRequest struct {
	InvoiceID   string `json:"invoice_id"`
	AmountCents int64  `json:"amount_cents"`
	Reason      string `json:"reason"`
	RequestedBy string `json:"requested_by"`
}

type IssueRefundResponse struct {
	RefundID       string `json:"refund_id"`
	StripeRefundID string `json:"stripe_refund_id"`
	AmountCents    int64  `json:"amount_cents"`
}

type AdjustBalanceRequest struct {
	RequestID  string `json:"request_id"`
	CustomerID string `json:"customer_id"`
	DeltaCents int64  `json:"delta_cents"`
	Reason     string `json:"reason"`
}

type AdjustBalanceResponse struct {
	BalanceCents int64 `json:"balance_cents"`
}

type RecordUsageRequest struct {
	SubscriptionID string `json:"subscription_id"`
	Metric         string `json:"metric"`
	Quantity       int64  `json:"quantity"`
	IdempotencyKey string `json:"idempotency_key"`
	OccurredAtUnix int64  `json:"occurred_at_unix"`
}

type RecordUsageResponse struct {
	Recorded  bool `json:"recorded"`
	Duplicate bool `json:"duplicate"`
}

type ApplyCouponRequest struct {
	SubscriptionID string `json:"subscription_id"`
	Code           string `json:"code"`
}

type ApplyCouponResponse struct {
	Applied bool `json:"applied"`
}

type RequestTaxRecalculationRequest struct {
	InvoiceID string `json:"invoice_id"`
	Reason    string `json:"reason"`
}

type RequestTaxRecalculationResponse struct {
	MessageID string `json:"message_id"`
	Revision  int32  `json:"revision"`
}

// BillingServiceServer is the server API for BillingService.
type BillingServiceServer interface {
	FinalizeInvoice(context.Context, *FinalizeInvoiceRequest) (*Invoice, error)
	IssueRefund(context.Context, *IssueRefundRequest) (*IssueRefundResponse, error)
	AdjustBalance(context.Context, *AdjustBalanceRequest) (*AdjustBalanceResponse, error)
	RecordUsage(context.Context, *RecordUsageRequest) (*RecordUsageResponse, error)
	ApplyCoupon(context.Context, *ApplyCouponRequest) (*ApplyCouponResponse, error)
	RequestTaxRecalculation(context.Context, *RequestTaxRecalculationRequest) (*RequestTaxRecalculationResponse, error)
}

// UnimplementedBillingServiceServer can be embedded for forward
// compatibility.
type UnimplementedBillingServiceServer struct{}

func (UnimplementedBillingServiceServer) FinalizeInvoice(context.Context, *FinalizeInvoiceRequest) (*Invoice, error) {
	return nil, status.Error(codes.Unimplemented, "method FinalizeInvoice not implemented")
}
func (UnimplementedBillingServiceServer) IssueRefund(context.Context, *IssueRefundRequest) (*IssueRefundResponse, error) {
	return nil, status.Error(codes.Unimplemented, "method IssueRefund not implemented")
}
func (UnimplementedBillingServiceServer) AdjustBalance(context.Context, *AdjustBalanceRequest) (*AdjustBalanceResponse, error) {
	return nil, status.Error(codes.Unimplemented, "method AdjustBalance not implemented")
}
func (UnimplementedBillingServiceServer) RecordUsage(context.Context, *RecordUsageRequest) (*RecordUsageResponse, error) {
	return nil, status.Error(codes.Unimplemented, "method RecordUsage not implemented")
}
func (UnimplementedBillingServiceServer) ApplyCoupon(context.Context, *ApplyCouponRequest) (*ApplyCouponResponse, error) {
	return nil, status.Error(codes.Unimplemented, "method ApplyCoupon not implemented")
}
func (UnimplementedBillingServiceServer) RequestTaxRecalculation(context.Context, *RequestTaxRecalculationRequest) (*RequestTaxRecalculationResponse, error) {
	return nil, status.Error(codes.Unimplemented, "method RequestTaxRecalculation not implemented")
}

func RegisterBillingServiceServer(s grpc.ServiceRegistrar, srv BillingServiceServer) {
	s.RegisterService(&BillingService_ServiceDesc, srv)
}

// unary builds a method handler for request type Req.
func unary[Req any, Resp any](method string, call func(BillingServiceServer, context.Context, *Req) (*Resp, error)) grpc.MethodHandler {
	return func(srv any, ctx context.Context, dec func(any) error, interceptor grpc.UnaryServerInterceptor) (any, error) {
		in := new(Req)
		if err := dec(in); err != nil {
			return nil, err
		}
		if interceptor == nil {
			return call(srv.(BillingServiceServer), ctx, in)
		}
		info := &grpc.UnaryServerInfo{Server: srv, FullMethod: "/" + ServiceName + "/" + method}
		handler := func(ctx context.Context, req any) (any, error) {
			return call(srv.(BillingServiceServer), ctx, req.(*Req))
		}
		return interceptor(ctx, in, info, handler)
	}
}

var BillingService_ServiceDesc = grpc.ServiceDesc{
	ServiceName: ServiceName,
	HandlerType: (*BillingServiceServer)(nil),
	Methods: []grpc.MethodDesc{
		{MethodName: "FinalizeInvoice", Handler: unary("FinalizeInvoice", BillingServiceServer.FinalizeInvoice)},
		{MethodName: "IssueRefund", Handler: unary("IssueRefund", BillingServiceServer.IssueRefund)},
		{MethodName: "AdjustBalance", Handler: unary("AdjustBalance", BillingServiceServer.AdjustBalance)},
		{MethodName: "RecordUsage", Handler: unary("RecordUsage", BillingServiceServer.RecordUsage)},
		{MethodName: "ApplyCoupon", Handler: unary("ApplyCoupon", BillingServiceServer.ApplyCoupon)},
		{MethodName: "RequestTaxRecalculation", Handler: unary("RequestTaxRecalculation", BillingServiceServer.RequestTaxRecalculation)},
	},
	Streams:  []grpc.StreamDesc{},
	Metadata: "meterly/billing/v1/billing.proto",
}
