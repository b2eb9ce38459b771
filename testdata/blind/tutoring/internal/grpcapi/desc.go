package grpcapi

import (
	"context"

	"google.golang.org/grpc"
)

// ServiceName is the fully-qualified gRPC service name.
const ServiceName = "learnloop.tutoring.v1.Marketplace"

// MarketplaceServer is the service implementation interface.
type MarketplaceServer interface {
	BookLesson(context.Context, *BookLessonRequest) (*BookLessonResponse, error)
	RescheduleLesson(context.Context, *RescheduleLessonRequest) (*RescheduleLessonResponse, error)
	CancelLesson(context.Context, *CancelLessonRequest) (*CancelLessonResponse, error)
	PurchasePackage(context.Context, *PurchasePackageRequest) (*PurchasePackageResponse, error)
	SubmitReview(context.Context, *SubmitReviewRequest) (*SubmitReviewResponse, error)
	RedeemReferral(context.Context, *RedeemReferralRequest) (*RedeemReferralResponse, error)
	GetCreditBalance(context.Context, *GetCreditBalanceRequest) (*GetCreditBalanceResponse, error)
}

// unary builds a MethodDesc for a typed method.
func unary[Req, Resp any](name string, call func(MarketplaceServer, context.Context, *Req) (*Resp, error)) grpc.MethodDesc {
	fullMethod := "/" + ServiceName + "/" + name
	return grpc.MethodDesc{
		MethodName: name,
		Handler: func(srv any, ctx context.Context, dec func(any) error, interceptor grpc.UnaryServerInterceptor) (any, error) {
			in := new(Req)
			if err := dec(in); err != nil {
				return nil, err
			}
			if interceptor == nil {
				return call(srv.(MarketplaceServer), ctx, in)
			}
			info := &grpc.UnaryServerInfo{Server: srv, FullMethod: fullMethod}
			handler := func(ctx context.Context, req any) (any, error) {
				return call(srv.(MarketplaceServer), ctx, req.(*Req))
			}
			return interceptor(ctx, in, info, handler)
		},
	}
}

// MarketplaceServiceDesc describes the service for grpc.Server.RegisterService.
var MarketplaceServiceDesc = grpc.ServiceDesc{
	ServiceName: ServiceName,
	HandlerType: (*MarketplaceServer)(nil),
	Methods: []grpc.MethodDesc{
		unary("BookLesson", MarketplaceServer.BookLesson),
		unary("RescheduleLesson", MarketplaceServer.RescheduleLesson),
		unary("CancelLesson", MarketplaceServer.CancelLesson),
		unary("PurchasePackage", MarketplaceServer.PurchasePackage),
		unary("SubmitReview", MarketplaceServer.SubmitReview),
		unary("RedeemReferral", MarketplaceServer.RedeemReferral),
		unary("GetCreditBalance", MarketplaceServer.GetCreditBalance),
	},
	Streams:  []grpc.StreamDesc{},
	Metadata: "learnloop/tutoring/v1/marketplace.proto",
}
