package grpcapi

import (
	"context"

	"google.golang.org/grpc"
)

// OrdersServer is the server API of pantry.fulfilment.v1.Orders.
type OrdersServer interface {
	PlaceOrder(ctx context.Context, req *PlaceOrderRequest) (*OrderReply, error)
	GetOrder(ctx context.Context, req *GetOrderRequest) (*OrderReply, error)
	AuthorizePayment(ctx context.Context, req *AuthorizePaymentRequest) (*AuthorizePaymentReply, error)
	CancelOrder(ctx context.Context, req *CancelOrderRequest) (*CancelOrderReply, error)
	RescheduleDelivery(ctx context.Context, req *RescheduleRequest) (*OrderReply, error)
	ApplyPromoCode(ctx context.Context, req *ApplyPromoRequest) (*OrderReply, error)
}

const serviceName = "pantry.fulfilment.v1.Orders"

// unary builds a grpc.MethodDesc handler for one method.
func unary[Req any, Resp any](method string, call func(OrdersServer, context.Context, *Req) (*Resp, error)) grpc.MethodDesc {
	return grpc.MethodDesc{
		MethodName: method,
		Handler: func(srv any, ctx context.Context, dec func(any) error, interceptor grpc.UnaryServerInterceptor) (any, error) {
			in := new(Req)
			if err := dec(in); err != nil {
				return nil, err
			}
			if interceptor == nil {
				return call(srv.(OrdersServer), ctx, in)
			}
			info := &grpc.UnaryServerInfo{Server: srv, FullMethod: "/" + serviceName + "/" + method}
			handler := func(ctx context.Context, req any) (any, error) {
				return call(srv.(OrdersServer), ctx, req.(*Req))
			}
			return interceptor(ctx, in, info, handler)
		},
	}
}

// OrdersServiceDesc is the hand-written service descriptor.
var OrdersServiceDesc = grpc.ServiceDesc{
	ServiceName: serviceName,
	HandlerType: (*OrdersServer)(nil),
	Methods: []grpc.MethodDesc{
		unary("PlaceOrder", OrdersServer.PlaceOrder),
		unary("GetOrder", OrdersServer.GetOrder),
		unary("AuthorizePayment", OrdersServer.AuthorizePayment),
		unary("CancelOrder", OrdersServer.CancelOrder),
		unary("RescheduleDelivery", OrdersServer.RescheduleDelivery),
		unary("ApplyPromoCode", OrdersServer.ApplyPromoCode),
	},
	Streams:  []grpc.StreamDesc{},
	Metadata: "pantry/fulfilment/v1/orders (hand-written)",
}
