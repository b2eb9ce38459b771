// Package grpcapi implements the internal BillingService over gRPC.
package grpcapi

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/meterly/subs/internal/billing"
	"github.com/meterly/subs/internal/service/credit"
	"github.com/meterly/subs/internal/service/refund"
	"github.com/meterly/subs/internal/service/usage"
	"github.com/meterly/subs/internal/transport/grpcapi/billingpb"
)

type InvoiceFinalizer interface {
	Finalize(ctx context.Context, invoiceID string) (billing.Invoice, error)
}

type Refunder interface {
	Refund(ctx context.Context, req refund.Request) (billing.Refund, error)
}

type BalanceService interface {
	AdjustBalance(ctx context.Context, req credit.AdjustRequest) (int64, error)
	ApplyCoupon(ctx context.Context, subscriptionID, code string) (bool, error)
}

type UsageRecorder interface {
	Record(ctx context.Context, req usage.RecordRequest) (bool, error)
}

type TaxRequester interface {
	RequestRecalc(ctx context.Context, invoiceID, reason string) (string, int, error)
}

type Server struct {
	billingpb.UnimplementedBillingServiceServer
	invoices InvoiceFinalizer
	refunds  Refunder
	balances BalanceService
	usage    UsageRecorder
	tax      TaxRequester
	log      *slog.Logger
}

func NewServer(invoices InvoiceFinalizer, refunds Refunder, balances BalanceService, usage UsageRecorder,
	tax TaxRequester, log *slog.Logger) *Server {
	return &Server{invoices: invoices, refunds: refunds, balances: balances, usage: usage, tax: tax,
		log: log.With("component", "grpc")}
}

// NewGRPCServer builds a grpc.Server with the JSON codec and interceptors.
func NewGRPCServer(srv *Server) *grpc.Server {
	s := grpc.NewServer(
		grpc.ForceServerCodec(billingpb.JSONCodec{}),
		grpc.ChainUnaryInterceptor(srv.logUnary, errorMapping),
	)
	billingpb.RegisterBillingServiceServer(s, srv)
	return s
}

func (s *Server) logUnary(ctx context.Context, req any, info *grpc.UnaryServerInfo, h grpc.UnaryHandler) (any, error) {
	start := time.Now()
	resp, err := h(ctx, req)
	s.log.InfoContext(ctx, "rpc", "method", info.FullMethod, "code", status.Code(err).String(),
		"dur_ms", time.Since(start).Milliseconds())
	return resp, err
}

func errorMapping(ctx context.Context, req any, _ *grpc.UnaryServerInfo, h grpc.UnaryHandler) (any, error) {
	resp, err := h(ctx, req)
	if err == nil {
		return resp, nil
	}
	if _, ok := status.FromError(err); ok && status.Code(err) != codes.Unknown {
		return resp, err
	}
	switch {
	case errors.Is(err, billing.ErrNotFound):
		return nil, status.Error(codes.NotFound, err.Error())
	case errors.Is(err, billing.ErrInvalidState), errors.Is(err, billing.ErrCouponExhausted),
		errors.Is(err, billing.ErrInsufficientFunds):
		return nil, status.Error(codes.FailedPrecondition, err.Error())
	case errors.Is(err, billing.ErrConflict):
		return nil, status.Error(codes.Aborted, err.Error())
	case errors.Is(err, context.DeadlineExceeded):
		return nil, status.Error(codes.DeadlineExceeded, err.Error())
	default:
		return nil, status.Error(codes.Unavailable, err.Error())
	}
}

func (s *Server) FinalizeInvoice(ctx context.Context, in *billingpb.FinalizeInvoiceRequest) (*billingpb.Invoice, error) {
	if in.InvoiceID == "" {
		return nil, status.Error(codes.InvalidArgument, "invoice_id is required")
	}
	inv, err := s.invoices.Finalize(ctx, in.InvoiceID)
	if err != nil {
		return nil, err
	}
	return &billingpb.Invoice{
		ID:             inv.ID,
		Number:         inv.Number.String,
		Status:         string(inv.Status),
		TotalCents:     inv.TotalCents,
		AmountDueCents: inv.AmountDue(),
		Currency:       inv.Currency,
	}, nil
}

func (s *Server) IssueRefund(ctx context.Context, in *billingpb.IssueRefundRequest) (*billingpb.IssueRefundResponse, error) {
	rf, err := s.refunds.Refund(ctx, refund.Request{
		InvoiceID:   in.InvoiceID,
		AmountCents: in.AmountCents,
		Reason:      in.Reason,
		RequestedBy: in.RequestedBy,
	})
	if err != nil {
		return nil, err
	}
	return &billingpb.IssueRefundResponse{RefundID: rf.ID, StripeRefundID: rf.StripeRefundID, AmountCents: rf.AmountCents}, nil
}

func (s *Server) AdjustBalance(ctx context.Context, in *billingpb.AdjustBalanceRequest) (*billingpb.AdjustBalanceResponse, error) {
	if in.RequestID == "" || in.CustomerID == "" {
		return nil, status.Error(codes.InvalidArgument, "request_id and customer_id are required")
	}
	bal, err := s.balances.AdjustBalance(ctx, credit.AdjustRequest{
		RequestID:  in.RequestID,
		CustomerID: in.CustomerID,
		DeltaCents: in.DeltaCents,
		Reason:     in.Reason,
	})
	if err != nil {
		return nil, err
	}
	return &billingpb.AdjustBalanceResponse{BalanceCents: bal}, nil
}

func (s *Server) RecordUsage(ctx context.Context, in *billingpb.RecordUsageRequest) (*billingpb.RecordUsageResponse, error) {
	var occurred time.Time
	if in.OccurredAtUnix > 0 {
		occurred = time.Unix(in.OccurredAtUnix, 0).UTC()
	}
	ok, err := s.usage.Record(ctx, usage.RecordRequest{
		SubscriptionID: in.SubscriptionID,
		Metric:         in.Metric,
		Quantity:       in.Quantity,
		IdempotencyKey: in.IdempotencyKey,
		OccurredAt:     occurred,
	})
	if err != nil {
		return nil, err
	}
	return &billingpb.RecordUsageResponse{Recorded: ok, Duplicate: !ok}, nil
}

func (s *Server) ApplyCoupon(ctx context.Context, in *billingpb.ApplyCouponRequest) (*billingpb.ApplyCouponResponse, error) {
	applied, err := s.balances.ApplyCoupon(ctx, in.SubscriptionID, in.Code)
	if err != nil {
		return nil, err
	}
	return &billingpb.ApplyCouponResponse{Applied: applied}, nil
}

func (s *Server) RequestTaxRecalculation(ctx context.Context, in *billingpb.RequestTaxRecalculationRequest) (*billingpb.RequestTaxRecalculationResponse, error) {
	msgID, rev, err := s.tax.RequestRecalc(ctx, in.InvoiceID, in.Reason)
	if err != nil {
		return nil, err
	}
	return &billingpb.RequestTaxRecalculationResponse{MessageID: msgID, Revision: int32(rev)}, nil
}
