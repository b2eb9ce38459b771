// Package grpcapi exposes the subscription service over gRPC. There is no
// protobuf: messages are plain Go structs carried by a JSON codec that
// clients select with the "json" content-subtype.
package grpcapi

import (
	"context"
	"encoding/json"

	"google.golang.org/grpc"
	"google.golang.org/grpc/encoding"

	"github.com/drivewise/carsub/internal/domain"
)

// CodecName is the content-subtype clients must request.
const CodecName = "json"

type jsonCodec struct{}

func (jsonCodec) Marshal(v any) ([]byte, error)      { return json.Marshal(v) }
func (jsonCodec) Unmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }
func (jsonCodec) Name() string                       { return CodecName }

func init() {
	encoding.RegisterCodec(jsonCodec{})
}

const serviceName = "drivewise.carsub.v1.SubscriptionService"

// SubscriptionServiceServer is the server API of the service. Responses
// are the domain entities, encoded with their JSON tags.
type SubscriptionServiceServer interface {
	CreateSubscription(context.Context, *CreateSubscriptionRequest) (*domain.Subscription, error)
	GetSubscription(context.Context, *GetSubscriptionRequest) (*domain.Subscription, error)
	CancelSubscription(context.Context, *CancelSubscriptionRequest) (*domain.Subscription, error)
	ScheduleDelivery(context.Context, *ScheduleDeliveryRequest) (*domain.Delivery, error)
	RequestSwap(context.Context, *RequestSwapRequest) (*domain.Delivery, error)
	ActivateTelematics(context.Context, *ActivateTelematicsRequest) (*domain.TelematicsDevice, error)
	FileDamageClaim(context.Context, *FileDamageClaimRequest) (*domain.DamageClaim, error)
	ChargeAdHoc(context.Context, *ChargeAdHocRequest) (*domain.Charge, error)
}

// unary builds a MethodDesc for a typed unary method.
func unary[Req, Resp any](name string, call func(SubscriptionServiceServer, context.Context, *Req) (*Resp, error)) grpc.MethodDesc {
	fullMethod := "/" + serviceName + "/" + name
	return grpc.MethodDesc{
		MethodName: name,
		Handler: func(srv any, ctx context.Context, dec func(any) error, interceptor grpc.UnaryServerInterceptor) (any, error) {
			in := new(Req)
			if err := dec(in); err != nil {
				return nil, err
			}
			impl := srv.(SubscriptionServiceServer)
			if interceptor == nil {
				return call(impl, ctx, in)
			}
			info := &grpc.UnaryServerInfo{Server: srv, FullMethod: fullMethod}
			return interceptor(ctx, in, info, func(ctx context.Context, req any) (any, error) {
				return call(impl, ctx, req.(*Req))
			})
		},
	}
}

// ServiceDesc is registered on the grpc.Server.
var ServiceDesc = grpc.ServiceDesc{
	ServiceName: serviceName,
	HandlerType: (*SubscriptionServiceServer)(nil),
	Methods: []grpc.MethodDesc{
		unary("CreateSubscription", SubscriptionServiceServer.CreateSubscription),
		unary("GetSubscription", SubscriptionServiceServer.GetSubscription),
		unary("CancelSubscription", SubscriptionServiceServer.CancelSubscription),
		unary("ScheduleDelivery", SubscriptionServiceServer.ScheduleDelivery),
		unary("RequestSwap", SubscriptionServiceServer.RequestSwap),
		unary("ActivateTelematics", SubscriptionServiceServer.ActivateTelematics),
		unary("FileDamageClaim", SubscriptionServiceServer.FileDamageClaim),
		unary("ChargeAdHoc", SubscriptionServiceServer.ChargeAdHoc),
	},
	Streams:  []grpc.StreamDesc{},
	Metadata: "drivewise/carsub/v1/subscription",
}
